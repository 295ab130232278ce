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

static int g_failed;

static void setup(void)
{
}

static void teardown(void)
{
    aclError rc = aclFinalize();
    CHECK(rc == ACL_SUCCESS || rc == ACL_ERROR_REPEAT_FINALIZE);
}

static unsigned rnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static void sleep_us(unsigned us)
{
    if (!us) {
        sched_yield();
        return;
    }
    struct timespec ts = {0, (long)us * 1000L};
    nanosleep(&ts, NULL);
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
    int rounds = (int)(3000 * test_stress_scale());
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
    int rounds = (int)(3000 * test_stress_scale());
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
    (void)cb_nop;
}

int main(void)
{
    int failures = 0;
    RUN(test_subscribe_vs_stream_destroy, 200);
    RUN(test_sync_vs_stream_destroy, 200);
    return failures ? 1 : 0;
}
