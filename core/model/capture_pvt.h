/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Private interface of capture, model run instances and manual building
 * (core/model/capture.c, core/model/model.c, core/model/build.c): the records they share and
 * the helpers one calls in another.
 *
 * Synchronisation table:
 *   Begin, End, joins, records, waits, task groups, binds, unbinds, BuildEnd
 *                         vs each other:       g_rt.lock
 *   append a task (core_capture_begin/end) vs the above: lock-free: a lane
 *                         is appended to only by its stream's producer, and
 *                         its arrays never move while the capture or build
 *                         is open (capture_new sizes them at the maximum);
 *                         s->cap is read relaxed (A1 in core/runtime/runtime.h). A task's
 *                         release hook is added under g_rt.lock.
 *   ExecuteAsync/Execute  vs each other:       exec_lock (rank 2) orders the
 *                         submissions; the gate and done conditions order
 *                         the executions themselves (model.c)
 *   ExecuteAsync fast path vs Destroy etc.:   X1-X3 in model.c (the lookup
 *                         under RCU, the checks and the queueing under
 *                         exec_lock against xok)
 *   TaskUpdateEnd         vs executions:       waits until the model is idle
 *                         (done), copies the group under exec_lock
 *   Abort                 vs run_lane:         abort_upto, a relaxed flag
 *   Destroy, re-capture   vs executions:       refused while running
 *                         (model_running under exec_lock)
 *   caller-run Execute    vs the above:        takes k under exec_lock like a
 *                         queued execution and advances done last (model.c
 *                         IN1-IN4), so it counts as running until then
 */
#ifndef CPUACL_CORE_CAPTURE_H
#define CPUACL_CORE_CAPTURE_H

#include <pthread.h>
#include <stdlib.h>

#include "core/device/device.h"
#include "core/event/event.h"
#include "core/model/plan_pvt.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "sched/ec.h"

struct rel_hook {
    void (*fn)(void *);
    void *arg;
};

struct core_taskgrp {
    uint64_t handle;
    struct core_model *model;
    uint32_t lane, start, end; /* nodes [start, end) of lane */
    struct core_taskgrp *next;
};

/* A model's execution lock (rank 2 in core/runtime/runtime.h): one CAS to take, a
 * release store to give back (a pthread mutex costs a second locked
 * instruction, ~25 ns on the benchmark VM, on every aclmdlRIExecuteAsync).
 * Contended takers spin briefly, then park on ec; the releaser's store, light
 * fence and waiter check pair with their prepare's heavy fence (sched/ec.h). */
struct model_xlock {
    _Atomic uint32_t held; /* A: 1 while held (acquire CAS / release store) */
    struct sched_ec ec;    /* takers that parked */
};

static inline bool model_xlock_try(struct model_xlock *l)
{
    uint32_t z = 0;
    /* acquire: pairs with the release in model_xlock_unlock (what the last
     * holder wrote is visible); relaxed on failure: nothing was read. */
    return atomic_compare_exchange_strong_explicit(&l->held, &z, 1, memory_order_acquire,
                                                   memory_order_relaxed);
}

void model_xlock_slow(struct model_xlock *l);

static inline void model_xlock_lock(struct model_xlock *l)
{
    if (__builtin_expect(!model_xlock_try(l), 0))
        model_xlock_slow(l);
}

static inline void model_xlock_unlock(struct model_xlock *l)
{
    /* release: the critical section's writes before the lock is free. */
    atomic_store_explicit(&l->held, 0, memory_order_release);
    sched_ec_notify(&l->ec); /* light fence, then a parked taker is woken */
}

/* Laid out by who writes what during executions (docs/design.md, "Capture
 * and replay"): the submitter writes only the exec line, the worker running
 * an execution writes only the gate and done lines and reads the replay
 * line, which changes only while the model is idle. Allocated cache-line
 * aligned (model_new_locked), so no line is shared by the two sides. */
struct core_model {
    /* structure: g_rt.lock, not touched by executions */
    uint64_t handle; /* also written under exec_lock (model.c X1) */
    struct core_ctx *ctx;
    struct core_capture *cap; /* non-NULL while being captured */
    bool ready;               /* compiled: may execute */
    bool built;               /* compiled by aclmdlRIBuildEnd (not by a capture) */
    bool unlinked;            /* handle and ctx list gone (teardown under way), lock */
    uint32_t id;              /* I: aclmdlRIGetId */
    struct core_stream **lane_streams;
    uint32_t lanes_alloc; /* entries of lane_streams and lane_cond */
    uint32_t nrel, caprel;
    struct core_stream *sync_stream; /* for aclmdlRIExecute, lazily */
    struct rel_hook *rel;            /* release hooks of captured tasks */
    struct core_taskgrp *groups;
    struct core_capture *bind;      /* build record (aclmdlRIBuildBegin) until unbound */
    char *name;                     /* aclmdlRISetName, NULL = "" */
    struct core_capture *upd;       /* open task-update sessions on its groups (lock) */
    struct core_model *next;        /* ctx list */
    struct core_model *cond_parent; /* a body of a conditional task: owned by this model */
    /* replay: read by every execution, changed only while the model is idle */
    _Alignas(SCHED_CACHELINE) struct plan plan;
    struct sched_cond *lane_cond; /* one per lane, cache-line aligned */
    struct sched_cond *lane_act;  /* per lane, activation (activate.c); NULL: none on demand */
    _Atomic(struct ru *) ru;      /* aclrtTaskUpdateAsync records (taskupdate.c RU2) */
    struct ru *ru_tail;           /* g_rt.lock */
    _Atomic uint64_t abort_upto;  /* A: executions <= this skip their remaining tasks */
    bool has_xrec;                /* has captured external records (event.c XR1), set by compile */
    /* Conditional tasks (core/model/cond.c), all under g_rt.lock: */
    struct core_condh *conds; /* its condition handles (defaults applied at the gate) */
    /* submission: aclmdlRIExecuteAsync / aclmdlRIExecute */
    _Alignas(SCHED_CACHELINE) struct model_xlock exec_lock;
    uint64_t exec_submitted; /* exec_lock */
    bool xok;                /* exec_lock: the fast path may queue (model_xok_locked) */
    bool xinline;            /* exec_lock: a synchronous execution may run on its caller
                              * (model.c IN1) */
    /* executions: written by the worker that runs them */
    _Alignas(SCHED_CACHELINE) struct sched_cond gate; /* value = last execution let in */
    _Alignas(SCHED_CACHELINE) struct sched_cond done; /* value = last execution finished */
};

struct cap_edge {
    uint32_t from, to, sig; /* lane `from` waits for signal `sig` of lane `to` */
};

struct core_capture {
    uint64_t id;
    struct core_model *model;
    struct core_ctx *ctx;
    struct core_stream *origin;
    int mode;
    uint64_t tid; /* thread that began the capture */
    bool invalidated;
    bool update; /* task-update session rather than a capture */
    struct core_taskgrp *ugrp;
    struct sched_task *staged; /* update: new records for the group */
    uint32_t upos;
    struct core_stream **lanes; /* lane -> stream */
    uint32_t *grp_open;         /* lane -> start of the open task group, UINT32_MAX none */
    uint32_t nlanes, caplanes;
    struct cap_edge *edges;
    uint32_t nedges, capedges;
    struct core_event **events; /* events recorded in the capture (referenced) */
    uint32_t nevents, capevents;
    /* Manual builds (aclmdlRIBuildBegin) only: */
    bool build;                 /* a build record, not a capture */
    bool built;                 /* aclmdlRIBuildEnd done: bound streams refuse tasks */
    uint8_t *ended;             /* lane -> aclmdlRIEndTask called (or stream unbound) */
    uint32_t nbound;            /* lanes whose stream is still bound (lanes[i] != NULL) */
    uint32_t capaux;            /* capacity of grp_open, ended and the plan's lanes */
    struct core_capture *next;  /* ctx list (captures) / g_builds (builds) */
    struct core_capture *unext; /* update sessions: the model's upd list (lock) */
    /* aclmdlRICaptureEnd waits the capture's submitters out (lock dropped): not found by
     * id meanwhile. g_rt.lock; apart from the fields captured submissions read. */
    bool ending;
};

extern uint64_t g_next_cap_id;        /* g_rt.lock */
extern struct core_capture *g_builds; /* builds not yet ended, g_rt.lock */

static inline uint64_t self_tid(void)
{
    return (uint64_t)pthread_self();
}

static inline bool grow(void **v, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    uint32_t n = *cap ? *cap : 8;
    while (n < need)
        n *= 2;
    void *p = core_realloc(*v, (size_t)n * elem);
    if (!p)
        return false;
    *v = p;
    *cap = n;
    return true;
}

/* Models (core/model/model.c). Lock held where named _locked. */
struct core_model *model_new_locked(struct core_ctx *c);
/* Drop the compiled graph: lane streams, conditions, release hooks, groups. */
void model_clear_locked(struct core_model *m);
void model_free_locked(struct core_model *m);
/* Is an execution queued or running? If not, the fast path is closed as
 * well (xok cleared, under the exec lock), so none can be queued while the
 * caller changes or frees the model: the caller reopens it with
 * model_xok_locked when it keeps the model. Lock held. */
bool model_running(struct core_model *m);
/* Recompute xok: ready, not captured or built, linked, at most one lane, no
 * captured external record. After every change of those. Lock held. */
void model_xok_locked(struct core_model *m);
/* Give the lanes their streams and conditions (see model.c). */
aclError compile_locked(struct core_model *m, const char *fn);
/* Wait until every execution of m queued so far has finished; g_rt.lock is
 * dropped while waiting and held again on return. */
void model_wait_idle_locked(struct core_model *m);
/* Wait until m is idle and return holding its exec lock with m still idle (PWR1 in model.c):
 * no execution reads the plan until the caller unlocks. g_rt.lock held (dropped while
 * waiting). */
void model_quiesce_locked(struct core_model *m);
/* The model of a live handle (NULL refused). Lock held. */
aclError model_lookup_locked(aclmdlRI modelRI, struct core_model **out, const char *fn);

/* Capture records (core/model/capture.c). */
aclError add_lane_locked(struct core_capture *k, struct core_stream *s);
/* The events recorded in a capture or build leave it (their records become
 * plain again) and the references it held are dropped. Lock held. */
void capture_release_events_locked(struct core_capture *k);
/* End a capture or update session: streams and events leave it. The model
 * stays (the caller decides whether it lives). Lock held. */
void capture_close_locked(struct core_capture *k);
/* T8 (capture.c): before a teardown of c frees its captures and update
 * sessions, clear their streams' capture pointers and wait out the threads
 * still inside a captured submission on them. Drops and re-takes g_rt.lock. */
void capture_quiesce_ctx_locked(struct core_ctx *c);
/* A record whose lane arrays start at their maximum (see capture.c). */
struct core_capture *capture_new(struct plan_lane **lanes);
void capture_discard(struct core_capture *k, struct plan_lane *lanes);
/* A lane's node array of cap records (256 << i), from the recycled arrays
 * when one is there; plan_nodes_put hands one back (NULL ignored). Bytes
 * held by the shared cache (not each thread's one smallest array, see
 * capture.c): plan_nodes_cached. */
struct sched_task *plan_nodes_get(uint32_t cap);
void plan_nodes_put(struct sched_task *v, uint32_t cap);
size_t plan_nodes_cached(void);

/* Append a control node (run == NULL) to stream s's lane of the capture or
 * build it belongs to, with the checks a record gets. Lock held. */
aclError capture_append_control_locked(struct core_stream *s, const struct sched_task *node,
                                       const char *fn);
/* Something a model holds until its graph is dropped. Lock held. */
aclError add_release_locked(struct core_model *m, void (*fn)(void *), void *arg);

/* Conditional tasks (core/model/cond.c). cond_run executes the PLAN_COND node
 * `node` for execution k of m from the lane task t (state in t->arg.u64[4..5],
 * which queue_control zeroes): SCHED_DONE, or SCHED_BLOCK with x's block
 * fields set (t resumes at the same node). cond_assign_defaults runs at the
 * gate of every execution of a model with condition handles. */
int cond_run(struct core_model *m, uint64_t k, struct sched_task *t, struct sched_task *node,
             struct sched_exec *x);
void cond_assign_defaults(struct core_model *m);

/* Stream activation (core/model/activate.c): run a PLAN_ACTIVE / PLAN_SWITCH node of
 * execution k; before an on-demand lane runs, wait for its activation (SCHED_BLOCK,
 * ACTIVATE_RUN, or ACTIVATE_SKIP when execution k ended without it); the join of a model
 * with on-demand lanes (SCHED_BLOCK / SCHED_DONE). */
enum { ACTIVATE_RUN = 0x100, ACTIVATE_SKIP = 0x101 };
/* aclrtTaskUpdateAsync (core/model/taskupdate.c): apply the updates read so far (at the
 * gate, no lane running); drop them with the graph (lock held, model idle). */
struct ru;
void ru_apply(struct core_model *m);
void ru_drop_locked(struct core_model *m);
void activate_run(struct core_model *m, uint64_t k, const struct sched_task *node);
int activate_wait(struct core_model *m, uint32_t lane, uint64_t k, struct sched_exec *x);
int activate_join(struct core_model *m, uint64_t k, uint32_t mine, struct sched_exec *x);

/* Label switch (core/model/label.c): the position lane `lane` of m continues at
 * after the PLAN_JUMP node `node`; `next` (no jump) when the chosen label
 * cannot be reached (the failure is recorded on x). */
uint64_t label_jump(struct core_model *m, uint32_t lane, const struct sched_task *node,
                    struct sched_exec *x, uint64_t next);

/* Manual builds (core/model/build.c): drop a build record. Lock held. */
void build_free_locked(struct core_capture *k);

#endif
