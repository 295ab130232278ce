/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Issue 11, items found after the second pass (docs/reliability.md):
 *  - aclrtSubscribeReport / aclrtUnSubscribeReport racing the destroy of their
 *    stream and the reuse of its record: the call resolved the handle, then took
 *    the runtime lock without checking the stream's incarnation (SD1 tag), so it
 *    could subscribe the record's next stream;
 *  - aclrtSynchronizeStream / aclrtStreamQuery racing the destroy and reuse: the
 *    wait read the reused stream's counters;
 *  - a report thread whose submission finds the ring full behind its own blocking
 *    callback (CB4 on the full-ring wait);
 *  - the report-thread sequence of tests/fuzz/corpus/regress-timing-hang-report-
 *    thread repeated with random delays across two threads.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "isolate.h"
#include "testutil.h"
#include "delay.h"

static int g_failed;

static void setup(void)
{
}

static void teardown(void)
{
    aclError rc = aclFinalize();
    CHECK(rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_FINALIZE);
}



/* ---- subscriptions racing destroy + reuse (SD1) -------------------------- */

#define HIST 8 /* handles of the last incarnations, as stale thread ids */

static _Atomic(void *) g_sub_stream;
static _Atomic int g_sub_stop;
static _Atomic long g_sub_ok, g_sub_gone, g_sub_bad;

/* Subscribes the current stream h with the thread id (uint64_t)h (any id is
 * accepted: it names the processing thread) and unsubscribes it again. A
 * subscription made through a dead handle on the record's next stream carries
 * the dead handle as its id, which the main thread looks for. */
static void *subscriber(void *arg)
{
    CHECK_OK(aclrtSetCurrentContext(arg));
    while (!atomic_load(&g_sub_stop)) {
        void *h = atomic_load(&g_sub_stream);
        aclError rc = aclrtSubscribeReport((uint64_t)(uintptr_t)h, h);
        if (rc == ACL_SUCCESS) {
            atomic_fetch_add(&g_sub_ok, 1);
            rc = aclrtUnSubscribeReport((uint64_t)(uintptr_t)h, h);
            /* destroyed meanwhile: the destroy dropped the subscription
             * (100034, not subscribed: it resolved the record's next stream) */
            if (rc != ACL_SUCCESS && rc != ACL_ERROR_RT_INVALID_HANDLE) {
                if (atomic_fetch_add(&g_sub_bad, 1) < 5)
                    fprintf(stderr, "aclrtUnSubscribeReport: code %d\n", (int)rc);
            }
        } else if (rc == ACL_ERROR_RT_INVALID_HANDLE) {
            atomic_fetch_add(&g_sub_gone, 1);
        } else {
            /* 100033 (already subscribed): a stale subscription holds it */
            if (atomic_fetch_add(&g_sub_bad, 1) < 5)
                fprintf(stderr, "aclrtSubscribeReport: code %d\n", (int)rc);
        }
    }
    return NULL;
}

/* Is x subscribed with one of the older handles as thread id? Only (uint64_t)x
 * may be found there (the subscriber's own, live subscription). */
static int stale_subscription(void *x, void *const *hist, int n)
{
    int bad = 0;
    for (int k = 0; k < n; k++)
        if (hist[k] && hist[k] != x &&
            aclrtUnSubscribeReport((uint64_t)(uintptr_t)hist[k], x) == ACL_SUCCESS)
            bad++;
    return bad;
}

static void test_subscribe_vs_stream_destroy(void)
{
    TEST_OPEN();
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    void *hist[HIST] = {0};
    int nh = 0, stale = 0;
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    hist[nh++ % HIST] = s;
    atomic_store(&g_sub_stream, s);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, subscriber, ctx) == 0);
    unsigned seed = 17;
    int rounds = (int)(2000 * test_stress_scale());
    for (int i = 0; i < rounds; i++) {
        aclrtStream n;
        CHECK_OK(aclrtCreateStream(&n)); /* reuses the record destroyed last round */
        stale += stale_subscription(n, hist, HIST < nh ? HIST : nh);
        hist[nh++ % HIST] = n;
        atomic_store(&g_sub_stream, n);
        sleep_us(rnd(&seed) % 20);
        stale += stale_subscription(s, hist, HIST < nh ? HIST : nh);
        CHECK_OK(aclrtDestroyStream(s));
        s = n;
    }
    atomic_store(&g_sub_stop, 1);
    CHECK(pthread_join(t, NULL) == 0);
    stale += stale_subscription(s, hist, HIST < nh ? HIST : nh);
    printf("  %ld subscribed, %ld refused (destroyed), %d stale subscriptions, %ld bad codes\n",
           atomic_load(&g_sub_ok), atomic_load(&g_sub_gone), stale, atomic_load(&g_sub_bad));
    CHECK(stale == 0);
    CHECK(atomic_load(&g_sub_bad) == 0);
    CHECK(atomic_load(&g_sub_ok) > 0);
    CHECK_OK(aclrtDestroyStream(s));
}

/* ---- synchronisation and query racing destroy + reuse (SD6) -------------- */

static _Atomic(void *) g_sync_stream;
static _Atomic int g_sync_stop;
static _Atomic long g_sync_ok, g_sync_gone, g_sync_bad, g_query_ok, g_query_gone;
static aclrtStream g_private; /* the syncer's subscribed stream */

static int32_t k_nop(void *arg)
{
    (void)arg;
    return 0;
}

static void cb_nop(void *arg)
{
    (void)arg;
}

static void bad_code(const char *call, aclError rc)
{
    if (atomic_fetch_add(&g_sync_bad, 1) < 5)
        fprintf(stderr, "%s: code %d\n", call, (int)rc);
}

/* Queues work on the current stream and synchronises it (or queries it). It
 * has a report queue, so each wait first serves it (taking the runtime lock,
 * which the main thread's create/destroy contend for): that widens the window
 * between reading the stream's count and waiting, in which the stream can be
 * destroyed and its record reused with counters starting again from 0. A
 * waiter left behind with the old target then waited for the next streams'
 * work, for ever if they never got that far. */
static void *syncer(void *arg)
{
    CHECK_OK(aclrtSetCurrentContext(arg));
    CHECK_OK(aclrtSubscribeReport((uint64_t)pthread_self(), g_private));
    unsigned seed = 3;
    while (!atomic_load(&g_sync_stop)) {
        void *h = atomic_load(&g_sync_stream);
        int n = 1 + (int)(rnd(&seed) % 48);
        aclError rc = ACL_SUCCESS;
        for (int k = 0; k < n && rc == ACL_SUCCESS; k++)
            rc = cpuaclLaunchKernel(h, k_nop, NULL);
        if (rc != ACL_SUCCESS && rc != ACL_ERROR_RT_INVALID_HANDLE)
            bad_code("cpuaclLaunchKernel", rc);
        unsigned what = rnd(&seed) % 3;
        if (what == 2) {
            aclrtStreamStatus st;
            rc = aclrtStreamQuery(h, &st);
            if (rc == ACL_SUCCESS)
                atomic_fetch_add(&g_query_ok, 1);
            else if (rc == ACL_ERROR_RT_INVALID_HANDLE)
                atomic_fetch_add(&g_query_gone, 1);
            else
                bad_code("aclrtStreamQuery", rc);
            continue;
        }
        rc = what ? aclrtSynchronizeStream(h) : aclrtSynchronizeStreamWithTimeout(h, -1);
        if (rc == ACL_SUCCESS)
            atomic_fetch_add(&g_sync_ok, 1);
        else if (rc == ACL_ERROR_RT_INVALID_HANDLE)
            atomic_fetch_add(&g_sync_gone, 1);
        else
            bad_code("aclrtSynchronizeStream", rc);
    }
    CHECK_OK(aclrtUnSubscribeReport((uint64_t)pthread_self(), g_private));
    return NULL;
}

/* The main thread creates the next stream (reusing the records of destroyed
 * ones) and destroys the previous one while the syncer works on whichever is
 * current. Every synchronisation and query returns (a hang before the fix:
 * RUN's time limit) with success or 107017. */
static void test_sync_vs_stream_destroy(void)
{
    TEST_OPEN();
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    CHECK_OK(aclrtCreateStream(&g_private));
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    atomic_store(&g_sync_stream, s);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, syncer, ctx) == 0);
    unsigned seed = 29;
    int rounds = (int)(2000 * test_stress_scale());
    for (int i = 0; i < rounds && !atomic_load(&g_sync_bad); i++) {
        aclrtStream n;
        CHECK_OK(aclrtCreateStream(&n));
        atomic_store(&g_sync_stream, n);
        sleep_us(rnd(&seed) % 40);
        CHECK_OK((i & 3) == 3 ? aclrtDestroyStreamForce(s) : aclrtDestroyStream(s));
        s = n;
    }
    atomic_store(&g_sync_stop, 1);
    CHECK(pthread_join(t, NULL) == 0);
    printf("  synchronisations: %ld ok, %ld destroyed; queries: %ld ok, %ld destroyed; %ld bad\n",
           atomic_load(&g_sync_ok), atomic_load(&g_sync_gone), atomic_load(&g_query_ok),
           atomic_load(&g_query_gone), atomic_load(&g_sync_bad));
    CHECK(atomic_load(&g_sync_bad) == 0);
    CHECK(atomic_load(&g_sync_ok) > 0);
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtDestroyStream(g_private));
}

/* ---- a full ring behind the submitter's own blocking callback (CB4) ------ */

static _Atomic long g_seq, g_disorder, g_nested_ran;
static aclrtStream g_ring_stream;

struct step {
    long pos; /* expected place in the stream's order */
};

static void check_pos(long pos)
{
    long got = atomic_fetch_add(&g_seq, 1);
    if (got != pos && atomic_fetch_add(&g_disorder, 1) < 5)
        fprintf(stderr, "task %ld ran as number %ld\n", pos, got);
}

static int32_t k_step(void *arg)
{
    check_pos(((struct step *)arg)->pos);
    return 0;
}

static void cb_step(void *arg)
{
    check_pos(((struct step *)arg)->pos);
}

static _Atomic long g_counted;

static void cb_count(void *arg)
{
    (void)arg;
    atomic_fetch_add(&g_counted, 1);
}

static int32_t k_nested(void *arg)
{
    (void)arg;
    atomic_fetch_add(&g_nested_ran, 1);
    return 0;
}

/* A callback that launches onto its own (full) stream: it runs while the
 * thread's outer launch waits for ring space. */
static void cb_launch_more(void *arg)
{
    (void)arg;
    for (int i = 0; i < 100; i++)
        if (cpuaclLaunchKernel(g_ring_stream, k_nested, NULL) != ACL_SUCCESS &&
            atomic_fetch_add(&g_disorder, 1) < 5)
            fprintf(stderr, "nested launch failed\n");
}

/* With 64-slot rings, the thread subscribed to the stream queues blocking
 * callbacks and many kernels and host functions behind them on that stream:
 * once the ring is full its next launch waits for space that only its own
 * callback can free. The launch serves the thread's report queue while it
 * waits (a deadlock before: RUN's time limit), and everything runs in order. */
static void test_full_ring_serves_own_callbacks(void)
{
    setenv("CPUACL_RING_SLOTS", "64", 1);
    TEST_OPEN();
    CHECK_OK(aclrtCreateStream(&g_ring_stream));
    uint64_t me = (uint64_t)pthread_self();
    CHECK_OK(aclrtSubscribeReport(me, g_ring_stream));
    enum { N = 1000 };
    static struct step steps[N];
    long pos = 0;
    for (long i = 0; i < N; i++) {
        steps[i].pos = pos++;
        aclError rc;
        if (i % 300 == 150) { /* not ordered with the stream: only counted */
            pos--;
            rc = aclrtLaunchCallback(cb_count, NULL, ACL_CALLBACK_NO_BLOCK, g_ring_stream);
        } else if (i % 300 == 0)
            rc = aclrtLaunchCallback(cb_step, &steps[i], ACL_CALLBACK_BLOCK, g_ring_stream);
        else if (i % 7 == 0)
            rc = aclrtLaunchHostFunc(g_ring_stream, cb_step, &steps[i]);
        else
            rc = cpuaclLaunchKernel(g_ring_stream, k_step, &steps[i]);
        CHECK_OK(rc);
    }
    CHECK_OK(aclrtSynchronizeStream(g_ring_stream));
    while (atomic_load(&g_counted) < 3) /* NO_BLOCK callbacks handed over by now */
        CHECK_OK(aclrtProcessReport(100));
    CHECK(atomic_load(&g_seq) == pos);
    CHECK(atomic_load(&g_disorder) == 0);
    /* behind a blocking callback, one that launches onto the (full) stream
     * itself while the thread's launch waits for space. (A blocking one that
     * did would wait for its own stream: the program's deadlock, as on an NPU.) */
    CHECK_OK(aclrtLaunchCallback(cb_nop, NULL, ACL_CALLBACK_BLOCK, g_ring_stream));
    CHECK_OK(aclrtLaunchCallback(cb_launch_more, NULL, ACL_CALLBACK_NO_BLOCK, g_ring_stream));
    for (int i = 0; i < 300; i++)
        CHECK_OK(cpuaclLaunchKernel(g_ring_stream, k_nested, NULL));
    CHECK_OK(aclrtSynchronizeStream(g_ring_stream));
    while (atomic_load(&g_nested_ran) < 400) /* the nested launches, queued late */
        CHECK_OK(aclrtSynchronizeStream(g_ring_stream));
    CHECK(atomic_load(&g_nested_ran) == 400);
    CHECK(atomic_load(&g_disorder) == 0);
    CHECK_OK(aclrtUnSubscribeReport(me, g_ring_stream));
    CHECK_OK(aclrtDestroyStream(g_ring_stream));
    printf("  %ld ordered tasks, %ld nested\n", atomic_load(&g_seq), atomic_load(&g_nested_ran));
}

/* ---- the fuzz input regress-timing-hang-report-thread, with delays -------- */

/* The call sequence of tests/fuzz/corpus/regress-timing-hang-report-thread
 * (tests/fuzz/decode.py prints it), by two threads with random delays between
 * calls and a random late start of either thread, many rounds of aclInit ..
 * aclFinalize. As in the fuzzer, both threads process reports until both are
 * done. Its hang was the fuzzer's (a subscription for a thread id no thread
 * processes); here every subscription names a live thread, which may be
 * either one, and every call must return. */
static _Atomic(void *) q_s0, q_s1, q_ev0, q_mem0;
static uint64_t q_tid[2];
static _Atomic int q_done, q_ready;
static unsigned q_seed[2];
static unsigned q_sub_target, q_block;

static void q_delay(int t)
{
    unsigned r = rnd(&q_seed[t]) % 64;
    if (r < 40)
        sleep_us(r < 20 ? 0 : r);
}

static void q_nop(void *a)
{
    (void)a;
}

/* Thread t's start: note its id, meet the other thread, and sometimes start
 * late. */
static void q_start(int t)
{
    q_tid[t] = (uint64_t)pthread_self();
    atomic_fetch_add(&q_ready, 1);
    while (atomic_load(&q_ready) < 2)
        sched_yield();
    if (rnd(&q_seed[t]) % 4 == 0)
        sleep_us(rnd(&q_seed[t]) % 300); /* a late start */
}

/* A thread's end: process reports until both threads are done. */
static void q_finish(void)
{
    atomic_fetch_add(&q_done, 1);
    while (atomic_load(&q_done) < 2)
        (void)aclrtProcessReport(1);
}

static void *q_thread0(void *arg)
{
    (void)arg;
    q_start(0);
    void *h = NULL;
    (void)aclrtSetDevice(0);
    q_delay(0);
    if (aclrtCreateStream(&h) == ACL_SUCCESS)
        atomic_store(&q_s0, h);
    q_delay(0);
    if (aclrtCreateEventWithFlag(&h, 1) == ACL_SUCCESS)
        atomic_store(&q_ev0, h);
    q_delay(0);
    (void)aclrtRecordEvent(atomic_load(&q_ev0), atomic_load(&q_s0));
    q_delay(0);
    (void)aclrtSynchronizeEventWithTimeout(NULL, 20);
    q_delay(0);
    if (aclrtMalloc(&h, 10785, ACL_MEM_MALLOC_HUGE_ONLY) == ACL_SUCCESS)
        atomic_store(&q_mem0, h);
    q_delay(0);
    (void)aclrtSubscribeReport(q_tid[q_sub_target], atomic_load(&q_s1)); /* s1 may be NULL */
    q_delay(0);
    aclrtEvent ev2 = NULL;
    (void)aclrtCreateEvent(&ev2);
    for (int i = 0; i < 6; i++) {
        q_delay(0);
        (void)aclrtSetDevice(0);
    }
    q_delay(0);
    (void)aclrtLaunchCallback(q_nop, NULL, q_block ? ACL_CALLBACK_BLOCK : ACL_CALLBACK_NO_BLOCK,
                              atomic_load(&q_s1));
    q_delay(0);
    (void)aclrtSynchronizeEventWithTimeout(NULL, 20);
    q_delay(0);
    (void)aclrtSetDevice(2);
    q_delay(0);
    (void)aclrtDestroyStream(atomic_load(&q_s0));
    q_finish();
    return NULL;
}

static void *q_thread1(void *arg)
{
    (void)arg;
    q_start(1);
    void *h = NULL;
    (void)aclrtSetDevice(0);
    q_delay(1);
    if (aclrtCreateStream(&h) == ACL_SUCCESS)
        atomic_store(&q_s1, h);
    q_delay(1);
    (void)cpuaclLaunchKernel(atomic_load(&q_s0), k_nop, NULL);
    q_delay(1);
    (void)aclrtStreamWaitEvent(atomic_load(&q_s1), atomic_load(&q_ev0));
    q_delay(1);
    (void)aclrtLaunchHostFunc(atomic_load(&q_s0), q_nop, NULL);
    q_delay(1);
    if (aclrtCreateStreamWithConfig(&h, 156, 234) == ACL_SUCCESS)
        atomic_store(&q_s0, h);
    q_delay(1);
    (void)cpuaclLaunchKernel(NULL, k_nop, NULL);
    q_delay(1);
    (void)aclrtFree(atomic_load(&q_mem0));
    for (int i = 0; i < 4; i++) {
        q_delay(1);
        (void)aclrtSetDevice(0);
    }
    q_delay(1);
    (void)aclrtProcessReport(1);
    q_delay(1);
    (void)aclrtSynchronizeDeviceWithTimeout(90);
    q_delay(1);
    (void)aclrtResetDevice(0);
    q_delay(1);
    aclmdlRI m = NULL;
    if (aclmdlRICaptureEnd(atomic_load(&q_s1), &m) == ACL_SUCCESS)
        (void)aclmdlRIDestroy(m);
    q_delay(1);
    (void)aclrtSynchronizeStream(NULL);
    q_delay(1);
    (void)aclrtSetDevice(1);
    q_delay(1);
    (void)aclrtSetDevice(0);
    q_finish();
    return NULL;
}

#if defined(__SANITIZE_THREAD__)
#define UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define UNDER_TSAN 1
#endif
#endif

static void test_report_sequence_with_delays(void)
{
#ifdef UNDER_TSAN
    /* TSan reports a race inside jemalloc (Debian's, uninstrumented: a
     * memmove under its own arena mutex, no frame of ours) once device pools
     * come and go over many init/finalize cycles in a forked child; this case
     * looks for hangs, which the release and asan presets run. */
    printf("  skipped under TSan (jemalloc arena reports, see the comment)\n");
    return;
#endif
    setenv("CPUACL_WORKERS", "2", 1);
    setenv("CPUACL_DEVICE_MEMORY_MB", "16", 1);
    int rounds = (int)(300 * test_stress_scale());
    unsigned seed = 8;
    for (int r = 0; r < rounds && !g_failed; r++) {
        CHECK_OK(aclInit(NULL));
        atomic_store(&q_s0, NULL);
        atomic_store(&q_s1, NULL);
        atomic_store(&q_ev0, NULL);
        atomic_store(&q_mem0, NULL);
        atomic_store(&q_done, 0);
        atomic_store(&q_ready, 0);
        q_seed[0] = rnd(&seed);
        q_seed[1] = rnd(&seed);
        q_sub_target = rnd(&seed) % 4 ? 1 : 0; /* mostly the other thread, as the input */
        q_block = rnd(&seed) % 4 != 0;
        pthread_t t0, t1;
        CHECK(pthread_create(&t1, NULL, q_thread1, NULL) == 0);
        CHECK(pthread_create(&t0, NULL, q_thread0, NULL) == 0);
        CHECK(pthread_join(t0, NULL) == 0);
        CHECK(pthread_join(t1, NULL) == 0);
        CHECK_OK(aclFinalize());
    }
    printf("  %d rounds\n", rounds);
}

int main(void)
{
    int failures = 0;
    RUN(test_subscribe_vs_stream_destroy, 200);
    RUN(test_sync_vs_stream_destroy, 200);
    RUN(test_full_ring_serves_own_callbacks, 60);
    RUN(test_report_sequence_with_delays, 200);
    return failures ? 1 : 0;
}
