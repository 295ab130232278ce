/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Executors: what a first-phase call builds and a second-phase call queues.
 *
 * States (e->state) and who moves them:
 *
 *   FREE --ops_exec_new (phase 1)--> READY
 *   READY --phase 2 (CAS)--> LAUNCHED --worker: release after the run--> FREE
 *   READY --aclSetAclOpExecutorRepeatable (CAS)--> REPEATABLE
 *   READY --aclDestroyAclOpExecutor / failed phase 1--> FREE
 *   REPEATABLE --aclDestroyAclOpExecutor--> DESTROYED --last ref--> FREE
 *
 * Invariants:
 *  X1. Executor headers are type-stable: they come from chunks that are never
 *      returned to the system, and a freed header goes back to the pool with
 *      state FREE. A stale pointer therefore reads a valid header; phase 2
 *      and destroy check the state with a CAS and refuse FREE/LAUNCHED ones
 *      (a header already reused by a newer phase-1 call is indistinguishable
 *      from that newer executor, as with any pointer API).
 *  X2. A single-use executor is referenced by exactly one queued task once
 *      LAUNCHED; that task's release frees it (for a captured launch: when
 *      the model run instance is destroyed). The run reads e->addr, which
 *      the caller must not change after the launch (AscendCL rule).
 *  X3. A repeatable executor is freed when refs drops to 0: the caller's
 *      reference (dropped by aclDestroyAclOpExecutor) plus one per queued
 *      launch. Each launch runs with a private snapshot of the addresses
 *      taken at the launch, so refreshing addresses between launches never
 *      affects queued work.
 *  X4. The plan (e->plan) is immutable after phase 1; kernels may run it
 *      concurrently from several streams (repeatable executors, replays).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/launch.h"
#include "core/obs.h"
#include "ops/ops.h"

#define POOL_CHUNK 32

/*
 * The header pool (X1), without a lock on the hot path: each thread takes
 * headers from its own free list (t_free, no atomics); a header freed on any
 * thread (the worker, after the launch) is pushed onto g_returned, a
 * lock-free stack. A thread whose list is empty takes the whole stack at
 * once with one exchange; nothing ever pops a single node off g_returned,
 * so the push CAS has no ABA. A thread that exits hands its list back
 * (pool_thread_exit). Measured with perf on a small aclnnAdd loop (issue
 * 16): the mutex this replaced, shared by the submitting thread and the
 * worker, was a futex wake/wait per launch under contention.
 */
static _Atomic(struct aclOpExecutor *) g_returned;
static __thread struct aclOpExecutor *t_free __attribute__((tls_model("initial-exec")));
static __thread bool t_registered __attribute__((tls_model("initial-exec")));
static pthread_key_t g_pool_key;
static pthread_once_t g_pool_once = PTHREAD_ONCE_INIT;

/* Push the chain first..last onto g_returned. */
static void pool_push_chain(struct aclOpExecutor *first, struct aclOpExecutor *last)
{
    /* relaxed: only the CAS below publishes */
    struct aclOpExecutor *h = atomic_load_explicit(&g_returned, memory_order_relaxed);
    do {
        last->next_free = h;
        /* release: the header's last writes (exec_free) and next_free are
         * visible to the thread that takes the stack (acquire exchange). */
    } while (!atomic_compare_exchange_weak_explicit(&g_returned, &h, first, memory_order_release,
                                                    memory_order_relaxed));
}

static void pool_thread_exit(void *unused)
{
    (void)unused;
    struct aclOpExecutor *f = t_free, *l = f;
    if (!f)
        return;
    while (l->next_free)
        l = l->next_free;
    t_free = NULL;
    pool_push_chain(f, l);
}

static void pool_key_make(void)
{
    if (pthread_key_create(&g_pool_key, pool_thread_exit) != 0)
        g_pool_key = (pthread_key_t)-1; /* no hand-back: headers stay type-stable anyway */
}

/* Fetch e's line 0 for writing (x86: prefetchw, a no-op where unsupported). */
static inline void prefetch_write(const void *p)
{
#if defined(__x86_64__)
    __asm__ volatile("prefetchw %0" : : "m"(*(const char *)p));
#else
    __builtin_prefetch(p, 1, 3);
#endif
}

static struct aclOpExecutor *pool_get(void)
{
    struct aclOpExecutor *e = t_free;
    if (!e) {
        /* acquire: pairs with the release push (pool_push_chain) */
        e = atomic_exchange_explicit(&g_returned, NULL, memory_order_acquire);
        if (!e) {
            /* never freed (X1); 64-byte aligned, the header's layout is by cache line */
            struct aclOpExecutor *c = aligned_alloc(_Alignof(struct aclOpExecutor),
                                                    POOL_CHUNK * sizeof(*c));
            if (!c)
                return NULL;
            memset(c, 0, POOL_CHUNK * sizeof(*c));
            for (int i = 0; i < POOL_CHUNK; i++)
                c[i].next_free = i + 1 < POOL_CHUNK ? &c[i + 1] : NULL;
            e = c;
        }
        if (!t_registered) {
            pthread_once(&g_pool_once, pool_key_make);
            if (g_pool_key != (pthread_key_t)-1)
                pthread_setspecific(g_pool_key, (void *)1);
            t_registered = true;
        }
    }
    struct aclOpExecutor *n = e->next_free;
    t_free = n;
    /* The next header's line 0 was last written by the worker (its free):
     * ask for it now, for writing, so that the next phase 1 finds it here
     * instead of waiting for the transfer at its phase 2's state CAS. */
    if (n)
        prefetch_write(n);
    return e;
}

void *ops_exec_plan_mem(struct aclOpExecutor *e, size_t size)
{
    if (size <= sizeof(e->plan_inline) && e->plan != (void *)e->plan_inline)
        return e->plan_inline;
    return malloc(size);
}

void ops_exec_plan_release(struct aclOpExecutor *e, void *plan)
{
    if (plan != (void *)e->plan_inline)
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
    if (e->slot_group != e->slot_group_inline) {
        free(e->slot_group);
        free(e->addr);
        free(e->group_src);
        free(e->group_need);
    }
    if (e->obs) {
        free(e->obs);
        e->obs = NULL;
    }
    /* run and plan stay: nothing reads them before a state check (X1), and
     * the next phase 1 sets them. */
    /* release: a stale reader that sees FREE sees nothing older (X1). */
    atomic_store_explicit(&e->state, EXEC_FREE, memory_order_release);
    pool_push_chain(e, e);
}

struct aclOpExecutor *ops_exec_new(const char *op, uint16_t nin, uint16_t nout)
{
    struct aclOpExecutor *e = pool_get();
    if (!e) {
        ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory creating the executor", op);
        return NULL;
    }
    /* Clear all but the atomics (a stale reader may still look at state, X1);
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
    atomic_store_explicit(&e->refs, 0, memory_order_relaxed);
    atomic_store_explicit(&e->state, EXEC_READY, memory_order_relaxed);
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

/* The addresses a kernel sees are per slot; slots of one group share one.
 * A NULL address for a non-empty tensor would fault on a device: report the
 * kernel failure instead of crashing the worker. */
static int32_t exec_run(const struct aclOpExecutor *e, void *const *group_addr)
{
    if (!e->run)
        return 0;
    void *slot_addr[OPS_EXEC_INLINE_SLOTS];
    void **addr = slot_addr;
    if (e->nslots > OPS_EXEC_INLINE_SLOTS && !(addr = malloc(e->nslots * sizeof(void *))))
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
    if (__builtin_expect(core_obs_active(), 0)) {
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

static int32_t run_once(void *arg)
{
    struct aclOpExecutor *e = arg;
    return exec_run(e, e->addr);
}

static void release_once(void *arg)
{
    exec_free(arg);
}

struct launch_rec {
    struct aclOpExecutor *e;
    void *addr[]; /* snapshot of e->addr at the launch (X3) */
};

static int32_t run_rec(void *arg)
{
    struct launch_rec *r = arg;
    return exec_run(r->e, r->addr);
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

aclnnStatus ops_launch(void *workspace, uint64_t workspaceSize, aclOpExecutor *e,
                       aclrtStream stream, const char *name)
{
    (void)workspace; /* phase 1 always asks for 0 bytes; any value is accepted */
    (void)workspaceSize;
    if (!e)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is NULL", name);
    /* acquire: pairs with the release in exec_free / the state CASes. */
    uint32_t st = atomic_load_explicit(&e->state, memory_order_acquire);
    if (st == EXEC_REPEATABLE) {
        struct launch_rec *r = malloc(sizeof(*r) + e->ngroups * sizeof(void *));
        if (!r)
            return ops_err(ACLNN_ERR_INNER, "%s: out of memory", name);
        r->e = e;
        memcpy(r->addr, e->addr, e->ngroups * sizeof(void *));
        /* relaxed: the caller's own reference keeps e alive here. */
        atomic_fetch_add_explicit(&e->refs, 1, memory_order_relaxed);
        aclError rc = core_launch_owned(stream, run_rec, r, release_rec, name);
        if (rc != ACL_SUCCESS) {
            release_rec(r);
            return ops_err(ACLNN_ERR_RUNTIME_ERROR, "%s: the stream refused the launch (%d)", name,
                           (int)rc);
        }
        return ACLNN_SUCCESS;
    }
    uint32_t expect = EXEC_READY;
    /* acq_rel: we take ownership of a READY executor built by this thread. */
    if (!atomic_compare_exchange_strong_explicit(&e->state, &expect, EXEC_LAUNCHED,
                                                 memory_order_acq_rel, memory_order_acquire))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the executor was already launched or destroyed (an executor runs "
                       "once unless made repeatable with aclSetAclOpExecutorRepeatable)",
                       name);
    aclError rc = core_launch_owned(stream, run_once, e, release_once, name);
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

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    if (!executor)
        return ops_err(ACLNN_ERR_INNER_NULLPTR, "aclDestroyAclOpExecutor: executor is NULL");
    uint32_t expect = EXEC_REPEATABLE;
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
                   "aclDestroyAclOpExecutor: the executor is not live (a single-use executor is "
                   "freed by the runtime after its launch)");
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
