/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Executors: what a first-phase call builds and a second-phase call queues.
 *
 * States (e->state) and who moves them:
 *
 *   FREE --ops_exec_new (phase 1)--> READY
 *   READY --phase 2 (CAS)--> LAUNCHED --worker: release after the run--> pool
 *   READY --aclSetAclOpExecutorRepeatable (CAS)--> REPEATABLE
 *   READY --failed phase 1--> FREE (pool)
 *   READY --aclDestroyAclOpExecutor (CAS)--> DESTROYED (pool)
 *   REPEATABLE --aclDestroyAclOpExecutor--> DESTROYED --last ref--> pool
 *   pool --phase 1 (ops_exec_new or a first-phase cache hit)--> READY
 *
 * Invariants:
 *  EX1. Executor headers are type-stable: they come from chunks that are never
 *      returned to the system, and a freed header goes back to the pool in a
 *      state no call accepts (FREE, LAUNCHED or DESTROYED; the release does
 *      not write a LAUNCHED/DESTROYED header: see the pool). A stale pointer
 *      therefore reads a valid header; phase 2 and destroy check the state
 *      with a CAS and refuse it (a header already reused by a newer phase-1
 *      call is indistinguishable from that newer executor, as with any
 *      pointer API).
 *  EX2. A single-use executor is referenced by exactly one queued task once
 *      LAUNCHED; that task's release frees it (for a captured launch: when
 *      the model run instance is destroyed). The run reads e->addr, which
 *      the caller must not change after the launch (AscendCL rule).
 *  EX3. A repeatable executor is freed when refs drops to 0: the caller's
 *      reference (dropped by aclDestroyAclOpExecutor) plus one per queued
 *      launch. Each launch runs with a private snapshot of the addresses
 *      taken at the launch, so refreshing addresses between launches never
 *      affects queued work.
 *  EX4. The plan (e->plan) is immutable after phase 1; kernels may run it
 *      concurrently from several streams (repeatable executors, replays).
 *  EX5. The launch of a single-use executor by the thread that built it (its
 *      owner, e->owner) takes it READY -> LAUNCHED without a locked
 *      instruction. A locked CAS there waited for every store still
 *      draining, and the previous launch's ring-slot store, which the
 *      polling worker had pulled to its core, made that a cross-core round
 *      trip per operator (perf, issue 16: ~40 ns of ~165). Any other thread
 *      that moves a READY executor (launch, destroy, repeatable) first
 *      steals it: it sets e->stolen, runs the heavy side of an asymmetric
 *      fence (sched_fence_heavy: membarrier) and waits until e->busy is
 *      clear; the owner sets busy, then reads stolen across the light side
 *      (a compiler barrier), and uses the CAS like everybody else once it
 *      sees stolen. Either the owner sees stolen, or the thief sees busy
 *      and waits for the owner's transition to finish, so two threads never
 *      both launch one executor, as with the CAS alone. A correct program
 *      never pays the steal; one that hands executors between threads pays
 *      a membarrier per executor handed over.
 *  EX6. A launch whose kernel splits (exec_blocks: the elementwise engine,
 *      ew.c EW3, and the kernels behind ops_split_run: engine.h's struct
 *      ops_split) is one multi-block task (core_launch_blocks, mode UPTO):
 *      its blocks run block i of n of the same plan and addresses on the
 *      device's workers; the release (exec_free, release_rec) runs once after
 *      the last block, as after a single run.
 *  EX7. Memory a header keeps (e->slots_ext, e->plan_ext): the slot arrays
 *      of an executor of more than OPS_EXEC_INLINE_SLOTS slots and a plan
 *      larger than plan_inline (ops_exec_plan_mem), each up to
 *      OPS_EXEC_EXT_MAX bytes, live in blocks that stay with the header when
 *      it is released and are reused by its next phase 1, which alone grows
 *      them (freeing the smaller block: the header is that thread's then).
 *      The release frees neither. Before, an 8-slot WeightQuantBatchMatmulV2
 *      called calloc five times in phase 1 and the worker freed all five
 *      (and malloc'd and freed its address array at the run): each free of
 *      the host's chunk on the worker went to the host's arena (perf, issue
 *      31: calloc 6% of the host's samples, _int_free 5% of the worker's).
 *      Blocks are never returned to the system, as the headers (EX1).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/launch.h"
#include "core/obs.h"
#include "ops/engine/engine.h"
#include "sched/sched_atomic.h"

__thread char ops_t_token __attribute__((tls_model("initial-exec")));

#define POOL_CHUNK 32 /* headers allocated at once (never returned to the system, EX1) */
#define POOL_LOCAL 64 /* a thread's own cache of free headers */
#define POOL_MAG 32   /* headers handed from thread to thread at once */
#define POOL_AHEAD 8  /* prefetch distance, in headers */

/*
 * The header pool (EX1), without a lock or an atomic on the hot path.
 *
 * Each thread keeps up to POOL_LOCAL free headers in an array of its own
 * (struct pool_tls); taking and returning one is an array access. A thread
 * that frees more than it takes (a stream worker: it releases what callers
 * built) hands its oldest POOL_MAG headers on as a magazine, pushed onto
 * g_mags, a lock-free stack; a thread that runs out (a caller) takes the
 * whole stack with one exchange and uses the magazines one by one. Nothing
 * pops a single magazine off g_mags, so the push CAS has no ABA.
 *
 * Why magazines of pointers, not a list through the headers (measured with
 * perf on a small aclnnAdd loop, issue 16, caller and worker on two cores):
 *  - a worker that frees a header does not write it. A write (the old free
 *    list link and state store) left line 0 modified in the worker's cache,
 *    and the caller's next phase 1 on that header waited for the line to
 *    come back: one cross-core transfer (~200 ns here) per operator, ~70%
 *    of the host time;
 *  - the caller knows the next headers it will use without touching them,
 *    so it asks for their lines POOL_AHEAD launches ahead (prefetchw); with
 *    a linked list, finding the next header meant reading the current one.
 * A header freed by the worker keeps the state it had (LAUNCHED or
 * DESTROYED: no call accepts either, EX1), its template and its plan, which
 * is what the first-phase cache relies on (p1cache.c, PC2).
 *
 * When a thread's cache cannot be allocated, or a magazine cannot, the
 * headers go onto g_spill, a plain lock-free list through next_free (taken
 * whole, like g_mags): slower, but never lost. A thread that exits hands
 * everything it holds back (pool_thread_exit).
 */
struct pool_mag {
    struct pool_mag *next;
    unsigned n;
    struct aclOpExecutor *p[POOL_MAG];
};

struct pool_tls {
    unsigned n;              /* p[0, n) are free; p[n - 1] is used next */
    struct pool_mag *mags;   /* taken from g_mags, not yet opened */
    struct pool_mag *shells; /* empty magazines taken from g_shells */
    struct aclOpExecutor *p[POOL_LOCAL];
};

static _Atomic(struct pool_mag *) g_mags;
/* Emptied magazines, for the next hand-off: a thread that opens one pushes
 * the shell here, a thread that hands headers on takes the whole stack (as
 * g_mags: push by CAS, take all by exchange, so no ABA). Freeing the shell
 * where it was opened and allocating the next one where headers are freed
 * moved a malloc chunk between the two threads' arenas every 32 operators
 * (glibc's arena lock on the caller's side; perf, issue 16). */
static _Atomic(struct pool_mag *) g_shells;
static _Atomic(struct aclOpExecutor *) g_spill;
static __thread struct pool_tls *t_pool __attribute__((tls_model("initial-exec")));
static __thread bool t_pool_failed __attribute__((tls_model("initial-exec")));
static pthread_key_t g_pool_key;
static pthread_once_t g_pool_once = PTHREAD_ONCE_INIT;
static bool g_pool_key_ok;

/* Push m onto the stack *top (g_mags or g_shells). */
static void mag_push(_Atomic(struct pool_mag *) *top, struct pool_mag *m)
{
    /* relaxed: only the CAS below publishes */
    struct pool_mag *h = atomic_load_explicit(top, memory_order_relaxed);
    do {
        m->next = h;
        /* release: the magazine's pointers, and everything the freeing thread
         * did with the headers (the worker's run read them), happen before
         * the taker reuses them (acquire exchange in pool_refill); for a
         * shell, the opener's reads of it happen before its reuse. */
    } while (!atomic_compare_exchange_weak_explicit(top, &h, m, memory_order_release,
                                                    memory_order_relaxed));
}

/* Push every magazine of the list m (linked by next) onto *top. */
static void mags_push_all(_Atomic(struct pool_mag *) *top, struct pool_mag *m)
{
    while (m) {
        struct pool_mag *next = m->next;
        mag_push(top, m);
        m = next;
    }
}

/* An empty magazine: one of t's shells, else the whole g_shells stack taken,
 * else a new one (NULL: out of memory). */
static struct pool_mag *shell_get(struct pool_tls *t)
{
    if (!t->shells)
        /* acquire: pairs with the release push (mag_push) */
        t->shells = atomic_exchange_explicit(&g_shells, NULL, memory_order_acquire);
    struct pool_mag *m = t->shells;
    if (m) {
        t->shells = m->next;
        return m;
    }
    return malloc(sizeof(*m));
}

/* Push the chain first..last (linked by next_free) onto g_spill. */
static void spill_push(struct aclOpExecutor *first, struct aclOpExecutor *last)
{
    /* relaxed: only the CAS below publishes */
    struct aclOpExecutor *h = atomic_load_explicit(&g_spill, memory_order_relaxed);
    do {
        last->next_free = h;
        /* release: as mag_push */
    } while (!atomic_compare_exchange_weak_explicit(&g_spill, &h, first, memory_order_release,
                                                    memory_order_relaxed));
}

/* Push a chain taken from g_spill back onto it (NULL: nothing). */
static void spill_give_back(struct aclOpExecutor *e)
{
    if (!e)
        return;
    struct aclOpExecutor *l = e;
    while (l->next_free)
        l = l->next_free;
    spill_push(e, l);
}

/* Hand p[0, n) (t's own) on: as magazines, or through g_spill without memory. */
static void pool_hand_on(struct pool_tls *t, struct aclOpExecutor *const *p, unsigned n)
{
    while (n) {
        unsigned k = n < POOL_MAG ? n : POOL_MAG;
        struct pool_mag *m = shell_get(t);
        if (m) {
            m->n = k;
            memcpy(m->p, p, k * sizeof(*p));
            mag_push(&g_mags, m);
        } else {
            for (unsigned i = 0; i + 1 < k; i++)
                p[i]->next_free = p[i + 1];
            spill_push(p[0], p[k - 1]);
        }
        p += k;
        n -= k;
    }
}

static void pool_thread_exit(void *arg)
{
    struct pool_tls *t = arg;
    t_pool = NULL;
    pool_hand_on(t, t->p, t->n);
    mags_push_all(&g_mags, t->mags);
    mags_push_all(&g_shells, t->shells);
    free(t);
}

/* Tests only (tests/ops/ops_exec_steal.c): CPUACL_TEST_EXEC_RACE_US holds
 * the owner inside its unlocked launch (EX5) that long, so that a broken
 * steal shows as a double launch instead of needing a lucky interleaving.
 * Read once, with the pool's key; 0 = off. */
static unsigned g_race_us;

static void pool_key_make(void)
{
    g_pool_key_ok = pthread_key_create(&g_pool_key, pool_thread_exit) == 0;
    const char *v = getenv("CPUACL_TEST_EXEC_RACE_US");
    g_race_us = v ? (unsigned)strtoul(v, NULL, 10) : 0;
}

/* This thread's cache; NULL when it cannot have one (then g_spill is used). */
static struct pool_tls *pool_tls(void)
{
    struct pool_tls *t = t_pool;
    if (__builtin_expect(t != NULL, 1) || t_pool_failed)
        return t;
    pthread_once(&g_pool_once, pool_key_make);
    t = g_pool_key_ok ? calloc(1, sizeof(*t)) : NULL;
    if (t && pthread_setspecific(g_pool_key, t) != 0) {
        free(t);
        t = NULL;
    }
    t_pool = t;
    t_pool_failed = t == NULL;
    return t;
}

/* Fetch the header lines a first phase writes (0 and 2), for writing (x86:
 * prefetchw, a no-op where unsupported). */
static inline void prefetch_header(const struct aclOpExecutor *e)
{
#if defined(__x86_64__)
    __asm__ volatile("prefetchw %0" : : "m"(*(const char *)e));
    __asm__ volatile("prefetchw %0" : : "m"(*((const char *)e + 128)));
#else
    __builtin_prefetch(e, 1, 3);
    __builtin_prefetch((const char *)e + 128, 1, 3);
#endif
}

static struct aclOpExecutor *chunk_new(void)
{
    /* never freed (EX1); 64-byte aligned, the header's layout is by cache line */
    struct aclOpExecutor *c =
        aligned_alloc(_Alignof(struct aclOpExecutor), POOL_CHUNK * sizeof(*c));
    if (c)
        memset(c, 0, POOL_CHUNK * sizeof(*c));
    return c;
}

/* Fill an empty cache: a magazine taken earlier, then g_mags, then g_spill,
 * then a new chunk. False: out of memory. */
static bool pool_refill(struct pool_tls *t)
{
    if (!t->mags)
        /* acquire: pairs with the release push (mag_push) */
        t->mags = atomic_exchange_explicit(&g_mags, NULL, memory_order_acquire);
    struct pool_mag *m = t->mags;
    if (m) {
        t->mags = m->next;
        memcpy(t->p, m->p, m->n * sizeof(m->p[0]));
        t->n = m->n;
        mag_push(&g_shells, m);
    } else {
        /* acquire: pairs with the release push (spill_push) */
        struct aclOpExecutor *e = atomic_exchange_explicit(&g_spill, NULL, memory_order_acquire);
        if (e) {
            while (e && t->n < POOL_LOCAL) {
                t->p[t->n++] = e;
                e = e->next_free;
            }
            spill_give_back(e); /* more than fits: the rest goes back */
        } else {
            struct aclOpExecutor *c = chunk_new();
            if (!c)
                return false;
            for (int i = POOL_CHUNK - 1; i >= 0; i--)
                t->p[t->n++] = &c[i];
        }
    }
    for (unsigned i = 1; i <= POOL_AHEAD && i <= t->n; i++)
        prefetch_header(t->p[t->n - i]);
    return true;
}

static struct aclOpExecutor *pool_get(void)
{
    struct pool_tls *t = pool_tls();
    if (__builtin_expect(!t, 0)) {
        /* no cache: take one header off g_spill by taking all and giving back the rest */
        /* acquire: pairs with the release push (spill_push) */
        struct aclOpExecutor *e = atomic_exchange_explicit(&g_spill, NULL, memory_order_acquire);
        if (!e) {
            struct aclOpExecutor *c = chunk_new();
            if (!c)
                return NULL;
            for (int i = 1; i + 1 < POOL_CHUNK; i++)
                c[i].next_free = &c[i + 1];
            spill_push(&c[1], &c[POOL_CHUNK - 1]);
            return &c[0];
        }
        spill_give_back(e->next_free);
        return e;
    }
    if (__builtin_expect(t->n == 0, 0) && !pool_refill(t))
        return NULL;
    struct aclOpExecutor *e = t->p[--t->n];
    /* The header used POOL_AHEAD launches from now was last read (maybe
     * written) on the worker's core: ask for its lines now, so that its
     * phase 1 finds them here (the launch's state CAS would wait for them). */
    if (t->n >= POOL_AHEAD)
        prefetch_header(t->p[t->n - POOL_AHEAD]);
    return e;
}

/* Give e back to this thread's cache (EX1: e is in a state no call accepts). */
static void pool_put(struct aclOpExecutor *e)
{
    struct pool_tls *t = pool_tls();
    if (__builtin_expect(!t, 0)) {
        spill_push(e, e);
        return;
    }
    if (t->n == POOL_LOCAL) {
        /* hand on the oldest (coldest in this cache); keep the recent ones */
        pool_hand_on(t, t->p, POOL_MAG);
        memmove(t->p, t->p + POOL_MAG, (POOL_LOCAL - POOL_MAG) * sizeof(t->p[0]));
        t->n = POOL_LOCAL - POOL_MAG;
    }
    t->p[t->n++] = e;
}

/* EX7: a block a header keeps; mem is aligned as malloc's memory. */
struct ops_exec_ext {
    size_t cap; /* bytes at mem */
    max_align_t mem[];
};

/* The memory of the block *x, grown to at least size bytes (by the thread
 * in phase 1 on the header); NULL above OPS_EXEC_EXT_MAX or when out of
 * memory (the caller falls back to a plain allocation). */
static void *ext_mem(struct ops_exec_ext **x, size_t size)
{
    struct ops_exec_ext *b = *x;
    if (b && b->cap >= size)
        return b->mem;
    if (size > OPS_EXEC_EXT_MAX)
        return NULL;
    size_t cap = 256;
    while (cap < size)
        cap *= 2;
    struct ops_exec_ext *n = malloc(sizeof(*n) + cap);
    if (!n)
        return NULL;
    n->cap = cap;
    free(b);
    *x = n;
    return n->mem;
}

static inline bool ext_holds(const struct ops_exec_ext *b, const void *p)
{
    return b && p == (const void *)b->mem;
}

void *ops_exec_plan_mem(struct aclOpExecutor *e, size_t size)
{
    if (size <= sizeof(e->plan_inline) && e->plan != (void *)e->plan_inline)
        return e->plan_inline;
    void *p;
    if (!ext_holds(e->plan_ext, e->plan) && (p = ext_mem(&e->plan_ext, size)))
        return p;
    return malloc(size);
}

bool ops_exec_plan_kept(const struct aclOpExecutor *e, const void *plan)
{
    return plan == (const void *)e->plan_inline || ext_holds(e->plan_ext, plan);
}

void ops_exec_plan_release(struct aclOpExecutor *e, void *plan)
{
    if (plan != (void *)e->plan_inline && !ext_holds(e->plan_ext, plan))
        free(plan);
}

void ops_plan_free(struct aclOpExecutor *e)
{
    ops_exec_plan_release(e, e->plan);
}

struct aclOpExecutor *ops_exec_header(void)
{
    return pool_get();
}

static void exec_free(struct aclOpExecutor *e)
{
    /* Writes only what is set (line 3, the template's, stays shared with a
     * cached first phase that reuses this header: p1cache.c). */
    if (e->fini) {
        e->fini(e);
        e->fini = NULL;
    }
    if (e->slot_group != e->slot_group_inline && !ext_holds(e->slots_ext, e->addr)) {
        free(e->slot_group);
        free(e->addr);
        free(e->group_src);
        free(e->group_need);
    }
    if (e->obs) {
        free(e->obs);
        e->obs = NULL;
    }
    /* run and plan stay: nothing reads them before a state check (EX1), and
     * the next phase 1 sets them. A LAUNCHED or DESTROYED header keeps its
     * state (no call accepts either) and is not written here: this runs on
     * the worker, and a write would pull line 0 away from the caller's core
     * (the pool's comment). A READY one (never launched) becomes FREE. */
    /* relaxed: only this thread can still move a READY header (its owner) */
    if (atomic_load_explicit(&e->state, memory_order_relaxed) == EXEC_READY)
        /* release: a stale reader that sees FREE sees nothing older (EX1). */
        atomic_store_explicit(&e->state, EXEC_FREE, memory_order_release);
    pool_put(e);
}

/* Bytes of a slot in the out-of-line arrays: addr, group_src, slot_group,
 * group_need (in that order in a kept block, EX7: each array aligned). */
#define SLOT_BYTES (sizeof(void *) + sizeof(const void *) + sizeof(int16_t) + sizeof(uint8_t))

struct aclOpExecutor *ops_exec_new(const char *op, uint16_t nin, uint16_t nout)
{
    struct aclOpExecutor *e = pool_get();
    if (!e) {
        ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory creating the executor", op);
        return NULL;
    }
    /* Clear all but the atomics (a stale reader may still look at state, EX1);
     * this clears plan_tag too: the header no longer holds a cached phase 1. */
    uint32_t gen = e->gen + 1;
    memset((char *)e + offsetof(struct aclOpExecutor, nslots), 0,
           offsetof(struct aclOpExecutor, plan_inline) - offsetof(struct aclOpExecutor, nslots));
    e->gen = gen;
    e->op = op;
    e->nin = nin;
    e->nout = nout;
    unsigned n = (unsigned)nin + nout;
    if (n <= OPS_EXEC_INLINE_SLOTS) {
        e->slot_group = e->slot_group_inline;
        e->addr = e->addr_inline;
        e->group_src = e->group_src_inline;
        e->group_need = e->group_need_inline;
    } else if ((e->addr = ext_mem(&e->slots_ext, n * SLOT_BYTES))) {
        /* EX7: one kept block, zeroed as the calloc'd arrays were */
        memset(e->addr, 0, n * SLOT_BYTES);
        e->group_src = (const void **)(e->addr + n);
        e->slot_group = (int16_t *)(void *)(e->group_src + n);
        e->group_need = (uint8_t *)(e->slot_group + n);
    } else {
        e->slot_group = calloc(n, sizeof(*e->slot_group));
        e->addr = calloc(n, sizeof(*e->addr));
        e->group_src = calloc(n, sizeof(*e->group_src));
        e->group_need = calloc(n, 1);
        if (!e->slot_group || !e->addr || !e->group_src || !e->group_need) {
            exec_free(e);
            ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory creating the executor", op);
            return NULL;
        }
    }
    /* Default IR layout: one tensor per IR parameter (up to the table size;
     * operators with tensor lists declare theirs with ops_exec_ir). */
    e->n_ir_in = nin < 4 ? nin : 4;
    e->n_ir_out = nout < 4 ? nout : 4;
    for (uint16_t i = 0; i < e->n_ir_in; i++) {
        e->ir_first[i] = i;
        e->ir_count[i] = 1;
    }
    for (uint16_t i = 0; i < e->n_ir_out; i++) {
        e->ir_first[4 + i] = (uint16_t)(nin + i);
        e->ir_count[4 + i] = 1;
    }
    ops_exec_make_ready(e);
    return e;
}

void ops_exec_ir(struct aclOpExecutor *e, const uint16_t *in_counts, uint16_t n_ir_in)
{
    uint16_t first = 0;
    e->n_ir_in = n_ir_in < 4 ? n_ir_in : 4;
    for (uint16_t i = 0; i < e->n_ir_in; i++) {
        e->ir_first[i] = first;
        e->ir_count[i] = in_counts[i];
        first = (uint16_t)(first + in_counts[i]);
    }
}

/* Describe slot's tensor for the profiler / the dump (core/obs.h). */
static void exec_obs_slot(struct aclOpExecutor *e, int slot, const aclTensor *t)
{
    unsigned n = (unsigned)e->nin + e->nout;
    if (!e->obs && !(e->obs = calloc(n, sizeof(*e->obs))))
        return; /* not observed: no memory */
    if ((unsigned)slot >= n)
        return;
    struct core_obs_tensor *o = &e->obs[slot];
    o->dt = t->dtype;
    o->fmt = t->format;
    o->ndim = t->ndim < CORE_OBS_MAX_DIMS ? t->ndim : CORE_OBS_MAX_DIMS;
    o->offset = t->offset;
    for (uint32_t d = 0; d < o->ndim; d++) {
        o->dims[d] = t->dims[d];
        o->strides[d] = t->strides[d];
    }
}

int ops_exec_slot(struct aclOpExecutor *e, const aclTensor *t)
{
    int slot = e->nslots++;
    if (!t) {
        e->slot_group[slot] = -1;
        return slot;
    }
    if (__builtin_expect(core_obs_active(), 0))
        exec_obs_slot(e, slot, t);
    int64_t numel = ops_numel(t->dims, (int)t->ndim);
    for (int g = 0; g < e->ngroups; g++)
        if (e->group_src[g] == t) {
            e->slot_group[slot] = (int16_t)g;
            e->group_need[g] |= numel > 0;
            return slot;
        }
    int g = e->ngroups++;
    e->group_src[g] = t;
    e->addr[g] = t->data;
    e->group_need[g] = numel > 0;
    e->slot_group[slot] = (int16_t)g;
    return slot;
}

void ops_exec_discard(struct aclOpExecutor *e)
{
    if (e)
        exec_free(e);
}

aclnnStatus ops_exec_done(struct aclOpExecutor *e, uint64_t *workspaceSize,
                          aclOpExecutor **executor)
{
    *workspaceSize = 0;
    *executor = e;
    return ACLNN_SUCCESS;
}

/* ---- running ------------------------------------------------------------------ */

/* Split launches (EX6): the blocks a launch of e may use, 1 when e's kernel
 * has no split or is too small to gain from one (its threshold), or while
 * the profiler or dump records operators (they see one run per launch). */
static inline uint32_t exec_blocks(const struct aclOpExecutor *e)
{
    if (e->run == ew_exec_run && !core_obs_active())
        return ew_blocks(e->plan);
    if (e->run == ops_split_run && !core_obs_active())
        return ops_split_of(e)->blocks(e);
    return 1;
}

int32_t ops_split_run(const struct aclOpExecutor *e, void *const *addr)
{
    return ops_split_of(e)->block(e, addr, 0, 1);
}

/* The addresses a kernel sees are per slot; slots of one group share one.
 * A NULL address for a non-empty tensor would fault on a device: report the
 * kernel failure instead of crashing the worker. n > 0: block i of n of a
 * split launch (EX6), n = 0: the whole run. */
#define RUN_SLOTS 32 /* slots whose addresses a run keeps on its stack (EX7: no malloc) */
static int32_t exec_run_part(const struct aclOpExecutor *e, void *const *group_addr, uint32_t i,
                             uint32_t n)
{
    if (!e->run)
        return 0;
    void *slot_addr[RUN_SLOTS];
    void **addr = slot_addr;
    if (e->nslots > RUN_SLOTS && !(addr = malloc(e->nslots * sizeof(void *))))
        return ACL_ERROR_BAD_ALLOC;
    for (int g = 0; g < e->ngroups; g++)
        if (!group_addr[g] && e->group_need[g]) {
            if (addr != slot_addr)
                free(addr);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
    for (int s = 0; s < e->nslots; s++)
        addr[s] = e->slot_group[s] >= 0 ? group_addr[e->slot_group[s]] : NULL;
    int32_t rc;
    if (n) {
        rc = e->run == ew_exec_run ? ew_exec_block(e, addr, i, n) /* the split kernels */
                                   : ops_split_of(e)->block(e, addr, i, n);
    } else if (__builtin_expect(core_obs_active(), 0)) {
        uint64_t t0 = core_obs_now_ns();
        rc = e->run(e, addr);
        if (rc == 0 && e->nslots == e->nin + e->nout)
            core_obs_op(e->op, e->obs, addr, e->nin, e->nout, t0, core_obs_now_ns());
    } else {
        rc = e->run(e, addr);
    }
    if (addr != slot_addr)
        free(addr);
    return rc;
}

static inline int32_t exec_run(const struct aclOpExecutor *e, void *const *group_addr)
{
    return exec_run_part(e, group_addr, 0, 0);
}

static int32_t run_once(void *arg)
{
    struct aclOpExecutor *e = arg;
    return exec_run(e, e->addr);
}

static int32_t run_once_block(void *arg, uint32_t i, uint32_t n)
{
    struct aclOpExecutor *e = arg;
    return exec_run_part(e, e->addr, i, n);
}

static void release_once(void *arg)
{
    exec_free(arg);
}

struct launch_rec {
    struct aclOpExecutor *e;
    void *addr[]; /* snapshot of e->addr at the launch (EX3) */
};

static int32_t run_rec(void *arg)
{
    struct launch_rec *r = arg;
    return exec_run(r->e, r->addr);
}

static int32_t run_rec_block(void *arg, uint32_t i, uint32_t n)
{
    struct launch_rec *r = arg;
    return exec_run_part(r->e, r->addr, i, n);
}

static void exec_unref(struct aclOpExecutor *e)
{
    /* acq_rel: the last one to drop sees every run's writes before freeing. */
    if (atomic_fetch_sub_explicit(&e->refs, 1, memory_order_acq_rel) == 1)
        exec_free(e);
}

static void release_rec(void *arg)
{
    struct launch_rec *r = arg;
    struct aclOpExecutor *e = r->e;
    free(r);
    exec_unref(e);
}

/* EX5: before a thread other than the owner moves e out of READY. */
static void exec_steal(struct aclOpExecutor *e)
{
    /* relaxed: compared with our own token only; a stale value means we are
     * not the owner, and stealing is always safe */
    if (atomic_load_explicit(&e->owner, memory_order_relaxed) == (const void *)&ops_t_token)
        return; /* no unlocked launch can race us: it would be ours */
    /* relaxed: the heavy fence below orders it before the load of busy */
    if (!atomic_load_explicit(&e->stolen, memory_order_relaxed)) {
        atomic_store_explicit(&e->stolen, 1, memory_order_relaxed);
        sched_fence_heavy();
    }
    /* acquire: pairs with the owner's release of busy: its state store is
     * visible to our CAS. The owner holds busy for a few instructions; if
     * it was preempted there, sleep instead of spinning. */
    for (unsigned i = 0; atomic_load_explicit(&e->busy, memory_order_acquire); i++) {
        if (i < 64)
            base_cpu_relax();
        else
            nanosleep(&(struct timespec){.tv_nsec = 1000}, NULL);
    }
}

/* EX5: the owner's unlocked READY -> LAUNCHED; false: stolen, use the CAS. */
static inline bool exec_owner_launch(struct aclOpExecutor *e, uint32_t *was)
{
    /* relaxed: ownership is only ever compared with the caller's own token */
    if (atomic_load_explicit(&e->owner, memory_order_relaxed) != (const void *)&ops_t_token)
        return false;
    /* relaxed + light fence: the Dekker pair with exec_steal's store of
     * stolen + heavy fence (sched/sched_atomic.h) */
    atomic_store_explicit(&e->busy, 1, memory_order_relaxed);
    sched_fence_light();
    if (atomic_load_explicit(&e->stolen, memory_order_relaxed)) {
        /* relaxed: nothing was changed under busy */
        atomic_store_explicit(&e->busy, 0, memory_order_relaxed);
        return false;
    }
    /* relaxed: only this thread moves e while stolen is clear */
    uint32_t st = atomic_load_explicit(&e->state, memory_order_relaxed);
    if (__builtin_expect(g_race_us != 0, 0))
        nanosleep(&(struct timespec){.tv_nsec = 1000l * g_race_us}, NULL);
    if (st == EXEC_READY)
        /* relaxed: the stream's publication of the task (release) orders it
         * for the worker; a thief orders it by its acquire of busy below */
        atomic_store_explicit(&e->state, EXEC_LAUNCHED, memory_order_relaxed);
    /* release: a thief that sees busy clear sees the state store */
    atomic_store_explicit(&e->busy, 0, memory_order_release);
    *was = st;
    return true;
}

/* A launch of a REPEATABLE executor: a record with the addresses of now (EX3). */
static aclnnStatus launch_repeatable(aclOpExecutor *e, aclrtStream stream, const char *name)
{
    struct launch_rec *r = malloc(sizeof(*r) + e->ngroups * sizeof(void *));
    if (!r)
        return ops_err(ACLNN_ERR_INNER, "%s: out of memory", name);
    r->e = e;
    memcpy(r->addr, e->addr, e->ngroups * sizeof(void *));
    /* relaxed: the caller's own reference keeps e alive here. */
    atomic_fetch_add_explicit(&e->refs, 1, memory_order_relaxed);
    uint32_t nb = exec_blocks(e);
    aclError rc = nb > 1 ? core_launch_blocks(stream, run_rec_block, r, nb, CORE_BLOCKS_UPTO,
                                              release_rec, name)
                         : core_launch_owned(stream, run_rec, r, release_rec, name);
    if (rc != ACL_SUCCESS) {
        release_rec(r);
        return ops_err(ACLNN_ERR_RUNTIME_ERROR, "%s: the stream refused the launch (%d)", name,
                       (int)rc);
    }
    return ACLNN_SUCCESS;
}

aclnnStatus ops_launch(void *workspace, uint64_t workspaceSize, aclOpExecutor *e,
                       aclrtStream stream, const char *name)
{
    (void)workspace; /* phase 1 always asks for 0 bytes; any value is accepted */
    (void)workspaceSize;
    if (!e)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is NULL", name);
    /* acquire: pairs with the release in exec_free / the state CASes. */
    if (atomic_load_explicit(&e->state, memory_order_acquire) == EXEC_REPEATABLE)
        return launch_repeatable(e, stream, name);
    uint32_t was = EXEC_READY;
    if (!exec_owner_launch(e, &was)) {
        exec_steal(e);
        /* acq_rel: we take ownership of a READY executor (built by any
         * thread: its phase 1 happens before our call, by the caller's own
         * synchronisation when it was another thread). */
        atomic_compare_exchange_strong_explicit(&e->state, &was, EXEC_LAUNCHED,
                                                memory_order_acq_rel, memory_order_acquire);
    }
    if (was == EXEC_REPEATABLE) /* made repeatable by another thread meanwhile */
        return launch_repeatable(e, stream, name);
    if (was != EXEC_READY)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the executor was already launched or destroyed (an executor runs "
                       "once unless made repeatable with aclSetAclOpExecutorRepeatable)",
                       name);
    uint32_t nb = exec_blocks(e);
    aclError rc = __builtin_expect(nb > 1, 0)
                      ? core_launch_blocks(stream, run_once_block, e, nb, CORE_BLOCKS_UPTO,
                                           release_once, name)
                      : core_launch_owned(stream, run_once, e, release_once, name);
    if (rc != ACL_SUCCESS) {
        /* Not queued: hand it back, so the caller may retry or destroy it. */
        atomic_store_explicit(&e->state, EXEC_READY, memory_order_release);
        return ops_err(ACLNN_ERR_RUNTIME_ERROR, "%s: the stream refused the launch (%d)", name,
                       (int)rc);
    }
    return ACLNN_SUCCESS;
}

/* ---- the public executor controls -------------------------------------------------- */

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    if (!executor)
        return ops_err(ACLNN_ERR_INNER_NULLPTR, "aclSetAclOpExecutorRepeatable: executor is NULL");
    uint32_t expect = atomic_load_explicit(&executor->state, memory_order_acquire);
    if (expect == EXEC_REPEATABLE)
        return ACLNN_SUCCESS;
    exec_steal(executor);     /* EX5 */
    if (expect == EXEC_READY) /* the caller's reference; published by the CAS below */
        atomic_store_explicit(&executor->refs, 1, memory_order_relaxed);
    if (expect == EXEC_READY &&
        atomic_compare_exchange_strong_explicit(&executor->state, &expect, EXEC_REPEATABLE,
                                                memory_order_acq_rel, memory_order_acquire))
        return ACLNN_SUCCESS;
    return ops_err(ACLNN_ERR_PARAM_INVALID,
                   "aclSetAclOpExecutorRepeatable: the executor is no longer available (call it "
                   "right after the first-phase call, before launching)");
}

/* aclDestroyAclOpExecutor and aclDestroyOpExecutor (the name some of CANN's
 * example programs call), fn naming the caller in messages. */
static aclnnStatus exec_destroy(aclOpExecutor *executor, const char *fn)
{
    if (!executor)
        return ops_err(ACLNN_ERR_INNER_NULLPTR, "%s: executor is NULL", fn);
    uint32_t expect = EXEC_REPEATABLE;
    exec_steal(executor); /* EX5 */
    if (atomic_compare_exchange_strong_explicit(&executor->state, &expect, EXEC_DESTROYED,
                                                memory_order_acq_rel, memory_order_acquire)) {
        exec_unref(executor);
        return ACLNN_SUCCESS;
    }
    if (expect == EXEC_READY) { /* never launched: nothing references it */
        if (atomic_compare_exchange_strong_explicit(&executor->state, &expect, EXEC_DESTROYED,
                                                    memory_order_acq_rel, memory_order_acquire)) {
            exec_free(executor);
            return ACLNN_SUCCESS;
        }
    }
    return ops_err(ACLNN_ERR_PARAM_INVALID,
                   "%s: the executor is not live (a single-use executor is freed by the runtime "
                   "after its launch)",
                   fn);
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    return exec_destroy(executor, "aclDestroyAclOpExecutor");
}

aclnnStatus aclDestroyOpExecutor(aclOpExecutor *executor)
{
    return exec_destroy(executor, "aclDestroyOpExecutor");
}

static aclnnStatus set_slot_addr(aclOpExecutor *e, size_t slot, aclTensor *tensor, void *addr,
                                 const char *fn)
{
    if (!e)
        return ops_err(ACLNN_ERR_INNER_NULLPTR, "%s: executor is NULL", fn);
    if (!tensor)
        return ops_err(ACLNN_ERR_INNER_NULLPTR, "%s: tensor is NULL", fn);
    uint32_t st = atomic_load_explicit(&e->state, memory_order_acquire);
    if (st != EXEC_READY && st != EXEC_REPEATABLE)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the executor is not live", fn);
    if (slot >= e->nslots)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: index out of range (%zu tensors)", fn,
                       (size_t)e->nslots);
    int g = e->slot_group[slot];
    if (g < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: that optional tensor was absent (NULL) at the first phase", fn);
    e->addr[g] = addr;
    tensor->data = addr;
    return ACLNN_SUCCESS;
}

/* Input index (out false) or output index (out true) of the executor. */
static aclnnStatus set_io_addr(aclOpExecutor *e, bool out, size_t index, aclTensor *tensor,
                               void *addr, const char *fn)
{
    unsigned n = e ? (out ? e->nout : e->nin) : 0;
    if (e && index >= n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: index %zu out of range (%u %s)", fn, index, n,
                       out ? "outputs" : "inputs");
    return set_slot_addr(e, e && out ? e->nin + index : index, tensor, addr, fn);
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                  void *addr)
{
    return set_io_addr(executor, false, index, tensor, addr, "aclSetInputTensorAddr");
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                   void *addr)
{
    return set_io_addr(executor, true, index, tensor, addr, "aclSetOutputTensorAddr");
}

aclnnStatus aclSetTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                             void *addr)
{
    return set_slot_addr(executor, index, tensor, addr, "aclSetTensorAddr");
}

/* The tensor rel of IR parameter ir (inputs 0..3, outputs 4..7). */
static aclnnStatus set_dynamic_ir(aclOpExecutor *e, size_t ir, size_t rel, aclTensorList *tensors,
                                  void *addr, const char *fn)
{
    if (!e)
        return ops_err(ACLNN_ERR_INNER_NULLPTR, "%s: executor is NULL", fn);
    if (!tensors)
        return ops_err(ACLNN_ERR_INNER_NULLPTR, "%s: tensors is NULL", fn);
    if (ir >= 8 || e->ir_count[ir] == 0 || rel >= e->ir_count[ir] || rel >= tensors->n)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: index (%zu, %zu) out of range", fn, ir, rel);
    return set_slot_addr(e, (size_t)e->ir_first[ir] + rel, tensors->v[rel], addr, fn);
}

/* IR input (out false) or IR output (out true) irIndex of the executor. */
static aclnnStatus set_dynamic(aclOpExecutor *e, bool out, size_t irIndex, size_t rel,
                               aclTensorList *tensors, void *addr, const char *fn)
{
    if (e && irIndex >= (out ? e->n_ir_out : e->n_ir_in))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s %zu out of range", fn,
                       out ? "output" : "input", irIndex);
    return set_dynamic_ir(e, out ? 4 + irIndex : irIndex, rel, tensors, addr, fn);
}

aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                         const size_t relativeIndex, aclTensorList *tensors,
                                         void *addr)
{
    return set_dynamic(executor, false, irIndex, relativeIndex, tensors, addr,
                       "aclSetDynamicInputTensorAddr");
}

aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                          const size_t relativeIndex, aclTensorList *tensors,
                                          void *addr)
{
    return set_dynamic(executor, true, irIndex, relativeIndex, tensors, addr,
                       "aclSetDynamicOutputTensorAddr");
}

aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                    const size_t relativeIndex, aclTensorList *tensors, void *addr)
{
    if (executor && irIndex >= executor->n_ir_in)
        return set_dynamic_ir(executor, 4 + (irIndex - executor->n_ir_in), relativeIndex, tensors,
                              addr, "aclSetDynamicTensorAddr");
    return set_dynamic_ir(executor, irIndex, relativeIndex, tensors, addr,
                          "aclSetDynamicTensorAddr");
}
