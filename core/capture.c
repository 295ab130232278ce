/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream capture (aclmdlRICapture*) and model run instances (aclmdlRI*).
 *
 * Capture. aclmdlRICaptureBegin(origin) creates a model and a capture whose
 * lane 0 is the origin stream. Every task submitted to a stream of the
 * capture is appended to that stream's lane instead of running (see
 * core_task_begin/end in core.h): the record is copied with its run function
 * replaced by a replay-safe one (core_replay_fn). An event recorded on a
 * capturing stream becomes a SIGNAL node and remembers (lane, signal); a
 * stream that waits on such an event joins the capture as a new lane and gets
 * a WAIT node. aclmdlRICaptureEnd checks the rules of the reference (origin,
 * thread, open task groups, every lane joined back) and compiles the lanes
 * into the model's plan (plan.h).
 *
 * Replay. Each lane of a model gets an internal stream (placed on the
 * device's workers like any stream, so lanes run in parallel).
 * aclmdlRIExecuteAsync(model, s) queues, under the model's execution lock:
 *   on s:            GATE k   (lets execution k start once s reached it and
 *                              execution k-1 passed its gate: executions of
 *                              one model are serialised, in submission order)
 *   on each lane:    LANE k   (runs the lane's nodes; blocks at WAIT nodes)
 *   on s:            JOIN k   (waits until every lane finished execution k,
 *                              reports lane failures on s)
 * so successive executions on one stream are ordered, the work after
 * ExecuteAsync on s waits for the model, and no allocation or hashing
 * happens at replay. Captured tasks read the buffers they reference when
 * they run, i.e. their current contents.
 *
 * Manual building. aclmdlRIBuildBegin creates a model and a build record (a
 * struct core_capture with `build` set: no origin, mode or thread rules, kept
 * in g_builds rather than the context's capture list, so the capture mode
 * rule and device synchronisation ignore it). aclmdlRIBindStream(HEAD) makes
 * the stream a lane of the build exactly as a join makes it a lane of a
 * capture, so its tasks, records and waits go through the same paths; only
 * streams bound to the model join it (a wait by any other stream on an event
 * recorded in the build is refused). aclmdlRIEndTask closes one lane,
 * aclmdlRIBuildEnd compiles the lanes (no join rule: every lane starts after
 * the gate and the join waits for all of them) and freezes the record: the
 * streams stay bound (their submissions are refused) until
 * aclmdlRIUnbindStream or the model's destruction. A build's arrays are sized
 * for CORE_MAX_STREAMS_PER_DEVICE lanes up front, so binding a stream never
 * moves a lane another thread is appending to.
 *
 * Locking: capture structure (begin, end, joins, records, waits, task
 * groups, binds, unbinds) is changed under g_rt.lock; appending a task to a
 * lane takes no lock (a lane is only appended to by its stream's producer).
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/plan.h"
#include "sched/worker.h"

_Atomic uint32_t core_ncaptures;

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

struct core_model {
    uint64_t handle;
    struct core_ctx *ctx;
    struct plan plan;
    struct core_capture *cap; /* non-NULL while being captured */
    bool ready;               /* compiled: may execute */
    struct core_stream **lane_streams;
    uint32_t lanes_alloc;          /* entries of lane_streams and lane_cond */
    struct sched_cond *lane_cond; /* one per lane, cache-line aligned */
    struct sched_cond gate;       /* value = last execution let in */
    struct sched_cond done;       /* value = last execution finished */
    pthread_mutex_t exec_lock;
    uint64_t exec_submitted;      /* exec_lock */
    struct core_stream *sync_stream; /* for aclmdlRIExecute, lazily */
    struct rel_hook *rel;         /* release hooks of captured tasks */
    uint32_t nrel, caprel;
    struct core_taskgrp *groups;
    struct core_capture *bind;    /* build record (aclmdlRIBuildBegin) until unbound */
    bool built;                   /* compiled by aclmdlRIBuildEnd (not by a capture) */
    uint32_t id;                  /* I: aclmdlRIGetId */
    char *name;                   /* aclmdlRISetName, NULL = "" */
    _Atomic uint64_t abort_upto;  /* A: executions <= this skip their remaining tasks */
    struct core_capture *upd;     /* open task-update sessions on its groups (lock) */
    bool unlinked;                /* handle and ctx list gone (teardown under way), lock */
    struct core_model *next;      /* ctx list */
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
    uint64_t tid;            /* thread that began the capture */
    bool invalidated;
    bool update;             /* task-update session rather than a capture */
    struct core_taskgrp *ugrp;
    struct sched_task *staged; /* update: new records for the group */
    uint32_t upos;
    struct core_stream **lanes; /* lane -> stream */
    uint32_t *grp_open;      /* lane -> start of the open task group, UINT32_MAX none */
    uint32_t nlanes, caplanes;
    struct cap_edge *edges;
    uint32_t nedges, capedges;
    struct core_event **events; /* events recorded in the capture (referenced) */
    uint32_t nevents, capevents;
    /* Manual builds (aclmdlRIBuildBegin) only: */
    bool build;                /* a build record, not a capture */
    bool built;                /* aclmdlRIBuildEnd done: bound streams refuse tasks */
    uint8_t *ended;            /* lane -> aclmdlRIEndTask called (or stream unbound) */
    uint32_t nbound;           /* lanes whose stream is still bound (lanes[i] != NULL) */
    uint32_t capaux;           /* capacity of grp_open, ended and the plan's lanes */
    struct core_capture *next; /* ctx list (captures) / g_builds (builds) */
    struct core_capture *unext; /* update sessions: the model's upd list (lock) */
};

static __thread aclmdlRICaptureMode t_exmode = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
/* Scratch record for task-update sessions (captures write into the lane). */
static __thread struct sched_task t_scratch __attribute__((tls_model("initial-exec")));
static uint64_t g_next_cap_id; /* g_rt.lock */
static uint32_t g_next_model_id;      /* g_rt.lock */
static struct core_capture *g_builds; /* builds not yet ended, g_rt.lock */

static uint64_t self_tid(void)
{
    return (uint64_t)pthread_self();
}

static bool grow(void **v, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    uint32_t n = *cap ? *cap : 8;
    while (n < need)
        n *= 2;
    void *p = realloc(*v, (size_t)n * elem);
    if (!p)
        return false;
    *v = p;
    *cap = n;
    return true;
}

/* ---- models --------------------------------------------------------------- */

static struct core_model *model_new_locked(struct core_ctx *c)
{
    struct core_model *m = calloc(1, sizeof(*m));
    if (!m)
        return NULL;
    m->ctx = c;
    m->id = ++g_next_model_id;
    pthread_mutex_init(&m->exec_lock, NULL);
    m->handle = core_table_insert(&g_rt.models, m);
    if (!m->handle) {
        free(m);
        return NULL;
    }
    m->next = c->models;
    c->models = m;
    return m;
}

/* Drop the compiled graph: lane streams, conditions, release hooks, groups. */
static void model_clear_locked(struct core_model *m)
{
    for (uint32_t i = 0; i < m->plan.nlanes; i++) {
        if (i < m->lanes_alloc && m->lane_streams[i])
            core_stream_destroy_locked(m->lane_streams[i], false);
        free(m->plan.lanes[i].nodes);
    }
    free(m->lane_streams);
    free(m->lane_cond);
    free(m->plan.lanes);
    m->lane_streams = NULL;
    m->lane_cond = NULL;
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

static void build_free_locked(struct core_capture *k);

static void capture_close_locked(struct core_capture *k);

/*
 * Teardown rule (core.h T1): the model's handle, its task groups' handles and
 * its place in the context's list go first, before anything that drops the
 * lock, so no other thread can find (and free) it meanwhile. Idempotent.
 */
static void model_unlink_locked(struct core_model *m)
{
    if (m->unlinked)
        return;
    m->unlinked = true;
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

static void model_free_locked(struct core_model *m)
{
    model_unlink_locked(m);
    if (m->bind) /* a build: its streams go back to normal */
        build_free_locked(m->bind);
    model_clear_locked(m); /* drops the lock while lane streams drain */
    free(m->name);
    if (m->sync_stream)
        core_stream_destroy_locked(m->sync_stream, false);
    pthread_mutex_destroy(&m->exec_lock);
    free(m);
}

static bool model_running(struct core_model *m)
{
    pthread_mutex_lock(&m->exec_lock);
    bool r = sched_cond_value(&m->done) < m->exec_submitted;
    pthread_mutex_unlock(&m->exec_lock);
    return r;
}

/* ---- capture objects ------------------------------------------------------ */

static struct core_capture *capture_find_locked(struct core_ctx *c, uint64_t id)
{
    for (struct core_capture *k = c->captures; k; k = k->next)
        if (k->id == id)
            return k;
    for (struct core_capture *k = g_builds; k; k = k->next)
        if (k->id == id)
            return k;
    return NULL;
}

static aclError add_lane_locked(struct core_capture *k, struct core_stream *s)
{
    if (!grow((void **)&k->lanes, &k->caplanes, k->nlanes + 1, sizeof(*k->lanes)))
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "capture: out of memory");
    /* The per-lane arrays follow the lanes' capacity; they move only when it
     * grew (never for builds, which start at their maximum). */
    uint32_t capg = k->caplanes;
    if (k->capaux < capg) {
        uint32_t *g = realloc(k->grp_open, capg * sizeof(*g));
        uint8_t *e = g ? realloc(k->ended, capg) : NULL;
        struct plan_lane *pl = e ? realloc(k->model->plan.lanes, capg * sizeof(*pl)) : NULL;
        if (g)
            k->grp_open = g;
        if (e)
            k->ended = e;
        if (!pl)
            return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "capture: out of memory");
        k->model->plan.lanes = pl;
        k->capaux = capg;
    }
    uint32_t i = k->nlanes++;
    k->lanes[i] = s;
    k->grp_open[i] = UINT32_MAX;
    k->ended[i] = 0;
    memset(&k->model->plan.lanes[i], 0, sizeof(struct plan_lane));
    k->model->plan.nlanes = k->nlanes;
    s->cap_lane = i;
    /* relaxed: the producer of s reads it; joining a stream another thread
     * is submitting to at this moment is the user's race. */
    atomic_store_explicit(&s->cap, k, memory_order_relaxed);
    return ACL_SUCCESS;
}

/* The events recorded in a capture or build leave it (their records become
 * plain again) and the references it held are dropped. Lock held. */
static void capture_release_events_locked(struct core_capture *k)
{
    for (uint32_t i = 0; i < k->nevents; i++) {
        atomic_store_explicit(&k->events[i]->cap_id, 0, memory_order_relaxed);
        core_event_put(k->events[i]);
    }
    k->nevents = 0;
}

/* End a capture or update session: streams and events leave it. The model
 * stays (the caller decides whether it lives). Lock held. */
static void capture_close_locked(struct core_capture *k)
{
    for (uint32_t i = 0; i < k->nlanes; i++)
        atomic_store_explicit(&k->lanes[i]->cap, NULL, memory_order_relaxed);
    capture_release_events_locked(k);
    if (!k->update) {
        for (struct core_capture **pp = &k->ctx->captures; *pp; pp = &(*pp)->next)
            if (*pp == k) {
                *pp = k->next;
                break;
            }
        /* relaxed: a counter for fast-path checks under the same lock. */
        atomic_fetch_sub_explicit(&core_ncaptures, 1, memory_order_relaxed);
        k->model->cap = NULL;
    } else {
        for (struct core_capture **pp = &k->model->upd; *pp; pp = &(*pp)->unext)
            if (*pp == k) {
                *pp = k->unext;
                break;
            }
    }
    free(k->lanes);
    free(k->grp_open);
    free(k->ended);
    free(k->edges);
    free(k->events);
    free(k->staged);
    free(k);
}

/* Drop a build record: the streams still bound go back to normal, events
 * recorded in an unfinished build leave it. Lock held. */
static void build_free_locked(struct core_capture *k)
{
    for (uint32_t i = 0; i < k->nlanes; i++)
        if (k->lanes[i]) /* relaxed: as in capture_close_locked */
            atomic_store_explicit(&k->lanes[i]->cap, NULL, memory_order_relaxed);
    capture_release_events_locked(k);
    for (struct core_capture **pp = &g_builds; *pp; pp = &(*pp)->next)
        if (*pp == k) {
            *pp = k->next;
            break;
        }
    if (k->model->cap == k)
        k->model->cap = NULL;
    k->model->bind = NULL;
    free(k->lanes);
    free(k->grp_open);
    free(k->ended);
    free(k->edges);
    free(k->events);
    free(k);
}

static void capture_invalidate(struct core_capture *k)
{
    k->invalidated = true;
}

/* A bound stream whose tasks were ended (aclmdlRIEndTask, aclmdlRIBuildEnd)
 * takes no more. Read by the stream's producer without the lock: EndTask and
 * BuildEnd racing with a submission to the same stream is the user's race. */
static bool lane_closed(const struct core_capture *k, uint32_t lane)
{
    return k->build && (k->built || k->ended[lane]);
}

static aclError lane_closed_err(const struct core_capture *k, const char *fn)
{
    if (k->built)
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream is bound to a model that was built (aclmdlRIBuildEnd) "
                        "and takes no more tasks (aclmdlRIUnbindStream releases it)",
                        fn);
    return core_err(ACL_ERROR_RT_STREAM_MODEL,
                    "%s: aclmdlRIEndTask ended this bound stream's tasks; it takes no more", fn);
}

/* ---- appending tasks ------------------------------------------------------ */

/* Make room for one more node in a lane. */
static bool lane_reserve(struct plan_lane *pl)
{
    if (pl->n < pl->cap)
        return true;
    uint32_t n = pl->cap ? pl->cap * 2 : 256;
    struct sched_task *v = aligned_alloc(SCHED_CACHELINE, (size_t)n * sizeof(*v));
    if (!v)
        return false;
    if (pl->n)
        memcpy(v, pl->nodes, (size_t)pl->n * sizeof(*v));
    free(pl->nodes);
    pl->nodes = v;
    pl->cap = n;
    return true;
}

/* A capture's task is written straight into the lane's next node (counted
 * by core_capture_commit); an update session's into a scratch record. When
 * the lane cannot grow, the scratch record takes the task and the commit
 * reports the failure. */
struct sched_task *core_capture_slot(struct core_stream *s)
{
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (k->update || lane_closed(k, s->cap_lane))
        return &t_scratch;
    struct plan_lane *pl = &k->model->plan.lanes[s->cap_lane];
    return lane_reserve(pl) ? &pl->nodes[pl->n] : &t_scratch;
}

static aclError append_node(struct core_model *m, uint32_t lane, const struct sched_task *t)
{
    struct plan_lane *pl = &m->plan.lanes[lane];
    if (!lane_reserve(pl))
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "capture: out of memory");
    pl->nodes[pl->n++] = *t;
    return ACL_SUCCESS;
}

static aclError add_release_locked(struct core_model *m, void (*fn)(void *), void *arg)
{
    if (!grow((void **)&m->rel, &m->caprel, m->nrel + 1, sizeof(*m->rel)))
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "capture: out of memory");
    m->rel[m->nrel++] = (struct rel_hook){fn, arg};
    return ACL_SUCCESS;
}

static aclError update_commit(struct core_capture *k, struct sched_task *t, sched_task_fn replay,
                              const char *fn)
{
    struct core_taskgrp *g = k->ugrp;
    uint32_t len = g->end - g->start;
    if (k->invalidated)
        return core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED, "%s: the task update already failed",
                        fn);
    if (k->upos >= len) {
        capture_invalidate(k);
        return core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                        "%s: more tasks than the task group holds (%u)", fn, len);
    }
    struct sched_task *old = &g->model->plan.lanes[g->lane].nodes[g->start + k->upos];
    if (old->kind != t->kind) {
        capture_invalidate(k);
        return core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                        "%s: task %u of the group has another kind than the task it replaces", fn,
                        k->upos);
    }
    k->staged[k->upos] = *t;
    k->staged[k->upos].run = replay;
    k->upos++;
    return ACL_SUCCESS;
}

aclError core_capture_commit(struct core_stream *s, const char *fn)
{
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (lane_closed(k, s->cap_lane)) /* the task went to the scratch record */
        return lane_closed_err(k, fn);
    struct plan_lane *pl = k->update ? NULL : &k->model->plan.lanes[s->cap_lane];
    /* Where core_capture_slot put it: the lane's next node, or the scratch. */
    struct sched_task *t = pl && pl->n < pl->cap ? &pl->nodes[pl->n] : &t_scratch;
    void (*rel)(void *);
    void *relarg;
    sched_task_fn replay = core_replay_fn(t->run, &rel, &relarg, t);
    if (!replay) {
        pthread_mutex_lock(&g_rt.lock);
        capture_invalidate(k);
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "%s: this task cannot be captured", fn);
    }
    if (k->update) {
        pthread_mutex_lock(&g_rt.lock);
        /* The session may have ended meanwhile (its model's context torn
         * down): re-read under the lock, compare only. */
        if (atomic_load_explicit(&s->cap, memory_order_relaxed) != k) {
            pthread_mutex_unlock(&g_rt.lock);
            return core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                            "%s: the task update session ended (its model was destroyed)", fn);
        }
        aclError rc = update_commit(k, t, replay, fn);
        if (rc == ACL_SUCCESS && rel)
            rc = add_release_locked(k->model, rel, relarg); /* freed with the model */
        pthread_mutex_unlock(&g_rt.lock);
        return rc;
    }
    if (k->invalidated)
        return core_err(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                        "%s: the capture was invalidated by an earlier error", fn);
    if (t == &t_scratch) /* the lane could not grow */
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: capture out of memory", fn);
    t->run = replay;
    pl->n++; /* the node was written in place */
    aclError rc = ACL_SUCCESS;
    if (rc == ACL_SUCCESS && rel) {
        pthread_mutex_lock(&g_rt.lock);
        rc = add_release_locked(k->model, rel, relarg);
        pthread_mutex_unlock(&g_rt.lock);
    }
    return rc;
}

/* ---- events in captures --------------------------------------------------- */

bool core_event_captured(struct core_event *ev)
{
    return atomic_load_explicit(&ev->cap_id, memory_order_relaxed) != 0;
}

aclError core_capture_record(struct core_stream *s, struct core_event *ev, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    aclError rc = ACL_SUCCESS;
    if (!k) { /* the capture ended meanwhile */
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED, "%s: the capture ended", fn);
    }
    if (k->update) {
        rc = core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                      "%s: event records cannot be part of a task update", fn);
    } else if (lane_closed(k, s->cap_lane)) {
        rc = lane_closed_err(k, fn);
    } else if (k->invalidated) {
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                      "%s: the capture was invalidated by an earlier error", fn);
    } else if (ev->flags & ACL_EVENT_IPC) {
        capture_invalidate(k);
        rc = core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                      "%s: IPC events cannot be recorded in a capture", fn);
    } else if (atomic_load_explicit(&ev->cap_id, memory_order_relaxed) &&
               atomic_load_explicit(&ev->cap_id, memory_order_relaxed) != k->id) {
        capture_invalidate(k);
        rc = core_err(ACL_ERROR_STREAM_CAPTURE_CONFLICT,
                      "%s: the event is recorded in another capture", fn);
    } else {
        struct plan_lane *pl = &k->model->plan.lanes[s->cap_lane];
        struct sched_task node = {.kind = PLAN_SIGNAL};
        node.arg.u64[0] = ++pl->nsignals;
        rc = append_node(k->model, s->cap_lane, &node);
        if (rc == ACL_SUCCESS && atomic_load_explicit(&ev->cap_id, memory_order_relaxed) == 0) {
            if (!grow((void **)&k->events, &k->capevents, k->nevents + 1, sizeof(*k->events))) {
                rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
            } else {
                atomic_fetch_add_explicit(&ev->refs, 1, memory_order_relaxed); /* held by k */
                k->events[k->nevents++] = ev;
            }
        }
        if (rc == ACL_SUCCESS) {
            ev->cap_lane = s->cap_lane;
            ev->cap_sig = (uint32_t)node.arg.u64[0];
            atomic_store_explicit(&ev->cap_id, k->id, memory_order_relaxed);
        } else {
            capture_invalidate(k);
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_capture_implicit(struct core_event *ev, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    uint64_t eid = atomic_load_explicit(&ev->cap_id, memory_order_relaxed);
    struct core_capture *k = eid ? capture_find_locked(ev->ctx, eid) : NULL;
    if (k && k->build) { /* a build takes only its bound streams: a plain record */
        pthread_mutex_unlock(&g_rt.lock);
        return -1;
    }
    if (k)
        capture_invalidate(k);
    pthread_mutex_unlock(&g_rt.lock);
    if (!k)
        return -1; /* the capture just ended: a plain record */
    return core_err(ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT,
                    "%s: the default stream cannot take part in a capture (the event is "
                    "recorded in one)",
                    fn);
}

aclError core_capture_wait(struct core_stream *s, struct core_event *ev, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *ks = atomic_load_explicit(&s->cap, memory_order_relaxed);
    uint64_t eid = atomic_load_explicit(&ev->cap_id, memory_order_relaxed);
    struct core_capture *ke = eid ? capture_find_locked(ev->ctx, eid) : NULL;
    aclError rc = ACL_SUCCESS;
    if (ks && ks->update) {
        rc = core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                      "%s: event waits cannot be part of a task update", fn);
    } else if (ks && lane_closed(ks, s->cap_lane)) {
        rc = lane_closed_err(ks, fn);
    } else if (!ks && ke && ke->build) {
        /* Only aclmdlRIBindStream adds a stream to a build (no join). */
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the event is recorded in a model being built; only streams bound to "
                      "that model (aclmdlRIBindStream) can wait on it",
                      fn);
    } else if (!ke) {
        if (!ks) { /* neither side captures (any more): a plain wait */
            pthread_mutex_unlock(&g_rt.lock);
            return -1;
        }
        capture_invalidate(ks);
        rc = core_err(ACL_ERROR_RT_CAPTURE_DEPENDENCY,
                      "%s: a capturing stream waits on an event not recorded in its capture "
                      "(use ACL_EVENT_WAIT_EXTERNAL to synchronise with outside work)",
                      fn);
    } else if (s->is_default) {
        capture_invalidate(ke);
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT,
                      "%s: the default stream cannot take part in a capture", fn);
    } else if (ks && ks != ke && ke->build) {
        /* A build is joined only through aclmdlRIBindStream; it is left
         * untouched (behaviour.md). */
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the event is recorded in another model being built; only streams "
                      "bound to that model can wait on it",
                      fn);
    } else if (ks && ks != ke && ks->build) {
        /* A bound stream waiting on work recorded elsewhere (a capture): as
         * an event recorded outside the build (107024, the build invalidated). */
        capture_invalidate(ks);
        rc = core_err(ACL_ERROR_RT_CAPTURE_DEPENDENCY,
                      "%s: a stream bound to a model being built waits on an event recorded "
                      "outside that model",
                      fn);
    } else if (ks && ks != ke) {
        capture_invalidate(ks);
        capture_invalidate(ke);
        rc = core_err(ACL_ERROR_STREAM_CAPTURE_CONFLICT,
                      "%s: the stream and the event belong to different captures", fn);
    } else if (ke->invalidated) {
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                      "%s: the capture was invalidated by an earlier error", fn);
    } else {
        if (!ks) /* the stream joins the capture */
            rc = add_lane_locked(ke, s);
        if (rc == ACL_SUCCESS) {
            struct sched_task node = {.kind = PLAN_WAIT};
            node.arg.u64[0] = ev->cap_lane;
            node.arg.u64[1] = ev->cap_sig;
            rc = append_node(ke->model, s->cap_lane, &node);
        }
        if (rc == ACL_SUCCESS) {
            if (grow((void **)&ke->edges, &ke->capedges, ke->nedges + 1, sizeof(*ke->edges)))
                ke->edges[ke->nedges++] = (struct cap_edge){s->cap_lane, ev->cap_lane, ev->cap_sig};
            else
                rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
        }
        if (rc)
            capture_invalidate(ke);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* ---- capture modes (reference 6.3) ---------------------------------------- */

aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode *mode)
{
    if (!mode)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureThreadExchangeMode: mode is NULL");
    if ((unsigned)*mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "aclmdlRICaptureThreadExchangeMode: unknown mode %d", (int)*mode);
    aclmdlRICaptureMode prev = t_exmode;
    t_exmode = *mode;
    *mode = prev;
    return ACL_SUCCESS;
}

aclError core_capture_check_unsafe(const char *fn)
{
    /* relaxed: a hint; a capture beginning concurrently is the user's race. */
    if (atomic_load_explicit(&core_ncaptures, memory_order_relaxed) == 0)
        return ACL_SUCCESS;
    if (t_exmode == ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
        return ACL_SUCCESS;
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return ACL_SUCCESS;
    int ctx_mode = 3, thr_mode = 3; /* 3 = no capture */
    uint64_t me = self_tid();
    pthread_mutex_lock(&g_rt.lock);
    for (struct core_capture *k = c->captures; k; k = k->next) {
        if (k->mode < ctx_mode)
            ctx_mode = k->mode;
        if (k->tid == me && k->mode < thr_mode)
            thr_mode = k->mode;
    }
    pthread_mutex_unlock(&g_rt.lock);
    bool ok;
    if (ctx_mode == 3)
        ok = true;
    else if (t_exmode == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)
        ok = ctx_mode != ACL_MODEL_RI_CAPTURE_MODE_GLOBAL &&
             thr_mode != ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
    else /* THREAD_LOCAL */
        ok = thr_mode != ACL_MODEL_RI_CAPTURE_MODE_GLOBAL &&
             thr_mode != ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL;
    if (ok)
        return ACL_SUCCESS;
    return core_err(ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
                    "%s: not allowed while a capture is active in this context under the calling "
                    "thread's capture mode (switch with aclmdlRICaptureThreadExchangeMode)",
                    fn);
}

bool core_ctx_capturing(struct core_ctx *c)
{
    if (atomic_load_explicit(&core_ncaptures, memory_order_relaxed) == 0)
        return false;
    pthread_mutex_lock(&g_rt.lock);
    bool r = c->captures != NULL;
    pthread_mutex_unlock(&g_rt.lock);
    return r;
}

/* ---- begin / end ---------------------------------------------------------- */

/*
 * A capture or build record whose lane arrays start at their maximum (the
 * device's streams), with the plan lanes to go with them (*lanes): threads
 * append to their lanes without the lock, so a stream joining must never
 * move them; compile_locked shrinks the plan's lanes once the graph is
 * closed. NULL when out of memory. capture_discard frees an unused one.
 */
static void capture_discard(struct core_capture *k, struct plan_lane *lanes)
{
    free(lanes);
    if (k) {
        free(k->lanes);
        free(k->grp_open);
        free(k->ended);
        free(k);
    }
}

static struct core_capture *capture_new(struct plan_lane **lanes)
{
    const uint32_t cap = CORE_MAX_STREAMS_PER_DEVICE;
    struct core_capture *k = calloc(1, sizeof(*k));
    *lanes = calloc(cap, sizeof(**lanes));
    if (k) {
        k->lanes = calloc(cap, sizeof(*k->lanes));
        k->grp_open = calloc(cap, sizeof(*k->grp_open));
        k->ended = calloc(cap, sizeof(*k->ended));
    }
    if (!k || !*lanes || !k->lanes || !k->grp_open || !k->ended) {
        capture_discard(k, *lanes);
        *lanes = NULL;
        return NULL;
    }
    k->caplanes = k->capaux = cap;
    return k;
}

static aclError begin(aclrtStream stream, aclmdlRI modelRI,
                      aclmdlRICaptureMode mode, const char *fn)
{
    CORE_REQUIRE_INIT();
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the default stream (NULL) cannot be captured", fn);
    if ((unsigned)mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: unknown capture mode %d", fn, (int)mode);
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    if (s->is_default)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a default stream cannot be captured", fn);
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    struct core_capture *sk = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (sk && sk->build) {
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the stream is bound to a model (aclmdlRIBindStream) and cannot be "
                      "captured",
                      fn);
    } else if (sk) {
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURED, "%s: the stream is already being captured",
                      fn);
    } else if (modelRI) {
        m = core_table_lookup(&g_rt.models, modelRI);
        if (!m)
            rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live model", fn, modelRI);
        else if (m->cap)
            rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED, "%s: the model is already being %s", fn,
                          m->cap->build ? "built" : "captured");
        else if (m->bind)
            rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                          "%s: streams are still bound to the model (aclmdlRIUnbindStream them "
                          "first)",
                          fn);
        else if (m->ctx != s->ctx)
            rc = core_err(ACL_ERROR_RT_MODEL_CONTEXT,
                          "%s: the model belongs to another context", fn);
        else if (model_running(m))
            rc = core_err(ACL_ERROR_RT_MODEL_RUNNING, "%s: the model is still executing", fn);
        else
            model_clear_locked(m); /* the new capture replaces its graph */
    } else {
        m = model_new_locked(s->ctx);
        if (!m)
            rc = core_err(ACL_ERROR_RT_NO_MODEL_RESOURCE, "%s: cannot create a model", fn);
    }
    struct core_capture *k = NULL;
    if (rc == ACL_SUCCESS) {
        struct plan_lane *lanes;
        k = capture_new(&lanes);
        if (!k) {
            rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
        } else {
            free(m->plan.lanes); /* none: a new model, or one just cleared */
            m->plan.lanes = lanes;
        }
    }
    if (rc == ACL_SUCCESS) {
        k->id = ++g_next_cap_id;
        k->model = m;
        k->ctx = s->ctx;
        k->origin = s;
        k->mode = mode;
        k->tid = self_tid();
        m->cap = k;
        k->next = s->ctx->captures;
        s->ctx->captures = k;
        atomic_fetch_add_explicit(&core_ncaptures, 1, memory_order_relaxed);
        rc = add_lane_locked(k, s);
        if (rc) {
            capture_close_locked(k);
            if (!modelRI)
                model_free_locked(m);
        }
    } else if (m && !modelRI) {
        model_free_locked(m);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode)
{
    return begin(stream, NULL, mode, "aclmdlRICaptureBegin");
}

aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream, aclmdlRI modelRI,
                                       aclmdlRICaptureMode mode)
{
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureToModelRIBegin: modelRI is NULL");
    return begin(stream, modelRI, mode, "aclmdlRICaptureToModelRIBegin");
}

/* Every lane must come back to the origin: its last node is a signal that a
 * lane already known to be joined waits for (reference 6.4). */
static bool all_joined(struct core_capture *k, uint32_t *bad)
{
    uint32_t n = k->nlanes;
    bool *joined = calloc(n, sizeof(bool));
    if (!joined)
        return false;
    joined[0] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t l = 1; l < n; l++) {
            struct plan_lane *pl = &k->model->plan.lanes[l];
            if (joined[l] || !pl->n || pl->nodes[pl->n - 1].kind != PLAN_SIGNAL ||
                pl->nodes[pl->n - 1].run)
                continue;
            uint32_t last = (uint32_t)pl->nodes[pl->n - 1].arg.u64[0];
            for (uint32_t e = 0; e < k->nedges; e++)
                if (k->edges[e].to == l && k->edges[e].sig == last && joined[k->edges[e].from]) {
                    joined[l] = changed = true;
                    break;
                }
        }
    }
    bool ok = true;
    for (uint32_t l = 1; l < n && ok; l++)
        if (!joined[l]) {
            ok = false;
            *bad = l;
        }
    free(joined);
    return ok;
}

/* Give the lanes their streams and conditions. On failure what was made
 * stays with the model (model_clear_locked frees it) and a second call
 * completes it (aclmdlRIBuildEnd may be retried). A model may have no lane
 * (a build that bound no stream): its executions pass the gate and join. */
static aclError compile_locked(struct core_model *m, const char *fn)
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
        struct core_stream **ls = realloc(m->lane_streams, ncond * sizeof(*ls));
        struct sched_cond *lc =
            aligned_alloc(SCHED_CACHELINE, ((ncond * sizeof(struct sched_cond) + 63) / 64) * 64);
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
    for (uint32_t l = 0; l < n; l++) {
        if (m->lane_streams[l])
            continue;
        aclError rc = core_stream_create_locked(m->ctx, true, 0, 0, &m->lane_streams[l]);
        if (rc)
            return rc;
        m->lane_streams[l]->internal = true;
    }
    /* The graph is closed (no stream appends any more): the plan keeps only
     * the lanes it has, not the capacity a capture or build started with. */
    struct plan_lane *pl = realloc(m->plan.lanes, ncond * sizeof(*pl));
    if (pl)
        m->plan.lanes = pl;
    m->ready = true;
    return ACL_SUCCESS;
}

/* The arguments of a capture call: the stream (NULL, the default stream,
 * which cannot take part in a capture, is refused; others are resolved as
 * usual) and, when `what` names one, a second pointer that must not be NULL. */
static aclError capture_args(aclrtStream stream, const void *other, const char *what,
                             struct core_stream **s, const char *fn)
{
    if (!core_initialised())
        return core_err(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called", fn);
    if (!stream || (what && !other))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, stream ? what : "stream");
    return core_stream_resolve(stream, s, fn);
}

aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI *modelRI)
{
    if (modelRI)
        *modelRI = NULL; /* first, whatever else fails (reference 6.1) */
    struct core_stream *s = NULL;
    aclError rc = capture_args(stream, modelRI, "modelRI", &s, "aclmdlRICaptureEnd");
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (!k || k->update || k->build) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "aclmdlRICaptureEnd: the stream is not being captured%s",
                        k && k->build ? " (it is bound to a model: aclmdlRIBuildEnd)" : "");
    }
    if (s != k->origin) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,
                        "aclmdlRICaptureEnd: the capture was begun on another stream (end it on "
                        "its origin stream)");
    }
    struct core_model *m = k->model;
    uint32_t bad = 0;
    if (k->mode != ACL_MODEL_RI_CAPTURE_MODE_RELAXED && k->tid != self_tid())
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD,
                      "aclmdlRICaptureEnd: a capture begun in GLOBAL or THREAD_LOCAL mode must end "
                      "on the thread that began it");
    else if (k->invalidated)
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                      "aclmdlRICaptureEnd: the capture was invalidated by an earlier error");
    for (uint32_t l = 0; rc == ACL_SUCCESS && l < k->nlanes; l++)
        if (k->grp_open[l] != UINT32_MAX)
            rc = core_err(ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                          "aclmdlRICaptureEnd: a task group is still open (aclmdlRICaptureTaskGrpEnd)");
    if (rc == ACL_SUCCESS && !all_joined(k, &bad))
        rc = core_err(ACL_ERROR_RT_STREAM_UNJOINED,
                      "aclmdlRICaptureEnd: captured stream (lane %u) has work that is not joined "
                      "back to the origin stream by an event record it ends with",
                      bad);
    bool keep = false;
    if (rc == ACL_SUCCESS) {
        rc = compile_locked(m, "aclmdlRICaptureEnd");
        keep = rc == ACL_SUCCESS;
    }
    capture_close_locked(k);
    if (keep)
        *modelRI = (aclmdlRI)(uintptr_t)m->handle;
    else
        model_free_locked(m);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus *status,
                                aclmdlRI *modelRI)
{
    CORE_REQUIRE_INIT();
    if (!stream || (!status && !modelRI))
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRICaptureGetInfo: %s",
                        stream ? "status and modelRI are both NULL" : "stream is NULL");
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, "aclmdlRICaptureGetInfo");
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (k && (k->update || k->build)) /* not a capture */
        k = NULL;
    if (status)
        *status = !k ? ACL_MODEL_RI_CAPTURE_STATUS_NONE
                     : (k->invalidated ? ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED
                                       : ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
    if (modelRI)
        *modelRI = k ? (aclmdlRI)(uintptr_t)k->model->handle : NULL;
    pthread_mutex_unlock(&g_rt.lock);
    return ACL_SUCCESS;
}


/* ---- task groups and updates ---------------------------------------------- */

aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream)
{
    struct core_stream *s = NULL;
    aclError rc = capture_args(stream, NULL, NULL, &s, "aclmdlRICaptureTaskGrpBegin");
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (!k || k->update || k->build)
        rc = core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                      "aclmdlRICaptureTaskGrpBegin: the stream is not being captured");
    else if (k->grp_open[s->cap_lane] != UINT32_MAX)
        rc = core_err(ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                      "aclmdlRICaptureTaskGrpBegin: a task group is already open on the stream");
    else
        k->grp_open[s->cap_lane] = k->model->plan.lanes[s->cap_lane].n;
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp *handle)
{
    struct core_stream *s = NULL;
    aclError rc = capture_args(stream, handle, "handle", &s, "aclmdlRICaptureTaskGrpEnd");
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    struct core_taskgrp *g = NULL;
    if (!k || k->update || k->build) {
        rc = core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                      "aclmdlRICaptureTaskGrpEnd: the stream is not being captured");
    } else if (k->grp_open[s->cap_lane] == UINT32_MAX) {
        rc = core_err(ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                      "aclmdlRICaptureTaskGrpEnd: no task group is open on the stream");
    } else if (!(g = calloc(1, sizeof(*g)))) {
        rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "aclmdlRICaptureTaskGrpEnd: out of memory");
    } else {
        g->model = k->model;
        g->lane = s->cap_lane;
        g->start = k->grp_open[s->cap_lane];
        g->end = k->model->plan.lanes[s->cap_lane].n;
        g->handle = core_table_insert(&g_rt.taskgrps, g);
        if (!g->handle) {
            free(g);
            rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "aclmdlRICaptureTaskGrpEnd: table full");
        } else {
            g->next = k->model->groups;
            k->model->groups = g;
            k->grp_open[s->cap_lane] = UINT32_MAX;
            *handle = (aclrtTaskGrp)(uintptr_t)g->handle;
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle)
{
    struct core_stream *s = NULL;
    aclError rc = capture_args(stream, handle, "handle", &s, "aclmdlRICaptureTaskUpdateBegin");
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_taskgrp *g = core_table_lookup(&g_rt.taskgrps, handle);
    struct core_capture *k = NULL;
    struct core_capture *sk = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (!g)
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE,
                      "aclmdlRICaptureTaskUpdateBegin: %p is not a live task group", handle);
    else if (sk && sk->build)
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "aclmdlRICaptureTaskUpdateBegin: the stream is bound to a model "
                      "(aclmdlRIBindStream); updates run on a normal stream");
    else if (sk)
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURED,
                      "aclmdlRICaptureTaskUpdateBegin: the stream is capturing or updating");
    else if (!g->model->ready)
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED,
                      "aclmdlRICaptureTaskUpdateBegin: the model is still being captured");
    else if (!(k = calloc(1, sizeof(*k))) ||
             !(k->staged = calloc(g->end - g->start + 1, sizeof(struct sched_task))))
        rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                      "aclmdlRICaptureTaskUpdateBegin: out of memory");
    if (rc == ACL_SUCCESS) {
        k->update = true;
        k->ugrp = g;
        k->model = g->model;
        k->ctx = s->ctx;
        k->origin = s;
        /* The stream is the session's only lane; the model's plan is not
         * touched until UpdateEnd (add_lane_locked is for captures). */
        k->lanes = malloc(sizeof(*k->lanes));
        if (!k->lanes) {
            free(k->staged);
            free(k);
            rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                          "aclmdlRICaptureTaskUpdateBegin: out of memory");
        } else {
            k->lanes[0] = s;
            k->nlanes = k->caplanes = 1;
            k->unext = g->model->upd;
            g->model->upd = k;
            atomic_store_explicit(&s->cap, k, memory_order_relaxed);
        }
    } else if (k) {
        free(k);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream)
{
    struct core_stream *s = NULL;
    aclError rc = capture_args(stream, NULL, NULL, &s, "aclmdlRICaptureTaskUpdateEnd");
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (!k || !k->update) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "aclmdlRICaptureTaskUpdateEnd: no task update is in progress on the stream");
    }
    struct core_taskgrp *g = k->ugrp;
    uint32_t len = g->end - g->start;
    if (k->invalidated || k->upos != len) {
        rc = core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                      "aclmdlRICaptureTaskUpdateEnd: %u tasks issued for a group of %u%s", k->upos,
                      len, k->invalidated ? " (an earlier task was refused)" : "");
    } else {
        /* Apply between executions: wait for the model to be idle. The
         * lock is dropped while waiting (executions' tasks take no lock). */
        struct core_model *m = g->model;
        pthread_mutex_lock(&m->exec_lock);
        uint64_t last = m->exec_submitted;
        pthread_mutex_unlock(&m->exec_lock);
        pthread_mutex_unlock(&g_rt.lock);
        sched_cond_wait(&m->done, last, 0);
        pthread_mutex_lock(&g_rt.lock);
        if (atomic_load_explicit(&s->cap, memory_order_relaxed) != k) {
            /* The model went while we waited (its context was torn down):
             * the session was closed with it. Compare only, k is gone. */
            pthread_mutex_unlock(&g_rt.lock);
            return core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                            "aclmdlRICaptureTaskUpdateEnd: the model was destroyed meanwhile");
        }
        pthread_mutex_lock(&m->exec_lock);
        memcpy(&m->plan.lanes[g->lane].nodes[g->start], k->staged, len * sizeof(*k->staged));
        pthread_mutex_unlock(&m->exec_lock);
    }
    capture_close_locked(k);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* ---- replay --------------------------------------------------------------- */

static int run_gate(struct sched_task *t, struct sched_exec *x)
{
    struct core_model *m = t->arg.ptr[0];
    uint64_t k = t->arg.u64[1];
    /* Executions run one at a time in submission order, whatever streams
     * they were queued on: execution k is let in once k-1 has finished (its
     * join advanced done), not merely been let in, or lanes of k could start
     * while other lanes still run k-1. On one launch stream the join of k-1
     * precedes this gate anyway. */
    if (sched_cond_value(&m->done) < k - 1) {
        x->block_cond = &m->done;
        x->block_target = k - 1;
        x->block_deadline = 0;
        return SCHED_BLOCK;
    }
    /* aclrtDestroyStreamForce on the launch stream: an execution that has
     * not started is discarded (its lanes skip every task, as after
     * aclmdlRIAbort). relaxed: flags; the abort mark is published to the
     * lanes by the gate's release below. */
    if (atomic_load_explicit(&x->stream->discard, memory_order_relaxed)) {
        uint64_t a = atomic_load_explicit(&m->abort_upto, memory_order_relaxed);
        while (a < k && !atomic_compare_exchange_weak_explicit(&m->abort_upto, &a, k,
                                                               memory_order_relaxed,
                                                               memory_order_relaxed))
            ;
    }
    sched_cond_advance(&m->gate, k);
    return SCHED_DONE;
}

static int run_lane(struct sched_task *t, struct sched_exec *x)
{
    struct core_model *m = t->arg.ptr[0];
    uint32_t lane = t->u16;
    uint64_t k = t->arg.u64[1];
    uint64_t pos = t->arg.u64[2];
    if (pos == 0 && sched_cond_value(&m->gate) < k) {
        x->block_cond = &m->gate;
        x->block_target = k;
        x->block_deadline = 0;
        return SCHED_BLOCK;
    }
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
        if (__builtin_expect(node->flags & SCHED_TF_DIRECT, 1)) {
            /* A C-function kernel (cpuaclLaunchKernel*): call it here, one
             * indirect call per node instead of two. */
            void *args = node->u16 ? (void *)&node->arg.u64[2] : node->arg.ptr[1];
            if (__builtin_expect(((int32_t(*)(void *))node->arg.fn[0])(args) != 0, 0))
                sched_exec_fail(x, ACL_ERROR_RT_AICORE_EXCEPTION);
        } else if (node->run) {
            /* A node that blocks (a value wait) sets x's block fields; the
             * lane resumes at it. Replayed records are not written. The wait
             * is dropped when the stream that launched this execution is
             * being force-destroyed (its join waits for this lane, so the
             * stream outlives it). relaxed: a flag; dropping a wait
             * publishes nothing. */
            if (node->run(node, x) == SCHED_BLOCK) {
                struct sched_stream *launch = t->arg.ptr[3];
                if (atomic_load_explicit(&launch->discard, memory_order_relaxed))
                    continue;
                t->arg.u64[2] = pos;
                return SCHED_BLOCK;
            }
        } else if (node->kind == PLAN_SIGNAL) {
            sched_cond_advance(mine, base + node->arg.u64[0]);
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
    sched_cond_advance(mine, base + m->plan.stride - 1);
    return SCHED_DONE;
}

static int run_join(struct sched_task *t, struct sched_exec *x)
{
    struct core_model *m = t->arg.ptr[0];
    uint64_t k = t->arg.u64[1];
    uint64_t fin = k * m->plan.stride + m->plan.stride - 1;
    for (uint32_t l = 0; l < m->plan.nlanes; l++)
        if (sched_cond_value(&m->lane_cond[l]) < fin) {
            x->block_cond = &m->lane_cond[l];
            x->block_target = fin;
            x->block_deadline = 0;
            return SCHED_BLOCK;
        }
    for (uint32_t l = 0; l < m->plan.nlanes; l++) {
        int32_t e = sched_stream_take_error(&m->lane_streams[l]->s);
        if (e)
            sched_exec_fail(x, e);
    }
    sched_cond_advance(&m->done, k);
    return SCHED_DONE;
}

/* Queue execution of m on s (exec lock held by the caller). */
static void enqueue_locked(struct core_model *m, struct core_stream *s)
{
    uint64_t k = ++m->exec_submitted;
    struct sched_task *t = sched_stream_reserve(&s->s);
    t->run = run_gate;
    t->kind = CORE_T_MODEL;
    t->flags = SCHED_TF_ALWAYS;
    t->arg.ptr[0] = m;
    t->arg.u64[1] = k;
    sched_stream_commit(&s->s);
    for (uint32_t l = 0; l < m->plan.nlanes; l++) {
        struct sched_stream *ls = &m->lane_streams[l]->s;
        t = sched_stream_reserve(ls);
        t->run = run_lane;
        t->kind = CORE_T_MODEL;
        t->flags = SCHED_TF_ALWAYS;
        t->u16 = (uint16_t)l;
        t->arg.ptr[0] = m;
        t->arg.u64[1] = k;
        t->arg.u64[2] = 0;
        t->arg.ptr[3] = &s->s; /* the launching stream (run_lane) */
        sched_stream_commit(ls);
    }
    t = sched_stream_reserve(&s->s);
    t->run = run_join;
    t->kind = CORE_T_MODEL;
    t->flags = SCHED_TF_ALWAYS;
    t->arg.ptr[0] = m;
    t->arg.u64[1] = k;
    sched_stream_commit(&s->s);
}

/* Find a model that may execute; returns it with its exec lock held. */
static aclError model_for_exec(aclmdlRI modelRI, struct core_stream *s, struct core_model **out,
                               const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = core_table_lookup(&g_rt.models, modelRI);
    aclError rc = ACL_SUCCESS;
    struct core_capture *sk = s ? atomic_load_explicit(&s->cap, memory_order_relaxed) : NULL;
    if (!m)
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live model", fn, modelRI);
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
        pthread_mutex_lock(&m->exec_lock); /* lock order: g_rt.lock, then exec_lock */
        *out = m;
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream)
{
    CORE_REQUIRE_INIT();
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIExecuteAsync: modelRI is NULL");
    struct core_stream *s = NULL;
    struct core_model *m = NULL;
    aclError rc = core_stream_resolve(stream, &s, "aclmdlRIExecuteAsync");
    if (rc == ACL_SUCCESS)
        rc = model_for_exec(modelRI, s, &m, "aclmdlRIExecuteAsync");
    if (rc)
        return rc;
    enqueue_locked(m, s);
    pthread_mutex_unlock(&m->exec_lock);
    return ACL_SUCCESS;
}

aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout)
{
    CORE_REQUIRE_INIT();
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIExecute: modelRI is NULL");
    uint64_t deadline = 0;
    aclError rc = core_timeout(timeout, &deadline, "aclmdlRIExecute");
    struct core_model *m = NULL;
    if (rc == ACL_SUCCESS)
        rc = model_for_exec(modelRI, NULL, &m, "aclmdlRIExecute");
    if (rc)
        return rc;
    if (!m->sync_stream) {
        pthread_mutex_unlock(&m->exec_lock);
        pthread_mutex_lock(&g_rt.lock);
        if (!m->sync_stream) {
            rc = core_stream_create_locked(m->ctx, true, 0, 0, &m->sync_stream);
            if (rc == ACL_SUCCESS)
                m->sync_stream->internal = true;
        }
        pthread_mutex_lock(&m->exec_lock);
        pthread_mutex_unlock(&g_rt.lock);
        if (rc) {
            pthread_mutex_unlock(&m->exec_lock);
            return core_err(rc, "aclmdlRIExecute: cannot create the stream the model runs on "
                            "(device stream limit or out of memory)");
        }
    }
    enqueue_locked(m, m->sync_stream);
    pthread_mutex_unlock(&m->exec_lock);
    return core_stream_sync(m->sync_stream, deadline, "aclmdlRIExecute");
}

aclError aclmdlRIDestroy(aclmdlRI modelRI)
{
    CORE_REQUIRE_INIT();
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIDestroy: modelRI is NULL");
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = core_table_lookup(&g_rt.models, modelRI);
    aclError rc = ACL_SUCCESS;
    if (!m)
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "aclmdlRIDestroy: %p is not a live model",
                      modelRI);
    else if (m->cap && !m->cap->build) /* a build may be abandoned: model_free_locked */
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED,
                      "aclmdlRIDestroy: the model is still being captured (end the capture)");
    else if (m->upd)
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED,
                      "aclmdlRIDestroy: a task update of the model is in progress "
                      "(aclmdlRICaptureTaskUpdateEnd first)");
    else if (model_running(m))
        rc = core_err(ACL_ERROR_RT_MODEL_RUNNING,
                      "aclmdlRIDestroy: the model is still executing (synchronize its stream)");
    else
        model_free_locked(m);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

void core_models_destroy_ctx_locked(struct core_ctx *c)
{
    while (c->captures) {
        struct core_capture *k = c->captures;
        struct core_model *m = k->model;
        capture_close_locked(k);
        model_free_locked(m);
    }
    /* Update sessions begun on streams of c (on models of any context) end. */
    for (uint32_t d = 0; d < CORE_MAX_DEVICES; d++)
        for (struct core_ctx *o = g_rt.dev[d].contexts; o; o = o->next)
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
        pthread_mutex_lock(&m->exec_lock);
        uint64_t last = m->exec_submitted;
        pthread_mutex_unlock(&m->exec_lock);
        pthread_mutex_unlock(&g_rt.lock);
        sched_cond_wait(&m->done, last, 0);
        pthread_mutex_lock(&g_rt.lock);
        model_free_locked(m);
    }
}

/* ---- manual building (aclmdlRIBuild*) -------------------------------------- */

/* aclmdlRITask values: tag | stream index << 32 | task index + 1. No cpuacl
 * call takes them back; they only name a task of a bound stream. */
#define MODEL_TASK_TAG ((uint64_t)CORE_H_MODEL_TASK)
/* aclmdlRIGetName: longer names are cut to this size, terminator included. */
#define MODEL_NAME_MAX 512u

bool core_stream_bound_locked(struct core_stream *s)
{
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    return k && k->build;
}

/* The model of a live handle (NULL refused). Lock held. */
static aclError model_lookup_locked(aclmdlRI modelRI, struct core_model **out, const char *fn)
{
    *out = modelRI ? core_table_lookup(&g_rt.models, modelRI) : NULL;
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelRI is NULL", fn);
    if (!*out)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live model", fn, modelRI);
    return ACL_SUCCESS;
}

/* m's build record while m is being built (BuildBegin .. BuildEnd). */
static aclError building_locked(struct core_model *m, struct core_capture **out, const char *fn)
{
    struct core_capture *k = m->cap;
    if (k && k->build) {
        *out = k;
        return ACL_SUCCESS;
    }
    if (k)
        return core_err(ACL_ERROR_RT_MODEL_CAPTURED, "%s: the model is being captured, not built",
                        fn);
    if (m->built)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the model is already built (aclmdlRIBuildEnd was called)", fn);
    return core_err(ACL_ERROR_INVALID_PARAM,
                    "%s: the model comes from a stream capture; only models from "
                    "aclmdlRIBuildBegin are built by hand",
                    fn);
}

/* m's build record when s is bound to m, else 107005. Lock held. */
static aclError bound_locked(struct core_model *m, struct core_stream *s, struct core_capture **out,
                             const char *fn)
{
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (!k || !k->build || k != m->bind)
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream is not bound to this model (aclmdlRIBindStream)", fn);
    *out = k;
    return ACL_SUCCESS;
}

/* The (modelRI, stream) arguments of BindStream / EndTask / UnbindStream:
 * neither NULL (the default stream is never bound); the stream resolved. */
static aclError model_stream_args(aclmdlRI modelRI, aclrtStream stream, struct core_stream **s,
                                  const char *fn)
{
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelRI is NULL", fn);
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: stream is NULL (the default stream cannot be bound to a model)", fn);
    return core_stream_resolve(stream, s, fn);
}

aclError aclmdlRIBuildBegin(aclmdlRI *modelRI, uint32_t flag)
{
    CORE_REQUIRE_INIT();
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIBuildBegin: modelRI is NULL");
    if (flag != 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "aclmdlRIBuildBegin: flag %u is reserved and must be 0", flag);
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "aclmdlRIBuildBegin: the thread has no current context (call "
                        "aclrtSetDevice or aclrtSetCurrentContext)");
    struct plan_lane *lanes;
    struct core_capture *k = capture_new(&lanes); /* lanes never move (see top) */
    aclError rc = ACL_SUCCESS;
    struct core_model *m = NULL;
    pthread_mutex_lock(&g_rt.lock);
    if (core_ctx_current() != c)
        rc = core_err(ACL_ERROR_RT_CONTEXT_NULL,
                      "aclmdlRIBuildBegin: the current context was destroyed");
    else if (!k)
        rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "aclmdlRIBuildBegin: out of memory");
    else if (!(m = model_new_locked(c)))
        rc = core_err(ACL_ERROR_RT_NO_MODEL_RESOURCE, "aclmdlRIBuildBegin: cannot create a model");
    if (rc == ACL_SUCCESS) {
        m->plan.lanes = lanes;
        k->id = ++g_next_cap_id;
        k->model = m;
        k->ctx = c;
        k->build = true;
        k->tid = self_tid();
        k->next = g_builds;
        g_builds = k;
        m->cap = m->bind = k;
        *modelRI = (aclmdlRI)(uintptr_t)m->handle;
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (rc != ACL_SUCCESS)
        capture_discard(k, lanes);
    return rc;
}

aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag)
{
    static const char fn[] = "aclmdlRIBindStream";
    CORE_REQUIRE_INIT();
    struct core_stream *s = NULL;
    aclError rc = model_stream_args(modelRI, stream, &s, fn);
    if (rc)
        return rc;
    if (flag == ACL_MODEL_STREAM_FLAG_DEFAULT)
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: ACL_MODEL_STREAM_FLAG_DEFAULT (a stream activated by "
                        "aclrtActiveStream) is not supported; bind with ACL_MODEL_STREAM_FLAG_HEAD",
                        fn);
    if (flag != ACL_MODEL_STREAM_FLAG_HEAD)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: flag %#x is neither ACL_MODEL_STREAM_FLAG_HEAD nor "
                        "ACL_MODEL_STREAM_FLAG_DEFAULT",
                        fn, flag);
    if (s->is_default)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: a default stream cannot be bound to a model", fn);
    if (!(s->flags & ACL_STREAM_PERSISTENT))
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: only streams created by aclrtCreateStreamWithConfig with "
                        "ACL_STREAM_PERSISTENT can be bound to a model",
                        fn);
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    struct core_capture *k = NULL;
    struct core_capture *sk = atomic_load_explicit(&s->cap, memory_order_relaxed);
    rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS && m->ctx != s->ctx)
        rc = core_err(ACL_ERROR_RT_MODEL_CONTEXT,
                      "%s: the model belongs to another context than the stream", fn);
    if (rc == ACL_SUCCESS && sk && sk->build)
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the stream is already bound to %s (a stream belongs to one model)", fn,
                      sk == m->bind ? "this model" : "another model");
    else if (rc == ACL_SUCCESS && sk)
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURED, "%s: the stream is being captured or updated",
                      fn);
    if (rc == ACL_SUCCESS)
        rc = building_locked(m, &k, fn);
    if (rc == ACL_SUCCESS && k->nlanes >= k->caplanes)
        rc = core_err(ACL_ERROR_RT_NO_STREAM_RESOURCE, "%s: the model already has %u lanes", fn,
                      k->nlanes);
    if (rc == ACL_SUCCESS)
        rc = add_lane_locked(k, s); /* cannot fail: the arrays are at capacity */
    if (rc == ACL_SUCCESS)
        k->nbound++;
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream)
{
    static const char fn[] = "aclmdlRIEndTask";
    CORE_REQUIRE_INIT();
    struct core_stream *s = NULL;
    aclError rc = model_stream_args(modelRI, stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    struct core_capture *k = NULL;
    rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS)
        rc = bound_locked(m, s, &k, fn);
    if (rc == ACL_SUCCESS && k->built)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the model is already built (aclmdlRIBuildEnd ended every stream)", fn);
    else if (rc == ACL_SUCCESS && k->ended[s->cap_lane])
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: the stream's tasks were already ended (aclmdlRIEndTask twice)", fn);
    if (rc == ACL_SUCCESS)
        k->ended[s->cap_lane] = 1;
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void *reserve)
{
    static const char fn[] = "aclmdlRIBuildEnd";
    CORE_REQUIRE_INIT();
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: modelRI is NULL", fn);
    if (reserve)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: reserve is reserved and must be NULL", fn);
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    struct core_capture *k = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS)
        rc = building_locked(m, &k, fn);
    if (rc == ACL_SUCCESS && k->invalidated)
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                      "%s: a refused event record or wait on a bound stream broke the build "
                      "(aclmdlRIDestroy the model)",
                      fn);
    for (uint32_t l = 0; rc == ACL_SUCCESS && l < k->nlanes; l++)
        if (k->lanes[l] && !k->ended[l])
            rc = core_err(ACL_ERROR_INVALID_PARAM,
                          "%s: bound stream %p has no aclmdlRIEndTask (the model stays under "
                          "construction)",
                          fn, (void *)(uintptr_t)k->lanes[l]->handle);
    if (rc == ACL_SUCCESS)
        rc = compile_locked(m, fn); /* on failure the build goes on; retry or destroy */
    if (rc == ACL_SUCCESS) {
        /* Freeze: the model runs; its events are plain again; the streams
         * stay bound (refusing tasks) until they are unbound. */
        k->built = m->built = true;
        m->cap = NULL;
        capture_release_events_locked(k);
        for (struct core_capture **pp = &g_builds; *pp; pp = &(*pp)->next)
            if (*pp == k) {
                *pp = k->next;
                break;
            }
        if (k->nbound == 0)
            build_free_locked(k);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream)
{
    static const char fn[] = "aclmdlRIUnbindStream";
    CORE_REQUIRE_INIT();
    struct core_stream *s = NULL;
    aclError rc = model_stream_args(modelRI, stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    struct core_capture *k = NULL;
    rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS)
        rc = bound_locked(m, s, &k, fn);
    if (rc == ACL_SUCCESS) {
        /* The lane keeps what it recorded (ended, as by aclmdlRIEndTask);
         * only the stream leaves. relaxed: as in capture_close_locked. */
        uint32_t l = s->cap_lane;
        atomic_store_explicit(&s->cap, NULL, memory_order_relaxed);
        k->lanes[l] = NULL;
        k->ended[l] = 1;
        if (--k->nbound == 0 && k->built)
            build_free_locked(k);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* Copy up to *n of `total` handles into out (rest NULL); reference rule:
 * a short array gets what fits, *n the count, and 107039. */
static aclError fill_handles(void **out, uint32_t *n, uint32_t total,
                             void *(*get)(void *, uint32_t), void *ctx, const char *what,
                             const char *fn)
{
    if (!out) {
        *n = total;
        return ACL_SUCCESS;
    }
    uint32_t room = *n, w = total < room ? total : room;
    for (uint32_t i = 0; i < room; i++)
        out[i] = i < w ? get(ctx, i) : NULL;
    *n = w;
    if (w < total)
        return core_err(ACL_ERROR_RT_INSUFFICIENT_INPUT_ARRAY, "%s: the array holds %u %s of %u",
                        fn, room, what, total);
    return ACL_SUCCESS;
}

static void *bound_stream_at(void *ctx, uint32_t i)
{
    struct core_capture *k = ctx;
    for (uint32_t l = 0; l < k->nlanes; l++)
        if (k->lanes[l] && i-- == 0)
            return (void *)(uintptr_t)k->lanes[l]->handle;
    return NULL;
}

aclError aclmdlRIGetStreams(aclmdlRI modelRI, aclrtStream *streams, uint32_t *numStreams)
{
    static const char fn[] = "aclmdlRIGetStreams";
    CORE_REQUIRE_INIT();
    if (!numStreams)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: numStreams is NULL", fn);
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS) /* captured models: lanes run on streams never shown */
        rc = fill_handles(streams, numStreams, m->bind ? m->bind->nbound : 0, bound_stream_at,
                          m->bind, "streams", fn);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

struct task_names {
    uint64_t stream_index;
};

static void *task_at(void *ctx, uint32_t i)
{
    const struct task_names *t = ctx;
    return (void *)(uintptr_t)(MODEL_TASK_TAG << 56 | t->stream_index << 32 | ((uint64_t)i + 1));
}

aclError aclmdlRIGetTasksByStream(aclrtStream stream, aclmdlRITask *tasks, uint32_t *numTasks)
{
    static const char fn[] = "aclmdlRIGetTasksByStream";
    CORE_REQUIRE_INIT();
    if (!stream)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: stream is NULL (the default stream is never bound to a model)", fn);
    if (!numTasks)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: numTasks is NULL", fn);
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed);
    if (!k || !k->build) {
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the stream is not bound to a model (aclmdlRIBindStream)", fn);
    } else {
        struct task_names names = {s->handle & 0xFFFFFF};
        rc = fill_handles(tasks, numTasks, k->model->plan.lanes[s->cap_lane].n, task_at, &names,
                          "tasks", fn);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRIAbort(aclmdlRI modelRI)
{
    static const char fn[] = "aclmdlRIAbort";
    CORE_REQUIRE_INIT();
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
        pthread_mutex_lock(&m->exec_lock);
        atomic_store_explicit(&m->abort_upto, m->exec_submitted, memory_order_relaxed);
        pthread_mutex_unlock(&m->exec_lock);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t *modelRIId)
{
    CORE_REQUIRE_INIT();
    if (!modelRIId)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIGetId: modelRIId is NULL");
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, "aclmdlRIGetId");
    if (rc == ACL_SUCCESS)
        *modelRIId = m->id;
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError aclmdlRISetName(aclmdlRI modelRI, const char *name)
{
    CORE_REQUIRE_INIT();
    if (!name)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRISetName: name is NULL");
    size_t n = 0;
    while (n < MODEL_NAME_MAX - 1 && name[n])
        n++;
    char *copy = malloc(n + 1);
    if (!copy)
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "aclmdlRISetName: out of memory");
    memcpy(copy, name, n);
    copy[n] = '\0';
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, "aclmdlRISetName");
    if (rc == ACL_SUCCESS) {
        free(m->name);
        m->name = copy;
        copy = NULL;
    }
    pthread_mutex_unlock(&g_rt.lock);
    free(copy);
    return rc;
}

aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char *name)
{
    CORE_REQUIRE_INIT();
    if (!name || !maxLen)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIGetName: %s",
                        name ? "maxLen is 0" : "name is NULL");
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, "aclmdlRIGetName");
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
        return t->kind == PLAN_SIGNAL ? "event_record" : "event_wait";
    return core_task_kind_name(t->kind);
}

aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char *path, uint32_t flags)
{
    CORE_REQUIRE_INIT();
    if (!modelRI || !path)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIDebugJsonPrint: %s is NULL",
                        modelRI ? "path" : "modelRI");
    if (flags > ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIDebugJsonPrint: unknown flags %u", flags);
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = core_table_lookup(&g_rt.models, modelRI);
    if (!m) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "aclmdlRIDebugJsonPrint: %p is not a live model",
                        modelRI);
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
        rc = core_err(ACL_ERROR_RT_FILE_OPEN, "aclmdlRIDebugJsonPrint: cannot open '%s'", path);
    else if (fputs(text, f) < 0 || fputc('\n', f) < 0)
        rc = core_err(ACL_ERROR_RT_FILE_WRITE, "aclmdlRIDebugJsonPrint: cannot write '%s'", path);
    if (f && fclose(f) && rc == ACL_SUCCESS)
        rc = core_err(ACL_ERROR_RT_FILE_WRITE, "aclmdlRIDebugJsonPrint: cannot write '%s'", path);
    free(text);
    return rc;
}

aclError aclmdlRIDebugPrint(aclmdlRI modelRI)
{
    CORE_REQUIRE_INIT();
    if (!modelRI)
        return core_err(ACL_ERROR_INVALID_PARAM, "aclmdlRIDebugPrint: modelRI is NULL");
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = core_table_lookup(&g_rt.models, modelRI);
    if (m) {
        printf("[cpuacl] model 0x%llx: %u lane(s)\n", (unsigned long long)m->handle,
               m->plan.nlanes);
        for (uint32_t l = 0; l < m->plan.nlanes; l++)
            printf("[cpuacl]   lane %u: %u node(s), %u signal(s)\n", l, m->plan.lanes[l].n,
                   m->plan.lanes[l].nsignals);
    }
    pthread_mutex_unlock(&g_rt.lock);
    if (!m)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "aclmdlRIDebugPrint: %p is not a live model",
                        modelRI);
    return ACL_SUCCESS;
}
