/* SPDX-License-Identifier: Apache-2.0 */
/* Counting notifies (docs/event.md): records in each mode (set, add, or, and) compose
 * on the counter, waits in each mode release exactly when their condition holds (a wait
 * blocked on b is released by a record on a, and sees a's data), isClear clears the
 * counter, reset, timeouts fail the waiting stream; destroy with queued tasks; event
 * availability and the sync address; misuse codes. */
#include "acltest.h"
#include "handoff.h"

static void rec(aclrtCntNotify n, aclrtStream s, aclrtCntNotifyRecordMode m, uint32_t v)
{
    aclrtCntNotifyRecordInfo ri = {m, v};
    CHECK_OK(aclrtCntNotifyRecord(n, s, &ri));
}

/* Does a wait (mode, value) on stream w pass with the counter as it is? (1 s timeout) */
static bool passes(aclrtCntNotify n, aclrtStream w, aclrtCntNotifyWaitMode m, uint32_t v)
{
    aclrtCntNotifyWaitInfo wi = {.mode = m, .value = v, .timeout = 1, .isClear = 0};
    CHECK_OK(aclrtCntNotifyWaitWithTimeout(n, w, &wi));
    aclError rc = aclrtSynchronizeStream(w);
    CHECK(rc == ACL_SUCCESS || rc == ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
    return rc == ACL_SUCCESS;
}

/* None of these K waits passes with the counter as it is: each on a stream of its own, so
 * their 1 s timeouts run side by side (one second, not K). */
struct wait_case {
    aclrtCntNotifyWaitMode m;
    uint32_t v;
};
static void none_pass(aclrtCntNotify n, const struct wait_case *c, int k)
{
    aclrtStream s[8];
    CHECK(k <= 8);
    for (int i = 0; i < k; i++) {
        CHECK_OK(aclrtCreateStream(&s[i]));
        aclrtCntNotifyWaitInfo wi = {.mode = c[i].m, .value = c[i].v, .timeout = 1, .isClear = 0};
        CHECK_OK(aclrtCntNotifyWaitWithTimeout(n, s[i], &wi));
    }
    for (int i = 0; i < k; i++) {
        aclError rc = aclrtSynchronizeStream(s[i]);
        if (rc != ACL_ERROR_RT_EVENT_SYNC_TIMEOUT)
            fprintf(stderr, "wait mode %d value %u: synchronize %d, expected a timeout\n",
                    (int)c[i].m, c[i].v, (int)rc);
        CHECK(rc == ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
        CHECK_OK(aclrtDestroyStream(s[i]));
    }
}

int main(void)
{
    aclrtCntNotify n = NULL;
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtCntNotifyCreate(&n, 0));
    TEST_OPEN();
    aclrtStream a, b;
    CREATE_STREAMS(&a, &b);
    CHECK_OK(aclrtCntNotifyCreate(&n, 0));
    uint32_t id = 0xFFFFFFFF;
    CHECK_OK(aclrtCntNotifyGetId(n, &id));
    CHECK(id != 0xFFFFFFFF);

    /* ---- b waits until a's records bring the counter to 3 ---- */
    struct kt_gate gate = {0};
    _Atomic int data = 0;
    int out = -1;
    struct copy_args ca = {&data, &out};
    aclrtCntNotifyWaitInfo w3 = {.mode = ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE, .value = 3,
                                 .timeout = 0, .isClear = 1};
    CHECK_OK(aclrtCntNotifyWaitWithTimeout(n, b, &w3));
    CHECK_OK(cpuaclLaunchKernel(b, k_copy, &ca));
    CHECK_OK(cpuaclLaunchKernel(a, kt_gate_wait, &gate));
    rec(n, a, ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 1);
    rec(n, a, ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 1);
    CHECK_OK(cpuaclLaunchKernel(a, k_store42, &data));
    rec(n, a, ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 1);
    aclrtStreamStatus st;
    CHECK_OK(aclrtStreamQuery(b, &st));
    CHECK(st == ACL_STREAM_STATUS_NOT_READY);
    gate_open(&gate);
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK(out == 42); /* the data written before the third record */
    CHECK_OK(aclrtSynchronizeStream(a));
    /* isClear: the counter is 0 again */
    CHECK(passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 0));

    /* ---- record modes compose; wait modes test exactly ---- */
    rec(n, a, ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE, 10);
    rec(n, a, ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 5);       /* 15 = 0b1111 */
    rec(n, a, ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE, 0x6); /* 6 = 0b0110 */
    rec(n, a, ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE, 0x8);  /* 14 = 0b1110 */
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK(passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 14));
    CHECK(passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE, 15));
    CHECK(passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE, 13));
    CHECK(passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE, 14));
    CHECK(passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE, 0x6));
    const struct wait_case fail14[] = {{ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 15},
                                       {ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE, 14},
                                       {ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE, 14},
                                       {ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE, 15},
                                       {ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE, 0x3}};
    none_pass(n, fail14, 5);

    /* ---- reset on a stream clears it; a timed-out wait failed its stream only ---- */
    CHECK_OK(aclrtCntNotifyReset(n, a));
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK(passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 0));
    CHECK(!passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE, 0));

    /* ---- many concurrent ADD records from two streams are exact ---- */
    for (int i = 0; i < 200; i++) {
        rec(n, a, ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 1);
        rec(n, b, ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 2);
    }
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK(passes(n, b, ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 600));

    /* ---- destroy with a wait queued: the wait still runs ---- */
    aclrtCntNotify m;
    CHECK_OK(aclrtCntNotifyCreate(&m, 0));
    aclrtCntNotifyWaitInfo w1 = {.mode = ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, .value = 1};
    CHECK_OK(aclrtCntNotifyWaitWithTimeout(m, b, &w1));
    rec(m, a, ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE, 1);
    CHECK_OK(aclrtCntNotifyDestroy(m));
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK_OK(aclrtSynchronizeStream(a));

    /* ---- misuse ---- */
    aclrtCntNotifyRecordInfo ri = {ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE, 1};
    aclrtCntNotifyWaitInfo wi = {.mode = ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCntNotifyCreate(NULL, 0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCntNotifyCreate(&m, 1));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtCntNotifyDestroy(m));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtCntNotifyRecord(m, a, &ri));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtCntNotifyWaitWithTimeout(m, a, &wi));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtCntNotifyReset(m, a));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtCntNotifyGetId(m, &id));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCntNotifyRecord(n, a, NULL));
    aclrtCntNotifyRecordInfo bad_ri = {(aclrtCntNotifyRecordMode)3, 1};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCntNotifyRecord(n, a, &bad_ri));
    aclrtCntNotifyWaitInfo bad_wi = {.mode = (aclrtCntNotifyWaitMode)5};
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCntNotifyWaitWithTimeout(n, a, &bad_wi));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCntNotifyGetId(n, NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtCntNotifyRecord(n, BAD_STREAM, &ri));
    /* not capturable */
    CHECK_OK(aclmdlRICaptureBegin(a, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtCntNotifyRecord(n, a, &ri));
    aclmdlRI ri_model;
    CHECK_OK(aclmdlRICaptureEnd(a, &ri_model));
    CHECK_OK(aclmdlRIDestroy(ri_model));

    /* ---- event availability, the sync address ---- */
    uint32_t before = 0, after = 0;
    CHECK_OK(aclrtGetEventAvailNum(&before));
    aclrtEvent e;
    CHECK_OK(aclrtCreateEvent(&e));
    CHECK_OK(aclrtGetEventAvailNum(&after));
    CHECK(after == before - 1);
    CHECK_OK(aclrtDestroyEvent(e));
    CHECK_OK(aclrtGetEventAvailNum(&after));
    CHECK(after == before);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetEventAvailNum(NULL));
    void *sa = NULL, *sb = NULL;
    CHECK_OK(aclrtGetHardwareSyncAddr(&sa));
    CHECK_OK(aclrtGetHardwareSyncAddr(&sb));
    CHECK(sa && sa == sb && ((uintptr_t)sa & 63) == 0);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetHardwareSyncAddr(NULL));

    CHECK_OK(aclrtCntNotifyDestroy(n));
    DESTROY_STREAMS(a, b);
    TEST_CLOSE();
    printf("event_counting_notify: ok\n");
    return 0;
}
