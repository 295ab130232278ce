/* SPDX-License-Identifier: Apache-2.0 */
/* Stress: 24 streams, 4 threads, random re-recorded cross-stream event waits. */
/* Stress: 24 streams over several workers fed by 4 threads with random cross-stream event
 * dependencies (events re-recorded constantly); every task verifies it runs exactly once, in order,
 * and never before the work its wait depends on. */
/*
 * Correctness argument (what a pass proves):
 *  ST1. Each stream is owned by one submitting thread, which numbers its tasks
 *      0, 1, 2, ... A task checks completed[stream] == its number, then
 *      stores number + 1. A lost task stops every later one on its stream
 *      (mismatch), a duplicate or a reordering shows as a mismatch too, and
 *      the final counts must equal the submitted counts.
 *  ST2. Each event slot has a mutex. A producer records the event on one of
 *      its streams and, under the same lock, stores (stream, tasks submitted
 *      to it before the record). A consumer, under the lock, makes one of its
 *      streams wait on the event and reads that pair, then launches a task
 *      carrying it; that task checks completed[source] >= count. Since the
 *      wait is issued while the slot describes the latest record, the runtime
 *      must wait for exactly that record: an early wake fails the check.
 *      Waits always name a record already submitted, so there is no cycle.
 *  ST3. Every task carries a checksum of its fields: a corrupted or mixed-up
 *      argument copy fails.
 *  ST4. Host-side checks: after aclrtSynchronizeStream completed == submitted;
 *      aclrtStreamQuery COMPLETE implies the same; after aclrtSynchronizeEvent
 *      the recorded count is reached.
 */
#include "acltest.h"

#include <stdalign.h>

#ifndef STRESS_OVERSUB
#define STRESS_OVERSUB 0 /* 1: more workers than cores, short spin */
#endif

#define NSTREAMS 24
#define NTHREADS 4
#define NEVENTS 32
#define NO_DEP UINT32_MAX
#define BASE_TASKS 8000000.0 /* at scale 1 */

struct task_arg {
    uint32_t sid;
    uint32_t dep_sid;
    uint64_t seq;
    uint64_t dep_count;
    uint64_t check;
};
_Static_assert(sizeof(struct task_arg) <= CPUACL_KERNEL_ARGS_MAX, "fits the copied block");

struct counter {
    alignas(64) _Atomic uint64_t v;
};

static struct counter completed[NSTREAMS];   /* written by the stream's tasks */
static _Atomic uint64_t submitted[NSTREAMS]; /* written by the owner thread only */
static aclrtStream streams[NSTREAMS];
static aclrtContext ctx;
static _Atomic uint64_t failures;

struct ev_slot {
    pthread_mutex_t mu;
    aclrtEvent ev;
    bool recorded;
    uint32_t src;
    uint64_t count;
};
static struct ev_slot evs[NEVENTS];

static uint64_t task_check(const struct task_arg *a)
{
    uint64_t h = mix64(a->sid ^ ((uint64_t)a->dep_sid << 32));
    h = mix64(h ^ a->seq);
    return mix64(h ^ a->dep_count);
}

static int32_t k_task(void *args)
{
    const struct task_arg *a = args;
    if (a->check != task_check(a) || a->sid >= NSTREAMS) {
        atomic_fetch_add(&failures, 1);
        KFAIL("corrupt task arguments (sid %u seq %llu)", a->sid, (unsigned long long)a->seq);
        return 0;
    }
    /* relaxed: the previous task of this stream happens-before this one
     * (stream order is the runtime's guarantee under test). */
    uint64_t done = atomic_load_explicit(&completed[a->sid].v, memory_order_relaxed);
    if (done != a->seq) {
        atomic_fetch_add(&failures, 1);
        KFAIL("stream %u: task %llu ran when %llu tasks had completed", a->sid,
              (unsigned long long)a->seq, (unsigned long long)done);
    }
    if (a->dep_sid != NO_DEP) {
        /* acquire: orders with nothing here; the event edge must make the
         * source's stores visible — a stale value is a runtime bug. */
        uint64_t dep = atomic_load_explicit(&completed[a->dep_sid].v, memory_order_acquire);
        if (dep < a->dep_count) {
            atomic_fetch_add(&failures, 1);
            KFAIL("stream %u task %llu passed a wait early: stream %u at %llu, recorded at %llu",
                  a->sid, (unsigned long long)a->seq, a->dep_sid, (unsigned long long)dep,
                  (unsigned long long)a->dep_count);
        }
    }
    atomic_store_explicit(&completed[a->sid].v, a->seq + 1, memory_order_release);
    return 0;
}

/* relaxed: submitted[] is read by its owner, and racily by the watchdog. */
static uint64_t nsubmitted(uint32_t sid)
{
    return atomic_load_explicit(&submitted[sid], memory_order_relaxed);
}

static void launch_task(uint32_t sid, uint32_t dep_sid, uint64_t dep_count)
{
    struct task_arg a = {sid, dep_sid, nsubmitted(sid), dep_count, 0};
    a.check = task_check(&a);
    CHECK_OK(cpuaclLaunchKernelArgs(streams[sid], k_task, &a, sizeof a));
    atomic_store_explicit(&submitted[sid], a.seq + 1, memory_order_relaxed);
}

static void check_stream_done(uint32_t sid, const char *how)
{
    uint64_t c = atomic_load(&completed[sid].v);
    if (c != nsubmitted(sid)) {
        fprintf(stderr, "stream %u: %llu of %llu tasks completed after %s\n", sid,
                (unsigned long long)c, (unsigned long long)nsubmitted(sid), how);
        exit(1);
    }
}

struct thread_stats {
    pthread_t th;
    uint32_t id;
    uint64_t budget, tasks, records, waits, syncs, queries, event_syncs;
};

static uint64_t xorshift(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* Watchdog: a runtime that loses a wake-up hangs; report the state and fail
 * instead of waiting for the ctest timeout. */
static _Atomic int finished;

static void *watchdog_main(void *arg)
{
    double stall_ms = *(double *)arg;
    uint64_t last = UINT64_MAX;
    double since = now_ms();
    while (!atomic_load(&finished)) {
        sleep_ms(100);
        uint64_t sum = 0;
        for (int i = 0; i < NSTREAMS; i++)
            sum += atomic_load_explicit(&completed[i].v, memory_order_relaxed);
        if (sum != last) {
            last = sum;
            since = now_ms();
            continue;
        }
        if (now_ms() - since < stall_ms)
            continue;
        fprintf(stderr, "no task completed for %.0f s; per stream completed/submitted:\n",
                stall_ms / 1e3);
        for (int i = 0; i < NSTREAMS; i++)
            fprintf(stderr, "  stream %2d: %llu/%llu\n", i,
                    (unsigned long long)atomic_load(&completed[i].v),
                    (unsigned long long)nsubmitted((uint32_t)i));
        for (int i = 0; i < NEVENTS; i++)
            if (pthread_mutex_trylock(&evs[i].mu) == 0) {
                pthread_mutex_unlock(&evs[i].mu);
            } else {
                fprintf(stderr, "  event slot %d busy (a thread waits on it)\n", i);
            }
        fflush(stderr);
        _exit(1);
    }
    return NULL;
}

static void *submit_main(void *arg)
{
    struct thread_stats *me = arg;
    CHECK_OK(aclrtSetCurrentContext(ctx));
    uint64_t rng = mix64(me->id + 1);
    const uint32_t per = NSTREAMS / NTHREADS; /* streams me->id + k * NTHREADS */
    while (me->tasks < me->budget) {
        uint32_t sid = me->id + (uint32_t)(xorshift(&rng) % per) * NTHREADS;
        uint32_t r = (uint32_t)(xorshift(&rng) % 10000);
        if (r < 300) { /* record an event on sid */
            struct ev_slot *e = &evs[xorshift(&rng) % NEVENTS];
            pthread_mutex_lock(&e->mu);
            CHECK_OK(aclrtRecordEvent(e->ev, streams[sid]));
            e->recorded = true;
            e->src = sid;
            e->count = nsubmitted(sid);
            pthread_mutex_unlock(&e->mu);
            me->records++;
        } else if (r < 600) { /* wait on an event, then a task that checks it */
            struct ev_slot *e = &evs[xorshift(&rng) % NEVENTS];
            uint32_t src = NO_DEP;
            uint64_t count = 0;
            pthread_mutex_lock(&e->mu);
            CHECK_OK(aclrtStreamWaitEvent(streams[sid], e->ev));
            if (e->recorded) {
                src = e->src;
                count = e->count;
            }
            pthread_mutex_unlock(&e->mu);
            launch_task(sid, src, count);
            me->tasks++;
            me->waits++;
        } else if (r < 602) { /* host sync of a stream */
            CHECK_OK(aclrtSynchronizeStream(streams[sid]));
            check_stream_done(sid, "aclrtSynchronizeStream");
            me->syncs++;
        } else if (r < 610) { /* query */
            aclrtStreamStatus st;
            CHECK_OK(aclrtStreamQuery(streams[sid], &st));
            if (st == ACL_STREAM_STATUS_COMPLETE)
                check_stream_done(sid, "aclrtStreamQuery said COMPLETE");
            me->queries++;
        } else if (r < 611) { /* host sync of an event */
            struct ev_slot *e = &evs[xorshift(&rng) % NEVENTS];
            pthread_mutex_lock(&e->mu);
            CHECK_OK(aclrtSynchronizeEvent(e->ev));
            if (e->recorded && atomic_load(&completed[e->src].v) < e->count) {
                fprintf(stderr, "aclrtSynchronizeEvent returned with stream %u at %llu < %llu\n",
                        e->src, (unsigned long long)atomic_load(&completed[e->src].v),
                        (unsigned long long)e->count);
                exit(1);
            }
            pthread_mutex_unlock(&e->mu);
            me->event_syncs++;
        } else {
            launch_task(sid, NO_DEP, 0);
            me->tasks++;
        }
    }
    for (uint32_t k = 0; k < per; k++) {
        uint32_t sid = me->id + k * NTHREADS;
        CHECK_OK(aclrtSynchronizeStream(streams[sid]));
        check_stream_done(sid, "the final aclrtSynchronizeStream");
    }
    return NULL;
}

int main(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1)
        cores = 1;
    char buf[16];
    if (STRESS_OVERSUB) {
        long w = cores + cores / 2 > 4 ? cores + cores / 2 : 4;
        snprintf(buf, sizeof buf, "%ld", w > 64 ? 64 : w);
        setenv("CPUACL_WORKERS", buf, 1);
        setenv("CPUACL_SPIN_US", "5", 1);
    } else if (cores < 3) {
        setenv("CPUACL_WORKERS", "2", 0); /* several workers even on a small machine */
    }
    uint64_t total = (uint64_t)(BASE_TASKS * test_stress_scale());
    if (total < 10000)
        total = 10000;

    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    uint32_t nworkers = 0;
    CHECK_OK(cpuaclGetWorkerCount(0, &nworkers));
    if (STRESS_OVERSUB)
        CHECK(nworkers > (uint32_t)cores || nworkers == 64);
    for (int i = 0; i < NSTREAMS; i++)
        CHECK_OK(aclrtCreateStream(&streams[i]));
    for (int i = 0; i < NEVENTS; i++) {
        pthread_mutex_init(&evs[i].mu, NULL);
        if (i % 2)
            CHECK_OK(aclrtCreateEvent(&evs[i].ev));
        else
            CHECK_OK(aclrtCreateEventExWithFlag(&evs[i].ev, ACL_EVENT_SYNC));
    }

    struct thread_stats ts[NTHREADS] = {{0}};
    double stall_ms = 30000;
    pthread_t watchdog;
    CHECK(pthread_create(&watchdog, NULL, watchdog_main, &stall_ms) == 0);
    double t0 = now_ms();
    for (uint32_t i = 0; i < NTHREADS; i++) {
        ts[i].id = i;
        ts[i].budget = total / NTHREADS;
        CHECK(pthread_create(&ts[i].th, NULL, submit_main, &ts[i]) == 0);
    }
    uint64_t tasks = 0, records = 0, waits = 0, syncs = 0;
    for (uint32_t i = 0; i < NTHREADS; i++) {
        pthread_join(ts[i].th, NULL);
        tasks += ts[i].tasks;
        records += ts[i].records;
        waits += ts[i].waits;
        syncs += ts[i].syncs + ts[i].event_syncs;
    }
    CHECK_OK(aclrtSynchronizeDevice());
    double secs = (now_ms() - t0) / 1e3;
    atomic_store(&finished, 1);
    pthread_join(watchdog, NULL);
    CHECK_NO_KFAIL();
    CHECK(atomic_load(&failures) == 0);
    uint64_t sum = 0;
    for (int i = 0; i < NSTREAMS; i++) {
        check_stream_done((uint32_t)i, "the device sync");
        sum += nsubmitted((uint32_t)i);
    }
    CHECK(sum == tasks);

    uint64_t parks = 0, wakeups = 0;
    for (uint32_t w = 0; w < nworkers; w++) {
        cpuaclWorkerStats st;
        CHECK_OK(cpuaclGetWorkerStats(0, w, &st));
        parks += st.parks;
        wakeups += st.wakeups;
    }
    printf("stream_stress%s: tasks=%llu streams=%d workers=%u threads=%d records=%llu "
           "waits=%llu syncs=%llu parks=%llu wakeups=%llu time=%.2fs rate=%.2fM/s\n",
           STRESS_OVERSUB ? "_oversub" : "", (unsigned long long)tasks, NSTREAMS, nworkers,
           NTHREADS, (unsigned long long)records, (unsigned long long)waits,
           (unsigned long long)syncs, (unsigned long long)parks, (unsigned long long)wakeups, secs,
           (double)tasks / secs / 1e6);

    for (int i = 0; i < NEVENTS; i++) {
        CHECK_OK(aclrtDestroyEvent(evs[i].ev));
        pthread_mutex_destroy(&evs[i].mu);
    }
    for (int i = 0; i < NSTREAMS; i++)
        CHECK_OK(aclrtDestroyStream(streams[i]));
    TEST_CLOSE();
    return 0;
}
