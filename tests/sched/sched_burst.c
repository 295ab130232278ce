/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Engine stress for the streaming paths (issue 16): one producer per stream
 * submits bursts of random length (1 .. several rings) with random gaps
 * (none, a short spin, a sleep that lets the worker park), synchronising
 * after some bursts. It exercises the producer's prefetch of slots ahead
 * (at every lap boundary and with a full ring), the paced wait for ring
 * space, and the worker's slip after a burst close behind a moving producer
 * (sched/worker.c W7), on rings of 64 and 1024 slots. Every task carries a
 * payload the worker checks in order; after each synchronisation every task
 * submitted so far must have run, and at the end the worker's task counter
 * must equal the tasks finished.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sched/sched.h"
#include "sched/stream.h"
#include "sched/worker.h"
#include "tests/sched/sched_util.h"

#define NSTREAMS 2


struct lane {
    struct sched_stream s;
    uint64_t expect; /* worker side: next sequence number */
    uint64_t seq;    /* producer side */
    uint64_t rng;
    uint64_t syncs;
};

static struct lane lanes[NSTREAMS];
static uint64_t per_lane;

static int run_task(struct sched_task *t, struct sched_exec *x)
{
    (void)x;
    struct lane *l = t->arg.ptr[0];
    uint64_t seq = t->arg.u64[1];
    if (seq != l->expect)
        FAIL("lane %d: ran seq %llu, expected %llu", (int)(l - lanes), (unsigned long long)seq,
             (unsigned long long)l->expect);
    for (int k = 2; k < 6; k++)
        if (t->arg.u64[k] != mix(seq, (uint64_t)k))
            FAIL("lane %d: torn payload at seq %llu", (int)(l - lanes), (unsigned long long)seq);
    l->expect++;
    return SCHED_DONE;
}

static uint64_t rnd(struct lane *l)
{
    return xorshift64(&l->rng);
}

static void *producer(void *arg)
{
    struct lane *l = arg;
    struct sched_stream *s = &l->s;
    while (l->seq < per_lane) {
        uint64_t r = rnd(l);
        uint64_t burst = 1 + r % (3 * (s->mask + 1) + 7);
        for (uint64_t i = 0; i < burst; i++) {
            struct sched_task *t = sched_stream_reserve(s);
            t->run = run_task;
            t->kind = 1;
            t->flags = 0;
            t->u16 = 0;
            t->arg.ptr[0] = l;
            t->arg.u64[1] = l->seq;
            for (int k = 2; k < 6; k++)
                t->arg.u64[k] = mix(l->seq, (uint64_t)k);
            sched_stream_commit(s);
            l->seq++;
        }
        switch ((r >> 40) % 4) {
        case 0: { /* synchronise: everything submitted has run, in order */
            uint64_t target = sched_stream_submitted(s);
            if (sched_stream_wait(s, target, sched_now_ns() + 60ull * 1000000000u))
                FAIL("lane %d: sync timed out", (int)(l - lanes));
            if (l->expect < target) /* head's release (S2) publishes expect */
                FAIL("lane %d: sync returned with %llu of %llu run", (int)(l - lanes),
                     (unsigned long long)l->expect, (unsigned long long)target);
            l->syncs++;
            break;
        }
        case 1: { /* a pause longer than the spin budget: the worker parks */
            struct timespec ts = {0, 200000};
            nanosleep(&ts, NULL);
            break;
        }
        case 2:
            for (int k = 0; k < 200; k++)
                base_cpu_relax();
            break;
        default: /* straight into the next burst */
            break;
        }
    }
    return NULL;
}

static void round_with(uint32_t ring_slots)
{
    struct sched_config cfg = {.spin_ns = 20000, .ring_slots = ring_slots, .pin_workers = false};
    sched_init(&cfg);
    if (sched_worker_start(0, -1))
        FAIL("cannot start the worker");
    struct sched_worker *w = sched_worker_get(0);
    uint64_t tasks0 = atomic_load_explicit(&w->st.tasks, memory_order_relaxed);
    for (uint32_t i = 0; i < NSTREAMS; i++) {
        memset(&lanes[i], 0, sizeof(lanes[i]));
        lanes[i].rng = 0x9E3779B9ull * (i + 1) + ring_slots;
        if (sched_stream_init(&lanes[i].s, &lanes[i]))
            FAIL("ring alloc");
        sched_worker_attach(w, &lanes[i].s);
    }
    pthread_t th[NSTREAMS];
    for (uint32_t i = 0; i < NSTREAMS; i++)
        pthread_create(&th[i], NULL, producer, &lanes[i]);
    for (uint32_t i = 0; i < NSTREAMS; i++)
        pthread_join(th[i], NULL);
    uint64_t total = 0, syncs = 0;
    for (uint32_t i = 0; i < NSTREAMS; i++) {
        struct sched_stream *s = &lanes[i].s;
        if (sched_stream_wait(s, sched_stream_submitted(s), sched_now_ns() + 60ull * 1000000000u))
            FAIL("lane %u did not drain", i);
        if (lanes[i].expect != lanes[i].seq)
            FAIL("lane %u: ran %llu of %llu", i, (unsigned long long)lanes[i].expect,
                 (unsigned long long)lanes[i].seq);
        total += sched_stream_finished(s);
        syncs += lanes[i].syncs;
        sched_worker_detach(s);
        sched_stream_fini(s);
        memset(s, 0, sizeof(*s)); /* sched_stream_init wants a zeroed new stream */
    }
    uint64_t tasks = atomic_load_explicit(&w->st.tasks, memory_order_relaxed) - tasks0;
    sched_worker_stop(0);
    if (tasks != total)
        FAIL("worker counter %llu != tasks finished %llu", (unsigned long long)tasks,
             (unsigned long long)total);
    printf("sched_burst: ring %u: %llu tasks, %llu syncs: ok\n", ring_slots,
           (unsigned long long)total, (unsigned long long)syncs);
}

int main(void)
{
    const char *sc = getenv("CPUACL_STRESS_SCALE");
    double scale = sc ? atof(sc) : 1.0;
    if (scale <= 0)
        scale = 1.0;
    per_lane = (uint64_t)(300000 * scale) + 100;
    round_with(64);
    round_with(1024);
    return 0;
}
