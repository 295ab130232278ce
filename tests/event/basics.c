/* SPDX-License-Identifier: Apache-2.0 */
/* Events: flags, record/query/sync, never-recorded events, timeouts, bad handles. */
/* Events: create flags, record/query/sync, never-recorded events, re-recording,
 * QueryEventWaitStatus, SynchronizeEventWithTimeout (107000, 507047), NULL/destroyed/garbage
 * handles. */
#include "acltest.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static void check_event_rejected(aclError want, aclrtEvent e)
{
    aclrtEventRecordedStatus rs;
    aclrtEventWaitStatus ws;
    aclrtEventStatus os;
    float ms;
    aclrtEvent good;
    CHECK_OK(aclrtCreateEvent(&good));
    CHECK_ERR(want, aclrtRecordEvent(e, NULL));
    CHECK_ERR(want, aclrtRecordEventWithFlag(e, NULL, ACL_EVENT_RECORD_DEFAULT));
    CHECK_ERR(want, aclrtStreamWaitEvent(NULL, e));
    CHECK_ERR(want, aclrtStreamWaitEventWithTimeout(NULL, e, 100));
    CHECK_ERR(want, aclrtResetEvent(e, NULL));
    CHECK_ERR(want, aclrtQueryEvent(e, &os));
    CHECK_ERR(want, aclrtQueryEventStatus(e, &rs));
    CHECK_ERR(want, aclrtQueryEventWaitStatus(e, &ws));
    CHECK_ERR(want, aclrtSynchronizeEvent(e));
    CHECK_ERR(want, aclrtSynchronizeEventWithTimeout(e, 100));
    CHECK_ERR(want, aclrtEventElapsedTime(&ms, e, good));
    CHECK_ERR(want, aclrtEventElapsedTime(&ms, good, e));
    CHECK_ERR(want, aclrtDestroyEvent(e));
    CHECK_OK(aclrtDestroyEvent(good));
}

static aclrtEventRecordedStatus rec_status(aclrtEvent e)
{
    aclrtEventRecordedStatus st = (aclrtEventRecordedStatus)7;
    CHECK_OK(aclrtQueryEventStatus(e, &st));
    return st;
}

static aclrtEventWaitStatus wait_status(aclrtEvent e)
{
    aclrtEventWaitStatus st = ACL_EVENT_WAIT_STATUS_RESERVED;
    CHECK_OK(aclrtQueryEventWaitStatus(e, &st));
    return st;
}

static aclrtEventStatus old_status(aclrtEvent e)
{
    aclrtEventStatus st = ACL_EVENT_STATUS_RESERVED;
    CHECK_OK(aclrtQueryEvent(e, &st));
    return st;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));

    /* Creation and flags. */
    aclrtEvent e, ef[8];
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateEvent(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateEventWithFlag(NULL, ACL_EVENT_SYNC));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateEventExWithFlag(NULL, ACL_EVENT_SYNC));
    uint32_t bad_flags[] = {0x4, 0x80, 0x100, 0x80000000u, ACL_EVENT_SYNC | 0x4};
    for (size_t i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
        CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateEventWithFlag(&e, bad_flags[i]));
        CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateEventExWithFlag(&e, bad_flags[i]));
    }
    uint32_t good_flags[] = {ACL_EVENT_SYNC,
                             ACL_EVENT_CAPTURE_STREAM_PROGRESS,
                             ACL_EVENT_TIME_LINE,
                             ACL_EVENT_DEVICE_USE_ONLY,
                             ACL_EVENT_EXTERNAL,
                             ACL_EVENT_IPC,
                             ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE |
                                 ACL_EVENT_CAPTURE_STREAM_PROGRESS,
                             0};
    for (size_t i = 0; i < 8; i++) {
        aclrtEvent ex;
        CHECK_OK(aclrtCreateEventWithFlag(&ef[i], good_flags[i]));
        CHECK_OK(aclrtCreateEventExWithFlag(&ex, good_flags[i]));
        CHECK_OK(aclrtRecordEvent(ef[i], s));
        CHECK_OK(aclrtRecordEvent(ex, s));
        CHECK_OK(aclrtSynchronizeEvent(ex));
        CHECK_OK(aclrtDestroyEvent(ex));
    }

    /* Never recorded: reads NOT_READY, a wait would not block, sync returns at once. */
    CHECK_OK(aclrtCreateEvent(&e));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    CHECK(old_status(e) == ACL_EVENT_STATUS_NOT_READY);
    CHECK(wait_status(e) == ACL_EVENT_WAIT_STATUS_COMPLETE);
    CHECK_OK(aclrtSynchronizeEvent(e));
    CHECK_OK(aclrtSynchronizeEventWithTimeout(e, 10));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtQueryEventStatus(e, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtQueryEventWaitStatus(e, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtQueryEvent(e, NULL));

    /* Recorded behind a gate: not complete until the work before it ran. */
    struct kt_gate g = {0};
    _Atomic uint64_t ctr = 0;
    CHECK_OK(launch_gate(s, &g));
    CHECK_OK(launch_inc(s, &ctr));
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    CHECK(old_status(e) == ACL_EVENT_STATUS_NOT_READY);
    CHECK(wait_status(e) == ACL_EVENT_WAIT_STATUS_NOT_READY);
    CHECK_ERR(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, aclrtSynchronizeEventWithTimeout(e, 30));
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeEvent(e));
    CHECK(atomic_load(&ctr) == 1); /* the work before the record ran */
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    CHECK(old_status(e) == ACL_EVENT_STATUS_COMPLETE);
    CHECK(wait_status(e) == ACL_EVENT_WAIT_STATUS_COMPLETE);

    /* Re-recording replaces the previous record. */
    struct kt_gate g2 = {0};
    CHECK_OK(launch_gate(s, &g2));
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    CHECK(wait_status(e) == ACL_EVENT_WAIT_STATUS_NOT_READY);
    gate_open(&g2);
    CHECK_OK(aclrtSynchronizeEvent(e));
    CHECK(rec_status(e) == ACL_EVENT_RECORDED_STATUS_COMPLETE);

    /* A record on the default stream; WithFlag record. */
    CHECK_OK(launch_inc(NULL, &ctr));
    CHECK_OK(aclrtRecordEvent(e, NULL));
    CHECK_OK(aclrtSynchronizeEvent(e));
    CHECK(atomic_load(&ctr) == 2);
    CHECK_OK(aclrtRecordEventWithFlag(e, s, ACL_EVENT_RECORD_DEFAULT));
    CHECK_OK(aclrtSynchronizeEvent(e));

    /* SynchronizeEventWithTimeout: -1 forever, > 0 ms, others 107000, expiry 507047. */
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeEventWithTimeout(e, 0));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtSynchronizeEventWithTimeout(e, -2));
    CHECK_OK(cpuaclLaunchKernel(s, kt_slow, KT_MS(400)));
    CHECK_OK(aclrtRecordEvent(e, s));
    double t0 = now_ms();
    CHECK_ERR(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, aclrtSynchronizeEventWithTimeout(e, 50));
    double dt = now_ms() - t0;
    CHECK(dt >= 45 && dt < 380);
    CHECK(atomic_load(&kt_slow_done) == 0);
    CHECK_OK(aclrtSynchronizeEventWithTimeout(e, -1));
    CHECK(atomic_load(&kt_slow_done) == 1);
    CHECK_OK(aclrtSynchronizeEventWithTimeout(e, 1000));

    /* Records of all flag kinds made above completed. */
    for (size_t i = 0; i < 8; i++) {
        CHECK_OK(aclrtSynchronizeEvent(ef[i]));
        CHECK(rec_status(ef[i]) == ACL_EVENT_RECORDED_STATUS_COMPLETE);
        CHECK_OK(aclrtDestroyEvent(ef[i]));
    }

    /* NULL, destroyed, garbage and wrong-type handles. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRecordEvent(NULL, s));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamWaitEvent(s, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSynchronizeEvent(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyEvent(NULL));
    aclrtEventRecordedStatus rs;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtQueryEventStatus(NULL, &rs));
    CHECK_OK(aclrtDestroyEvent(e));
    check_event_rejected(ACL_ERROR_RT_INVALID_HANDLE, e);
    check_event_rejected(ACL_ERROR_RT_INVALID_HANDLE, BAD_EVENT);
    check_event_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtEvent)(uintptr_t)0xdeadbeefcafebabeull);
    check_event_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtEvent)&rs);
    check_event_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtEvent)s);
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    check_event_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtEvent)ctx);

    /* Create/destroy churn: old handles stay dead. */
    aclrtEvent prev = NULL;
    for (int i = 0; i < 1000; i++) {
        aclrtEvent t;
        CHECK_OK(aclrtCreateEvent(&t));
        CHECK_OK(aclrtRecordEvent(t, s));
        CHECK_OK(aclrtDestroyEvent(t));
        if (prev)
            CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeEvent(prev));
        prev = t;
    }
    CHECK_OK(aclrtSynchronizeStream(s));

    CHECK_OK(aclrtDestroyStream(s));
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
