/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Host functions run on host threads, not on the device workers (issue 11
 * item 9). With one worker per device:
 *  - a host function on stream A that waits for a host function submitted
 *    later on stream B finishes (B's runs on another host thread);
 *  - aclrtStreamWaitEventWithTimeout on stream B expires while a host
 *    function blocks stream A;
 *  - stream order holds exactly: a host function completes before the next
 *    task of its stream starts, and tasks before it complete before it runs.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "isolate.h"
#include "testutil.h"

static int g_failed;

static void setup(void)
{
    setenv("CPUACL_WORKERS", "1", 1);
    TEST_OPEN();
}

static void teardown(void)
{
    TEST_CLOSE();
}

static void sleep_us(unsigned us)
{
    struct timespec ts = {us / 1000000, (long)(us % 1000000) * 1000};
    nanosleep(&ts, NULL);
}

static _Atomic int g_flag;

static void wait_flag(void *arg)
{
    (void)arg;
    while (!atomic_load(&g_flag))
        sleep_us(100);
}

static void set_flag(void *arg)
{
    (void)arg;
    atomic_store(&g_flag, 1);
}

static void test_cross_stream_host_functions(void)
{
    aclrtStream a, b;
    CREATE_STREAMS(&a, &b);
    atomic_store(&g_flag, 0);
    CHECK_OK(aclrtLaunchHostFunc(a, wait_flag, NULL));
    sleep_us(5000); /* a's host function is running */
    CHECK_OK(aclrtLaunchHostFunc(b, set_flag, NULL));
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtSynchronizeStream(b));
    DESTROY_STREAMS(a, b);
}

static void test_wait_timeout_while_host_blocks(void)
{
    aclrtStream a, b;
    aclrtEvent e;
    CREATE_STREAMS(&a, &b);
    CHECK_OK(aclrtCreateEventWithFlag(&e, ACL_EVENT_SYNC));
    atomic_store(&g_flag, 0);
    CHECK_OK(aclrtLaunchHostFunc(a, wait_flag, NULL));
    CHECK_OK(aclrtRecordEvent(e, a));
    CHECK_OK(aclrtStreamWaitEventWithTimeout(b, e, 50));
    /* The wait expires although a's host function still blocks. */
    aclError rc = aclrtSynchronizeStream(b);
    CHECK(rc != ACL_SUCCESS);
    atomic_store(&g_flag, 1);
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtDestroyEvent(e));
    DESTROY_STREAMS(a, b);
}

/* Order: kernels and host functions on one stream log their number; a
 * host function checks that everything before it ran, the kernel after it
 * checks the host function finished. */
#define NORDER 2000
static _Atomic int g_next;
static _Atomic int g_bad;

static int32_t k_step(void *arg)
{
    int want = (int)(intptr_t)arg;
    if (atomic_load(&g_next) != want)
        atomic_store(&g_bad, 1);
    atomic_store(&g_next, want + 1);
    return 0;
}

static void h_step(void *arg)
{
    int want = (int)(intptr_t)arg;
    if (atomic_load(&g_next) != want)
        atomic_store(&g_bad, 1);
    if (want % 7 == 0)
        sleep_us(50); /* a slow host function: the next task must still wait */
    atomic_store(&g_next, want + 1);
}

static void test_stream_order(void)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    atomic_store(&g_next, 0);
    atomic_store(&g_bad, 0);
    int n = (int)(NORDER * test_stress_scale());
    for (int i = 0; i < n; i++) {
        if (i % 3 == 1)
            CHECK_OK(aclrtLaunchHostFunc(s, h_step, (void *)(intptr_t)i));
        else
            CHECK_OK(cpuaclLaunchKernel(s, k_step, (void *)(intptr_t)i));
    }
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&g_bad) == 0);
    CHECK(atomic_load(&g_next) == n);
    CHECK_OK(aclrtDestroyStream(s));
}

/* Host functions captured into a model run off the workers too. */
static void test_captured_host_functions(void)
{
    aclrtStream a, b, x;
    CREATE_STREAMS(&a, &b, &x);
    CHECK_OK(aclmdlRICaptureBegin(a, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtLaunchHostFunc(a, wait_flag, NULL));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(a, &ri));
    for (int r = 0; r < 3; r++) {
        atomic_store(&g_flag, 0);
        CHECK_OK(aclmdlRIExecuteAsync(ri, x));
        sleep_us(2000);
        CHECK_OK(aclrtLaunchHostFunc(b, set_flag, NULL));
        CHECK_OK(aclrtSynchronizeStream(x));
        CHECK_OK(aclrtSynchronizeStream(b));
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    DESTROY_STREAMS(a, b, x);
}

int main(void)
{
    int failures = 0;
    RUN(test_cross_stream_host_functions, 20);
    RUN(test_wait_timeout_while_host_blocks, 20);
    RUN(test_stream_order, 60);
    RUN(test_captured_host_functions, 20);
    return failures ? 1 : 0;
}
