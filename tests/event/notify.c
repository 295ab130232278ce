/* SPDX-License-Identifier: Apache-2.0 */
/* Notifies between streams (record sets a binary flag, wait-and-reset blocks then clears it;
 * data written before the record is seen after the wait; a timeout fails the waiting stream;
 * destroy with queued tasks; batch reset) and event timestamps / ids, with misuse codes. */
#include <time.h>

#include "acltest.h"
#include "handoff.h"

static uint64_t mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream a, b;
    CREATE_STREAMS(&a, &b);
    aclrtNotify n;
    CHECK_OK(aclrtCreateNotify(&n, ACL_NOTIFY_DEFAULT));

    /* Stream b waits for a: the copy on b sees what a wrote before its record. */
    struct kt_gate gate = {0};
    _Atomic int data = 0;
    int out = -1;
    struct copy_args ca = {&data, &out};
    CHECK_OK(aclrtWaitAndResetNotify(n, b, 0));
    CHECK_OK(cpuaclLaunchKernel(b, k_copy, &ca));
    CHECK_OK(cpuaclLaunchKernel(a, kt_gate_wait, &gate));
    CHECK_OK(cpuaclLaunchKernel(a, k_store42, &data));
    CHECK_OK(aclrtRecordNotify(n, a));
    aclrtStreamStatus ss;
    CHECK_OK(aclrtStreamQuery(b, &ss));
    CHECK(ss == ACL_STREAM_STATUS_NOT_READY); /* a's record cannot have run: gate closed */
    CHECK(out == -1);
    gate_open(&gate);
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK(out == 42);
    CHECK_OK(aclrtSynchronizeStream(a));

    /* Binary: two records set the flag once; the second wait times out (1 s). */
    CHECK_OK(aclrtRecordNotify(n, a));
    CHECK_OK(aclrtRecordNotify(n, a));
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtWaitAndResetNotify(n, b, 1));
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK_OK(aclrtWaitAndResetNotify(n, b, 1));
    CHECK(aclrtSynchronizeStream(b) == ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);

    /* A host batch reset clears a set flag: the next wait times out. */
    aclrtStream c;
    CHECK_OK(aclrtCreateStream(&c));
    CHECK_OK(aclrtRecordNotify(n, a));
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtNotifyBatchReset(&n, 1));
    CHECK_OK(aclrtWaitAndResetNotify(n, c, 1));
    CHECK(aclrtSynchronizeStream(c) == ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);

    /* Destroying a notify with queued tasks: they still run. */
    aclrtStream d;
    CHECK_OK(aclrtCreateStream(&d));
    aclrtNotify m;
    CHECK_OK(aclrtCreateNotify(&m, ACL_NOTIFY_DEVICE_USE_ONLY));
    uint32_t id1 = 0, id2 = 0;
    CHECK_OK(aclrtGetNotifyId(n, &id1));
    CHECK_OK(aclrtGetNotifyId(m, &id2));
    CHECK(id1 != id2);
    struct kt_gate g2 = {0};
    CHECK_OK(aclrtWaitAndResetNotify(m, d, 0));
    CHECK_OK(cpuaclLaunchKernel(a, kt_gate_wait, &g2));
    CHECK_OK(aclrtRecordNotify(m, a));
    CHECK_OK(aclrtDestroyNotify(m));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtRecordNotify(m, a));
    gate_open(&g2);
    CHECK_OK(aclrtSynchronizeStream(d));
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_NO_KFAIL();

    /* Misuse. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateNotify(NULL, 0));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateNotify(&m, 0x80));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRecordNotify(NULL, a));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtRecordNotify((aclrtNotify)(uintptr_t)0x1234, a));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtWaitAndResetNotify(n, BAD_STREAM, 0));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyNotify(m));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtGetNotifyId(n, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtNotifyBatchReset(&n, 0));
    aclrtNotify bad[2] = {n, m};
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtNotifyBatchReset(bad, 2));
    CHECK_OK(aclmdlRICaptureBegin(c, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtRecordNotify(n, c));
    aclmdlRI mdl;
    CHECK_OK(aclmdlRICaptureEnd(c, &mdl));
    CHECK_OK(aclmdlRIDestroy(mdl));
    CHECK_OK(aclrtDestroyNotify(n));

    /* ---- event timestamps ---- */
    aclrtEvent e1, e2, plain;
    CREATE_EVENTS(&e1, &e2);
    CHECK_OK(aclrtCreateEventWithFlag(&plain, ACL_EVENT_SYNC));
    uint64_t t1 = 0, t2 = 0;
    CHECK_ERR(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID, aclrtEventGetTimestamp(e1, &t1)); /* never recorded */
    uint64_t before = mono_us();
    CHECK_OK(aclrtRecordEvent(e1, a));
    uint32_t ms = 2;
    CHECK_OK(cpuaclLaunchKernel(a, kt_sleep, &ms));
    CHECK_OK(aclrtRecordEvent(e2, a));
    CHECK_OK(aclrtRecordEvent(plain, a));
    CHECK_OK(aclrtSynchronizeStream(a));
    uint64_t after = mono_us();
    CHECK_OK(aclrtEventGetTimestamp(e1, &t1));
    CHECK_OK(aclrtEventGetTimestamp(e2, &t2));
    CHECK(before <= t1 && t1 <= t2 && t2 <= after);
    CHECK(t2 - t1 >= 2000); /* the 2 ms kernel ran between the records */
    float el = 0;
    CHECK_OK(aclrtEventElapsedTime(&el, e1, e2));
    double diff = (double)el * 1000.0 - (double)(t2 - t1);
    CHECK(diff > -2.0 && diff < 2.0); /* same clock, microsecond rounding */
    CHECK_ERR(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID, aclrtEventGetTimestamp(plain, &t1));
    struct kt_gate g3 = {0};
    CHECK_OK(cpuaclLaunchKernel(a, kt_gate_wait, &g3));
    CHECK_OK(aclrtRecordEvent(e1, a));
    CHECK_ERR(ACL_ERROR_RT_EVENT_NOT_COMPLETE, aclrtEventGetTimestamp(e1, &t1));
    gate_open(&g3);
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtEventGetTimestamp(e1, &t1));
    CHECK(t1 >= t2);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtEventGetTimestamp(e1, NULL));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtEventGetTimestamp(BAD_EVENT, &t1));
    uint32_t ei1 = 0, ei2 = 0;
    CHECK_OK(aclrtGetEventId(e1, &ei1));
    CHECK_OK(aclrtGetEventId(e2, &ei2));
    CHECK(ei1 != ei2);
    DESTROY_EVENTS(e1, e2, plain);
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtGetEventId(e1, &ei1));

    DESTROY_STREAMS(a, b, c, d);
    TEST_CLOSE();
    return 0;
}
