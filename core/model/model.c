/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Model run instances (aclmdlRI*): replay, execution, queries, debug output.
 *
 * Replay. Each lane of a model gets an internal stream (placed on the
 * device's workers like any stream, so lanes run in parallel).
 * aclmdlRIExecuteAsync(model, s) queues, under the model's execution lock:
 *   on lanes 1..n-1: LANE k  (waits for the gate of k, runs the lane's nodes;
 *                              blocks at WAIT nodes)
 *   on s:            EXEC k  (gate: lets execution k start once s reached it
 *                              and execution k-1 finished, so executions of
 *                              one model are serialised in submission order;
 *                              then lane 0's nodes in place; then the join:
 *                              waits until every other lane finished k,
 *                              reports their failures on s, advances done)
 * so successive executions on one stream are ordered, the work after
 * ExecuteAsync on s waits for the model, and no allocation or hashing
 * happens at replay. A one-lane model is one task on s per execution: no
 * hand-off between streams, nothing blocks (docs/design.md, "Capture and
 * replay", has the cost this removed). Captured tasks read the buffers they
 * reference when they run, i.e. their current contents.
 */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/event/event.h"
#include "core/kernel/function.h"
#include "core/launch.h"
#include "core/model/callbacks.h"
#include "core/model/capture_pvt.h"
#include "core/model/model.h"
#include "core/model/plan_pvt.h"
#include "core/model/ritask.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "core/tools/trace.h"
#include "sched/blocks.h"
#include "sched/worker.h"

static uint32_t g_next_model_id; /* g_rt.lock */

/* aclmdlRIGetName: longer names are cut to this size, terminator included. */
#define MODEL_NAME_MAX 512u

/* ---- models --------------------------------------------------------------- */

/* X1: model records are type-stable: recycled here, never freed. */
static struct core_model *g_model_free; /* g_rt.lock */

struct core_model *model_new_locked(struct core_ctx *c)
{
    struct core_model *m = g_model_free;
    if (m) {
        g_model_free = m->next;
        /* A late fast path of the record's previous life may be inside its
         * exec lock (it reads xok and the handle there and lets go): clear
         * everything but the lock, and set the handle, under it. */
        model_xlock_lock(&m->exec_lock);
        size_t lo = offsetof(struct core_model, exec_lock), hi = lo + sizeof(m->exec_lock);
        memset(m, 0, lo);
        memset((char *)m + hi, 0, sizeof(*m) - hi);
    } else {
        /* aligned: the layout in core/model/capture_pvt.h keeps submitter and worker apart */
        m = core_aligned_alloc(SCHED_CACHELINE, sizeof(*m));
        if (!m)
            return NULL;
        memset(m, 0, sizeof(*m));
        model_xlock_lock(&m->exec_lock);
    }
    m->ctx = c;
    m->id = ++g_next_model_id;
    m->handle = core_table_insert(&g_rt.models, m);
    model_xlock_unlock(&m->exec_lock);
    if (!m->handle) {
        m->next = g_model_free;
        g_model_free = m;
        return NULL;
    }
    m->next = c->models;
    c->models = m;
    return m;
}

/* Drop the compiled graph: lane streams, conditions, release hooks, groups. */
void model_clear_locked(struct core_model *m)
{
    model_xlock_lock(&m->exec_lock);
    m->xok = false; /* X2: before the plan goes */
    model_xlock_unlock(&m->exec_lock);
    rt_task_forget_locked(m); /* staged task changes die with the graph (core/model/ritask.c TK2) */
    for (uint32_t i = 0; i < m->plan.nlanes; i++) {
        if (i < m->lanes_alloc && m->lane_streams[i])
            core_stream_destroy_locked(m->lane_streams[i], false);
        plan_nodes_put(m->plan.lanes[i].nodes, m->plan.lanes[i].cap);
    }
    free(m->lane_streams);
    free(m->lane_cond);
    free(m->lane_act);
    ru_drop_locked(m); /* core/model/taskupdate.c RU2 */
    free(m->plan.lanes);
    m->lane_streams = NULL;
    m->lane_cond = NULL;
    m->lane_act = NULL;
    m->lanes_alloc = 0;
    memset(&m->plan, 0, sizeof(m->plan));
    for (uint32_t i = 0; i < m->nrel; i++)
        m->rel[i].fn(m->rel[i].arg);
    free(m->rel);
    m->rel = NULL;
    m->nrel = m->caprel = 0;
    while (m->groups) {
        struct core_taskgrp *g = m->groups;
        m->groups = g->next;
        if (g->handle) /* model_unlink_locked may have removed it already */
            core_table_remove(&g_rt.taskgrps, g->handle);
        free(g);
    }
    m->ready = false;
    m->built = false;
}

/*
 * Teardown rule (core/runtime/runtime.h T1): the model's handle, its task groups' handles and
 * its place in the context's list go first, before anything that drops the
 * lock, so no other thread can find (and free) it meanwhile. Idempotent.
 */
static void model_unlink_locked(struct core_model *m)
{
    if (m->unlinked)
        return;
    m->unlinked = true;
    model_xok_locked(m); /* X2: no fast-path execution from now on */
    core_table_remove(&g_rt.models, m->handle);
    for (struct core_taskgrp *g = m->groups; g; g = g->next) {
        core_table_remove(&g_rt.taskgrps, g->handle);
        g->handle = 0;
    }
    for (struct core_model **pp = &m->ctx->models; *pp; pp = &(*pp)->next)
        if (*pp == m) {
            *pp = m->next;
            break;
        }
    /* Update sessions on its groups end (their stream becomes normal; the
     * session's End then reports ACL_ERROR_RT_STREAM_NOT_CAPTURED). */
    while (m->upd)
        capture_close_locked(m->upd);
}

void model_free_locked(struct core_model *m)
{
    model_unlink_locked(m);
    if (m->bind) /* a build: its streams go back to normal */
        build_free_locked(m->bind);
    model_clear_locked(m); /* drops the lock while lane streams drain */
    free(m->name);
    if (m->sync_stream)
        core_stream_destroy_locked(m->sync_stream, false);
    /* X1: type-stable; a late fast-path lookup may still try its exec lock */
    m->next = g_model_free;
    g_model_free = m;
}

bool model_running(struct core_model *m)
{
    model_xlock_lock(&m->exec_lock);
    bool r = sched_cond_value(&m->done) < m->exec_submitted;
    if (!r)
        m->xok = false; /* X2: closed while the caller changes the model */
    model_xlock_unlock(&m->exec_lock);
    return r;
}

void model_xok_locked(struct core_model *m)
{
    bool ok = m->ready && !m->cap && !m->unlinked && m->plan.nlanes <= 1 && !m->has_xrec;
    /* IN1: what its caller may run itself: no condition handles, no on-demand lane, and no
     * control node (a plain one-lane model has none but its tasks). */
    bool inl = ok && !m->conds && !m->lane_act;
    for (uint32_t i = 0; inl && m->plan.nlanes && i < m->plan.lanes[0].n; i++)
        inl = m->plan.lanes[0].nodes[i].run != NULL;
    model_xlock_lock(&m->exec_lock);
    m->xok = ok;
    m->xinline = inl;
    model_xlock_unlock(&m->exec_lock);
}

void model_xlock_slow(struct model_xlock *l)
{
    for (unsigned i = 0; i < 128; i++) { /* brief: holders queue one task */
        base_cpu_relax();
        /* relaxed: a hint; the CAS decides */
        if (!atomic_load_explicit(&l->held, memory_order_relaxed) && model_xlock_try(l))
            return;
    }
    for (;;) { /* then park (a holder may wait for ring space) */
        uint32_t key = sched_ec_prepare(&l->ec);
        if (model_xlock_try(l)) {
            sched_ec_cancel(&l->ec);
            return;
        }
        sched_ec_wait(&l->ec, key, 0);
        if (model_xlock_try(l))
            return;
    }
}

/* Give the lanes their streams and conditions. On failure what was made
 * stays with the model (model_clear_locked frees it) and a second call
 * completes it (aclmdlRIBuildEnd may be retried). A model may have no lane
 * (a build that bound no stream): its executions pass the gate and join. */
aclError compile_locked(struct core_model *m, const char *fn)
{
    uint32_t n = m->plan.nlanes, maxsig = 0;
    for (uint32_t l = 0; l < n; l++)
        if (m->plan.lanes[l].nsignals > maxsig)
            maxsig = m->plan.lanes[l].nsignals;
    m->plan.stride = (uint64_t)maxsig + 2;
    size_t ncond = n ? n : 1;
    /* A retry after a failed compile (a build may have bound more streams
     * since) keeps the lane streams already made and grows the arrays. */
    if (m->lanes_alloc < ncond) {
        struct core_stream **ls = core_realloc(m->lane_streams, ncond * sizeof(*ls));
        struct sched_cond *lc = core_aligned_alloc(
            SCHED_CACHELINE, ((ncond * sizeof(struct sched_cond) + 63) / 64) * 64);
        if (ls)
            m->lane_streams = ls;
        if (!ls || !lc) {
            free(lc);
            return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
        }
        memset(ls + m->lanes_alloc, 0, (ncond - m->lanes_alloc) * sizeof(*ls));
        free(m->lane_cond);
        m->lane_cond = lc;
        m->lanes_alloc = (uint32_t)ncond;
    }
    memset(m->lane_cond, 0, ncond * sizeof(struct sched_cond));
    /* Activation conditions when a lane runs on demand (core/model/activate.c). */
    bool on_demand = false;
    for (uint32_t l = 0; l < n; l++)
        on_demand |= m->plan.lanes[l].on_demand;
    if (on_demand && !m->lane_act) {
        size_t bytes = ((n * sizeof(struct sched_cond) + 63) / 64) * 64;
        m->lane_act = core_aligned_alloc(SCHED_CACHELINE, bytes);
        if (!m->lane_act)
            return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
        memset(m->lane_act, 0, bytes);
    }
    for (uint32_t l = 0; l < n; l++) {
        if (m->lane_streams[l])
            continue;
        aclError rc = core_stream_create_locked(m->ctx, true, 0, 0, &m->lane_streams[l]);
        if (rc)
            return rc;
        m->lane_streams[l]->internal = true;
        if (__builtin_expect(sched_trace_on, 0)) {
            char role[48];
            snprintf(role, sizeof(role), "model %" PRIu32 " lane %" PRIu32, m->id, l);
            core_trace_stream(m->ctx->dev->id, m->lane_streams[l]->s.trace_id, role);
        }
    }
    /* The graph is closed (no stream appends any more): the plan keeps only
     * the lanes it has, not the capacity a capture or build started with. */
    struct plan_lane *pl = core_realloc(m->plan.lanes, ncond * sizeof(*pl));
    if (pl)
        m->plan.lanes = pl;
    m->has_xrec = false;
    for (uint32_t l = 0; l < n && !m->has_xrec; l++)
        for (uint64_t i = 0; i < m->plan.lanes[l].n; i++)
            if (m->plan.lanes[l].nodes[i].kind == CORE_T_XRECORD && m->plan.lanes[l].nodes[i].run) {
                m->has_xrec = true;
                break;
            }
    m->ready = true;
    model_xok_locked(m);
    return ACL_SUCCESS;
}

/* Each captured external record of m on lane l: fn(node, k, lane) (event.c XR1-XR3). */
static void for_xrecords(struct core_model *m, uint64_t k,
                         void (*fn)(struct core_model *, struct sched_task *, uint64_t, uint32_t))
{
    for (uint32_t l = 0; l < m->plan.nlanes; l++)
        for (uint64_t i = 0; i < m->plan.lanes[l].n; i++) {
            struct sched_task *node = &m->plan.lanes[l].nodes[i];
            if (node->kind == CORE_T_XRECORD && node->run)
                fn(m, node, k, l);
        }
}

static void xrec_reserve(struct core_model *m, struct sched_task *node, uint64_t k, uint32_t l)
{
    core_event_xrecord_reserve(node, k, m->lane_streams[l]->handle, &m->done);
}

static void xrec_done(struct core_model *m, struct sched_task *node, uint64_t k, uint32_t l)
{
    (void)m;
    (void)l;
    core_event_xrecord_done(node, k);
}

/* ---- replay --------------------------------------------------------------- */

/* The conditions of a model (gate, done, lane_cond[l]) each have one writer
 * at a time: the EXEC task of execution k writes gate and done, the runner
 * of lane l (its LANE task, or EXEC for the lane it runs in place) writes
 * lane_cond[l], and execution k starts only after it acquired done >= k - 1,
 * which k - 1 published last. So they are advanced with
 * sched_cond_advance_1w: no locked instruction per execution, which would
 * wait for the stream head stored just before it to reach this core (on the
 * benchmark VM, one cross-core transfer per execution). */

/* Let execution k in (the gate part of EXEC k). SCHED_BLOCK while k-1 has
 * not finished. */
static int gate_pass(struct core_model *m, uint64_t k, struct sched_exec *x)
{
    /* Executions run one at a time in submission order, whatever streams
     * they were queued on: execution k is let in once k-1 has finished (its
     * EXEC task advanced done), not merely been let in, or lanes of k could
     * start while other lanes still run k-1. On one launch stream EXEC k-1
     * has finished before EXEC k starts anyway. */
    if (sched_cond_value(&m->done) < k - 1) {
        x->block_cond = &m->done;
        x->block_target = k - 1;
        x->block_deadline = 0;
        return SCHED_BLOCK;
    }
    /* aclrtDestroyStreamForce on the launch stream: an execution that has
     * not started is discarded (its lanes skip every task, as after
     * aclmdlRIAbort). relaxed: flags; the abort mark is published to the
     * other lanes by the gate's release below, and lane 0 runs right here. */
    if (atomic_load_explicit(&x->stream->discard, memory_order_relaxed)) {
        uint64_t a = atomic_load_explicit(&m->abort_upto, memory_order_relaxed);
        while (a < k && !atomic_compare_exchange_weak_explicit(
                            &m->abort_upto, &a, k, memory_order_relaxed, memory_order_relaxed))
            ;
    }
    /* Conditions with ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT start every
     * execution at their default (before any lane of it runs). */
    if (__builtin_expect(m->conds != NULL, 0))
        cond_assign_defaults(m);
    /* aclrtTaskUpdateAsync updates read by now (taskupdate.c RU1). relaxed: a hint;
     * ru_apply acquires what it reads. */
    if (__builtin_expect(atomic_load_explicit(&m->ru, memory_order_relaxed) != NULL, 0))
        ru_apply(m);
    /* Only LANE tasks (lanes 1..n-1) read the gate; a one-lane model runs
     * wholly inside EXEC and skips the advance (a max: a later execution
     * of a model that gained lanes still raises it to its own k). */
    if (m->plan.nlanes > 1)
        sched_cond_advance_1w(&m->gate, k);
    return SCHED_DONE;
}

/* Run the nodes of `lane` of execution k from position t->arg.u64[2] on.
 * t is the task that carries the lane's resume state (a LANE task, or the
 * EXEC task for lane 0); x->stream is the stream it runs on, launch the
 * stream the execution was queued on. traced (a constant in each of the two
 * copies, lane_nodes below): each task node also gets a trace record inside
 * the replay's (core/tools/trace.c), so the loop without it is unchanged. */
static inline __attribute__((always_inline)) int
lane_nodes_as(struct core_model *m, uint32_t lane, uint64_t k, struct sched_task *t,
              struct sched_exec *x, struct sched_stream *launch, const bool traced)
{
    uint64_t pos = t->arg.u64[2];
    core_replay_exec = k; /* for captured external records (event.c XR3) */
    struct plan_lane *pl = &m->plan.lanes[lane];
    struct sched_task *nodes = pl->nodes;
    uint64_t n = pl->n; /* fixed while executions run (updates wait for idle) */
    uint64_t base = k * m->plan.stride;
    struct sched_cond *mine = &m->lane_cond[lane];
    for (; pos < n; pos++) {
        /* aclmdlRIAbort: the rest of an aborted execution is skipped; the
         * lane's finish below releases lanes waiting on its signals. relaxed:
         * a flag read per task; the abort publishes nothing else. */
        if (__builtin_expect(atomic_load_explicit(&m->abort_upto, memory_order_relaxed) >= k, 0))
            break;
        struct sched_task *node = &nodes[pos];
        uint64_t nt0 = traced ? sched_now_ns() : 0;
        if (__builtin_expect(node->flags & SCHED_TF_DIRECT, 1)) {
            /* A C-function kernel (cpuaclLaunchKernel*): call it here, one
             * indirect call per node instead of two. */
            void *args = node->u16 ? (void *)&node->arg.u64[2] : node->arg.ptr[1];
            if (__builtin_expect(((int32_t(*)(void *))node->arg.fn[0])(args) != 0, 0))
                sched_exec_fail(x, ACL_ERROR_RT_AICORE_EXCEPTION);
            if (traced)
                core_trace_node(x->worker, x->stream, node, nt0);
        } else if (node->run) {
            /* A node that blocks (a value wait) sets x's block fields; the
             * lane resumes at it. Replayed records are not written. The wait
             * is dropped when the stream that launched this execution is
             * being force-destroyed (EXEC waits for this lane, so the
             * stream outlives it). relaxed: a flag; dropping a wait
             * publishes nothing. */
            if (node->run(node, x) == SCHED_BLOCK) {
                if (atomic_load_explicit(&launch->discard, memory_order_relaxed))
                    continue;
                t->arg.u64[2] = pos;
                return SCHED_BLOCK;
            }
            if (traced)
                core_trace_node(x->worker, x->stream, node, nt0);
        } else if (node->kind == PLAN_SIGNAL) {
            sched_cond_advance_1w(mine, base + node->arg.u64[0]);
        } else if (node->kind == PLAN_ACTIVE || node->kind == PLAN_SWITCH) {
            activate_run(m, k, node);         /* a stream activation (core/model/activate.c) */
        } else if (node->kind == PLAN_JUMP) { /* a label switch (label.c) */
            pos = label_jump(m, lane, node, x, pos + 1) - 1; /* the loop's pos++ (wraps at 0) */
        } else if (node->kind == PLAN_COND) { /* a conditional task (core/model/cond.c) */
            if (cond_run(m, k, t, node, x) == SCHED_BLOCK) {
                /* A blocked body task is dropped like a blocked node above
                 * (the rest of the body with it). relaxed: as above. */
                if (atomic_load_explicit(&launch->discard, memory_order_relaxed)) {
                    t->arg.u64[4] = t->arg.u64[5] = 0;
                    continue;
                }
                t->arg.u64[2] = pos; /* resume here, inside the body */
                return SCHED_BLOCK;
            }
        } else { /* PLAN_WAIT */
            struct sched_cond *c = &m->lane_cond[node->arg.u64[0]];
            if (sched_cond_value(c) < base + node->arg.u64[1]) {
                t->arg.u64[2] = pos; /* resume here */
                x->block_cond = c;
                x->block_target = base + node->arg.u64[1];
                x->block_deadline = 0;
                return SCHED_BLOCK;
            }
        }
    }
    /* "Lane finished": what EXEC waits for on lanes 1..n-1, and what
     * releases other lanes waiting on signals an abort skipped. A one-lane
     * model has no other lane to tell. */
    if (m->plan.nlanes > 1)
        sched_cond_advance_1w(mine, base + m->plan.stride - 1);
    return SCHED_DONE;
}

static __attribute__((noinline)) int lane_nodes_traced(struct core_model *m, uint32_t lane,
                                                       uint64_t k, struct sched_task *t,
                                                       struct sched_exec *x,
                                                       struct sched_stream *launch)
{
    return lane_nodes_as(m, lane, k, t, x, launch, true);
}

/* lane_nodes_as, traced while tracing is on: one test per lane run, none per node. */
static int lane_nodes(struct core_model *m, uint32_t lane, uint64_t k, struct sched_task *t,
                      struct sched_exec *x, struct sched_stream *launch)
{
    if (__builtin_expect(sched_trace_on, 0))
        return lane_nodes_traced(m, lane, k, t, x, launch);
    return lane_nodes_as(m, lane, k, t, x, launch, false);
}

static int run_lane(struct sched_task *t, struct sched_exec *x)
{
    struct core_model *m = t->arg.ptr[0];
    uint64_t k = t->arg.u64[1];
    if (t->arg.u64[2] == 0 && sched_cond_value(&m->gate) < k) {
        x->block_cond = &m->gate;
        x->block_target = k;
        x->block_deadline = 0;
        return SCHED_BLOCK;
    }
    if (__builtin_expect(m->plan.lanes[t->u16].on_demand, 0) && t->arg.u64[2] == 0) {
        int a = activate_wait(m, t->u16, k, x); /* core/model/activate.c SW1, SW2 */
        if (a != ACTIVATE_RUN)
            return a == ACTIVATE_SKIP ? SCHED_DONE : a;
    }
    return lane_nodes(m, t->u16, k, t, x, t->arg.ptr[3]);
}

/* EXEC k's phases (in the task's u16). */
enum { EXEC_GATE = 0, EXEC_LANE = 1, EXEC_JOIN = 2 };

/* EXEC k on the launching stream: the gate, then the nodes of one lane in
 * place (lane 0, or the lane whose stream the model was launched on, which
 * gets no LANE task: arg.u64[3]), then the join (waits for the other lanes,
 * reports their failures); run_exec (or a caller-run execution, IN4) then
 * marks k done. Each phase may block; the task resumes at its phase (and,
 * in the lane, at its node). */
static inline __attribute__((always_inline)) int exec_phases(struct sched_task *t,
                                                             struct sched_exec *x)
{
    struct core_model *m = t->arg.ptr[0];
    uint64_t k = t->arg.u64[1];
    uint32_t mine = (uint32_t)t->arg.u64[3];
    if (t->u16 == EXEC_GATE) {
        if (gate_pass(m, k, x) == SCHED_BLOCK)
            return SCHED_BLOCK;
        t->u16 = EXEC_LANE;
    }
    if (t->u16 == EXEC_LANE) {
        if (m->plan.nlanes && lane_nodes(m, mine, k, t, x, x->stream) == SCHED_BLOCK)
            return SCHED_BLOCK;
        t->u16 = EXEC_JOIN;
    }
    uint64_t fin = k * m->plan.stride + m->plan.stride - 1;
    if (__builtin_expect(m->lane_act != NULL, 0) && activate_join(m, k, mine, x) == SCHED_BLOCK)
        return SCHED_BLOCK; /* on-demand lanes: core/model/activate.c SW2 */
    for (uint32_t l = 0; l < m->plan.nlanes && !m->lane_act; l++)
        if (l != mine && sched_cond_value(&m->lane_cond[l]) < fin) {
            x->block_cond = &m->lane_cond[l];
            x->block_target = fin;
            x->block_deadline = 0;
            return SCHED_BLOCK;
        }
    for (uint32_t l = 0; l < m->plan.nlanes; l++) {
        int32_t e = l != mine ? sched_stream_take_error(&m->lane_streams[l]->s) : 0;
        if (e)
            sched_exec_fail(x, e);
    }
    /* XR3: external records an aborted execution (or a label jump) skipped */
    if (__builtin_expect(m->has_xrec, 0))
        for_xrecords(m, k, xrec_done);
    return SCHED_DONE;
}

/* EXEC k's phases, then done: execution k finished. */
static int run_exec(struct sched_task *t, struct sched_exec *x)
{
    if (exec_phases(t, x) == SCHED_BLOCK)
        return SCHED_BLOCK;
    struct core_model *m = t->arg.ptr[0];
    sched_cond_advance_1w(&m->done, t->arg.u64[1]);
    return SCHED_DONE;
}

/* Queued straight to rings: aclmdlRIExecuteAsync refuses a capturing stream. */
/* Trace notes (core/stream/task.h): the model's id and the lane. */
static void note_exec(const struct sched_task *t, uint64_t note[3])
{
    note[1] = ((const struct core_model *)t->arg.ptr[0])->id;
    note[2] = t->arg.u64[3];
}

static void note_lane(const struct sched_task *t, uint64_t note[3])
{
    note[1] = ((const struct core_model *)t->arg.ptr[0])->id;
    note[2] = t->u16;
}

const struct core_task_desc core_task_model_exec = {"model", run_exec, NULL, 0, NULL, note_exec};
const struct core_task_desc core_task_model_lane = {"model", run_lane, NULL, 0, NULL, note_lane};

/* One control task of execution k of m on ss: EXEC on the launching stream
 * (lane = the lane it runs in place), LANE l on lane l's stream (lane = l,
 * launch = the launching stream). */
static void queue_control(struct sched_stream *ss, sched_task_fn run, uint8_t kind,
                          struct core_model *m, uint64_t k, uint32_t lane,
                          struct sched_stream *launch)
{
    struct sched_task *t = sched_stream_reserve(ss);
    t->run = run; /* field by field: seq is the engine's (sched/stream.h S1) */
    t->kind = kind;
    t->flags = SCHED_TF_ALWAYS;
    t->u16 = launch ? (uint16_t)lane : EXEC_GATE; /* LANE: its lane; EXEC: its phase */
    t->arg.ptr[0] = m;
    t->arg.u64[1] = k;
    t->arg.u64[2] = 0; /* lane_nodes: position to resume at */
    if (launch)
        t->arg.ptr[3] = launch; /* run_lane: the launching stream */
    else
        t->arg.u64[3] = lane; /* run_exec: the lane it runs in place */
    t->arg.u64[4] = 0;        /* lane_nodes: conditional body state (cond_run) */
    t->arg.u64[5] = 0;
    sched_stream_commit(ss);
}

/* Queue execution k of m on s (exec lock held by the caller): one EXEC task
 * on s that runs lane 0 itself, and a LANE task on each other lane's
 * stream. A model launched on one of its own lane streams
 * (aclmdlRIGetStreams) runs that lane in place instead: a LANE task queued
 * there would wait for the gate of the EXEC task behind it. */
static void enqueue_locked(struct core_model *m, struct core_stream *s)
{
    uint64_t k = ++m->exec_submitted;
    if (__builtin_expect(m->has_xrec, 0)) /* XR1: before the lane tasks publish them */
        for_xrecords(m, k, xrec_reserve);
    uint32_t mine = 0;
    while (mine < m->plan.nlanes && m->plan.lanes[mine].on_demand) /* activate.c SW3 */
        mine++;
    if (__builtin_expect(s->internal, 0))
        for (uint32_t l = 1; l < m->plan.nlanes; l++)
            if (m->lane_streams[l] == s)
                mine = l;
    for (uint32_t l = 0; l < m->plan.nlanes; l++)
        if (l != mine) /* they wait for the gate, which EXEC k opens */
            queue_control(&m->lane_streams[l]->s, run_lane, CORE_T_MODEL_LANE, m, k, l, &s->s);
    queue_control(&s->s, run_exec, CORE_T_MODEL_EXEC, m, k, mine, NULL);
}

/* Find a model that may execute; returns it with its exec lock held. A
 * stream s (tag: core_stream_resolve_tag's) must still be live, and is
 * counted as being enqueued to until core_stream_enqueue_done (T7). */
static aclError model_for_exec(aclmdlRI modelRI, struct core_stream *s, uint64_t tag,
                               struct core_model **out, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = core_table_lookup(&g_rt.models, modelRI);
    aclError rc = ACL_SUCCESS;
    /* relaxed: A1 */
    struct core_capture *sk = s ? atomic_load_explicit(&s->cap, memory_order_relaxed) : NULL;
    if (!m)
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live model", fn, modelRI);
    else if (s && sched_stream_tag(&s->s) != tag) /* T7: the destroy stored 0 under the lock */
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE,
                      "%s: the stream was destroyed while the call was queuing its task", fn);
    else if (m->cap && m->cap->build)
        rc = core_err(ACL_ERROR_RT_MODEL_EXECUTE,
                      "%s: the model is still being built (aclmdlRIBuildEnd first)", fn);
    else if (m->cap)
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED, "%s: the model is still being captured", fn);
    else if (sk && sk->build)
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the stream is bound to a model (aclmdlRIBindStream); a model cannot "
                      "run on it",
                      fn);
    else if (sk)
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURED,
                      "%s: the stream is being captured; a model cannot run on it", fn);
    else if (!m->ready)
        rc = core_err(ACL_ERROR_RT_MODEL_EXECUTE, "%s: the model has no graph to run", fn);
    else if (s && m->ctx != s->ctx)
        rc = core_err(ACL_ERROR_RT_MODEL_CONTEXT, "%s: the model belongs to another context", fn);
    if (rc == ACL_SUCCESS) {
        model_xlock_lock(&m->exec_lock); /* lock order: g_rt.lock, then exec_lock */
        *out = m;
        if (s) /* relaxed: the destroy reads it after taking and dropping the lock (T7) */
            atomic_fetch_add_explicit(&s->enq, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/*
 * The fast path of aclmdlRIExecuteAsync: a one-lane model without captured
 * external records, on a stream that is not capturing, queued with one CAS
 * (the exec lock) and no other locked instruction: no g_rt.lock, no stream
 * enqueue count. Each locked instruction costs ~25 ns on the benchmark VM
 * (it waits for the previous slot's stores to leave the core), and the slow
 * path has six; the fast path is ~35 ns more than an eager launch.
 *  X1. Model records are type-stable (recycled by model_new_locked, never
 *      freed), so the lock-free table lookup and the exec lock touch a model
 *      record even if a destroy races; under the lock the record's handle is
 *      compared with the caller's, so a later life of the record is never
 *      executed under an old handle. (An RCU read section instead costs two
 *      full fences here: liburcu finds no membarrier on the benchmark VM.)
 *  X2. xok is written under the exec lock, and cleared there before anything
 *      the fast path relies on changes: at unlink (destroy, context
 *      teardown), before the plan is cleared, and by model_running when it
 *      finds the model idle (destroy, a new capture into the model, a new
 *      condition handle), in the same lock section as that check. So a fast
 *      path that saw xok set under the lock queues an execution that the
 *      destroyer's running check then sees (107025 ACL_ERROR_RT_MODEL_RUNNING
 *      as before), or it sees xok cleared and takes the slow path, which
 *      reports the model's state under g_rt.lock as before.
 *  X3. The stream is checked like any submission (T7): its tag is compared
 *      after the slot is reserved (the caller owns the stream), so an
 *      execution never lands in a destroyed stream's next life; the slow
 *      path's enqueue count is not needed for one task on one stream.
 * Returns false (nothing queued, no error set) when the slow path must
 * decide.
 */
static bool exec_fast(aclmdlRI modelRI, struct core_stream *s, uint64_t tag, aclError *rc,
                      const char *fn)
{
    /* relaxed: A1, a capture starting meanwhile is the user's race */
    if (atomic_load_explicit(&s->cap, memory_order_relaxed))
        return false;
    struct core_model *m = core_table_lookup(&g_rt.models, modelRI);
    if (!m || !model_xlock_try(&m->exec_lock)) /* X1: a live or recycled record */
        return false;
    /* X1/X2: still this handle's model (not a later life of the record) and
     * open. relaxed (__atomic on a plain field): s->ctx is cleared by a
     * destroy (T1); a stale value only fails this check or the tag check. */
    if (!m->xok || m->handle != (uint64_t)(uintptr_t)modelRI ||
        __atomic_load_n(&s->ctx, __ATOMIC_RELAXED) != m->ctx) {
        model_xlock_unlock(&m->exec_lock);
        return false;
    }
    struct sched_task *t = sched_stream_reserve(&s->s);
    if (__builtin_expect(sched_stream_tag(&s->s) != tag, 0)) { /* X3 */
        *rc = core_stream_gone(s, fn);
        model_xlock_unlock(&m->exec_lock);
        return true;
    }
    t->run = run_exec; /* as queue_control, for lane 0 in place */
    t->kind = CORE_T_MODEL_EXEC;
    t->flags = SCHED_TF_ALWAYS;
    t->u16 = EXEC_GATE;
    t->arg.ptr[0] = m;
    t->arg.u64[1] = ++m->exec_submitted;
    t->arg.u64[2] = 0;
    t->arg.u64[3] = 0;
    t->arg.u64[4] = 0;
    t->arg.u64[5] = 0;
    sched_stream_commit(&s->s);
    model_xlock_unlock(&m->exec_lock);
    *rc = ACL_SUCCESS;
    return true;
}

aclError core_model_execute_async(aclmdlRI modelRI, aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    struct core_model *m = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc == ACL_SUCCESS && exec_fast(modelRI, s, tag, &rc, fn))
        return rc;
    if (rc == ACL_SUCCESS)
        rc = model_for_exec(modelRI, s, tag, &m, fn);
    if (rc)
        return rc;
    enqueue_locked(m, s);
    model_xlock_unlock(&m->exec_lock);
    core_stream_enqueue_done(s);
    return ACL_SUCCESS;
}

/*
 * Caller-run executions (aclmdlRIExecute, aclmdlExecute's own stream): a synchronous execution
 * of an idle one-lane model on an idle stream private to the caller runs on the calling thread,
 * with no hand-over to a worker and back (docs/design.md, "Capture and replay": the hand-over
 * was the whole gap between aclmdlExecute and a captured replay).
 *  IN1. Eligible, under the exec lock: xinline (xok, and no condition handle, on-demand lane or
 *       control node: model_xok_locked), no aclrtTaskUpdateAsync registered (m->ru: the list
 *       empties only when the model's plan goes, so such a model always queues), no
 *       deadline, tracing off
 *       (traced executions are queued, so the timeline keeps every node on a worker track), a
 *       stream neither capturing nor discarding with nothing queued (head == tail: the
 *       caller's private stream is quiet), and the model idle (done == exec_submitted).
 *       Execution k is then taken there exactly as a queued one is (++exec_submitted), so an
 *       execution another thread queues meanwhile is k + 1: its gate waits for done >= k
 *       (one at a time, submission order), and it is not eligible itself (the model is not
 *       idle) and queues.
 *  IN2. The caller runs EXEC k's phases (exec_phases) with a sched_exec whose worker is NULL:
 *       a node that blocks (a value wait) is waited for here (sched_cond_wait up to its
 *       deadline, serving the caller's report queue between 1 ms slices as a
 *       synchronisation does, CB4) and re-run, as a worker would after its wake-up;
 *       multi-block nodes share their blocks with the device's team (sched/blocks.h MB6),
 *       split as on a worker.
 *  IN3. Failures go where a worker's go: sched_exec_fail on the stream (first error wins,
 *       the fail hook: device failure state and exception callbacks on this thread), then
 *       this thread takes the stream's error and reports it as a synchronisation would
 *       (core_err_async): the same code and text.
 *  IN4. done is advanced last, after the error was taken: until then the model counts as
 *       running (aclmdlRIDestroy: ACL_ERROR_RT_MODEL_RUNNING) and a context teardown or
 *       aclmdlRIUpdate waits for it (model_wait_idle_locked), so neither the model, its plan
 *       nor its stream is freed under the execution; nothing of either is touched after.
 *       A user stream (core_model_execute_on) also stays counted as being enqueued to until
 *       then (T7), so its destroy waits.
 */
static bool inline_ok(struct core_model *m, struct core_stream *s, uint64_t deadline)
{
    if (!m->xok || !m->xinline || deadline || __builtin_expect(sched_trace_on, 0))
        return false;
    /* relaxed: a hint (taskupdate.c RU2); a pending update queues the execution */
    if (atomic_load_explicit(&m->ru, memory_order_relaxed))
        return false;
    /* relaxed: A1 / discard flags; the caller owns the stream */
    if (atomic_load_explicit(&s->cap, memory_order_relaxed) ||
        atomic_load_explicit(&s->s.discard, memory_order_relaxed))
        return false;
    /* acquire (both): the last execution's and the stream's last task's effects are seen */
    if (sched_stream_finished(&s->s) != sched_stream_submitted(&s->s))
        return false;
    return sched_cond_value(&m->done) == m->exec_submitted;
}

/* IN2-IN4: run execution k of m (taken by the caller under the exec lock) here. */
static aclError exec_inline(struct core_model *m, struct core_stream *s, uint64_t k, const char *fn)
{
    /* the device and its workers stay while a model of its context runs (T9) */
    struct core_device *d = m->ctx->dev;
    /* the team_size a worker of the device has (its splits: MB6), and the team it has */
    struct sched_exec x = {.stream = &s->s, .team_size = core_device_workers()};
    x.team = x.team_size > 1 ? sched_team_get(d->worker_base) : NULL; /* none: MB5 */
    struct sched_task t; /* EXEC k's record, as queue_control fills it */
    memset(&t, 0, sizeof(t));
    t.run = run_exec;
    t.kind = CORE_T_MODEL_EXEC;
    t.flags = SCHED_TF_ALWAYS;
    t.u16 = EXEC_GATE;
    t.arg.ptr[0] = m;
    t.arg.u64[1] = k;
    while (exec_phases(&t, &x) == SCHED_BLOCK) {
        if (!x.blocked_since)
            x.blocked_since = sched_now_ns();
        /* CB4 (core/host/hostfn.c), as a synchronisation waits: the caller may be the
         * processor of a blocking callback the node waits for, so it runs what is handed to
         * it between short waits */
        bool serving = true;
        for (;;) {
            uint64_t until = core_hooks.report_serve(&serving, x.block_deadline);
            int late = sched_cond_wait(x.block_cond, x.block_target, until);
            if (!late || until == x.block_deadline ||
                (x.block_deadline && sched_now_ns() >= x.block_deadline))
                break;
        }
    }
    int32_t e = sched_stream_take_error(&s->s); /* IN3 */
    sched_cond_advance_1w(&m->done, k);         /* IN4: last */
    if (e)
        return core_err_async((aclError)e, fn);
    /* relaxed: a filter (core/runtime/hooks.h), as after a synchronisation */
    if (atomic_load_explicit(&core_mempool_live, memory_order_relaxed))
        core_hooks.stream_synced();
    return ACL_SUCCESS;
}

aclError core_model_execute_on(aclmdlRI modelRI, aclrtStream stream, const char *fn)
{
    struct core_stream *s = NULL;
    struct core_model *m = NULL;
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc == ACL_SUCCESS)
        rc = model_for_exec(modelRI, s, tag, &m, fn);
    if (rc)
        return rc;
    if (inline_ok(m, s, 0)) { /* IN1 */
        uint64_t k = ++m->exec_submitted;
        model_xlock_unlock(&m->exec_lock);
        rc = exec_inline(m, s, k, fn);
        core_stream_enqueue_done(s); /* IN4: after done */
        return rc;
    }
    enqueue_locked(m, s);
    model_xlock_unlock(&m->exec_lock);
    core_stream_enqueue_done(s);
    return core_stream_sync_tag(s, tag, 0, fn);
}

aclError core_model_execute(aclmdlRI modelRI, int32_t timeout, const char *fn)
{
    uint64_t deadline = 0;
    aclError rc = core_timeout(timeout, &deadline, fn);
    struct core_model *m = NULL;
    if (rc == ACL_SUCCESS)
        rc = model_for_exec(modelRI, NULL, 0, &m, fn);
    if (rc)
        return rc;
    while (!m->sync_stream) {
        /* The model's stream is made under g_rt.lock, which ranks above the exec lock: the
         * exec lock is dropped meanwhile, so a destroy may take the model (and its record be
         * recycled, X1). The stream is made only for the model still live under the handle,
         * and model_for_exec then checks the handle and the model's state again. */
        model_xlock_unlock(&m->exec_lock);
        pthread_mutex_lock(&g_rt.lock);
        if (core_table_lookup(&g_rt.models, modelRI) == m && !m->sync_stream) {
            rc = core_stream_create_locked(m->ctx, true, 0, 0, &m->sync_stream);
            if (rc == ACL_SUCCESS)
                m->sync_stream->internal = true;
            if (rc == ACL_SUCCESS && __builtin_expect(sched_trace_on, 0)) {
                char role[48];
                snprintf(role, sizeof(role), "model %" PRIu32 " sync", m->id);
                core_trace_stream(m->ctx->dev->id, m->sync_stream->s.trace_id, role);
            }
        }
        pthread_mutex_unlock(&g_rt.lock);
        if (rc) {
            core_deferred_run();
            return core_err(rc,
                            "%s: cannot create the stream the model runs on "
                            "(device stream limit or out of memory)",
                            fn);
        }
        if ((rc = model_for_exec(modelRI, NULL, 0, &m, fn))) {
            core_deferred_run();
            return rc; /* destroyed meanwhile: not a live model */
        }
    }
    if (inline_ok(m, m->sync_stream, deadline)) { /* IN1 */
        uint64_t k = ++m->exec_submitted;
        model_xlock_unlock(&m->exec_lock);
        core_deferred_run(); /* a first run made the model's stream (core/stream/attr.c) */
        return exec_inline(m, m->sync_stream, k, fn);
    }
    enqueue_locked(m, m->sync_stream);
    model_xlock_unlock(&m->exec_lock);
    core_deferred_run(); /* a first run made the model's stream (core/stream/attr.c) */
    return core_stream_sync(m->sync_stream, deadline, fn);
}

aclError core_model_destroy(aclmdlRI modelRI, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS && m->cap && !m->cap->build) /* a build may be abandoned */
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED,
                      "%s: the model is still being captured (end the capture)", fn);
    else if (rc == ACL_SUCCESS && m->upd)
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED,
                      "%s: a task update of the model is in progress "
                      "(aclmdlRICaptureTaskUpdateEnd first)",
                      fn);
    else if (rc == ACL_SUCCESS && m->cond_parent)
        rc = core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                      "%s: the model is a body of a conditional task; it is "
                      "destroyed with the model that holds the task",
                      fn);
    else if (rc == ACL_SUCCESS && model_running(m))
        rc = core_err(ACL_ERROR_RT_MODEL_RUNNING,
                      "%s: the model is still executing (synchronize its stream)", fn);
    else if (rc == ACL_SUCCESS)
        model_free_locked(m);
    pthread_mutex_unlock(&g_rt.lock);
    if (rc == ACL_SUCCESS)
        core_mdl_destroy_fire(modelRI); /* aclmdlRIDestroyRegisterCallback, outside the lock */
    core_deferred_run();                /* its lane streams' state callbacks (core/stream/attr.c) */
    return rc;
}

void core_models_destroy_ctx_locked(struct core_ctx *c)
{
    capture_quiesce_ctx_locked(c); /* T8: no captured submission is left inside */
    while (c->captures) {
        struct core_capture *k = c->captures;
        struct core_model *m = k->model;
        capture_close_locked(k);
        if (!m->cond_parent) /* a conditional body goes with its parent */
            model_free_locked(m);
    }
    /* Update sessions begun on streams of c (on models of any context) end. */
    for (uint32_t d = 0; d < CORE_MAX_DEVICES; d++)
        for (struct core_ctx *o = core_devices[d].contexts; o; o = o->next)
            for (struct core_model *m = o->models; m; m = m->next)
                for (struct core_capture **pp = &m->upd; *pp;) {
                    if ((*pp)->ctx == c)
                        capture_close_locked(*pp); /* unlinks *pp */
                    else
                        pp = &(*pp)->unext;
                }
    while (c->models) {
        struct core_model *m = c->models;
        /* Unreachable first (T1), then executions still queued finish (their
         * lane streams drain) without the lock. */
        model_unlink_locked(m);
        model_wait_idle_locked(m);
        model_free_locked(m);
    }
}

void model_wait_idle_locked(struct core_model *m)
{
    model_xlock_lock(&m->exec_lock);
    uint64_t last = m->exec_submitted;
    model_xlock_unlock(&m->exec_lock);
    pthread_mutex_unlock(&g_rt.lock); /* executions' tasks take no lock */
    sched_cond_wait(&m->done, last, 0);
    pthread_mutex_lock(&g_rt.lock);
}

/*
 *  PWR1. A writer of the plan's nodes while the model may run (aclmdlRICaptureTaskUpdateEnd,
 *       aclmdlRIUpdate) writes them holding the exec lock with the model idle (done ==
 *       exec_submitted, read under the lock): every execution takes its number under the
 *       exec lock (queued, fast path or caller-run), so none is running or can start until
 *       the writer unlocks. Waiting for the executions submitted when the writer started is
 *       not enough: one submitted during the wait (g_rt.lock is dropped there; the fast path
 *       never takes it) would read the nodes being written.
 */
void model_quiesce_locked(struct core_model *m)
{
    for (;;) {
        model_wait_idle_locked(m);
        model_xlock_lock(&m->exec_lock);
        /* acquire (sched_cond_value): the executions' reads of the plan are done */
        if (sched_cond_value(&m->done) >= m->exec_submitted)
            return;
        model_xlock_unlock(&m->exec_lock);
    }
}

/* The model of a live handle (NULL refused). Lock held. */
aclError model_lookup_locked(aclmdlRI modelRI, struct core_model **out, const char *fn)
{
    *out = modelRI ? core_table_lookup(&g_rt.models, modelRI) : NULL;
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelRI is NULL", fn);
    if (!*out)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live model", fn, modelRI);
    return ACL_SUCCESS;
}

aclError core_model_abort(aclmdlRI modelRI, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS && m->cap && m->cap->build)
        rc = core_err(ACL_ERROR_RT_MODEL_EXECUTE,
                      "%s: the model is still being built; nothing of it runs", fn);
    else if (rc == ACL_SUCCESS && m->cap)
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED, "%s: the model is still being captured", fn);
    else if (rc == ACL_SUCCESS && !m->built)
        rc = core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                      "%s: models from stream capture (ACL Graph) cannot be aborted; only "
                      "models built with aclmdlRIBuildBegin .. aclmdlRIBuildEnd",
                      fn);
    if (rc == ACL_SUCCESS) {
        /* Every execution queued so far skips what it has not started.
         * relaxed: run_lane polls it; the exec lock orders it after them. */
        model_xlock_lock(&m->exec_lock);
        atomic_store_explicit(&m->abort_upto, m->exec_submitted, memory_order_relaxed);
        model_xlock_unlock(&m->exec_lock);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_model_id(aclmdlRI modelRI, uint32_t *modelRIId, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS)
        *modelRIId = m->id;
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_model_set_name(aclmdlRI modelRI, const char *name, const char *fn)
{
    size_t n = 0;
    while (n < MODEL_NAME_MAX - 1 && name[n])
        n++;
    char *copy = core_malloc(n + 1);
    if (!copy)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    memcpy(copy, name, n);
    copy[n] = '\0';
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS) {
        free(m->name);
        m->name = copy;
        copy = NULL;
    }
    pthread_mutex_unlock(&g_rt.lock);
    free(copy);
    return rc;
}

aclError core_model_name(aclmdlRI modelRI, uint32_t maxLen, char *name, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS) {
        const char *src = m->name ? m->name : "";
        size_t n = strlen(src);
        if (n > maxLen - 1)
            n = maxLen - 1; /* cut, as the reference does past 512 bytes */
        memcpy(name, src, n);
        name[n] = '\0';
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* ---- debug output --------------------------------------------------------- */

static const char *kind_name(const struct sched_task *t)
{
    if (!t->run) /* the plan's own control nodes */
        return t->kind == PLAN_SIGNAL ? "event_record"
               : t->kind == PLAN_COND ? "cond"
               : t->kind == PLAN_JUMP ? "label_switch"
                                      : "event_wait";
    return core_task_kind_name(t->kind);
}

aclError core_model_debug_json(aclmdlRI modelRI, const char *path, uint32_t flags, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = core_table_lookup(&g_rt.models, modelRI);
    if (!m) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live model", fn, modelRI);
    }
    cJSON *root = cJSON_CreateObject();
    char id[32];
    snprintf(id, sizeof(id), "0x%llx", (unsigned long long)m->handle);
    cJSON_AddStringToObject(root, "model", id);
    cJSON_AddNumberToObject(root, "device", m->ctx->dev->id);
    cJSON_AddBoolToObject(root, "ready", m->ready);
    cJSON *lanes = cJSON_AddArrayToObject(root, "lanes");
    uint32_t total = 0;
    for (uint32_t l = 0; l < m->plan.nlanes; l++) {
        struct plan_lane *pl = &m->plan.lanes[l];
        cJSON *lj = cJSON_CreateObject();
        cJSON_AddNumberToObject(lj, "lane", l);
        cJSON_AddNumberToObject(lj, "tasks", pl->n);
        total += pl->n;
        if (flags == ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE) {
            cJSON *nodes = cJSON_AddArrayToObject(lj, "nodes");
            for (uint32_t i = 0; i < pl->n; i++) {
                struct sched_task *t = &pl->nodes[i];
                cJSON *nj = cJSON_CreateObject();
                cJSON_AddNumberToObject(nj, "index", i);
                cJSON_AddStringToObject(nj, "type", kind_name(t));
                if (!t->run && t->kind == PLAN_SIGNAL)
                    cJSON_AddNumberToObject(nj, "signal", (double)t->arg.u64[0]);
                if (!t->run && t->kind == PLAN_WAIT) {
                    cJSON_AddNumberToObject(nj, "wait_lane", (double)t->arg.u64[0]);
                    cJSON_AddNumberToObject(nj, "wait_signal", (double)t->arg.u64[1]);
                }
                const char *ext = NULL; /* aclrtCacheLastTaskExtendInfo (core/kernel/function.c) */
                if (core_task_info(m->handle, l, i, NULL, NULL, &ext) && ext) {
                    cJSON *xj = cJSON_Parse(ext);
                    if (xj)
                        cJSON_AddItemToObject(nj, "extendInfo", xj);
                    else
                        cJSON_AddStringToObject(nj, "extendInfo", ext);
                }
                cJSON_AddItemToArray(nodes, nj);
            }
        }
        cJSON_AddItemToArray(lanes, lj);
    }
    cJSON_AddNumberToObject(root, "tasks", total);
    pthread_mutex_unlock(&g_rt.lock);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    aclError rc = ACL_SUCCESS;
    FILE *f = text ? fopen(path, "w") : NULL;
    if (!f)
        rc = core_err(ACL_ERROR_RT_FILE_OPEN, "%s: cannot open '%s'", fn, path);
    else if (fputs(text, f) < 0 || fputc('\n', f) < 0)
        rc = core_err(ACL_ERROR_RT_FILE_WRITE, "%s: cannot write '%s'", fn, path);
    if (f && fclose(f) && rc == ACL_SUCCESS)
        rc = core_err(ACL_ERROR_RT_FILE_WRITE, "%s: cannot write '%s'", fn, path);
    free(text);
    return rc;
}

aclError core_model_debug_print(aclmdlRI modelRI, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS) {
        printf("[cpuacl] model 0x%llx: %u lane(s)\n", (unsigned long long)m->handle,
               m->plan.nlanes);
        for (uint32_t l = 0; l < m->plan.nlanes; l++)
            printf("[cpuacl]   lane %u: %u node(s), %u signal(s)\n", l, m->plan.lanes[l].n,
                   m->plan.lanes[l].nsignals);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* aclmdlRIUpdate: the commit point of a model's task updates. On CPU the
 * tasks a session issues (aclmdlRICaptureTaskUpdateBegin .. End) are copied
 * into the plan at TaskUpdateEnd, between executions, so every finished
 * session is already in effect; this call checks that no capture, build or
 * update session of the model is still open (those would not be committed)
 * and returns once the model is idle, so that an execution submitted after
 * it runs the updated tasks from its first task on. */
aclError core_model_update(aclmdlRI modelRI, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS && m->cap)
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED, "%s: the model is still being %s", fn,
                      m->cap->build ? "built (aclmdlRIBuildEnd first)"
                                    : "captured (aclmdlRICaptureEnd first)");
    else if (rc == ACL_SUCCESS && m->upd)
        rc = core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                      "%s: a task update of the model is still open "
                      "(aclmdlRICaptureTaskUpdateEnd first)",
                      fn);
    else if (rc == ACL_SUCCESS) {
        model_quiesce_locked(m); /* PWR1 */
        rt_task_apply_locked(m); /* aclmdlRITaskSetParams / Disable (core/model/ritask.c) */
        model_xlock_unlock(&m->exec_lock);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}
