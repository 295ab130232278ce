/* SPDX-License-Identifier: Apache-2.0 */
/* Stream configuration handles (aclrtCreateStreamV2 takes priority and flags from them),
 * aclrtStreamGetId, and aclrtStreamAbort (queued tasks dropped, a blocked wait released,
 * the stream usable again with its error cleared), with misuse codes. */
#include <sched.h>

#include "acltest.h"

int main(void)
{
    TEST_OPEN();

    /* ---- configuration handles ---- */
    aclrtStreamConfigHandle *cfg = aclrtCreateStreamConfigHandle();
    CHECK(cfg != NULL);
    uint32_t prio = 3;
    size_t flag = ACL_STREAM_FAST_LAUNCH;
    CHECK_OK(aclrtSetStreamConfigOpt(cfg, ACL_RT_STREAM_PRIORITY, &prio, sizeof(prio)));
    CHECK_OK(aclrtSetStreamConfigOpt(cfg, ACL_RT_STREAM_FLAG, &flag, sizeof(flag)));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSetStreamConfigOpt(cfg, ACL_RT_STREAM_PRIORITY, &prio, 8));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSetStreamConfigOpt(cfg, (aclrtStreamConfigAttr)9, &prio, 4));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSetStreamConfigOpt(NULL, ACL_RT_STREAM_PRIORITY, &prio, 4));
    aclrtStream a;
    CHECK_OK(aclrtCreateStreamV2(&a, cfg));
    uint32_t got = 0;
    CHECK_OK(aclrtStreamGetPriority(a, &got));
    CHECK(got == 3);
    CHECK_OK(aclrtStreamGetFlags(a, &got));
    CHECK(got == ACL_STREAM_FAST_LAUNCH);
    /* a NULL handle is the defaults, as in the runtime (priority 0, flags 0) */
    aclrtStream n;
    CHECK_OK(aclrtCreateStreamV2(&n, NULL));
    CHECK_OK(aclrtStreamGetPriority(n, &got));
    CHECK(got == 0);
    CHECK_OK(aclrtDestroyStream(n));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateStreamV2(NULL, cfg));
    /* hicann/runtime's stream-config sample: a uint32_t flag (4 bytes) and priority */
    const uint32_t flag32 = ACL_STREAM_FAST_SYNC, prio0 = 0, prio8 = 8;
    CHECK_OK(aclrtSetStreamConfigOpt(cfg, ACL_RT_STREAM_FLAG, &flag32, sizeof(flag32)));
    CHECK_OK(aclrtSetStreamConfigOpt(cfg, ACL_RT_STREAM_PRIORITY, &prio0, sizeof(prio0)));
    CHECK_OK(aclrtCreateStreamV2(&n, cfg));
    CHECK_OK(aclrtStreamGetFlags(n, &got));
    CHECK(got == ACL_STREAM_FAST_SYNC);
    CHECK_OK(aclrtDestroyStream(n));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtSetStreamConfigOpt(cfg, ACL_RT_STREAM_FLAG, &flag32, 2));
    CHECK(aclrtSetStreamConfigOpt(cfg, ACL_RT_STREAM_PRIORITY, &prio8, sizeof(prio8)) ==
          ACL_ERROR_INVALID_PARAM);
    const char *why = aclGetRecentErrMsg();
    CHECK(why && strstr(why, "out of range [0, 7]"));
    CHECK_OK(aclrtDestroyStreamConfigHandle(cfg));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyStreamConfigHandle(NULL));

    /* ---- ids ---- */
    aclrtStream b;
    CHECK_OK(aclrtCreateStream(&b));
    int32_t ida = -1, idb = -1, idd = -1;
    CHECK_OK(aclrtStreamGetId(a, &ida));
    CHECK_OK(aclrtStreamGetId(b, &idb));
    CHECK_OK(aclrtStreamGetId(NULL, &idd));
    CHECK(ida >= 0 && idb >= 0 && idd >= 0 && ida != idb && ida != idd && idb != idd);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamGetId(a, NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtStreamGetId(BAD_STREAM, &ida));

    /* ---- abort: a waits for b (held by a notify wait, which occupies no worker);
     * a's queue is dropped ---- */
    aclrtNotify hold;
    CHECK_OK(aclrtCreateNotify(&hold, 0));
    aclrtEvent ev, done;
    CREATE_EVENTS(&ev, &done);
    _Atomic uint64_t counter = 0;
    CHECK_OK(aclrtWaitAndResetNotify(hold, b, 0));
    CHECK_OK(aclrtRecordEvent(ev, b));
    CHECK_OK(aclrtStreamWaitEvent(a, ev));
    CHECK_OK(cpuaclLaunchKernel(a, kt_fail, NULL)); /* dropped: never fails */
    for (int i = 0; i < 100; i++)
        CHECK_OK(cpuaclLaunchKernel(a, kt_inc, &counter));
    CHECK_OK(aclrtRecordEvent(done, a));
    CHECK_OK(aclrtStreamAbort(a)); /* returns although b is still held */
    CHECK(atomic_load(&counter) == 0);
    CHECK_OK(aclrtSynchronizeEvent(done)); /* a record still completes: nobody is stranded */
    CHECK_OK(cpuaclLaunchKernel(a, kt_inc, &counter));
    CHECK_OK(aclrtSynchronizeStream(a)); /* usable again, no pending error */
    CHECK(atomic_load(&counter) == 1);
    CHECK_OK(aclrtRecordNotify(hold, a)); /* release b */
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK_OK(aclrtDestroyNotify(hold));
    CHECK(atomic_load(&counter) == 1); /* the dropped tasks never ran */
    CHECK_NO_KFAIL();

    /* A failure that already happened is cleared by the abort. */
    aclrtEvent ran;
    CHECK_OK(aclrtCreateEvent(&ran));
    CHECK_OK(cpuaclLaunchKernel(a, kt_fail, NULL));
    CHECK_OK(aclrtRecordEvent(ran, a));
    aclrtEventRecordedStatus rs = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    while (rs != ACL_EVENT_RECORDED_STATUS_COMPLETE) {
        CHECK_OK(aclrtQueryEventStatus(ran, &rs));
        sched_yield();
    }
    CHECK_OK(aclrtStreamAbort(a));
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtDestroyEvent(ran));

    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamAbort(NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtStreamAbort(BAD_STREAM));
    CHECK_OK(aclmdlRICaptureBegin(b, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtStreamAbort(b));
    aclmdlRI m;
    CHECK_OK(aclmdlRICaptureEnd(b, &m));
    CHECK_OK(aclmdlRIDestroy(m));

    DESTROY_EVENTS(ev, done);
    DESTROY_STREAMS(a, b);
    TEST_CLOSE();
    return 0;
}
