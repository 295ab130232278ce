/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stream capture (aclmdlRICapture*).
 *
 * Capture. aclmdlRICaptureBegin(origin) creates a model and a capture whose
 * lane 0 is the origin stream. Every task submitted to a stream of the
 * capture is appended to that stream's lane instead of running (see
 * core_task_begin/end in core/runtime/runtime.h): the record is copied with its run function
 * replaced by its kind's replay function (core/stream/task.h). An event recorded on a
 * capturing stream becomes a SIGNAL node and remembers (lane, signal); a
 * stream that waits on such an event joins the capture as a new lane and gets
 * a WAIT node. aclmdlRICaptureEnd checks the rules of the reference (origin,
 * thread, open task groups, every lane joined back) and compiles the lanes
 * into the model's plan (plan_pvt.h).
 *
 * Model run instances (replay, execution, queries): core/model/model.c; manual
 * building (aclmdlRIBuild*): core/model/build.c; shared records: core/capture.h.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/event/event.h"
#include "core/kernel/function.h"
#include "core/model/capture_pvt.h"
#include "core/model/model.h"
#include "core/model/plan_pvt.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "core/tools/trace.h"
#include "sched/worker.h"

_Atomic uint32_t core_ncaptures;

static __thread aclmdlRICaptureMode t_exmode = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
/* Scratch record for task-update sessions (captures write into the lane). */
static __thread struct sched_task t_scratch __attribute__((tls_model("initial-exec")));
uint64_t g_next_cap_id; /* g_rt.lock */

/* ---- capture objects ------------------------------------------------------ */

static struct core_capture *capture_find_locked(struct core_ctx *c, uint64_t id)
{
    for (struct core_capture *k = c->captures; k; k = k->next)
        if (k->id == id && !k->ending)
            return k;
    for (struct core_capture *k = g_builds; k; k = k->next)
        if (k->id == id)
            return k;
    return NULL;
}

aclError add_lane_locked(struct core_capture *k, struct core_stream *s)
{
    if (!grow((void **)&k->lanes, &k->caplanes, k->nlanes + 1, sizeof(*k->lanes)))
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "capture: out of memory");
    /* The per-lane arrays follow the lanes' capacity; they move only when it
     * grew (never for builds, which start at their maximum). */
    uint32_t capg = k->caplanes;
    if (k->capaux < capg) {
        uint32_t *g = core_realloc(k->grp_open, capg * sizeof(*g));
        uint8_t *e = g ? core_realloc(k->ended, capg) : NULL;
        struct plan_lane *pl = e ? core_realloc(k->model->plan.lanes, capg * sizeof(*pl)) : NULL;
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
    /* release: a submitter that finds k (acquire in core_capture_begin and
     * core_capture_put) sees cap_lane and the lane set up above. Whether a task
     * submitted while the stream joins lands in the capture is the user's race;
     * what the submitter reads must not be. */
    atomic_store_explicit(&s->cap, k, memory_order_release);
    return ACL_SUCCESS;
}

/* The events recorded in a capture or build leave it (their records become
 * plain again) and the references it held are dropped. Lock held. */
void capture_release_events_locked(struct core_capture *k)
{
    for (uint32_t i = 0; i < k->nevents; i++) {
        atomic_store_explicit(&k->events[i]->cap_id, 0, memory_order_relaxed); /* relaxed: A1 */
        core_event_put(k->events[i]);
    }
    k->nevents = 0;
}

/* End a capture or update session: streams and events leave it. The model
 * stays (the caller decides whether it lives). Lock held. */
void capture_close_locked(struct core_capture *k)
{
    /* relaxed: A1 (a lane already let go, and perhaps reused by another capture, keeps what
     * it has) */
    for (uint32_t i = 0; i < k->nlanes; i++)
        if (atomic_load_explicit(&k->lanes[i]->cap, memory_order_relaxed) == k)
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
        model_xok_locked(k->model); /* model.c X2 */
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

static size_t quiesce_collect(struct core_capture *k, struct core_stream **v, size_t n)
{
    for (uint32_t i = 0; i < k->nlanes; i++)
        if (k->lanes[i]) {
            /* relaxed: A1; the wait's heavy fence orders it (T8) */
            atomic_store_explicit(&k->lanes[i]->cap, NULL, memory_order_relaxed);
            if (v)
                v[n] = k->lanes[i];
            n++;
        }
    return n;
}

void capture_quiesce_ctx_locked(struct core_ctx *c)
{
    struct core_stream **v = NULL;
    for (int pass = 0; pass < 2; pass++) {
        size_t n = 0;
        for (struct core_capture *k = c->captures; k; k = k->next)
            n = quiesce_collect(k, v, n);
        for (uint32_t d = 0; d < CORE_MAX_DEVICES; d++)
            for (struct core_ctx *o = core_devices[d].contexts; o; o = o->next)
                for (struct core_model *m = o->models; m; m = m->next)
                    for (struct core_capture *u = m->upd; u; u = u->unext)
                        if (u->ctx == c)
                            n = quiesce_collect(u, v, n);
        if (pass == 0) {
            if (!n || !(v = core_malloc(n * sizeof(*v))))
                return; /* nothing to wait for (or no memory: the old, racy order) */
            continue;
        }
        /* c is unlinked (T2): nobody else closes these while we wait */
        pthread_mutex_unlock(&g_rt.lock);
        for (size_t i = 0; i < n; i++)
            sched_stream_wait_announced(&v[i]->s);
        pthread_mutex_lock(&g_rt.lock);
        free(v);
    }
}

/* T8 for aclmdlRICaptureEnd: another thread's captured launch may be writing a lane
 * (a RELAXED capture, or an end by the wrong thread). Stop new ones (the lanes' capture
 * pointers go, and k is no longer found by id, so no stream joins it), then wait those
 * under way out with the lock dropped, before the end reads the lanes and frees k. A
 * context teardown meanwhile (its generation moves) owns k from then on: false. */
static bool capture_stop_locked(struct core_capture *k)
{
    struct core_ctx *c = k->ctx;
    /* relaxed: written under g_rt.lock, which we hold */
    uint32_t gen = atomic_load_explicit(&c->gen, memory_order_relaxed);
    k->ending = true;
    size_t n = quiesce_collect(k, NULL, 0);
    struct core_stream **v = n ? core_malloc(n * sizeof(*v)) : NULL;
    if (!v)
        return true; /* nothing to wait for (or no memory: the old, racy order) */
    quiesce_collect(k, v, 0);
    pthread_mutex_unlock(&g_rt.lock);
    for (size_t i = 0; i < n; i++)
        sched_stream_wait_announced(&v[i]->s);
    pthread_mutex_lock(&g_rt.lock);
    free(v);
    /* relaxed: under the lock again, as every write of it */
    return atomic_load_explicit(&c->gen, memory_order_relaxed) == gen;
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

/* ---- node arrays, recycled across captures -------------------------------
 *
 * A lane's nodes are one array of 256 << i records (grown by doubling).
 * Arrays that a model drops (model_clear_locked) or that a lane grows out of
 * go back to a small cache, one bin per size, instead of free(3): the next
 * capture writes into pages that are already mapped and warm. Measured with
 * perf on the capture study (10 000 tasks): half the time was page faults
 * taken by the first write to each fresh page of a freshly mapped array
 * (malloc maps arrays this large and unmaps them at free). The cache is
 * bounded (NC_MAX_BYTES in all, NC_PER_BIN arrays a size) and touched only
 * when a lane grows or a model is cleared (log2(n) times per capture), so a
 * plain mutex guards it: a leaf lock, taken with or without g_rt.lock. */
enum { NC_BINS = 24, NC_PER_BIN = 4, NC_MIN = 256 };
#define NC_MAX_BYTES ((size_t)64 << 20)

static struct {
    pthread_mutex_t lock;
    struct sched_task *bin[NC_BINS][NC_PER_BIN];
    uint8_t n[NC_BINS];
    size_t bytes; /* all arrays held */
} g_nc = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The bin of an array of cap records, or -1 if cap is not 256 << i. */
static int nc_bin(uint32_t cap)
{
    if (cap < NC_MIN || (cap & (cap - 1)))
        return -1;
    int b = __builtin_ctz(cap) - __builtin_ctz(NC_MIN);
    return b < NC_BINS ? b : -1;
}

/* One array of the smallest size per thread, outside the lock: a capture of
 * up to NC_MIN tasks a lane (the common small graph) takes and gives back its
 * array without the mutex. Measured (issue 16, per-launch TSC profile of a
 * 10-task capture): the first launch of a capture cost ~5x the others, the
 * lock/unlock pair of plan_nodes_get most of it. The array of an exiting
 * thread goes to the shared cache (key destructor); the main thread's at
 * unload (nc_drain). */
static __thread struct sched_task *t_nc_small __attribute__((tls_model("initial-exec")));
static __thread bool t_nc_keyed __attribute__((tls_model("initial-exec")));
static pthread_key_t g_nc_key;
static pthread_once_t g_nc_once = PTHREAD_ONCE_INIT;

static void nc_shared_put(struct sched_task *v, uint32_t cap);

static void nc_thread_exit(void *unused)
{
    (void)unused;
    struct sched_task *v = t_nc_small;
    t_nc_small = NULL;
    nc_shared_put(v, NC_MIN);
}

static void nc_key_init(void)
{
    if (pthread_key_create(&g_nc_key, nc_thread_exit) != 0)
        abort(); /* once per process; no key means no sane thread exit either */
}

struct sched_task *plan_nodes_get(uint32_t cap)
{
    struct sched_task *v = NULL;
    if (cap == NC_MIN && t_nc_small) {
        v = t_nc_small;
        t_nc_small = NULL;
        return v;
    }
    int b = nc_bin(cap);
    if (b >= 0) {
        pthread_mutex_lock(&g_nc.lock);
        if (g_nc.n[b]) {
            v = g_nc.bin[b][--g_nc.n[b]];
            g_nc.bytes -= (size_t)cap * sizeof(*v);
        }
        pthread_mutex_unlock(&g_nc.lock);
    }
    if (!v)
        v = core_aligned_alloc(SCHED_CACHELINE, (size_t)cap * sizeof(*v));
    return v;
}

static void nc_shared_put(struct sched_task *v, uint32_t cap)
{
    if (!v)
        return;
    int b = nc_bin(cap);
    size_t sz = (size_t)cap * sizeof(*v);
    if (b >= 0) {
        pthread_mutex_lock(&g_nc.lock);
        bool kept = g_nc.n[b] < NC_PER_BIN && g_nc.bytes + sz <= NC_MAX_BYTES;
        if (kept) {
            g_nc.bin[b][g_nc.n[b]++] = v;
            g_nc.bytes += sz;
        }
        pthread_mutex_unlock(&g_nc.lock);
        if (kept)
            return;
    }
    free(v);
}

void plan_nodes_put(struct sched_task *v, uint32_t cap)
{
    if (v && cap == NC_MIN && !t_nc_small) {
        if (__builtin_expect(!t_nc_keyed, 0)) { /* once per thread: arm the exit hand-back */
            pthread_once(&g_nc_once, nc_key_init);
            if (pthread_setspecific(g_nc_key, &t_nc_keyed) != 0) {
                nc_shared_put(v, cap);
                return;
            }
            t_nc_keyed = true;
        }
        t_nc_small = v;
        return;
    }
    nc_shared_put(v, cap);
}

size_t plan_nodes_cached(void)
{
    pthread_mutex_lock(&g_nc.lock);
    size_t b = g_nc.bytes;
    pthread_mutex_unlock(&g_nc.lock);
    return b;
}

/* At unload, hand the cached arrays back (no thread of ours runs then). */
__attribute__((destructor)) static void nc_drain(void)
{
    free(t_nc_small); /* the unloading thread's own array */
    t_nc_small = NULL;
    pthread_mutex_lock(&g_nc.lock);
    for (int b = 0; b < NC_BINS; b++)
        while (g_nc.n[b])
            free(g_nc.bin[b][--g_nc.n[b]]);
    g_nc.bytes = 0;
    pthread_mutex_unlock(&g_nc.lock);
}

/* The size lane 0 (the origin stream's) needed in this thread's last
 * capture, 256 << i, or 0: the next capture's origin lane starts with an
 * array that large. Measured (issue 16, captures of 100 000 tasks, thread
 * CPU time): growing by doubling copies every record about once more, ~30%
 * of the per-task cost at that size (13-16 ns against 10-11 ns with the
 * array sized up front, the cost of a 1000-task capture); a repeated capture
 * of the same graph now grows nothing. An overshoot (a small capture right
 * after a large one) keeps the large array until its model goes: at most one
 * such model per switch from large to small, the next capture is sized by
 * the small one. */
static __thread uint32_t t_lane_hint __attribute__((tls_model("initial-exec")));

/* Make room for one more node in a lane (hint: its first array's size). */
static bool lane_reserve(struct plan_lane *pl, uint32_t hint)
{
    if (pl->n < pl->cap)
        return true;
    uint32_t n = pl->cap ? pl->cap * 2 : hint > NC_MIN ? hint : NC_MIN;
    struct sched_task *v = plan_nodes_get(n);
    if (!v)
        return false;
    if (pl->n)
        memcpy(v, pl->nodes, (size_t)pl->n * sizeof(*v));
    plan_nodes_put(pl->nodes, pl->cap);
    pl->nodes = v;
    pl->cap = n;
    return true;
}

/* A capture's task is written straight into the lane's next node (counted
 * by capture_commit); an update session's into a scratch record. When
 * the lane cannot grow, the scratch record takes the task and the commit
 * reports the failure. */
/*
 * T8 (core/runtime/runtime.h), in detail: a captured submission runs without
 * the lock and without the ring, so a teardown (aclFinalize, aclrtResetDevice,
 * aclrtDestroyContext) could free the capture and its model's lanes under it. core_capture_begin
 * announces the thread on the stream (sched_stream_announce: the owner's announcement without the
 * claim), then re-reads s->cap; the teardown clears s->cap first and, before freeing, waits every
 * announced thread out (sched_stream_wait_announced, with the lock dropped: the submission may take
 * it). Either the submitter sees the cleared s->cap (and submits to the ring), or the teardown
 * waits for its end. The begun capture is kept in core_t_capk, so the end uses it even after s->cap
 * was cleared.
 */
__thread struct core_stream *core_t_capsub __attribute__((tls_model("initial-exec")));
static __thread struct core_capture *core_t_capk __attribute__((tls_model("initial-exec")));

static struct sched_task *capture_slot(struct core_stream *s);
static aclError capture_commit(struct core_stream *s, const char *fn);

struct sched_task *core_capture_begin(struct core_stream *s)
{
    struct sched_producer *me = sched_stream_announce(&s->s);
    /* acquire: after the light fence (T8); pairs with the release that made s a
     * lane of k (add_lane_locked), so cap_lane and the lane are k's */
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_acquire);
    if (!k) {
        sched_stream_unannounce(me);
        return NULL;
    }
    core_t_capsub = s;
    core_t_capk = k;
    return capture_slot(s);
}

aclError core_capture_end(struct core_stream *s, const char *fn)
{
    aclError rc = capture_commit(s, fn);
    core_t_capsub = NULL;
    core_t_capk = NULL;
    sched_stream_unannounce(sched_t_producer);
    return rc;
}

/*
 * The captured fast path of a plain launch (core/stream/task.h core_capture_put): the
 * record, built by the caller, goes straight into the lane's next node, one
 * call instead of core_capture_begin + core_capture_end (no TLS hand-over
 * between them, no scratch record), for the common case only: a capture (not
 * a task update) whose lane is open and has room, and a kind that replays
 * and holds nothing. Anything else returns CORE_CAPTURE_SLOW with nothing
 * done, and the caller takes its slow path, which also reports every error.
 * T8 as in core_capture_begin: announced on the stream while it writes.
 */
aclError core_capture_put(struct core_stream *s, const struct sched_task *rec)
{
    struct sched_producer *me = sched_stream_announce(&s->s);
    /* acquire: as in core_capture_begin */
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_acquire);
    const struct core_task_desc *d = core_task_desc(rec->kind);
    uint32_t lane = s->cap_lane;
    struct plan_lane *pl = k ? &k->model->plan.lanes[lane] : NULL;
    if (__builtin_expect(!k || k->update || k->invalidated || lane_closed(k, lane) ||
                             pl->n >= pl->cap || !d || d->run != rec->run || !d->replay ||
                             d->release,
                         0)) {
        sched_stream_unannounce(me);
        return CORE_CAPTURE_SLOW;
    }
    struct sched_task *t = &pl->nodes[pl->n];
    *t = *rec;
    t->flags |= d->replay_flags;
    t->run = d->replay;
    pl->n++;
    core_capture_note_last(k->model->handle, s->handle, lane, pl->n - 1); /* kernel/function.c */
    me->last_task = pl->n - 1; /* aclrtGetThreadLastTaskId: the task's id in its lane */
    sched_stream_unannounce(me);
    return ACL_SUCCESS;
}

static struct sched_task *capture_slot(struct core_stream *s)
{
    struct core_capture *k = core_t_capk; /* T8 */
    if (k->update || lane_closed(k, s->cap_lane))
        return &t_scratch;
    struct plan_lane *pl = &k->model->plan.lanes[s->cap_lane];
    return lane_reserve(pl, s->cap_lane ? 0 : t_lane_hint) ? &pl->nodes[pl->n] : &t_scratch;
}

/* After a capture: remember what its origin lane needed (t_lane_hint). */
static void lane_note(const struct plan_lane *pl)
{
    uint32_t need = NC_MIN;
    while (need < pl->n && need < (UINT32_C(1) << 30))
        need *= 2;
    t_lane_hint = need;
}

static aclError append_node(struct core_model *m, uint32_t lane, const struct sched_task *t)
{
    struct plan_lane *pl = &m->plan.lanes[lane];
    if (!lane_reserve(pl, lane ? 0 : t_lane_hint))
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "capture: out of memory");
    pl->nodes[pl->n++] = *t;
    return ACL_SUCCESS;
}

aclError add_release_locked(struct core_model *m, void (*fn)(void *), void *arg)
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
        return core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED, "%s: the task update already failed", fn);
    if (k->upos >= len) {
        capture_invalidate(k);
        return core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                        "%s: more tasks than the task group holds (%u)", fn, len);
    }
    struct sched_task *old = &g->model->plan.lanes[g->lane].nodes[g->start + k->upos];
    /* Same kind as the reference counts them: kinds sharing a name (a 1-D
     * and a 2-D copy, a plain and an owned kernel) replace each other. */
    if (old->kind != t->kind &&
        strcmp(core_task_kind_name(old->kind), core_task_kind_name(t->kind)) != 0) {
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

static aclError capture_commit(struct core_stream *s, const char *fn)
{
    struct core_capture *k = core_t_capk; /* T8 */
    if (lane_closed(k, s->cap_lane))      /* the task went to the scratch record */
        return lane_closed_err(k, fn);
    struct plan_lane *pl = k->update ? NULL : &k->model->plan.lanes[s->cap_lane];
    /* Where capture_slot put it: the lane's next node, or the scratch. */
    struct sched_task *t = pl && pl->n < pl->cap ? &pl->nodes[pl->n] : &t_scratch;
    void (*rel)(void *) = NULL;
    void *relarg = NULL;
    /* The kind's descriptor says how the copy replays (core/stream/task.h); a record
     * whose run function is not its kind's is not captured either. */
    const struct core_task_desc *d = core_task_desc(t->kind);
    sched_task_fn replay = d && d->run == t->run ? d->replay : NULL;
    if (replay) {
        t->flags |= d->replay_flags;
        if (d->release)
            d->release(t, &rel, &relarg);
    }
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
        if (atomic_load_explicit(&s->cap, memory_order_relaxed) != k) { /* relaxed: A1 */
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
    /* core/kernel/function.c */
    core_capture_note_last(k->model->handle, s->handle, s->cap_lane, pl->n - 1);
    sched_t_producer->last_task = pl->n - 1; /* announced by core_capture_begin (T8) */
    aclError rc = ACL_SUCCESS;
    if (rel) {
        pthread_mutex_lock(&g_rt.lock);
        rc = add_release_locked(k->model, rel, relarg);
        pthread_mutex_unlock(&g_rt.lock);
    }
    return rc;
}

/* ---- events in captures --------------------------------------------------- */

uint64_t core_capture_id_locked(struct core_stream *s)
{
    struct core_capture *cap = atomic_load_explicit(&s->cap, memory_order_relaxed); /* A1 */
    return cap ? cap->id : 0;
}

aclError core_capture_record(struct core_stream *s, struct core_event *ev, const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
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
    } else if (atomic_load_explicit(&ev->cap_id, memory_order_relaxed) &&          /* relaxed: A1 */
               atomic_load_explicit(&ev->cap_id, memory_order_relaxed) != k->id) { /* relaxed: A1 */
        capture_invalidate(k);
        rc = core_err(ACL_ERROR_STREAM_CAPTURE_CONFLICT,
                      "%s: the event is recorded in another capture", fn);
    } else {
        struct plan_lane *pl = &k->model->plan.lanes[s->cap_lane];
        struct sched_task node = {.kind = PLAN_SIGNAL};
        node.arg.u64[0] = ++pl->nsignals;
        rc = append_node(k->model, s->cap_lane, &node);
        /* relaxed: A1 */
        if (rc == ACL_SUCCESS && atomic_load_explicit(&ev->cap_id, memory_order_relaxed) == 0) {
            if (!grow((void **)&k->events, &k->capevents, k->nevents + 1, sizeof(*k->events))) {
                rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
            } else {
                /* relaxed: the caller holds a reference (V2); held by k */
                atomic_fetch_add_explicit(&ev->refs, 1, memory_order_relaxed);
                k->events[k->nevents++] = ev;
            }
        }
        if (rc == ACL_SUCCESS) {
            ev->cap_lane = s->cap_lane;
            ev->cap_sig = (uint32_t)node.arg.u64[0];
            atomic_store_explicit(&ev->cap_id, k->id, memory_order_relaxed); /* relaxed: A1 */
        } else {
            capture_invalidate(k);
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError capture_append_control_locked(struct core_stream *s, const struct sched_task *node,
                                       const char *fn)
{
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
    if (!k || k->update)
        return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                        "%s: the stream is not being captured (nor bound to a model being built)",
                        fn);
    if (lane_closed(k, s->cap_lane))
        return lane_closed_err(k, fn);
    if (k->invalidated)
        return core_err(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                        "%s: the capture was invalidated by an earlier error", fn);
    aclError rc = append_node(k->model, s->cap_lane, node);
    if (rc)
        capture_invalidate(k);
    return rc;
}

aclError core_capture_implicit(struct core_event *ev, bool *plain, const char *fn)
{
    *plain = false;
    pthread_mutex_lock(&g_rt.lock);
    uint64_t eid = atomic_load_explicit(&ev->cap_id, memory_order_relaxed); /* relaxed: A1 */
    struct core_capture *k = eid ? capture_find_locked(ev->ctx, eid) : NULL;
    if (k && k->build) { /* a build takes only its bound streams: a plain record */
        pthread_mutex_unlock(&g_rt.lock);
        *plain = true;
        return ACL_SUCCESS;
    }
    if (k)
        capture_invalidate(k);
    pthread_mutex_unlock(&g_rt.lock);
    if (!k) { /* the capture just ended: a plain record */
        *plain = true;
        return ACL_SUCCESS;
    }
    return core_err(ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT,
                    "%s: the default stream cannot take part in a capture (the event is "
                    "recorded in one)",
                    fn);
}

aclError core_capture_wait(struct core_stream *s, struct core_event *ev, bool *plain,
                           const char *fn)
{
    *plain = false;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *ks = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
    uint64_t eid = atomic_load_explicit(&ev->cap_id, memory_order_relaxed);        /* relaxed: A1 */
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
            *plain = true;
            return ACL_SUCCESS;
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
         * untouched (docs/model.md). */
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

aclmdlRICaptureMode core_capture_exchange_mode(aclmdlRICaptureMode mode)
{
    aclmdlRICaptureMode prev = t_exmode;
    t_exmode = mode;
    return prev;
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
    if (atomic_load_explicit(&core_ncaptures, memory_order_relaxed) == 0) /* relaxed: A2 */
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
 * The arrays are not zeroed: only lanes [0, nlanes) are ever read, and
 * add_lane_locked sets each lane's entries as it joins (at the maximum of
 * 1984 lanes, zeroing the four arrays was ~70 KiB and ~2 us a capture).
 */
void capture_discard(struct core_capture *k, struct plan_lane *lanes)
{
    free(lanes);
    if (k) {
        free(k->lanes);
        free(k->grp_open);
        free(k->ended);
        free(k);
    }
}

struct core_capture *capture_new(struct plan_lane **lanes)
{
    const uint32_t cap = CORE_MAX_STREAMS_PER_DEVICE;
    struct core_capture *k = core_calloc(1, sizeof(*k));
    *lanes = core_malloc(cap * sizeof(**lanes));
    if (k) {
        k->lanes = core_malloc(cap * sizeof(*k->lanes));
        k->grp_open = core_malloc(cap * sizeof(*k->grp_open));
        k->ended = core_malloc(cap);
    }
    if (!k || !*lanes || !k->lanes || !k->grp_open || !k->ended) {
        capture_discard(k, *lanes);
        *lanes = NULL;
        return NULL;
    }
    /* a model of no lane keeps one plan lane (compile_locked): an empty one */
    memset(*lanes, 0, sizeof(**lanes));
    k->caplanes = k->capaux = cap;
    return k;
}

aclError core_capture_start(aclrtStream stream, aclmdlRI modelRI, aclmdlRICaptureMode mode,
                            const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve_lock(stream, &s, fn);
    if (rc)
        return rc;
    if (s->is_default) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: a default stream cannot be captured", fn);
    }
    struct core_model *m = NULL;
    struct core_capture *sk = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
    if (sk && sk->build) {
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the stream is bound to a model (aclmdlRIBindStream) and cannot be "
                      "captured",
                      fn);
    } else if (sk) {
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURED, "%s: the stream is already being captured", fn);
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
            rc = core_err(ACL_ERROR_RT_MODEL_CONTEXT, "%s: the model belongs to another context",
                          fn);
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
        atomic_fetch_add_explicit(&core_ncaptures, 1, memory_order_relaxed); /* relaxed: A2 */
        rc = add_lane_locked(k, s);
        if (rc) {
            capture_close_locked(k);
            if (!modelRI)
                model_free_locked(m);
        } else if (__builtin_expect(sched_trace_on, 0)) {
            core_trace_mark(s->ctx->dev->id, s->s.trace_id, "capture begin", m->id);
        }
    } else if (m && !modelRI) {
        model_free_locked(m);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* Every lane must come back to the origin: its last node is a signal that a
 * lane already known to be joined waits for (reference 6.4). */
static bool all_joined(struct core_capture *k, uint32_t *bad)
{
    uint32_t n = k->nlanes;
    bool *joined = core_calloc(n, sizeof(bool));
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

/* The stream of a capture call (not NULL: the entry point refused the default
 * stream, which cannot take part in a capture), resolved as usual. On success
 * g_rt.lock is held and *k is the stream's capture record (NULL if none). */
static aclError capture_args_locked(aclrtStream stream, struct core_stream **s,
                                    struct core_capture **k, const char *fn)
{
    aclError rc = core_stream_resolve_lock(stream, s, fn);
    if (rc)
        return rc;
    *k = atomic_load_explicit(&(*s)->cap, memory_order_relaxed); /* relaxed: A1 */
    return ACL_SUCCESS;
}

aclError core_capture_finish(aclrtStream stream, aclmdlRI *modelRI, const char *fn)
{
    struct core_stream *s = NULL;
    struct core_capture *k = NULL;
    aclError rc = capture_args_locked(stream, &s, &k, fn);
    if (rc)
        return rc;
    if (!k || k->update || k->build) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED, "%s: the stream is not being captured%s",
                        fn, k && k->build ? " (it is bound to a model: aclmdlRIBuildEnd)" : "");
    }
    if (s != k->origin) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,
                        "%s: the capture was begun on another stream (end it on "
                        "its origin stream)",
                        fn);
    }
    if (!capture_stop_locked(k)) {
        pthread_mutex_unlock(&g_rt.lock);
        /* the context's teardown took the capture over (T8): the code of every call
         * that loses its context to a racing teardown */
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "%s: the capture's context was destroyed while it ended", fn);
    }
    struct core_model *m = k->model;
    uint32_t bad = 0;
    if (k->mode != ACL_MODEL_RI_CAPTURE_MODE_RELAXED && k->tid != self_tid())
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD,
                      "%s: a capture begun in GLOBAL or THREAD_LOCAL mode must end "
                      "on the thread that began it",
                      fn);
    else if (k->invalidated)
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED,
                      "%s: the capture was invalidated by an earlier error", fn);
    for (uint32_t l = 0; rc == ACL_SUCCESS && l < k->nlanes; l++)
        if (k->grp_open[l] != UINT32_MAX)
            rc = core_err(ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                          "%s: a task group is still open (aclmdlRICaptureTaskGrpEnd)", fn);
    if (rc == ACL_SUCCESS && !all_joined(k, &bad))
        rc = core_err(ACL_ERROR_RT_STREAM_UNJOINED,
                      "%s: captured stream (lane %u) has work that is not joined "
                      "back to the origin stream by an event record it ends with",
                      fn, bad);
    bool keep = false;
    if (rc == ACL_SUCCESS) {
        if (m->plan.nlanes)
            lane_note(&m->plan.lanes[0]);
        rc = compile_locked(m, fn);
        keep = rc == ACL_SUCCESS;
    }
    if (keep && __builtin_expect(sched_trace_on, 0))
        core_trace_mark(s->ctx->dev->id, s->s.trace_id, "capture end", m->id);
    capture_close_locked(k);
    if (keep)
        *modelRI = (aclmdlRI)(uintptr_t)m->handle;
    else if (m->cond_parent) /* a conditional body: its parent model owns it */
        model_clear_locked(m);
    else
        model_free_locked(m);
    pthread_mutex_unlock(&g_rt.lock);
    core_deferred_run(); /* the model's lane streams' state callbacks (core/stream/attr.c) */
    return rc;
}

aclError core_capture_info(aclrtStream stream, aclmdlRICaptureStatus *status, aclmdlRI *modelRI,
                           const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
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

/* A stream and the session it is in (session_args_locked). */
struct session_ref {
    struct core_stream *s;
    struct core_capture *k;
};

/* capture_args_locked, then the stream must be capturing (update false) or
 * running a task update session (update true): else 107029 and the lock is
 * released. On success the lock is held and *r names the stream and session. */
static aclError session_args_locked(aclrtStream stream, bool update, struct session_ref *r,
                                    const char *fn)
{
    aclError rc = capture_args_locked(stream, &r->s, &r->k, fn);
    if (rc)
        return rc;
    const struct core_capture *k = r->k;
    if (k && (update ? k->update : !k->update && !k->build))
        return ACL_SUCCESS;
    pthread_mutex_unlock(&g_rt.lock);
    return core_err(ACL_ERROR_RT_STREAM_NOT_CAPTURED, "%s: %s", fn,
                    update ? "no task update is in progress on the stream"
                           : "the stream is not being captured");
}

aclError core_capture_grp_begin(aclrtStream stream, const char *fn)
{
    struct session_ref r = {NULL, NULL};
    aclError rc = session_args_locked(stream, false, &r, fn);
    if (rc)
        return rc;
    uint32_t lane = r.s->cap_lane;
    if (r.k->grp_open[lane] != UINT32_MAX)
        rc = core_err(ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                      "%s: a task group is already open on the stream", fn);
    else
        r.k->grp_open[lane] = r.k->model->plan.lanes[lane].n;
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_capture_grp_end(aclrtStream stream, aclrtTaskGrp *handle, const char *fn)
{
    struct session_ref r = {NULL, NULL};
    aclError rc = session_args_locked(stream, false, &r, fn);
    if (rc)
        return rc;
    struct core_stream *s = r.s;
    struct core_capture *k = r.k;
    struct core_taskgrp *g = NULL;
    if (k->grp_open[s->cap_lane] == UINT32_MAX) {
        rc = core_err(ACL_ERROR_STREAM_TASK_GROUP_STATUS, "%s: no task group is open on the stream",
                      fn);
    } else if (!(g = core_calloc(1, sizeof(*g)))) {
        rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    } else {
        g->model = k->model;
        g->lane = s->cap_lane;
        g->start = k->grp_open[s->cap_lane];
        g->end = k->model->plan.lanes[s->cap_lane].n;
        g->handle = core_table_insert(&g_rt.taskgrps, g);
        if (!g->handle) {
            free(g);
            rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: table full", fn);
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

aclError core_capture_update_begin(aclrtStream stream, aclrtTaskGrp handle, const char *fn)
{
    struct core_stream *s = NULL;
    struct core_capture *k = NULL, *sk = NULL;
    aclError rc = capture_args_locked(stream, &s, &sk, fn);
    if (rc)
        return rc;
    struct core_taskgrp *g = core_table_lookup(&g_rt.taskgrps, handle);
    if (!g)
        rc = core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: %p is not a live task group", fn, handle);
    else if (sk && sk->build)
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the stream is bound to a model "
                      "(aclmdlRIBindStream); updates run on a normal stream",
                      fn);
    else if (sk)
        rc = core_err(ACL_ERROR_RT_STREAM_CAPTURED, "%s: the stream is capturing or updating", fn);
    else if (!g->model->ready)
        rc = core_err(ACL_ERROR_RT_MODEL_CAPTURED, "%s: the model is still being captured", fn);
    else if (!(k = core_calloc(1, sizeof(*k))) ||
             !(k->staged = core_calloc(g->end - g->start + 1, sizeof(struct sched_task))))
        rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    if (rc == ACL_SUCCESS) {
        k->update = true;
        k->ugrp = g;
        k->model = g->model;
        k->ctx = s->ctx;
        k->origin = s;
        /* The stream is the session's only lane; the model's plan is not
         * touched until UpdateEnd (add_lane_locked is for captures). */
        k->lanes = core_malloc(sizeof(*k->lanes));
        if (!k->lanes) {
            free(k->staged);
            free(k);
            rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
        } else {
            k->lanes[0] = s;
            k->nlanes = k->caplanes = 1;
            k->unext = g->model->upd;
            g->model->upd = k;
            /* release: as in add_lane_locked, for the submitter's acquire */
            atomic_store_explicit(&s->cap, k, memory_order_release);
        }
    } else if (k) {
        free(k);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_capture_update_end(aclrtStream stream, const char *fn)
{
    struct session_ref r = {NULL, NULL};
    aclError rc = session_args_locked(stream, true, &r, fn);
    if (rc)
        return rc;
    struct core_capture *k = r.k;
    struct core_taskgrp *g = k->ugrp;
    uint32_t len = g->end - g->start;
    if (k->invalidated || k->upos != len) {
        rc = core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED, "%s: %u tasks issued for a group of %u%s",
                      fn, k->upos, len, k->invalidated ? " (an earlier task was refused)" : "");
    } else {
        /* Apply between executions: wait for the model to be idle. */
        struct core_model *m = g->model;
        model_quiesce_locked(m); /* PWR1: returns with the exec lock, m idle */
        if (atomic_load_explicit(&r.s->cap, memory_order_relaxed) != k) { /* relaxed: A1 */
            /* The model went while we waited (its context was torn down):
             * the session was closed with it. Compare only, k is gone. X1: the
             * record and its lock stay. */
            model_xlock_unlock(&m->exec_lock);
            pthread_mutex_unlock(&g_rt.lock);
            return core_err(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                            "%s: the model was destroyed meanwhile", fn);
        }
        memcpy(&m->plan.lanes[g->lane].nodes[g->start], k->staged, len * sizeof(*k->staged));
        model_xlock_unlock(&m->exec_lock);
    }
    capture_close_locked(k);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}
