/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Issue 11, "also wrong": failure mode per context and set once per stream,
 * aclrtDestroyStreamForce discarding queued model executions, 64 devices,
 * 207008 for a context at the stream limit, aclmdlRIExecute's message.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "isolate.h"
#include "testutil.h"

static int g_failed;

static void setup(void)
{
}

static void teardown(void)
{
    CHECK_OK(aclFinalize());
}

static _Atomic uint64_t g_ctr; /* kt_inc counts here */

static int32_t k_sleep(void *arg)
{
    struct timespec ts = {0, (long)(uintptr_t)arg * 1000000L};
    nanosleep(&ts, NULL);
    return 0;
}

static void test_failure_mode_context_wide(void)
{
    TEST_OPEN();
    aclrtStream a, b, c;
    CREATE_STREAMS(&a, &b);
    CHECK_OK(aclrtSetStreamFailureMode(a, ACL_STOP_ON_FAILURE));
    /* at most once per stream */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetStreamFailureMode(a, ACL_CONTINUE_ON_FAILURE));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM, aclrtSetStreamFailureMode(a, ACL_STOP_ON_FAILURE));
    CHECK(aclGetRecentErrMsg() != NULL);
    CHECK_OK(aclrtCreateStream(&c)); /* created later: same context, same rule */
    aclrtStream all[3] = {b, c, NULL};
    for (int i = 0; i < 3; i++) {
        atomic_store(&g_ctr, 0);
        CHECK_OK(cpuaclLaunchKernel(all[i], k_sleep, (void *)(uintptr_t)5));
        CHECK_OK(cpuaclLaunchKernel(all[i], kt_fail, NULL));
        for (int j = 0; j < 5; j++)
            CHECK_OK(cpuaclLaunchKernel(all[i], kt_inc, (void *)&g_ctr));
        CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(all[i]));
        CHECK(atomic_load(&g_ctr) == 0); /* stopped after the failure */
    }
    CHECK_OK(aclrtResetDevice(0));
}

static void test_force_destroy_discards_model_runs(void)
{
    TEST_OPEN();
    aclrtStream cs, s, x;
    CREATE_STREAMS(&cs, &s, &x);
    CHECK_OK(aclmdlRICaptureBegin(cs, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(cs, kt_inc, (void *)&g_ctr));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cs, &ri));
    atomic_store(&g_ctr, 0);
    CHECK_OK(cpuaclLaunchKernel(s, k_sleep, (void *)(uintptr_t)50));
    for (int i = 0; i < 3; i++)
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtDestroyStreamForce(s)); /* the executions had not started */
    CHECK(atomic_load(&g_ctr) == 0);
    CHECK_OK(aclmdlRIExecuteAsync(ri, x)); /* the model still runs */
    CHECK_OK(aclrtSynchronizeStream(x));
    CHECK(atomic_load(&g_ctr) == 1);
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtResetDevice(0));
}

static void test_64_devices(void)
{
    setenv("CPUACL_DEVICE_COUNT", "64", 1);
    setenv("CPUACL_WORKERS", "1", 1);
    setenv("CPUACL_DEVICE_MEMORY_MB", "8", 1);
    CHECK_OK(aclInit(NULL));
    uint32_t n = 0;
    CHECK_OK(aclrtGetDeviceCount(&n));
    CHECK(n == 64);
    CHECK_OK(aclrtSetDevice(63));
    atomic_store(&g_ctr, 0);
    CHECK_OK(cpuaclLaunchKernel(NULL, kt_inc, (void *)&g_ctr));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(atomic_load(&g_ctr) == 1);
    CHECK_ACL(ACL_ERROR_RT_INVALID_DEVICEID, aclrtSetDevice(64));
    CHECK_OK(aclrtResetDevice(63));
}

static void test_stream_limit_codes(void)
{
    setenv("CPUACL_RING_SLOTS", "64", 1);
    TEST_OPEN();
    aclrtStream cs;
    CHECK_OK(aclrtCreateStream(&cs));
    CHECK_OK(aclmdlRICaptureBegin(cs, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(cs, kt_inc, (void *)&g_ctr));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cs, &ri));
    aclrtStream *v = calloc(4096, sizeof(*v));
    CHECK(v != NULL);
    int n = 0;
    aclError rc;
    while ((rc = aclrtCreateStream(&v[n])) == ACL_SUCCESS)
        n++;
    CHECK(rc == ACL_ERROR_RT_NO_STREAM_RESOURCE);
    aclrtContext ctx;
    CHECK_ACL(ACL_ERROR_RT_NO_STREAM_RESOURCE, aclrtCreateContext(&ctx, 0));
    CHECK_ACL(ACL_ERROR_RT_NO_STREAM_RESOURCE, aclmdlRIExecute(ri, -1));
    const char *m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "aclmdlRIExecute") && !strstr(m, "aclrtCreateStream"));
    for (int i = 0; i < n; i++)
        CHECK_OK(aclrtDestroyStream(v[i]));
    free(v);
    CHECK_OK(aclmdlRIExecute(ri, -1));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtResetDevice(0));
}

static void cb_inc(void *arg)
{
    (void)arg;
    atomic_fetch_add(&g_ctr, 1);
}

/* The fuzzer's hang (tests/fuzz/corpus/selfsync_callback): a thread
 * subscribed to a stream queues an ACL_CALLBACK_BLOCK callback on it and
 * synchronises the stream itself. The sync runs the callbacks handed to the
 * thread while it waits (CB4), so it returns, the callback ran once, before
 * the kernel queued after it. A hang is reported by RUN's time limit. */
static void test_sync_runs_own_callbacks(void)
{
    TEST_OPEN();
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    uint64_t me = (uint64_t)pthread_self();
    atomic_store(&g_ctr, 0);
    for (int pass = 0; pass < 2; pass++) { /* pass 1: the default stream (NULL) */
        aclrtStream st = pass ? NULL : s;
        CHECK_OK(aclrtSubscribeReport(me, st));
        CHECK_OK(aclrtLaunchCallback(cb_inc, NULL, ACL_CALLBACK_BLOCK, st));
        CHECK_OK(aclrtLaunchCallback(cb_inc, NULL, ACL_CALLBACK_NO_BLOCK, st));
        CHECK_OK(aclrtSynchronizeStream(st));
        CHECK(atomic_load(&g_ctr) >= (uint64_t)(1 + 2 * pass));
        CHECK_OK(aclrtSynchronizeStreamWithTimeout(st, 5000));
        CHECK_OK(aclrtUnSubscribeReport(me, st));
    }
    /* the non-blocking ones may still be queued: run them */
    (void)aclrtProcessReport(100);
    CHECK(atomic_load(&g_ctr) == 4);
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtResetDevice(0));
}

int main(void)
{
    int failures = 0;
    RUN(test_failure_mode_context_wide, 60);
    RUN(test_force_destroy_discards_model_runs, 60);
    RUN(test_64_devices, 60);
    RUN(test_stream_limit_codes, 120);
    RUN(test_sync_runs_own_callbacks, 60);
    return failures ? 1 : 0;
}
