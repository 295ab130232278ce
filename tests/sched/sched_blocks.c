/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Multi-block tasks (sched/blocks.h), white-box: a team of more workers than
 * cores, short spin budgets, small rings. Cases: stream order of multi-block
 * tasks with single-block tasks on the same stream and across streams through
 * conditions (events), a replayed fork (sched_blocks_run), a failing block,
 * detach (teardown) while blocks run, more blocks than workers, a team of one
 * worker, a traced multi-block task (its record spans its blocks, on a team and on a
 * team of one), and a stress run of several producers. Every block checks and
 * counts itself: a block lost or run twice, a task completing before its
 * blocks, or a task starting before the multi-block task ahead of it fails.
 */
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/blocks.h"
#include "sched/cond.h"
#include "sched/sched.h"
#include "sched/stream.h"
#include "sched/worker.h"
#include "tests/sched/sched_util.h"

#define TEAM 4     /* workers 0..3: one team, more workers than the machine's 2 cores */
#define SOLO 8     /* worker 8: a team of one */
#define NSTREAMS 6 /* streams 0..3 on the team (round robin), 4 and 5 used by phases */
#define MAXN 1000  /* blocks of one task at most */
#define FAIL_CODE 507015

struct sstate {
    struct sched_stream s;
    struct sched_cond cond; /* "event": advanced by record tasks */
    uint64_t expect;        /* worker side: next task sequence (single or multi) */
    _Atomic uint64_t ran;   /* tasks completed (acquire: with expect) */
    _Atomic uint32_t fails; /* fail hook calls */
};
static struct sstate st[NSTREAMS];

/* One multi-block task: made by the producer, freed by its release. */
struct mb {
    uint64_t seq;
    uint32_t sid, n, fail_at;         /* fail_at: a block that returns FAIL_CODE, or n (none) */
    uint32_t spin;                    /* busy work per block (iterations) */
    pthread_t solo;                   /* nonzero: every block must run on this thread */
    _Atomic uint64_t started;         /* blocks started */
    _Atomic uint64_t t_first, t_last; /* earliest block start, latest block end (sched_now_ns) */
    _Atomic uint8_t hits[MAXN];
};

static _Atomic uint64_t g_blocks;  /* blocks run in all */
static _Atomic uint64_t g_release; /* releases run */
static uint64_t g_span[2][2];      /* streams 4 and 5: the last task's block times */

static int32_t block_fn(void *arg, uint32_t i, uint32_t n)
{
    struct mb *m = arg;
    if (n != m->n || i >= n)
        FAIL("block %u of %u for a task of %u blocks", i, n, m->n);
    if (m->solo && !pthread_equal(m->solo, pthread_self()))
        FAIL("a block of a one-worker team ran on another thread");
    /* relaxed: counted; read after the task completed (the done chain, MB2) */
    atomic_fetch_add_explicit(&m->started, 1, memory_order_relaxed);
    if (atomic_fetch_add_explicit(&m->hits[i], 1, memory_order_relaxed) != 0)
        FAIL("stream %u seq %llu: block %u ran twice", m->sid, (unsigned long long)m->seq, i);
    uint64_t t0 = sched_now_ns();
    volatile uint64_t x = i;
    for (uint32_t k = 0; k < m->spin; k++)
        x = x * 6364136223846793005ull + 1;
    uint64_t t1 = sched_now_ns();
    /* relaxed: a minimum and a maximum read after the task completed (MB2) */
    uint64_t a = atomic_load_explicit(&m->t_first, memory_order_relaxed);
    while ((a == 0 || t0 < a) &&
           !atomic_compare_exchange_weak_explicit(&m->t_first, &a, t0, memory_order_relaxed,
                                                  memory_order_relaxed))
        ;
    uint64_t b = atomic_load_explicit(&m->t_last, memory_order_relaxed);
    while (b < t1 && !atomic_compare_exchange_weak_explicit(
                         &m->t_last, &b, t1, memory_order_relaxed, memory_order_relaxed))
        ;
    atomic_fetch_add_explicit(&g_blocks, 1, memory_order_relaxed); /* statistic */
    return i == m->fail_at ? FAIL_CODE : 0;
}

/* The release: every block ran exactly once, and only then the stream moves on. */
static void release_fn(void *arg)
{
    struct mb *m = arg;
    for (uint32_t i = 0; i < m->n; i++)
        if (atomic_load_explicit(&m->hits[i], memory_order_relaxed) != 1)
            FAIL("stream %u seq %llu: block %u ran %u times at completion", m->sid,
                 (unsigned long long)m->seq, i, (unsigned)m->hits[i]);
    struct sstate *ss = &st[m->sid];
    if (ss->expect != m->seq)
        FAIL("stream %u: multi-block task %llu completed at %llu", m->sid,
             (unsigned long long)m->seq, (unsigned long long)ss->expect);
    ss->expect = m->seq + 1;
    atomic_fetch_add_explicit(&ss->ran, 1, memory_order_release);
    atomic_fetch_add_explicit(&g_release, 1, memory_order_relaxed);
    if (m->sid == 4 || m->sid == 5) { /* the trace case reads the last one's block times */
        /* relaxed: the blocks' RMW chain (MB2) ordered them before the release */
        g_span[m->sid - 4][0] = atomic_load_explicit(&m->t_first, memory_order_relaxed);
        g_span[m->sid - 4][1] = atomic_load_explicit(&m->t_last, memory_order_relaxed);
    }
    free(m);
}

static int run_mb(struct sched_task *t, struct sched_exec *x)
{
    struct mb *m = t->arg.ptr[0];
    if (st[m->sid].expect != m->seq)
        FAIL("stream %u: multi-block task %llu started at %llu", m->sid, (unsigned long long)m->seq,
             (unsigned long long)st[m->sid].expect);
    return sched_fork(x, block_fn, m, m->n, release_fn);
}

/* A replayed multi-block node: the blocks run inside the task (core/model). */
static int run_replay(struct sched_task *t, struct sched_exec *x)
{
    struct mb *m = t->arg.ptr[0];
    if (st[m->sid].expect != m->seq)
        FAIL("stream %u: replay %llu started at %llu", m->sid, (unsigned long long)m->seq,
             (unsigned long long)st[m->sid].expect);
    int32_t rc = sched_blocks_run(x, block_fn, m, m->n);
    if (rc != (m->fail_at < m->n ? FAIL_CODE : 0))
        FAIL("replay returned %d", rc);
    if (rc)
        sched_exec_fail(x, rc);
    release_fn(m);
    return SCHED_DONE;
}

static int run_one(struct sched_task *t, struct sched_exec *x)
{
    (void)x;
    uint32_t sid = (uint32_t)t->arg.u64[1];
    uint64_t seq = t->arg.u64[0];
    if (t->arg.u64[2] != mix(sid, seq))
        FAIL("stream %u: corrupt payload at %llu", sid, (unsigned long long)seq);
    if (st[sid].expect != seq)
        FAIL("stream %u: task %llu ran at %llu", sid, (unsigned long long)seq,
             (unsigned long long)st[sid].expect);
    st[sid].expect = seq + 1;
    atomic_fetch_add_explicit(&st[sid].ran, 1, memory_order_release);
    return SCHED_DONE;
}

/* Record: advance the stream's condition to the task count before it. */
static int run_record(struct sched_task *t, struct sched_exec *x)
{
    (void)x;
    uint32_t sid = (uint32_t)t->arg.u64[1];
    uint64_t seq = t->arg.u64[0];
    if (st[sid].expect != seq)
        FAIL("stream %u: record %llu ran at %llu", sid, (unsigned long long)seq,
             (unsigned long long)st[sid].expect);
    st[sid].expect = seq + 1;
    atomic_fetch_add_explicit(&st[sid].ran, 1, memory_order_release);
    sched_cond_advance(&st[sid].cond, seq + 1);
    return SCHED_DONE;
}

/* Wait for another stream's record of `target` tasks; then they all ran. */
static int run_wait(struct sched_task *t, struct sched_exec *x)
{
    uint32_t sid = (uint32_t)t->arg.u64[1], other = (uint32_t)t->arg.u64[3];
    uint64_t seq = t->arg.u64[0], target = t->arg.u64[2];
    if (sched_cond_value(&st[other].cond) < target)
        return sched_block_on(x, &st[other].cond, target, 0, 0);
    if (atomic_load_explicit(&st[other].ran, memory_order_acquire) < target)
        FAIL("stream %u: wait for %llu tasks of stream %u passed early", sid,
             (unsigned long long)target, other);
    if (st[sid].expect != seq)
        FAIL("stream %u: wait %llu ran at %llu", sid, (unsigned long long)seq,
             (unsigned long long)st[sid].expect);
    st[sid].expect = seq + 1;
    atomic_fetch_add_explicit(&st[sid].ran, 1, memory_order_release);
    return SCHED_DONE;
}

static void fail_hook(struct sched_exec *x, int32_t code)
{
    if (code != FAIL_CODE)
        FAIL("fail hook with %d", code);
    struct sstate *ss = x->stream->owner;
    atomic_fetch_add_explicit(&ss->fails, 1, memory_order_relaxed);
}

/* ---- submission (one producer per stream at a time) ---------------------- */

static uint64_t g_seq[NSTREAMS]; /* producer side: tasks submitted per stream */
static pthread_t g_solo;         /* the one-worker team's thread (stream 5's blocks) */

static struct mb *submit_mb_as(uint32_t sid, uint32_t n, uint32_t fail_at, uint32_t spin,
                               sched_task_fn run)
{
    struct mb *m = calloc(1, sizeof(*m));
    if (!m)
        FAIL("out of memory");
    m->seq = g_seq[sid]++;
    m->sid = sid;
    m->n = n;
    m->fail_at = fail_at;
    m->spin = spin;
    if (sid == 5)
        m->solo = g_solo;
    struct sched_task *t = sched_stream_reserve(&st[sid].s);
    t->run = run;
    t->kind = 1;
    t->flags = 0;
    t->arg.ptr[0] = m;
    sched_stream_commit(&st[sid].s);
    return m;
}

static void submit_mb(uint32_t sid, uint32_t n, uint32_t fail_at, uint32_t spin)
{
    submit_mb_as(sid, n, fail_at, spin, run_mb);
}

static void submit_task(uint32_t sid, sched_task_fn run, uint64_t a2, uint64_t a3)
{
    uint64_t seq = g_seq[sid]++;
    struct sched_task *t = sched_stream_reserve(&st[sid].s);
    t->run = run;
    t->kind = 2;
    t->flags = 0;
    t->arg.u64[0] = seq;
    t->arg.u64[1] = sid;
    t->arg.u64[2] = run == run_one ? mix(sid, seq) : a2;
    t->arg.u64[3] = a3;
    sched_stream_commit(&st[sid].s);
}

static void drain(uint32_t sid)
{
    struct sched_stream *s = &st[sid].s;
    if (sched_stream_wait(s, sched_stream_submitted(s), sched_now_ns() + 120ull * 1000000000u))
        FAIL("stream %u did not drain", sid);
    if (atomic_load_explicit(&st[sid].ran, memory_order_acquire) != g_seq[sid])
        FAIL("stream %u: %llu tasks ran of %llu", sid, (unsigned long long)st[sid].ran,
             (unsigned long long)g_seq[sid]);
}

static void open_stream(uint32_t sid, uint32_t worker)
{
    memset(&st[sid].cond, 0, sizeof(st[sid].cond));
    if (sched_stream_init(&st[sid].s, &st[sid]))
        FAIL("ring alloc");
    st[sid].expect = 0;
    atomic_store(&st[sid].ran, 0);
    atomic_store(&st[sid].fails, 0);
    g_seq[sid] = 0;
    sched_worker_attach(sched_worker_get(worker), &st[sid].s);
}

static void close_stream(uint32_t sid)
{
    sched_worker_detach(&st[sid].s);
    sched_stream_fini(&st[sid].s);
    memset(&st[sid].s, 0, sizeof(st[sid].s));
}

/* ---- cases ---------------------------------------------------------------- */

static void case_order(void)
{
    /* same stream: single, multi, single ...; other streams wait on records */
    for (int r = 0; r < 200; r++) {
        submit_task(0, run_one, 0, 0);
        submit_mb(0, 1 + (uint32_t)(r % 37), MAXN, 2000);
        submit_task(0, run_record, 0, 0); /* cond(0) = tasks of stream 0 so far */
        submit_task(1, run_wait, g_seq[0], 0);
        submit_mb(1, (uint32_t)(r % 5), MAXN, 500); /* n = 0 and 1 included */
        submit_task(1, run_one, 0, 0);
        submit_mb(2, TEAM * 3, MAXN, 3000);
        submit_task(2, run_record, 0, 0);
        submit_task(0, run_wait, g_seq[2], 2);
    }
    for (uint32_t s = 0; s < 3; s++)
        drain(s);
    printf("order: ok\n");
}

static void case_replay(void)
{
    for (int r = 0; r < 100; r++) {
        submit_mb_as(3, 1 + (uint32_t)(r % 50), MAXN, 1000, run_replay);
        submit_task(3, run_one, 0, 0);
        submit_mb(0, 8, MAXN, 1000); /* forks of other streams meanwhile */
    }
    drain(3);
    drain(0);
    printf("replay: ok\n");
}

static void case_fail(void)
{
    for (uint32_t sid = 0; sid < 2; sid++) {
        submit_mb(sid, 64, 17, 5000);               /* one failing block of 64 */
        submit_mb_as(sid, 16, 3, 1000, run_replay); /* and in a replay */
        submit_task(sid, run_one, 0, 0);            /* the stream goes on */
        drain(sid);
        if (atomic_load(&st[sid].fails) != 2)
            FAIL("stream %u: %u failures reported, 2 tasks failed", sid, st[sid].fails);
        if (sched_stream_take_error(&st[sid].s) != FAIL_CODE)
            FAIL("stream %u: the failure is not the stream's error", sid);
        atomic_store(&st[sid].fails, 0);
    }
    printf("fail: ok\n");
}

static void case_many_blocks(void)
{
    for (int r = 0; r < 20; r++)
        submit_mb(r & 1, MAXN, MAXN, 200);
    drain(0);
    drain(1);
    printf("more blocks than workers: ok\n");
}

static void case_teardown(void)
{
    uint32_t settled = 0;
    for (int r = 0; r < 20; r++) {
        open_stream(4, (uint32_t)r % TEAM);
        uint64_t b0 = atomic_load(&g_blocks), r0 = atomic_load(&g_release);
        submit_mb(4, 4 * TEAM, MAXN, 200000);
        /* wait until its blocks run, then detach while they do (W8) */
        while (atomic_load(&g_blocks) == b0)
            sched_yield();
        bool running = atomic_load(&g_release) == r0;
        close_stream(4); /* detach: returns once the worker let go of it */
        if (atomic_load(&g_release) != r0 + 1)
            FAIL("detach returned before the task's blocks and release ran");
        settled += running;
    }
    printf("teardown: %u of 20 detached while blocks ran: ok\n", settled);
}

/* Traced: a multi-block task's record spans its blocks, on the team (stream 4: the record
 * written when the fork completes, MB3/W8) and on a team of one (stream 5: the blocks in
 * place, MB5). Runs first, while the trace buffers are empty. */
static void case_trace(void)
{
    for (uint32_t sid = 4; sid <= 5; sid++) {
        uint32_t wi = sid == 4 ? 0 : SOLO;
        open_stream(sid, wi);
        st[sid].s.trace_id = 1000 + sid;
        if (sid == 5)
            g_solo = sched_worker_get(SOLO)->thread;
        struct sched_worker *w = sched_worker_get(wi);
        for (int r = 0; r < 5; r++) {
            submit_mb(sid, TEAM * 2, MAXN, 200000);
            drain(sid);
            const struct sched_trace_rec *rec = NULL;
            uint32_t n = atomic_load_explicit(&w->ntrace, memory_order_acquire);
            for (uint32_t k = 0; k < n; k++)
                if (w->trace[k].stream == 1000 + sid && w->trace[k].kind == 1)
                    rec = &w->trace[k];
            if (!rec)
                FAIL("stream %u: no trace record of the multi-block task", sid);
            if (rec->start_ns > g_span[sid - 4][0] || rec->end_ns < g_span[sid - 4][1])
                FAIL("stream %u: the record [%llu, %llu] does not span its blocks [%llu, %llu]",
                     sid, (unsigned long long)rec->start_ns, (unsigned long long)rec->end_ns,
                     (unsigned long long)g_span[sid - 4][0],
                     (unsigned long long)g_span[sid - 4][1]);
        }
        close_stream(sid);
    }
    printf("trace: a multi-block task's record spans its blocks (team, team of one): ok\n");
}

static void case_solo(void)
{
    open_stream(5, SOLO);
    g_solo = sched_worker_get(SOLO)->thread;
    for (int r = 0; r < 50; r++) {
        submit_task(5, run_one, 0, 0);
        submit_mb(5, 1 + (uint32_t)r, MAXN, 100);
    }
    drain(5);
    close_stream(5);
    printf("one-worker team: ok\n");
}

/* Stress: producers on streams 0..3, random mixes. */
struct prod {
    uint32_t sid;
    uint64_t rng, n;
};

static void *producer(void *arg)
{
    struct prod *p = arg;
    for (uint64_t k = 0; k < p->n; k++) {
        uint64_t r = xorshift64(&p->rng);
        switch (r % 8) {
        case 0:
        case 1:
            submit_mb(p->sid, (uint32_t)((r >> 8) % 100), MAXN, (uint32_t)((r >> 20) % 2000));
            break;
        case 2:
            submit_task(p->sid, run_record, 0, 0);
            break;
        default:
            submit_task(p->sid, run_one, 0, 0);
        }
    }
    return NULL;
}

static void case_stress(uint64_t per)
{
    struct prod ps[4];
    pthread_t th[4];
    for (uint32_t i = 0; i < 4; i++) {
        ps[i] = (struct prod){i, 0x9E3779B97F4A7C15ull * (i + 1), per};
        pthread_create(&th[i], NULL, producer, &ps[i]);
    }
    for (uint32_t i = 0; i < 4; i++)
        pthread_join(th[i], NULL);
    for (uint32_t i = 0; i < 4; i++)
        drain(i);
    printf("stress: %llu tasks per stream x 4: ok\n", (unsigned long long)per);
}

int main(void)
{
    const char *sc = getenv("CPUACL_STRESS_SCALE");
    double scale = sc ? atof(sc) : 1.0;
    if (scale <= 0)
        scale = 1.0;
    struct sched_config cfg = {
        .spin_ns = 2000, .ring_slots = 64, .pin_workers = false, .trace_events = 4096};
    sched_init(&cfg);
    atomic_store(&sched_fail_hook, fail_hook);
    for (uint32_t w = 0; w < TEAM; w++)
        if (sched_worker_start_in(w, -1, 0, TEAM))
            FAIL("cannot start worker %u", w);
    if (sched_worker_start_in(SOLO, -1, SOLO, 1))
        FAIL("cannot start the solo worker");
    for (uint32_t i = 0; i < 4; i++)
        open_stream(i, i % TEAM);

    case_trace();
    case_order();
    case_replay();
    case_fail();
    case_many_blocks();
    case_teardown();
    case_solo();
    case_stress((uint64_t)(20000 * scale));

    for (uint32_t i = 0; i < 4; i++)
        close_stream(i);
    uint64_t blocks = atomic_load(&g_blocks);
    for (uint32_t w = 0; w < TEAM; w++)
        sched_worker_stop(w);
    sched_worker_stop(SOLO);
    printf("sched_blocks: %llu blocks, %llu multi-block tasks: ok\n", (unsigned long long)blocks,
           (unsigned long long)atomic_load(&g_release));
    return 0;
}
