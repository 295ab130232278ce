/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Engine stress: more workers than cores, small rings (back-pressure), a short
 * spin budget (workers and waiters park often), several producer threads, one
 * stream shared by all producers (the guard), and random cross-stream
 * dependencies through conditions. Every task carries a payload the worker
 * checks: a lost, duplicated or reordered task, a torn record, or a wait that
 * passes before its record ran fails the test.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/cond.h"
#include "sched/sched.h"
#include "sched/stream.h"
#include "sched/worker.h"
#include "tests/sched/sched_util.h"

#define NWORKERS 3
#define NPROD 3
#define NOWN 4                   /* streams owned by each producer */
#define NSTREAMS (NPROD * NOWN + 1) /* + one shared stream */
#define SHARED (NSTREAMS - 1)
#define MAXREC (1u << 20)

enum { K_WORK = 1, K_RECORD, K_WAIT };

struct stream_state {
    struct sched_stream s;
    struct sched_cond cond;
    uint64_t expect[NPROD];          /* worker side: next sequence per producer */
    _Atomic uint64_t work_done;      /* worker side: work tasks run */
    _Atomic uint64_t rec_submitted;  /* producer side: latest record submitted */
    _Atomic uint64_t work_at_rec[64]; /* ring of "work tasks before record r" (r % 64) */
};

static struct stream_state st[NSTREAMS];
static uint64_t per_producer;

static int run_work(struct sched_task *t, struct sched_exec *x)
{
    (void)x;
    uint32_t sid = (uint32_t)t->arg.u64[4], prod = t->u16;
    uint64_t seq = t->arg.u64[0];
    if (t->arg.u64[1] != mix(sid, seq) || t->arg.u64[5] != ~mix(seq, sid))
        FAIL("stream %u: corrupt payload at seq %llu", sid, (unsigned long long)seq);
    struct stream_state *ss = &st[sid];
    if (seq != ss->expect[prod])
        FAIL("stream %u producer %u: got seq %llu, expected %llu", sid, prod,
             (unsigned long long)seq, (unsigned long long)ss->expect[prod]);
    ss->expect[prod] = seq + 1;
    /* relaxed: read by waits after acquiring the condition, and at the end. */
    atomic_fetch_add_explicit(&ss->work_done, 1, memory_order_relaxed);
    return SCHED_DONE;
}

static int run_record(struct sched_task *t, struct sched_exec *x)
{
    (void)x;
    struct stream_state *ss = &st[(uint32_t)t->arg.u64[4]];
    sched_cond_advance(&ss->cond, t->arg.u64[0]);
    return SCHED_DONE;
}

static int run_wait(struct sched_task *t, struct sched_exec *x)
{
    struct stream_state *other = &st[(uint32_t)t->arg.u64[4]];
    uint64_t target = t->arg.u64[0];
    uint64_t v = sched_cond_value(&other->cond);
    if (v < target) {
        x->block_cond = &other->cond;
        x->block_target = target;
        x->block_deadline = 0;
        return SCHED_BLOCK;
    }
    /* The record for `target` ran: everything before it on that stream must
     * have run too (no early firing). */
    uint64_t need = t->arg.u64[1];
    uint64_t have = atomic_load_explicit(&other->work_done, memory_order_relaxed);
    if (have < need)
        FAIL("wait on stream %u record %llu passed with %llu/%llu work done", (uint32_t)t->arg.u64[4],
             (unsigned long long)target, (unsigned long long)have, (unsigned long long)need);
    return SCHED_DONE;
}

struct producer {
    uint32_t id;
    uint64_t rng;
    uint64_t seq[NSTREAMS];
    uint64_t nrec[NSTREAMS];
    uint64_t submitted_work[NSTREAMS];
};

static uint64_t rnd(struct producer *p)
{
    return xorshift64(&p->rng);
}

static void submit_work(struct producer *p, uint32_t sid)
{
    struct sched_stream *s = &st[sid].s;
    struct sched_task *t = sched_stream_reserve(s);
    uint64_t seq = p->seq[sid]++;
    t->run = run_work;
    t->kind = K_WORK;
    t->flags = 0;
    t->u16 = (uint16_t)p->id;
    t->arg.u64[4] = sid;
    t->arg.u64[0] = seq;
    t->arg.u64[1] = mix(sid, seq);
    t->arg.u64[5] = ~mix(seq, sid);
    sched_stream_commit(s);
    p->submitted_work[sid]++;
}

static void *producer_main(void *arg)
{
    struct producer *p = arg;
    uint32_t first = p->id * NOWN;
    for (uint64_t i = 0; i < per_producer; i++) {
        uint64_t r = rnd(p);
        uint32_t sid = first + (uint32_t)(r % NOWN);
        uint32_t what = (uint32_t)(r >> 32) % 100;
        if (what < 80) {
            submit_work(p, sid);
        } else if (what < 85) {
            submit_work(p, SHARED);
        } else if (what < 93) {
            /* record on one of ours; remember how much work precedes it */
            struct stream_state *ss = &st[sid];
            uint64_t rec = ++p->nrec[sid];
            /* release: a reader that sees this value also sees the earlier
             * rec_submitted stores (seqlock-style check in the wait branch). */
            atomic_store_explicit(&ss->work_at_rec[rec % 64], p->submitted_work[sid],
                                  memory_order_release);
            struct sched_task *t = sched_stream_reserve(&ss->s);
            t->run = run_record;
            t->kind = K_RECORD;
            t->flags = SCHED_TF_ALWAYS;
            t->arg.u64[4] = sid;
            t->arg.u64[0] = rec;
            sched_stream_commit(&ss->s);
            /* release: a producer that reads the record number also reads
             * work_at_rec for it. */
            atomic_store_explicit(&ss->rec_submitted, rec, memory_order_release);
        } else {
            /* wait on the latest record of a random other stream */
            uint32_t other = (uint32_t)(rnd(p) % (NSTREAMS - 1));
            if (other / NOWN == p->id)
                continue;
            struct stream_state *os = &st[other];
            uint64_t rec = atomic_load_explicit(&os->rec_submitted, memory_order_acquire);
            if (!rec)
                continue;
            uint64_t need = atomic_load_explicit(&os->work_at_rec[rec % 64], memory_order_relaxed);
            /* The slot may have been overwritten by a later record (rec+64k):
             * that only raises `need`, so re-read rec and keep the pair only
             * when it did not move. */
            base_fence_full(); /* orders the slot load before the re-check (seqlock) */
            if (atomic_load_explicit(&os->rec_submitted, memory_order_relaxed) != rec)
                continue;
            struct sched_task *t = sched_stream_reserve(&st[sid].s);
            t->run = run_wait;
            t->kind = K_WAIT;
            t->flags = 0;
            t->arg.u64[4] = other;
            t->arg.u64[0] = rec;
            t->arg.u64[1] = need;
            sched_stream_commit(&st[sid].s);
        }
    }
    return NULL;
}

int main(void)
{
    const char *sc = getenv("CPUACL_STRESS_SCALE");
    double scale = sc ? atof(sc) : 1.0;
    if (scale <= 0)
        scale = 1.0;
    per_producer = (uint64_t)(700000 * scale) + 100;

    struct sched_config cfg = {.spin_ns = 2000, .ring_slots = 64, .pin_workers = false};
    sched_init(&cfg);
    for (uint32_t w = 0; w < NWORKERS; w++)
        if (sched_worker_start(w, -1))
            FAIL("cannot start worker %u", w);
    for (uint32_t i = 0; i < NSTREAMS; i++) {
        if (sched_stream_init(&st[i].s, &st[i]))
            FAIL("ring alloc");
        sched_worker_attach(sched_worker_get(i % NWORKERS), &st[i].s);
    }

    struct producer prods[NPROD];
    pthread_t th[NPROD];
    memset(prods, 0, sizeof(prods));
    for (uint32_t i = 0; i < NPROD; i++) {
        prods[i].id = i;
        prods[i].rng = 0x1234567ull * (i + 1);
        pthread_create(&th[i], NULL, producer_main, &prods[i]);
    }
    for (uint32_t i = 0; i < NPROD; i++)
        pthread_join(th[i], NULL);

    uint64_t total = 0;
    for (uint32_t i = 0; i < NSTREAMS; i++) {
        struct sched_stream *s = &st[i].s;
        if (sched_stream_wait(s, sched_stream_submitted(s), sched_now_ns() + 120ull * 1000000000u))
            FAIL("stream %u did not drain", i);
        uint64_t want = 0;
        for (uint32_t p = 0; p < NPROD; p++) {
            want += prods[p].submitted_work[i];
            if (st[i].expect[p] != prods[p].seq[i])
                FAIL("stream %u producer %u: ran %llu of %llu", i, p,
                     (unsigned long long)st[i].expect[p], (unsigned long long)prods[p].seq[i]);
        }
        if (atomic_load(&st[i].work_done) != want)
            FAIL("stream %u: %llu work tasks ran, %llu submitted", i,
                 (unsigned long long)atomic_load(&st[i].work_done), (unsigned long long)want);
        total += sched_stream_finished(s);
    }
    for (uint32_t i = 0; i < NSTREAMS; i++) {
        sched_worker_detach(&st[i].s);
        sched_stream_fini(&st[i].s);
    }
    uint64_t parks = 0, tasks = 0;
    for (uint32_t w = 0; w < NWORKERS; w++) {
        struct sched_worker *wk = sched_worker_get(w);
        parks += atomic_load(&wk->st.parks);
        tasks += atomic_load(&wk->st.tasks);
        sched_worker_stop(w);
    }
    if (tasks != total)
        FAIL("worker counters %llu != tasks finished %llu", (unsigned long long)tasks,
             (unsigned long long)total);
    printf("sched_stress: %llu tasks on %d streams, %d workers, %llu parks: ok\n",
           (unsigned long long)total, NSTREAMS, NWORKERS, (unsigned long long)parks);
    return 0;
}
