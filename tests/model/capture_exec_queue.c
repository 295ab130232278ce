/* SPDX-License-Identifier: Apache-2.0 */
/* Queued executions of one model (core/model/model.c: EXEC runs lane 0 in place on
 * the launching stream; the one-CAS fast path, X1-X3):
 *  1. many runs queued on one stream, interleaved with eager kernels, run in
 *     exactly submission order, each whole (more tasks than the ring holds);
 *  2. two threads executing one model on their own streams: every run runs,
 *     runs never interleave (executions of one model are serialised);
 *  3. destroy while runs are queued: 107037 (model running) and the queued
 *     runs all run; after the destroy the handle is refused (107017), also
 *     once a new model reuses the record;
 *  4. a destroy racing a thread that executes: every execute that returned
 *     success ran, none after the destroy succeeded, and a model captured
 *     meanwhile (which may reuse the record) never runs under the old handle;
 *  5. a two-lane model launched on each of its own lane streams
 *     (aclmdlRIGetStreams) and on a user stream. */
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cpuacl/cpuacl.h"
#include "testutil.h"
#include "capture.h"

enum { MAXLOG = 1 << 20 };

static uint32_t g_log[MAXLOG];
static _Atomic uint32_t g_n;

/* A kernel logging its argument (the log's index is taken atomically: two
 * streams may run kernels at once in part 2's eager-free checks too). */
static int32_t logk(void *a)
{
    /* relaxed: the slot index only; the host reads after synchronising */
    uint32_t i = atomic_fetch_add_explicit(&g_n, 1, memory_order_relaxed);
    if (i < MAXLOG)
        g_log[i] = (uint32_t)(uintptr_t)a;
    return 0;
}

/* logk, then ~2 us of work: widens the window in which two executions of a
 * model on two workers would overlap if they were not serialised. */
static int32_t slowk(void *a)
{
    logk(a);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &t1);
    while ((t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec) < 2000);
    return 0;
}

static void log_reset(void)
{
    atomic_store(&g_n, 0);
}

static uint32_t log_len(void)
{
    return atomic_load(&g_n);
}

/* Capture a model of `n` kernels logging base+1 .. base+n on s. */
static aclmdlRI capture_k(aclrtStream s, uint32_t base, uint32_t n, cpuaclKernel k)
{
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    for (uint32_t i = 1; i <= n; i++)
        CHECK_OK(cpuaclLaunchKernel(s, k, (void *)(uintptr_t)(base + i)));
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    return ri;
}

static aclmdlRI capture(aclrtStream s, uint32_t base, uint32_t n)
{
    return capture_k(s, base, n, logk);
}

/* ---- 1 ------------------------------------------------------------------ */

static int ordered_on_one_stream(void)
{
    enum { RUNS = 3000 };
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclmdlRI ri = capture(s, 0, 3);
    log_reset();
    for (uint32_t r = 0; r < RUNS; r++) {
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        CHECK_OK(cpuaclLaunchKernel(s, logk, (void *)(uintptr_t)(1000 + r)));
    }
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(log_len() == RUNS * 4);
    for (uint32_t r = 0; r < RUNS; r++)
        for (uint32_t j = 0; j < 4; j++) {
            uint32_t want = j < 3 ? j + 1 : 1000 + r;
            if (g_log[r * 4 + j] != want) {
                fprintf(stderr, "part 1: entry %u is %u, expected %u\n", r * 4 + j,
                        g_log[r * 4 + j], want);
                return 1;
            }
        }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(s));
    return 0;
}

/* ---- 2 ------------------------------------------------------------------ */

struct exec_arg {
    aclmdlRI ri;
    aclrtContext ctx;
    uint32_t runs;
    int rc;
};

/* A thread's own stream in ctx; false on failure. */
static bool thread_stream(aclrtContext ctx, aclrtStream *s)
{
    return aclrtSetCurrentContext(ctx) == ACL_SUCCESS && aclrtCreateStream(s) == ACL_SUCCESS;
}

static void *exec_thread(void *p)
{
    struct exec_arg *a = p;
    a->rc = 1;
    aclrtStream s;
    if (!thread_stream(a->ctx, &s))
        return NULL;
    for (uint32_t r = 0; r < a->runs; r++)
        if (aclmdlRIExecuteAsync(a->ri, s) != ACL_SUCCESS)
            return NULL;
    if (aclrtSynchronizeStream(s) != ACL_SUCCESS || aclrtDestroyStream(s) != ACL_SUCCESS)
        return NULL;
    a->rc = 0;
    return NULL;
}

static int two_threads_one_model(aclrtContext ctx)
{
    enum { RUNS = 1500 };
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclmdlRI ri = capture_k(s, 0, 3, slowk);
    log_reset();
    struct exec_arg a[2] = {{ri, ctx, RUNS, 1}, {ri, ctx, RUNS, 1}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        CHECK(pthread_create(&t[i], NULL, exec_thread, &a[i]) == 0);
    for (int i = 0; i < 2; i++) {
        pthread_join(t[i], NULL);
        CHECK(a[i].rc == 0);
    }
    CHECK(log_len() == 2 * RUNS * 3);
    for (uint32_t i = 0; i < 2 * RUNS * 3; i++)
        if (g_log[i] != i % 3 + 1) {
            fprintf(stderr, "part 2: entry %u is %u: runs interleaved or lost\n", i, g_log[i]);
            return 1;
        }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(s));
    return 0;
}

/* ---- 3 ------------------------------------------------------------------ */

static _Atomic int g_gate;

static void gate_fn(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 200000};
    while (!atomic_load(&g_gate))
        nanosleep(&ts, NULL);
}

static int destroy_while_queued(void)
{
    enum { RUNS = 200 };
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    aclmdlRI ri = capture(s, 0, 3);
    log_reset();
    atomic_store(&g_gate, 0);
    CHECK_OK(aclrtLaunchHostFunc(s, gate_fn, NULL));
    for (uint32_t r = 0; r < RUNS; r++)
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
    CHECK_ACL(ACL_ERROR_RT_MODEL_RUNNING, aclmdlRIDestroy(ri));
    CHECK_OK(aclmdlRIExecuteAsync(ri, s)); /* still live: one more run */
    CHECK(log_len() == 0);
    atomic_store(&g_gate, 1);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(log_len() == (RUNS + 1) * 3);
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIExecuteAsync(ri, s));
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIDestroy(ri));
    /* A new model (its record may be the old one's): the old handle stays
     * dead, the new one runs its own nodes. */
    aclmdlRI ri2 = capture(s, 10, 2);
    log_reset();
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclmdlRIExecuteAsync(ri, s));
    CHECK_OK(aclmdlRIExecuteAsync(ri2, s));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(log_len() == 2 && g_log[0] == 11 && g_log[1] == 12);
    CHECK_OK(aclmdlRIDestroy(ri2));
    CHECK_OK(aclrtDestroyStream(s));
    return 0;
}

/* ---- 4 ------------------------------------------------------------------ */

struct race_arg {
    aclmdlRI ri;
    aclrtContext ctx;
    _Atomic int destroyed; /* set by the destroyer after its success */
    uint32_t ok, late_ok;  /* successes; successes begun after `destroyed` was seen */
    int bad;
};

static void *race_exec(void *p)
{
    struct race_arg *a = p;
    a->bad = 1;
    aclrtStream s;
    if (!thread_stream(a->ctx, &s))
        return NULL;
    int gone = 0;
    for (uint32_t i = 0; i < 20000; i++) {
        int seen = atomic_load(&a->destroyed);
        aclError e = aclmdlRIExecuteAsync(a->ri, s);
        if (e == ACL_SUCCESS) {
            if (gone)
                goto out; /* a success after a refusal: the handle came back */
            a->ok++;
            if (seen)
                a->late_ok++;
        } else if (e == ACL_ERROR_RT_INVALID_HANDLE) {
            gone = 1;
        } else {
            fprintf(stderr, "part 4: execute returned %d\n", (int)e);
            goto out;
        }
        if ((i & 63) == 0)
            sched_yield();
    }
    if (aclrtSynchronizeStream(s) != ACL_SUCCESS)
        goto out;
    a->bad = 0;
out:
    aclrtDestroyStream(s);
    return NULL;
}

static int destroy_races_execute(aclrtContext ctx)
{
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    for (int round = 0; round < 20; round++) {
        aclmdlRI ri = capture(s, 0, 3);
        log_reset();
        struct race_arg a = {.ri = ri, .ctx = ctx};
        pthread_t t;
        CHECK(pthread_create(&t, NULL, race_exec, &a) == 0);
        struct timespec ts = {0, 100000 * (long)(round % 7)};
        nanosleep(&ts, NULL);
        aclError e;
        while ((e = aclmdlRIDestroy(ri)) == ACL_ERROR_RT_MODEL_RUNNING)
            sched_yield();
        CHECK_OK(e);
        atomic_store(&a.destroyed, 1);
        /* A new model while the thread may still call with the old handle. */
        aclmdlRI ri2 = capture(s, 100, 3);
        pthread_join(t, NULL);
        CHECK(a.bad == 0);
        CHECK(a.late_ok == 0);
        /* Every success ran, whole, and nothing of the new model ran. */
        CHECK(log_len() == a.ok * 3);
        for (uint32_t i = 0; i < a.ok * 3; i++)
            CHECK(g_log[i] == i % 3 + 1);
        CHECK_OK(aclmdlRIDestroy(ri2));
    }
    CHECK_OK(aclrtDestroyStream(s));
    return 0;
}

/* ---- 5 ------------------------------------------------------------------ */

static int on_own_lane_streams(void)
{
    aclrtStream s0, s1;
    aclrtEvent fork, join;
    CHECK_OK(aclrtCreateStream(&s0));
    CHECK_OK(aclrtCreateStream(&s1));
    CHECK_OK(aclrtCreateEvent(&fork));
    CHECK_OK(aclrtCreateEvent(&join));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(s0, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(s0, logk, (void *)(uintptr_t)20));
    join_stream(s1, s0, fork);
    CHECK_OK(cpuaclLaunchKernel(s1, logk, (void *)(uintptr_t)21));
    join_stream(s0, s1, join);
    CHECK_OK(cpuaclLaunchKernel(s0, logk, (void *)(uintptr_t)22));
    CHECK_OK(aclmdlRICaptureEnd(s0, &ri));
    aclrtStream lanes[4];
    uint32_t nl = 4;
    CHECK_OK(aclmdlRIGetStreams(ri, lanes, &nl));
    CHECK(nl == 2);
    aclrtStream on[] = {lanes[1], lanes[0], s0, lanes[1]};
    for (unsigned i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
        log_reset();
        CHECK_OK(aclmdlRIExecuteAsync(ri, on[i]));
        CHECK_OK(aclmdlRIExecuteAsync(ri, on[i]));
        CHECK_OK(aclrtSynchronizeStream(on[i]));
        CHECK(log_len() == 6);
        for (uint32_t j = 0; j < 6; j++)
            CHECK(g_log[j] == 20 + j % 3);
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyEvent(fork));
    CHECK_OK(aclrtDestroyEvent(join));
    CHECK_OK(aclrtDestroyStream(s0));
    CHECK_OK(aclrtDestroyStream(s1));
    return 0;
}

int main(void)
{
    /* Two workers (unless set): the streams of part 2 run on both, so
     * executions of one model on two streams could overlap if not serialised. */
    setenv("CPUACL_WORKERS", "2", 0);
    TEST_OPEN();
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    int rc = ordered_on_one_stream();
    if (!rc)
        rc = two_threads_one_model(ctx);
    if (!rc)
        rc = destroy_while_queued();
    if (!rc)
        rc = destroy_races_execute(ctx);
    if (!rc)
        rc = on_own_lane_streams();
    TEST_CLOSE();
    if (!rc)
        printf("capture_exec_queue: ok\n");
    return rc;
}
