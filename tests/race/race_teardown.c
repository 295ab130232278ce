/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Regression tests for the teardown defects of issue 11 (items 1-8): each
 * case races or orders a teardown against another call the way a hostile
 * program would and checks that every call returns a documented code and
 * that nothing crashes, hangs (the isolate harness's alarm) or leaks (ASan).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "isolate.h"
#include "testutil.h"
#include "delay.h"

static int g_failed;

static void setup(void)
{
    CHECK_OK(aclInit(NULL));
}

static void teardown(void)
{
    aclError rc = aclFinalize();
    CHECK(rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_FINALIZE);
}

static void fail_code(const char *what, aclError rc)
{
    const char *m = aclGetRecentErrMsg();
    fprintf(stderr, "%s returned undocumented %d (%s)\n", what, (int)rc, m ? m : "");
    exit(1);
}

static int iters(int n)
{
    int v = (int)(n * test_stress_scale());
    return v < 2 ? 2 : v;
}


static int32_t k_sleep(void *arg)
{
    sleep_us((unsigned)(uintptr_t)arg);
    return 0;
}

static int32_t k_nop(void *arg)
{
    (void)arg;
    return 0;
}

/* A model on a fresh stream: lanes forked over `lanes` streams with events,
 * each running a kernel that sleeps `us`. */
static aclmdlRI make_model(int lanes, unsigned us)
{
    aclrtStream s[4];
    aclrtEvent ev[4];
    CHECK(lanes >= 1 && lanes <= 4);
    for (int i = 0; i < lanes; i++) {
        CHECK_OK(aclrtCreateStream(&s[i]));
        CHECK_OK(aclrtCreateEvent(&ev[i]));
    }
    CHECK_OK(aclmdlRICaptureBegin(s[0], ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtRecordEvent(ev[0], s[0]));
    for (int i = 1; i < lanes; i++)
        CHECK_OK(aclrtStreamWaitEvent(s[i], ev[0]));
    for (int i = 0; i < lanes; i++)
        CHECK_OK(cpuaclLaunchKernel(s[i], k_sleep, (void *)(uintptr_t)us));
    for (int i = 1; i < lanes; i++) {
        CHECK_OK(aclrtRecordEvent(ev[i], s[i]));
        CHECK_OK(aclrtStreamWaitEvent(s[0], ev[i]));
    }
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s[0], &ri));
    for (int i = 0; i < lanes; i++) {
        CHECK_OK(aclrtDestroyEvent(ev[i]));
        CHECK_OK(aclrtDestroyStream(s[i]));
    }
    return ri;
}

/* ---- 1: destroy during a task-update session ----------------------------- */

static void test_destroy_during_update(void)
{
    CHECK_OK(aclrtSetDevice(0));
    aclrtStream s, su;
    CREATE_STREAMS(&s, &su);
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(s));
    CHECK_OK(cpuaclLaunchKernel(s, k_nop, NULL));
    aclrtTaskGrp g = NULL;
    CHECK_OK(aclmdlRICaptureTaskGrpEnd(s, &g));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(su, g));
    /* The model is in an update session: destroy is refused ... */
    CHECK_ACL(ACL_ERROR_RT_MODEL_CAPTURED, aclmdlRIDestroy(ri));
    CHECK(aclGetRecentErrMsg() != NULL);
    /* ... and the session goes on, then the model can go. */
    CHECK_OK(cpuaclLaunchKernel(su, k_nop, NULL));
    CHECK_OK(aclmdlRICaptureTaskUpdateEnd(su));
    CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclmdlRIDestroy(ri));
    /* A session left open when its model's device is reset ends cleanly. */
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(s));
    CHECK_OK(cpuaclLaunchKernel(s, k_nop, NULL));
    CHECK_OK(aclmdlRICaptureTaskGrpEnd(s, &g));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclmdlRICaptureTaskUpdateBegin(su, g));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroy(ri));
    CHECK_OK(aclrtResetDevice(0));
}

/* ---- 2: reset device racing aclmdlRIDestroy ------------------------------- */

struct destroyer {
    aclmdlRI ri;
    pthread_barrier_t *bar;
    _Atomic int done;
};

static void *destroy_retry(void *arg)
{
    struct destroyer *d = arg;
    pthread_barrier_wait(d->bar);
    for (;;) {
        aclError rc = aclmdlRIDestroy(d->ri);
        if (rc == ACL_ERROR_RT_MODEL_RUNNING)
            continue;
        if (rc != ACL_SUCCESS && rc != ACL_ERROR_RT_INVALID_HANDLE)
            fail_code("aclmdlRIDestroy", rc);
        break;
    }
    return NULL;
}

static void test_reset_vs_model_destroy(void)
{
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, 2);
    for (int i = 0, n = iters(20); i < n; i++) {
        CHECK_OK(aclrtSetDevice(0));
        aclmdlRI ri = make_model(2, 3000);
        aclrtStream s;
        CHECK_OK(aclrtCreateStream(&s));
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        struct destroyer d = {.ri = ri, .bar = &bar};
        pthread_t t;
        CHECK(pthread_create(&t, NULL, destroy_retry, &d) == 0);
        pthread_barrier_wait(&bar);
        CHECK_OK(aclrtResetDevice(0));
        CHECK(pthread_join(t, NULL) == 0);
    }
    pthread_barrier_destroy(&bar);
}

/* ---- 3: two threads destroying one model ---------------------------------- */

static void *destroy_once(void *arg)
{
    struct destroyer *d = arg;
    pthread_barrier_wait(d->bar);
    aclError rc = aclmdlRIDestroy(d->ri);
    if (rc != ACL_SUCCESS && rc != ACL_ERROR_RT_INVALID_HANDLE)
        fail_code("aclmdlRIDestroy", rc);
    atomic_store(&d->done, rc == ACL_SUCCESS);
    return NULL;
}

static void test_double_model_destroy(void)
{
    CHECK_OK(aclrtSetDevice(0));
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, 3);
    for (int i = 0, n = iters(200); i < n; i++) {
        aclmdlRI ri = make_model(4, 0);
        CHECK_OK(aclmdlRIExecute(ri, -1)); /* gives it a sync stream too */
        struct destroyer a = {.ri = ri, .bar = &bar}, b = a;
        pthread_t ta, tb;
        CHECK(pthread_create(&ta, NULL, destroy_once, &a) == 0);
        CHECK(pthread_create(&tb, NULL, destroy_once, &b) == 0);
        pthread_barrier_wait(&bar);
        CHECK(pthread_join(ta, NULL) == 0);
        CHECK(pthread_join(tb, NULL) == 0);
        CHECK(atomic_load(&a.done) + atomic_load(&b.done) == 1); /* exactly one destroys */
    }
    pthread_barrier_destroy(&bar);
    CHECK_OK(aclrtResetDevice(0));
}

/* ---- 4: set current racing destroy context -------------------------------- */

struct setter {
    aclrtContext ctx;
    pthread_barrier_t *bar;
};

static void *set_current(void *arg)
{
    struct setter *st = arg;
    pthread_barrier_wait(st->bar);
    aclError rc;
    do
        rc = aclrtSetCurrentContext(st->ctx);
    while (rc == ACL_SUCCESS);
    if (rc != ACL_ERROR_RT_INVALID_HANDLE)
        fail_code("aclrtSetCurrentContext", rc);
    pthread_barrier_wait(st->bar); /* the destroy has returned */
    /* The destroyed context must not be current; calls on the default
     * stream fail with a code. */
    aclrtContext cur = NULL;
    rc = aclrtGetCurrentContext(&cur);
    if (rc == ACL_SUCCESS && cur == st->ctx) {
        fprintf(stderr, "a destroyed context became current\n");
        exit(1);
    }
    aclrtStream ds = NULL;
    rc = aclrtCtxGetCurrentDefaultStream(&ds);
    if (rc != ACL_SUCCESS && rc != ACL_ERROR_RT_CONTEXT_NULL)
        fail_code("aclrtCtxGetCurrentDefaultStream", rc);
    rc = cpuaclLaunchKernel(NULL, k_nop, NULL);
    if (rc != ACL_SUCCESS && rc != ACL_ERROR_RT_CONTEXT_NULL && rc != ACL_ERROR_RT_INVALID_HANDLE &&
        rc != ACL_ERROR_INVALID_PARAM)
        fail_code("cpuaclLaunchKernel", rc);
    aclrtSynchronizeStream(NULL);
    return NULL;
}

static void test_set_current_vs_destroy(void)
{
    CHECK_OK(aclrtSetDevice(0));
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, 2);
    for (int i = 0, n = iters(2000); i < n; i++) {
        struct setter st = {.bar = &bar};
        CHECK_OK(aclrtCreateContext(&st.ctx, 0));
        pthread_t t;
        CHECK(pthread_create(&t, NULL, set_current, &st) == 0);
        pthread_barrier_wait(&bar);
        sleep_us((unsigned)(rand() % 20));
        CHECK_OK(aclrtDestroyContext(st.ctx));
        pthread_barrier_wait(&bar);
        CHECK(pthread_join(t, NULL) == 0);
    }
    pthread_barrier_destroy(&bar);
    CHECK_OK(aclrtResetDevice(0));
}

/* ---- 5: finalize racing stream creation and set device -------------------- */

struct creator {
    pthread_barrier_t *bar;
    _Atomic int stop;
};

static void *create_loop(void *arg)
{
    struct creator *c = arg;
    pthread_barrier_wait(c->bar);
    for (;;) {
        aclError rc = aclrtSetDevice(0);
        if (rc == ACL_ERROR_UNINITIALIZE)
            break;
        if (rc != ACL_SUCCESS)
            fail_code("aclrtSetDevice", rc);
        aclrtStream s;
        rc = aclrtCreateStream(&s);
        if (rc == ACL_SUCCESS) {
            rc = aclrtDestroyStream(s);
            if (rc != ACL_SUCCESS && rc != ACL_ERROR_RT_INVALID_HANDLE &&
                rc != ACL_ERROR_UNINITIALIZE && rc != ACL_ERROR_RT_CONTEXT_NULL &&
                rc != ACL_ERROR_RT_STREAM_CONTEXT)
                fail_code("aclrtDestroyStream", rc);
        } else if (rc != ACL_ERROR_UNINITIALIZE && rc != ACL_ERROR_RT_CONTEXT_NULL) {
            fail_code("aclrtCreateStream", rc);
        }
    }
    return NULL;
}

static void test_finalize_vs_create(void)
{
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, 2);
    for (int i = 0, n = iters(40); i < n; i++) {
        if (i)
            CHECK_OK(aclInit(NULL));
        CHECK_OK(aclrtSetDevice(0));
        aclrtStream s;
        for (int j = 0; j < 8; j++) /* streams to drain: finalize drops its lock */
            CHECK_OK(aclrtCreateStream(&s));
        struct creator c = {.bar = &bar};
        pthread_t t;
        CHECK(pthread_create(&t, NULL, create_loop, &c) == 0);
        pthread_barrier_wait(&bar);
        sleep_us((unsigned)(rand() % 200));
        CHECK_OK(aclFinalize());
        CHECK(pthread_join(t, NULL) == 0);
    }
    /* The next cycle works. */
    TEST_OPEN();
    CHECK_OK(cpuaclLaunchKernel(NULL, k_nop, NULL));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    pthread_barrier_destroy(&bar);
}

/* ---- 6: finalize while a thread waits in aclrtProcessReport --------------- */

static void *report_wait(void *arg)
{
    pthread_barrier_t *bar = arg;
    aclrtStream s = NULL;
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtSubscribeReport((uint64_t)pthread_self(), s));
    pthread_barrier_wait(bar);
    aclError rc = aclrtProcessReport(60000); /* finalize must end the wait */
    if (rc != ACL_ERROR_UNINITIALIZE && rc != ACL_ERROR_THREAD_NOT_SUBSCRIBE)
        fail_code("aclrtProcessReport", rc);
    return NULL;
}

static void test_finalize_vs_process_report(void)
{
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, 2);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, report_wait, &bar) == 0);
    pthread_barrier_wait(&bar);
    sleep_us(20000); /* let it wait */
    CHECK_OK(aclFinalize());
    CHECK(pthread_join(t, NULL) == 0);
    pthread_barrier_destroy(&bar);
}

/* ---- 7: DEFAULT copies with dead device pointers -------------------------- */

static void test_memcpy_default_dead_pointer(void)
{
    char host[256] = {0};
    CHECK_OK(aclrtSetDevice(0));
    void *d = NULL, *keep = NULL;
    CHECK_OK(aclrtMalloc(&d, 4096, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc(&keep, 4096, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtFree(d));
    /* freed device memory: refused, the pool is not written */
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpy(d, sizeof(host), host, sizeof(host), ACL_MEMCPY_DEFAULT));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpy(host, sizeof(host), d, sizeof(host), ACL_MEMCPY_DEFAULT));
    CHECK_OK(aclrtResetDevice(0));
    /* the device was reset: its memory is gone, never dereferenced */
    CHECK_OK(aclrtSetDevice(0));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpy(host, sizeof(host), keep, sizeof(host), ACL_MEMCPY_DEFAULT));
    CHECK_ACL(ACL_ERROR_INVALID_PARAM,
              aclrtMemcpy(keep, sizeof(host), host, sizeof(host), ACL_MEMCPY_DEFAULT));
    /* plain host memory still copies */
    char host2[256];
    memset(host, 7, sizeof(host));
    CHECK_OK(aclrtMemcpy(host2, sizeof(host2), host, sizeof(host), ACL_MEMCPY_DEFAULT));
    CHECK(host2[100] == 7);
    CHECK_OK(aclrtResetDevice(0));
}

/* ---- 8: finalize with an unprocessed blocking callback -------------------- */

static _Atomic int g_cb_runs;

static void cb(void *arg)
{
    (void)arg;
    atomic_fetch_add(&g_cb_runs, 1);
}

static void test_finalize_with_blocked_callback(void)
{
    CHECK_OK(aclrtSetDevice(0));
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtSubscribeReport((uint64_t)pthread_self(), s));
    CHECK_OK(aclrtLaunchCallback(cb, NULL, ACL_CALLBACK_BLOCK, s));
    CHECK_OK(aclrtLaunchCallback(cb, NULL, ACL_CALLBACK_NO_BLOCK, s));
    sleep_us(10000);
    CHECK_OK(aclFinalize()); /* must return: the callbacks are dropped unrun */
    CHECK(atomic_load(&g_cb_runs) == 0);
    CHECK_ACL(ACL_ERROR_UNINITIALIZE, aclrtProcessReport(100));
}

int main(void)
{
    int failures = 0;
    RUN(test_destroy_during_update, 60);
    RUN(test_reset_vs_model_destroy, 120);
    RUN(test_double_model_destroy, 120);
    RUN(test_set_current_vs_destroy, 120);
    RUN(test_finalize_vs_create, 120);
    RUN(test_finalize_vs_process_report, 30);
    RUN(test_memcpy_default_dead_pointer, 30);
    RUN(test_finalize_with_blocked_callback, 30);
    return failures ? 1 : 0;
}
