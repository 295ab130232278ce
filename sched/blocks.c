/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Multi-block tasks: the team board, claiming and running blocks, and the
 * owner's side of a fork (start, completion). Invariants MB1-MB5: blocks.h.
 */
#include "sched/blocks.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sched/worker.h"

/* How long an owner whose claims ran out polls for the helpers' last blocks
 * before it lets its stream block on the job (MB3) and serves other streams.
 * Blocks are about equal, so the last ones end within a few us of the
 * owner's; polling that long saves a cond wake-up per fork. */
#define SCHED_FORK_POLL 4096 /* pause instructions (~30 ns each measured, W7) */

static struct sched_team *_Atomic g_teams[SCHED_MAX_WORKERS];
static pthread_mutex_t g_team_lock = PTHREAD_MUTEX_INITIALIZER;

struct sched_team *sched_team_get(uint32_t base)
{
    if (base >= SCHED_MAX_WORKERS)
        return NULL;
    /* acquire: pairs with the release that published the team below. */
    struct sched_team *tm = atomic_load_explicit(&g_teams[base], memory_order_acquire);
    if (tm)
        return tm;
    pthread_mutex_lock(&g_team_lock);
    tm = atomic_load_explicit(&g_teams[base], memory_order_relaxed); /* under the lock */
    if (!tm && (tm = aligned_alloc(SCHED_CACHELINE, sizeof(*tm)))) {
        memset(tm, 0, sizeof(*tm));
        tm->base = base;
        /* release: the zeroed board is seen by whoever finds the pointer. */
        atomic_store_explicit(&g_teams[base], tm, memory_order_release);
    }
    pthread_mutex_unlock(&g_team_lock);
    return tm;
}

static inline uint32_t team_size(const struct sched_team *tm)
{
    /* relaxed: set while the team's workers start (device set-up); a stale
     * size only changes how many blocks a split asks for, or whom we kick. */
    return tm ? atomic_load_explicit(&tm->size, memory_order_relaxed) : 1;
}

/* MB1: claim one block of e. */
static bool claim(struct sched_job *e, uint32_t *i, uint32_t *n, sched_block_fn *fn, void **arg)
{
    /* acquire: pairs with the owner's release of the generation's first
     * word (its n, fn and arg), through the release sequence of the CASes. */
    uint64_t c = atomic_load_explicit(&e->claim, memory_order_acquire);
    for (;;) {
        /* relaxed: MB1 (used only if the CAS below proves them current) */
        uint32_t nn = atomic_load_explicit(&e->n, memory_order_relaxed);
        if ((uint32_t)c >= nn)
            return false;
        sched_block_fn f = atomic_load_explicit(&e->fn, memory_order_relaxed);
        void *a = atomic_load_explicit(&e->arg, memory_order_relaxed);
        /* acquire: if a load above read the next generation's field, the
         * owner's release fence (publish_and_run) orders its closing store
         * before our CAS, which then fails (MB1). */
        atomic_thread_fence(memory_order_acquire);
        /* acquire on both: as the load above (a failure reloads the word). */
        if (atomic_compare_exchange_weak_explicit(&e->claim, &c, c + 1, memory_order_acquire,
                                                  memory_order_acquire)) {
            *i = (uint32_t)c;
            *n = nn;
            *fn = f;
            *arg = a;
            return true;
        }
    }
}

/* Has e a block left to claim? (a parking worker's re-check, MB4) */
static bool claimable(struct sched_job *e)
{
    /* acquire: as in claim; relaxed n: a hint, the claim itself decides. */
    uint64_t c = atomic_load_explicit(&e->claim, memory_order_acquire);
    return (uint32_t)c < atomic_load_explicit(&e->n, memory_order_relaxed);
}

/* Run block i of e's generation gen and count it (MB2). */
static void run_block(struct sched_job *e, uint64_t gen, uint32_t i, uint32_t n, sched_block_fn fn,
                      void *arg)
{
    int32_t rc = fn(arg, i, n);
    if (__builtin_expect(rc != 0, 0)) {
        int32_t none = 0;
        /* relaxed: read by the owner after it acquired fin, which the done
         * chain below orders after this (MB2). First failure wins. */
        atomic_compare_exchange_strong_explicit(&e->err, &none, rc, memory_order_relaxed,
                                                memory_order_relaxed);
    }
    /* acq_rel: the last finisher sees every block's writes (and err) and
     * publishes them with fin's release (MB2). */
    if (atomic_fetch_add_explicit(&e->done, 1, memory_order_acq_rel) + 1 == n)
        sched_cond_advance(&e->fin, gen);
}

static uint32_t run_claims(struct sched_job *e, uint64_t gen)
{
    uint32_t i, n, ran = 0;
    sched_block_fn fn;
    void *arg;
    while (claim(e, &i, &n, &fn, &arg)) {
        run_block(e, gen, i, n, fn, arg);
        ran++;
    }
    return ran;
}

bool sched_team_claimable(const struct sched_worker *w)
{
    struct sched_team *tm = w->team;
    if (!tm)
        return false;
    /* relaxed: after the parking worker's heavy fence (MB4, W2). */
    uint64_t open = atomic_load_explicit(&tm->open, memory_order_relaxed);
    while (open) {
        uint32_t b = (uint32_t)__builtin_ctzll(open);
        open &= open - 1;
        if (claimable(&tm->jobs[b]))
            return true;
    }
    return false;
}

uint32_t sched_team_help(struct sched_worker *w)
{
    struct sched_team *tm = w->team;
    uint32_t ran = 0;
    /* relaxed: a hint; claim() validates (MB1). */
    uint64_t open = atomic_load_explicit(&tm->open, memory_order_relaxed);
    /* Start at our own position, so helpers of a 64-worker team spread over
     * the open jobs instead of all queueing on the first one. */
    uint32_t rot = w->index % SCHED_TEAM_JOBS;
    open = rot ? (open >> rot) | (open << (64 - rot)) : open;
    while (open) {
        uint32_t b = ((uint32_t)__builtin_ctzll(open) + rot) % SCHED_TEAM_JOBS;
        open &= open - 1;
        struct sched_job *e = &tm->jobs[b];
        uint32_t i, n;
        sched_block_fn fn;
        void *arg;
        while (claim(e, &i, &n, &fn, &arg)) {
            /* The claimed job's generation (fin's target) is fin + 1: its
             * owner published it after acquiring fin = its generation - 1
             * (MB3: then freed, retaken, published; our claim's acquire
             * follows that chain), and fin moves again only after our block
             * counted (MB2). relaxed: that chain orders it. e->gen is the
             * owner's, not ours to read. */
            uint64_t fin = atomic_load_explicit(&e->fin.value, memory_order_relaxed);
            run_block(e, fin + 1, i, n, fn, arg);
            ran++;
        }
    }
    return ran;
}

/* Take a free entry of tm (MB3), or -1. */
static int take_entry(struct sched_team *tm)
{
    /* relaxed first read; acquire on the CAS: pairs with the release of the
     * entry's last owner, whose writes we then overwrite. */
    uint64_t busy = atomic_load_explicit(&tm->busy, memory_order_relaxed);
    for (;;) {
        if (busy == UINT64_MAX)
            return -1;
        uint32_t b = (uint32_t)__builtin_ctzll(~busy);
        if (atomic_compare_exchange_weak_explicit(&tm->busy, &busy, busy | (1ull << b),
                                                  memory_order_acquire, memory_order_relaxed))
            return (int)b;
    }
}

static void free_entry(struct sched_team *tm, uint32_t b)
{
    /* release: our reads of the entry come before the next owner's writes. */
    atomic_fetch_and_explicit(&tm->busy, ~(1ull << b), memory_order_release);
}

/* Publish a job on entry b, run our claims, close it. Returns the generation. */
static uint64_t publish_and_run(uint32_t self, struct sched_team *tm, uint32_t b, sched_block_fn fn,
                                void *arg, uint32_t n)
{
    struct sched_job *e = &tm->jobs[b];
    uint64_t gen = ++e->gen; /* MB3: ours while we hold the busy bit */
    uint64_t word = (uint64_t)(uint32_t)gen << 32;
    /* MB1: close the word before the fields change. A helper that loaded the
     * old generation's word after its last claim may read a field we write
     * below; its acquire fence then pairs with this release fence, so its
     * CAS sees this store (or a later one) and fails. relaxed store: the
     * fence orders it. */
    atomic_store_explicit(&e->claim, word | SCHED_CLAIM_CLOSED, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    /* relaxed: published by the release store of the claim word (MB1). */
    atomic_store_explicit(&e->n, n, memory_order_relaxed);
    atomic_store_explicit(&e->fn, fn, memory_order_relaxed);
    atomic_store_explicit(&e->arg, arg, memory_order_relaxed);
    atomic_store_explicit(&e->done, 0, memory_order_relaxed);
    atomic_store_explicit(&e->err, 0, memory_order_relaxed);
    /* release: the fields above before the first claim (MB1). */
    atomic_store_explicit(&e->claim, word, memory_order_release);
    /* relaxed: the kicks' light fence orders it before their waiters loads (MB4). */
    atomic_fetch_or_explicit(&tm->open, 1ull << b, memory_order_relaxed);
    uint32_t size = team_size(tm), want = n - 1;
    for (uint32_t k = 0; k < size && want; k++) {
        uint32_t idx = tm->base + k;
        if (idx == self)
            continue;
        struct sched_worker *o = sched_worker_get(idx);
        if (o) {
            sched_worker_kick(o);
            want--;
        }
    }
    run_claims(e, gen);
    /* relaxed: only owners write open; helpers read it as a hint (MB3). */
    atomic_fetch_and_explicit(&tm->open, ~(1ull << b), memory_order_relaxed);
    return gen;
}

static int32_t run_inline(sched_block_fn fn, void *arg, uint32_t n)
{
    int32_t err = 0;
    for (uint32_t i = 0; i < n; i++) {
        int32_t rc = fn(arg, i, n);
        if (rc && !err)
            err = rc;
    }
    return err;
}

/* A fork's entry on team tm, or -1 when it runs inline (MB5): no team, one block, or no other
 * member to share with. A worker owner counts in its team's size; a host owner is one member
 * more (MB6). */
static int fork_entry(struct sched_team *tm, bool host, uint32_t n)
{
    if (!tm || n <= 1 || team_size(tm) + host <= 1)
        return -1;
    return take_entry(tm);
}

/* The team a replayed fork of x uses: its worker's, or a host thread's (MB6). */
static struct sched_team *exec_team(const struct sched_exec *x)
{
    return x->worker ? x->worker->team : x->team;
}

int32_t sched_blocks_run(struct sched_exec *x, sched_block_fn fn, void *arg, uint32_t n)
{
    struct sched_worker *w = x->worker;
    struct sched_team *tm = exec_team(x);
    int b = fork_entry(tm, !w, n);
    if (b < 0)
        return run_inline(fn, arg, n);
    struct sched_job *e = &tm->jobs[b];
    uint64_t gen = publish_and_run(w ? w->index : UINT32_MAX, tm, (uint32_t)b, fn, arg, n);
    /* The remaining blocks are running on helpers, which never wait (MB3). */
    sched_cond_wait(&e->fin, gen, 0);
    /* relaxed: ordered by fin's acquire (MB2). */
    int32_t err = atomic_load_explicit(&e->err, memory_order_relaxed);
    free_entry(tm, (uint32_t)b);
    return err;
}

int sched_fork_begin(struct sched_worker *w, struct sched_stream *s, struct sched_exec *x)
{
    uint32_t n = x->fork_n;
    int b = fork_entry(w->team, false, n);
    if (b < 0) {
        int32_t err = run_inline(x->fork_fn, x->fork_arg, n);
        if (err)
            sched_exec_fail(x, err);
        if (x->fork_release)
            x->fork_release(x->fork_arg);
        return SCHED_DONE;
    }
    struct sched_team *tm = w->team;
    struct sched_job *e = &tm->jobs[b];
    e->release = x->fork_release;
    e->release_arg = x->fork_arg;
    uint64_t gen = publish_and_run(w->index, tm, (uint32_t)b, x->fork_fn, x->fork_arg, n);
    s->fork = e;
    s->fork_bit = (uint32_t)b;
    for (unsigned k = 0; k < SCHED_FORK_POLL; k++) {
        if (sched_cond_value(&e->fin) >= gen) {
            sched_fork_complete(w, s, x);
            return SCHED_DONE;
        }
        base_cpu_relax();
    }
    return sched_block_on(x, &e->fin, gen, 0, 0); /* MB3: complete when unblocked */
}

void sched_fork_complete(struct sched_worker *w, struct sched_stream *s, struct sched_exec *x)
{
    struct sched_job *e = s->fork;
    s->fork = NULL;
    /* relaxed: ordered by fin's acquire, which the caller made (MB2). */
    int32_t err = atomic_load_explicit(&e->err, memory_order_relaxed);
    void (*release)(void *) = e->release;
    void *arg = e->release_arg;
    free_entry(w->team, s->fork_bit);
    if (err)
        sched_exec_fail(x, err); /* the task is still at the head (fail hook contract) */
    if (release)
        release(arg);
}
