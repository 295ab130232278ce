/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Fault injection (issue 11).
 *  - For each scenario (a short sequence of API calls), make allocation
 *    0, 1, 2, ... of the runtime core fail in turn (cpuaclTestFailAlloc)
 *    until the scenario runs without reaching the armed allocation. Every
 *    call must return success or a documented out-of-memory code, the
 *    runtime must keep working (a kernel runs and syncs afterwards), and
 *    nothing may leak (the ASan preset's LeakSanitizer at exit).
 *  - A failing kernel: the stream reports ACL_ERROR_RT_AICORE_EXCEPTION once,
 *    later work runs, events recorded after it complete.
 *  - A thread exits with its context current (and work queued): the
 *    context, the device and finalize are unaffected.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/error_codes/rt_error_codes.h"
#include "cpuacl/cpuacl.h"
#include "cpuacl/cpuacl_test.h"
#include "testutil.h"

static const char *g_scn;
static unsigned g_probes;

/* Success or a documented out-of-memory code. */
static void oom_ok(const char *call, aclError rc)
{
    if (rc == ACL_SUCCESS || rc == ACL_ERROR_BAD_ALLOC || rc == ACL_ERROR_RT_RESOURCE_ALLOC_FAIL ||
        rc == ACL_ERROR_RT_MEMORY_ALLOCATION || rc == ACL_ERROR_RT_NO_EVENT_RESOURCE ||
        rc == ACL_ERROR_RT_NO_STREAM_RESOURCE || rc == ACL_ERROR_RT_NO_MODEL_RESOURCE)
        return; /* a handle table that cannot grow reports "no resource" */
    fprintf(stderr, "fault_inject: %s: %s returned %d (%s)\n", g_scn, call, (int)rc,
            aclGetRecentErrMsg());
    exit(1);
}
#define T(call) oom_ok(#call, (call))

/* Inside a capture an earlier refused call cascades into the capture codes. */
static void cap_ok(const char *call, aclError rc)
{
    if (rc == ACL_ERROR_RT_CAPTURE_DEPENDENCY || rc == ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED ||
        rc == ACL_ERROR_STREAM_TASK_GROUP_STATUS || rc == ACL_ERROR_RT_STREAM_UNJOINED)
        return;
    oom_ok(call, rc);
}
#define TC(call) cap_ok(#call, (call))

static _Atomic uint64_t g_runs; /* kt_inc counts here */

static void cb(void *a)
{
    (void)a;
}

/* ---- scenarios ---------------------------------------------------------- */

static void s_stream(void)
{
    aclrtStream s = NULL;
    aclError rc = aclrtCreateStream(&s);
    T(rc);
    if (!rc) {
        T(cpuaclLaunchKernel(s, kt_inc, (void *)&g_runs));
        T(aclrtDestroyStream(s));
    }
}

static void s_event(void)
{
    aclrtEvent e = NULL;
    aclrtStream s[10] = {0};
    aclError rc = aclrtCreateEvent(&e);
    T(rc);
    if (rc)
        return;
    for (int i = 0; i < 10; i++) { /* more streams than one slot chunk holds */
        if (aclrtCreateStream(&s[i]) != ACL_SUCCESS) {
            s[i] = NULL;
            continue;
        }
        T(aclrtRecordEvent(e, s[i]));
    }
    T(aclrtSynchronizeEvent(e));
    T(aclrtDestroyEvent(e));
    for (int i = 0; i < 10; i++)
        if (s[i])
            T(aclrtDestroyStream(s[i]));
}

static void s_context(void)
{
    aclrtContext c = NULL;
    aclError rc = aclrtCreateContext(&c, 0);
    T(rc);
    if (!rc) {
        T(cpuaclLaunchKernel(NULL, kt_inc, (void *)&g_runs));
        T(aclrtSynchronizeStream(NULL));
        T(aclrtDestroyContext(c));
        T(aclrtSetDevice(0));
    }
}

static void s_report(void)
{
    aclrtStream s = NULL;
    if (aclrtCreateStream(&s))
        return;
    uint64_t tid = (uint64_t)pthread_self();
    aclError rc = aclrtSubscribeReport(tid, s);
    T(rc);
    if (!rc) {
        T(aclrtLaunchCallback(cb, NULL, ACL_CALLBACK_NO_BLOCK, s));
        T(aclrtUnSubscribeReport(tid, s));
    }
    T(aclrtDestroyStream(s));
}

static void s_capture(void)
{
    aclrtStream s = NULL, s2 = NULL, x = NULL;
    aclrtEvent e1 = NULL, e2 = NULL;
    if (aclrtCreateStream(&s) || aclrtCreateStream(&s2) || aclrtCreateStream(&x) ||
        aclrtCreateEvent(&e1) || aclrtCreateEvent(&e2))
        return; /* the failure hit the preparation: covered by the other scenarios */
    aclError rc = aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    T(rc);
    if (rc)
        return;
    aclrtTaskGrp g = NULL;
    TC(aclmdlRICaptureTaskGrpBegin(s));
    TC(cpuaclLaunchKernel(s, kt_inc, (void *)&g_runs));
    TC(aclmdlRICaptureTaskGrpEnd(s, &g));
    TC(aclrtRecordEvent(e1, s));
    TC(aclrtStreamWaitEvent(s2, e1));
    TC(cpuaclLaunchKernel(s2, kt_inc, (void *)&g_runs));
    TC(aclrtRecordEvent(e2, s2));
    TC(aclrtStreamWaitEvent(s, e2));
    aclmdlRI ri = NULL;
    rc = aclmdlRICaptureEnd(s, &ri);
    if (rc != ACL_SUCCESS && rc != ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED &&
        rc != ACL_ERROR_STREAM_TASK_GROUP_STATUS && rc != ACL_ERROR_RT_STREAM_UNJOINED)
        oom_ok("aclmdlRICaptureEnd", rc);
    if (rc)
        return;
    T(aclmdlRIExecuteAsync(ri, x));
    T(aclmdlRIExecute(ri, -1)); /* creates its own stream */
    if (g) {
        rc = aclmdlRICaptureTaskUpdateBegin(x, g);
        T(rc);
        if (!rc) {
            aclError r2 = cpuaclLaunchKernel(x, kt_inc, (void *)&g_runs);
            if (r2 != ACL_ERROR_RT_MODEL_UPDATE_FAILED)
                T(r2);
            r2 = aclmdlRICaptureTaskUpdateEnd(x);
            if (r2 != ACL_ERROR_RT_MODEL_UPDATE_FAILED)
                T(r2);
        }
    }
    T(aclrtSynchronizeStream(x));
    T(aclmdlRIDestroy(ri));
}

static void s_sync_device(void)
{
    aclrtStream s[70];
    int n = 0;
    for (; n < 70; n++) /* more streams than the snapshot's first array */
        if (aclrtCreateStream(&s[n]))
            break;
    T(aclrtSynchronizeDevice());
    for (int i = 0; i < n; i++)
        T(aclrtDestroyStream(s[i]));
}

static void s_set_device(void)
{
    T(aclrtResetDevice(0));
    T(aclrtSetDevice(0)); /* run_scenario's SetDevice afterwards must succeed */
}

static void s_databuffer(void)
{
    aclDataBuffer *b = aclCreateDataBuffer(NULL, 0);
    if (b)
        T(aclDestroyDataBuffer(b));
}

struct scenario {
    const char *name;
    void (*fn)(void);
};

static void run_scenario(const struct scenario *sc)
{
    g_scn = sc->name;
    for (int64_t n = 0;; n++) {
        TEST_OPEN();
        cpuaclTestFailAlloc(n);
        sc->fn();
        uint64_t fired = 0;
        uint64_t seen = cpuaclTestAllocCount(&fired);
        cpuaclTestFailAlloc(-1);
        /* The runtime still works after the failure. */
        CHECK_OK(aclrtSetDevice(0));
        /* work a scenario queued outside a failed capture still runs: let it */
        aclError srd = aclrtSynchronizeDevice();
        CHECK(srd == ACL_SUCCESS || srd == ACL_ERROR_RT_STREAM_CAPTURED);
        atomic_store(&g_runs, 0);
        CHECK_OK(cpuaclLaunchKernel(NULL, kt_inc, (void *)&g_runs));
        CHECK_OK(aclrtSynchronizeStream(NULL));
        CHECK(atomic_load(&g_runs) == 1);
        CHECK_OK(aclFinalize());
        g_probes++;
        if (!fired) {
            printf("%s: %lld allocations probed\n", sc->name, (long long)n);
            CHECK(seen <= (uint64_t)n); /* (free lists make the count vary by history) */
            break;
        }
        CHECK(n < 100000);
    }
}

/* ---- failing kernel ------------------------------------------------------- */

static void test_failing_kernel(void)
{
    TEST_OPEN();
    aclrtStream s;
    aclrtEvent e;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtCreateEvent(&e));
    atomic_store(&g_runs, 0);
    CHECK_OK(cpuaclLaunchKernel(s, kt_fail, NULL));
    CHECK_OK(cpuaclLaunchKernel(s, kt_inc, (void *)&g_runs));
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK_ACL(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));
    CHECK_OK(aclrtSynchronizeStream(s)); /* reported once */
    CHECK(atomic_load(&g_runs) == 1);    /* CONTINUE_ON_FAILURE: later work ran */
    aclrtEventRecordedStatus st;
    CHECK_OK(aclrtQueryEventStatus(e, &st));
    CHECK(st == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    CHECK_OK(aclrtDestroyEvent(e));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclFinalize());
    printf("failing kernel: ok\n");
}

/* ---- a thread exits with its context current ------------------------------ */

static aclrtContext g_ctx;

static void *exiting_thread(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtCreateContext(&g_ctx, 0)); /* current for this thread */
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    for (int i = 0; i < 100; i++)
        CHECK_OK(cpuaclLaunchKernel(s, kt_inc, (void *)&g_runs));
    CHECK_OK(aclrtSetDevice(1));
    return NULL; /* exits with work queued and contexts current */
}

static void test_thread_exit(void)
{
    setenv("CPUACL_DEVICE_COUNT", "2", 1);
    CHECK_OK(aclInit(NULL));
    atomic_store(&g_runs, 0);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, exiting_thread, NULL) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK(atomic_load(&g_runs) == 100);
    CHECK_OK(aclrtDestroyContext(g_ctx));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclFinalize());
    /* once more, finalizing with the dead thread's context still alive */
    CHECK_OK(aclInit(NULL));
    CHECK(pthread_create(&t, NULL, exiting_thread, NULL) == 0);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK_OK(aclFinalize());
    printf("thread exit with a current context: ok\n");
}

int main(void)
{
    static const struct scenario sc[] = {
        {"aclrtCreateStream", s_stream},   {"events over many streams", s_event},
        {"aclrtCreateContext", s_context}, {"report subscription", s_report},
        {"capture, task group, execute, update", s_capture},
        {"aclrtSynchronizeDevice", s_sync_device}, {"aclrtSetDevice", s_set_device},
        {"aclCreateDataBuffer", s_databuffer},
    };
    for (size_t i = 0; i < sizeof(sc) / sizeof(sc[0]); i++)
        run_scenario(&sc[i]);
    printf("fault_inject: %u probes\n", g_probes);
    test_failing_kernel();
    test_thread_exit();
    return 0;
}
