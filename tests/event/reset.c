/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtResetEvent: queued, event reads not-recorded after; Ex events 207000. */
/* aclrtResetEvent: queued on the stream, afterwards the event reads not-recorded (and a wait on it
 * does not block); ExWithFlag events refuse it with 207000. */
#include "acltest.h"

static aclrtEventRecordedStatus rec_status(aclrtEvent e)
{
    aclrtEventRecordedStatus st = (aclrtEventRecordedStatus)7;
    CHECK_OK(aclrtQueryEventStatus(e, &st));
    return st;
}

int main(void)
{
    setenv("CPUACL_WORKERS", "2", 1);
    TEST_OPEN();
    aclrtStream s, s2;
    CHECK_OK(aclrtCreateStream(&s));
    if (!stream_on_other_worker(&s2, s)) {
        fprintf(stderr, "could not place two streams on different workers\n");
        return 1;
    }
    aclrtEvent e;
    CHECK_OK(aclrtCreateEventWithFlag(&e, ACL_EVENT_SYNC));

    /* Recorded and complete, then reset: NOT_READY again. */
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK_OK(aclrtSynchronizeEvent(e));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    CHECK_OK(aclrtResetEvent(e, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    aclrtEventWaitStatus ws;
    CHECK_OK(aclrtQueryEventWaitStatus(e, &ws));
    CHECK(ws == ACL_EVENT_WAIT_STATUS_COMPLETE);
    CHECK_OK(aclrtSynchronizeEventWithTimeout(e, 1000)); /* returns at once */

    /* The reset is queued: it takes effect when the stream reaches it. */
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK_OK(aclrtSynchronizeEvent(e));
    struct kt_gate g = {0};
    CHECK_OK(launch_gate(s, &g));
    CHECK_OK(aclrtResetEvent(e, s));
    sleep_ms(20);
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_NOT_READY);

    /* After the reset ran, a wait on the event does not block. */
    struct kt_gate g2 = {0};
    _Atomic uint64_t ctr = 0;
    CHECK_OK(launch_gate(s, &g2));
    CHECK_OK(aclrtStreamWaitEvent(s2, e));
    CHECK_OK(launch_inc(s2, &ctr));
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s2, 10000));
    CHECK(atomic_load(&ctr) == 1);
    gate_open(&g2);

    /* Reset on the default stream; record again afterwards. */
    CHECK_OK(aclrtRecordEvent(e, NULL));
    CHECK_OK(aclrtResetEvent(e, NULL));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK_OK(aclrtSynchronizeEvent(e));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_COMPLETE);

    /* ExWithFlag events: 207000. */
    aclrtEvent ex;
    CHECK_OK(aclrtCreateEventExWithFlag(&ex, ACL_EVENT_SYNC));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtResetEvent(ex, s));
    CHECK_OK(aclrtRecordEvent(ex, s));
    CHECK_OK(aclrtSynchronizeEvent(ex));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtResetEvent(ex, NULL));
    CHECK_OK(aclrtDestroyEvent(ex));

    /* Bad handles. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtResetEvent(NULL, s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtResetEvent(BAD_EVENT, s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtResetEvent(e, BAD_STREAM));

    CHECK_OK(aclrtSynchronizeDevice());
    CHECK_OK(aclrtDestroyEvent(e));
    DESTROY_STREAMS(s, s2);
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
