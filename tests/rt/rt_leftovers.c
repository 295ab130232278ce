/* SPDX-License-Identifier: Apache-2.0 */
/* Two reference rules (docs/rt-kernel.md, "Leftovers"): aclmdlInitDump called twice gives
 * ACL_ERROR_REPEAT_INITIALIZE; in one captured graph an event takes at most one
 * ACL_EVENT_RECORD_EXTERNAL record or ACL_EVENT_WAIT_EXTERNAL wait (not both, not twice),
 * ACL_ERROR_RT_PARAM_INVALID otherwise, while another graph may use it again. */
#include "acltest.h"

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclmdlInitDump());
    CHECK_ERR(ACL_ERROR_REPEAT_INITIALIZE, aclmdlInitDump());
    CHECK_OK(aclmdlFinalizeDump());
    CHECK_OK(aclmdlInitDump()); /* a new session after the finalize */
    CHECK_OK(aclmdlFinalizeDump());

    aclrtStream s, o;
    CREATE_STREAMS(&s, &o);
    aclrtEvent e, w;
    CHECK_OK(aclrtCreateEventExWithFlag(&e, ACL_EVENT_SYNC));
    CHECK_OK(aclrtCreateEventExWithFlag(&w, ACL_EVENT_SYNC));
    for (int graph = 0; graph < 2; graph++) { /* the rule is per graph */
        CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
        CHECK_OK(aclrtRecordEventWithFlag(e, s, ACL_EVENT_RECORD_EXTERNAL));
        CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtRecordEventWithFlag(e, s, ACL_EVENT_RECORD_EXTERNAL));
        CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
                  aclrtStreamWaitEventWithFlag(s, e, 0, ACL_EVENT_WAIT_EXTERNAL));
        CHECK_OK(aclrtStreamWaitEventWithFlag(s, w, 0, ACL_EVENT_WAIT_EXTERNAL));
        CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
                  aclrtStreamWaitEventWithFlag(s, w, 0, ACL_EVENT_WAIT_EXTERNAL));
        aclmdlRI ri;
        CHECK_OK(aclmdlRICaptureEnd(s, &ri));
        /* the graph still works: w recorded outside releases it, e is recorded by it */
        CHECK_OK(aclrtRecordEvent(w, o));
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        CHECK_OK(aclrtStreamWaitEvent(o, e));
        CHECK_OK(aclrtSynchronizeStream(o));
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK_OK(aclmdlRIDestroy(ri));
    }
    /* outside a capture the rule does not apply (and EXTERNAL is refused anyway) */
    CHECK_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED, aclrtRecordEventWithFlag(e, s, ACL_EVENT_RECORD_EXTERNAL));
    CHECK_OK(aclrtDestroyEvent(e));
    CHECK_OK(aclrtDestroyEvent(w));
    DESTROY_STREAMS(s, o);
    TEST_CLOSE();
    printf("rt_leftovers: ok\n");
    return 0;
}
