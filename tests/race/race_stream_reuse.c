/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Issue 11, the last open race (core/runtime/runtime.h T7, sched/stream.h S7): launches
 * racing the destroy of their stream and the reuse of its record by the next
 * aclrtCreateStream. Submitting threads read the "current" stream handle and
 * launch on it while the main thread creates a new stream (which reuses the
 * records of destroyed ones), publishes it and destroys the old one (plain or
 * force). Every task carries (incarnation, thread, sequence); the kernel
 * checks, when it runs, that
 *  - its incarnation's destroy has not returned yet: aclrtDestroyStream waits
 *    for the stream's work, so a task that runs later was queued after the
 *    drain, i.e. on the record's next stream (the bug: it landed there);
 *  - per (incarnation, thread) sequences run in increasing order;
 * and at the end, per incarnation: every successful launch ran exactly once
 * (none lost; with a force destroy, ran or was discarded), every owned
 * kernel's release ran exactly once per successful launch and never for a
 * failed one, and every failure is ACL_ERROR_RT_INVALID_HANDLE. Event records
 * racing the destroy are synchronised at the end: a record that failed must
 * not leave the event waiting for it (a hang).
 */
#include <pthread.h>
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

#define NTHR 3
#define MAXINC 4096

struct inc_stats {
    _Atomic int destroyed;   /* its aclrtDestroyStream returned */
    _Atomic long launched;   /* successful launches (kernels and owned kernels) */
    _Atomic long owned_ok;   /* successful owned launches */
    _Atomic long ran;        /* kernels that ran */
    _Atomic long released;   /* owned releases */
    _Atomic long late;       /* ran after the destroy returned: on another stream */
    _Atomic long disorder;   /* a sequence ran before an earlier one */
    _Atomic uint64_t last[NTHR]; /* last sequence run + 1, per thread */
};

static struct inc_stats g_inc[MAXINC];
static aclrtStream g_handle[MAXINC];
static _Atomic uint32_t g_cur; /* incarnation to launch on */
static _Atomic int g_stop;
static _Atomic int g_started; /* submitters that have launched once */
static _Atomic long g_refused, g_bad_code;
static aclrtEvent g_ev[NTHR];

struct payload {
    uint32_t inc, thr;
    uint64_t seq;
};

static void ran_one(const struct payload *p)
{
    struct inc_stats *st = &g_inc[p->inc];
    if (atomic_load(&st->destroyed))
        atomic_fetch_add(&st->late, 1);
    /* the tasks of one (incarnation, thread) run on one stream, in order */
    uint64_t prev = atomic_exchange(&st->last[p->thr], p->seq + 1);
    if (prev > p->seq)
        atomic_fetch_add(&st->disorder, 1);
    atomic_fetch_add(&st->ran, 1);
}

static int32_t k_payload(void *args)
{
    ran_one(args);
    return 0;
}

static int32_t k_owned(void *args)
{
    ran_one(args);
    return 0;
}

static void owned_release(void *args)
{
    struct payload *p = args;
    atomic_fetch_add(&g_inc[p->inc].released, 1);
    free(p);
}

static bool code_ok(aclError rc)
{
    if (rc == ACL_SUCCESS)
        return true;
    atomic_fetch_add(&g_refused, 1);
    if (rc == ACL_ERROR_RT_INVALID_HANDLE)
        return false;
    fprintf(stderr, "undocumented code %d for a launch on a destroyed stream\n", (int)rc);
    atomic_fetch_add(&g_bad_code, 1);
    return false;
}

static void *submitter(void *arg)
{
    uint32_t thr = (uint32_t)(uintptr_t)arg;
    aclrtContext ctx = NULL;
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    uint64_t seq = 0;
    bool started = false;
    while (!atomic_load(&g_stop)) {
        if (!started && seq > 0) { /* the rounds start once every submitter runs */
            atomic_fetch_add(&g_started, 1);
            started = true;
        }
        uint32_t inc = atomic_load(&g_cur); /* seq_cst: g_handle[inc] was written before */
        aclrtStream s = g_handle[inc];
        struct payload p = {inc, thr, seq};
        switch (seq % 4) {
        case 0:
        case 1:
            if (code_ok(cpuaclLaunchKernelArgs(s, k_payload, &p, sizeof(p)))) {
                atomic_fetch_add(&g_inc[inc].launched, 1);
                seq++;
            }
            break;
        case 2: {
            struct payload *o = malloc(sizeof(*o));
            CHECK(o != NULL);
            *o = p;
            if (code_ok(cpuaclLaunchKernelOwned(s, k_owned, o, owned_release))) {
                atomic_fetch_add(&g_inc[inc].launched, 1);
                atomic_fetch_add(&g_inc[inc].owned_ok, 1);
                seq++;
            } else {
                free(o); /* not taken on failure (core/launch.h) */
            }
            break;
        }
        default:
            (void)code_ok(aclrtRecordEvent(g_ev[thr], s));
            seq++; /* the sequence only orders kernels */
            break;
        }
    }
    return NULL;
}


static void race(bool force)
{
    memset(g_inc, 0, sizeof(g_inc));
    atomic_store(&g_stop, 0);
    atomic_store(&g_started, 0);
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    for (int t = 0; t < NTHR; t++)
        CHECK_OK(aclrtCreateEvent(&g_ev[t]));
    CHECK_OK(aclrtCreateStream(&g_handle[0]));
    atomic_store(&g_cur, 0);
    pthread_t th[NTHR];
    for (int t = 0; t < NTHR; t++)
        CHECK(pthread_create(&th[t], NULL, submitter, (void *)(uintptr_t)t) == 0);
    while (atomic_load(&g_started) < NTHR) /* a loaded machine may start them late */
        sleep_us(1000);
    unsigned seed = force ? 17u : 5u;
    int rounds = (int)(600 * test_stress_scale());
    if (rounds < 40)
        rounds = 40;
    if (rounds > MAXINC - 1)
        rounds = MAXINC - 1;
    uint32_t i = 0;
    for (int r = 0; r < rounds && !g_failed; r++) {
        seed = seed * 1103515245u + 12345u;
        sleep_us((seed >> 8) % 300);
        /* the new stream first, so it reuses the record of an earlier one */
        CHECK_OK(aclrtCreateStream(&g_handle[i + 1]));
        atomic_store(&g_cur, i + 1);
        aclError rc = (force && (r & 1)) ? aclrtDestroyStreamForce(g_handle[i])
                                         : aclrtDestroyStream(g_handle[i]);
        CHECK_OK(rc);
        atomic_store(&g_inc[i].destroyed, 1);
        i++;
    }
    atomic_store(&g_stop, 1);
    for (int t = 0; t < NTHR; t++)
        CHECK(pthread_join(th[t], NULL) == 0);
    CHECK_OK(aclrtDestroyStream(g_handle[i]));
    atomic_store(&g_inc[i].destroyed, 1);
    /* every record either went in or failed cleanly: none is waited for forever */
    for (int t = 0; t < NTHR; t++) {
        CHECK_OK(aclrtSynchronizeEvent(g_ev[t]));
        CHECK_OK(aclrtDestroyEvent(g_ev[t]));
    }
    CHECK_OK(aclrtSynchronizeDevice());
    long launched = 0, ran = 0, late = 0, lost = 0, disorder = 0, relbad = 0;
    for (uint32_t k = 0; k <= i; k++) {
        struct inc_stats *st = &g_inc[k];
        bool forced = force && (k & 1) && k < i;
        long l = atomic_load(&st->launched), n = atomic_load(&st->ran);
        launched += l;
        ran += n;
        late += atomic_load(&st->late);
        disorder += atomic_load(&st->disorder);
        if (forced ? n > l : n != l) {
            fprintf(stderr, "incarnation %u: %ld launched, %ld ran\n", k, l, n);
            lost++;
        }
        if (atomic_load(&st->released) != atomic_load(&st->owned_ok)) {
            fprintf(stderr, "incarnation %u: %ld owned launches, %ld releases\n", k,
                    atomic_load(&st->owned_ok), atomic_load(&st->released));
            relbad++;
        }
    }
    printf("  %s: %u streams, %ld launched, %ld ran, %ld refused (stream destroyed)\n",
           force ? "destroy and force-destroy" : "destroy", i + 1, launched, ran,
           atomic_load(&g_refused));
    CHECK(late == 0);     /* nothing ran on the next stream of the record */
    CHECK(disorder == 0); /* stream order per producer */
    CHECK(lost == 0);     /* nothing lost (or run twice) */
    CHECK(relbad == 0);   /* owned arguments released exactly once */
    CHECK(atomic_load(&g_bad_code) == 0);
    CHECK(launched > 0);
}

static void test_launch_vs_destroy_reuse(void)
{
    race(false);
}

static void test_launch_vs_force_destroy_reuse(void)
{
    race(true);
}

int main(void)
{
    int failures = 0;
    RUN(test_launch_vs_destroy_reuse, 200);
    RUN(test_launch_vs_force_destroy_reuse, 200);
    return failures ? 1 : 0;
}
