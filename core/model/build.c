/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Manual model building (aclmdlRIBuild*, aclmdlRIBindStream ...).
 *
 * Manual building. aclmdlRIBuildBegin creates a model and a build record (a
 * struct core_capture with `build` set: no origin, mode or thread rules, kept
 * in g_builds rather than the context's capture list, so the capture mode
 * rule and device synchronisation ignore it). aclmdlRIBindStream makes
 * the stream a lane of the build exactly as a join makes it a lane of a
 * capture, so its tasks, records and waits go through the same paths; only
 * streams bound to the model join it (a wait by any other stream on an event
 * recorded in the build is refused). aclmdlRIEndTask closes one lane,
 * aclmdlRIBuildEnd compiles the lanes (no join rule: a HEAD lane starts after
 * the gate, a DEFAULT one when activated (activate.c); the join waits for every
 * lane that ran) and freezes the record: the
 * streams stay bound (their submissions are refused) until
 * aclmdlRIUnbindStream or the model's destruction. A build's arrays are sized
 * for CORE_MAX_STREAMS_PER_DEVICE lanes up front, so binding a stream never
 * moves a lane another thread is appending to.
 */
#include <stdlib.h>
#include <string.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/model/capture_pvt.h"
#include "core/model/model.h"
#include "core/model/ritask.h"
#include "core/runtime/callbacks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "sched/worker.h"

struct core_capture *g_builds; /* builds not yet ended, g_rt.lock */

/* ---- manual building (aclmdlRIBuild*) -------------------------------------- */

/* aclmdlRITask values: core/model/ritask.c (rt_task_handle). */

bool core_stream_bound_locked(struct core_stream *s)
{
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
    return k && k->build;
}

/* Drop a build record: the streams still bound go back to normal, events
 * recorded in an unfinished build leave it. Lock held. */
void build_free_locked(struct core_capture *k)
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
    model_xok_locked(k->model); /* model.c X2 */
    free(k->lanes);
    free(k->grp_open);
    free(k->ended);
    free(k->edges);
    free(k->events);
    free(k);
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
    struct core_capture *k = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
    if (!k || !k->build || k != m->bind)
        return core_err(ACL_ERROR_RT_STREAM_MODEL,
                        "%s: the stream is not bound to this model (aclmdlRIBindStream)", fn);
    *out = k;
    return ACL_SUCCESS;
}

aclError core_build_begin(aclmdlRI *modelRI, const char *fn)
{
    struct core_ctx *c = core_ctx_current();
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "%s: the thread has no current context (call "
                        "aclrtSetDevice or aclrtSetCurrentContext)",
                        fn);
    struct plan_lane *lanes;
    struct core_capture *k = capture_new(&lanes); /* lanes never move (see top) */
    aclError rc = ACL_SUCCESS;
    struct core_model *m = NULL;
    pthread_mutex_lock(&g_rt.lock);
    if (core_ctx_current() != c)
        rc = core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: the current context was destroyed", fn);
    else if (!k)
        rc = core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: out of memory", fn);
    else if (!(m = model_new_locked(c)))
        rc = core_err(ACL_ERROR_RT_NO_MODEL_RESOURCE, "%s: cannot create a model", fn);
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

aclError core_build_bind(aclmdlRI modelRI, aclrtStream stream, uint32_t flag, const char *fn)
{
    struct core_stream *s = NULL;
    uint64_t tag = 0;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc)
        return rc;
    if (flag != ACL_MODEL_STREAM_FLAG_HEAD && flag != ACL_MODEL_STREAM_FLAG_DEFAULT)
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
    struct core_capture *sk = atomic_load_explicit(&s->cap, memory_order_relaxed); /* relaxed: A1 */
    rc = core_stream_live_locked(s, tag, fn);
    if (rc == ACL_SUCCESS)
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
    if (rc == ACL_SUCCESS) {
        /* DEFAULT: the lane runs when another stream of the model activates it
         * (core/model/activate.c). */
        m->plan.lanes[s->cap_lane].on_demand = flag == ACL_MODEL_STREAM_FLAG_DEFAULT;
        k->nbound++;
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

/* EndTask and UnbindStream: the stream resolved, then op on the build
 * record m's stream s is bound to, under g_rt.lock. */
static aclError on_bound_stream(aclmdlRI modelRI, aclrtStream stream, const char *fn,
                                aclError (*op)(struct core_capture *k, struct core_stream *s,
                                               const char *fn))
{
    struct core_stream *s = NULL;
    uint64_t tag = 0;
    aclError rc = core_stream_resolve_tag(stream, &s, &tag, fn);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    struct core_capture *k = NULL;
    rc = core_stream_live_locked(s, tag, fn);
    if (rc == ACL_SUCCESS)
        rc = model_lookup_locked(modelRI, &m, fn);
    if (rc == ACL_SUCCESS)
        rc = bound_locked(m, s, &k, fn);
    if (rc == ACL_SUCCESS)
        rc = op(k, s, fn);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

static aclError end_task_locked(struct core_capture *k, struct core_stream *s, const char *fn)
{
    if (k->built)
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the model is already built (aclmdlRIBuildEnd ended every stream)", fn);
    if (k->ended[s->cap_lane])
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the stream's tasks were already ended (aclmdlRIEndTask twice)", fn);
    k->ended[s->cap_lane] = 1;
    return ACL_SUCCESS;
}

aclError core_build_end_task(aclmdlRI modelRI, aclrtStream stream, const char *fn)
{
    return on_bound_stream(modelRI, stream, fn, end_task_locked);
}

aclError core_build_end(aclmdlRI modelRI, const char *fn)
{
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
    /* The model's end: aclmdlRIEndTask on at least one stream (the 2_model_switch sample
     * ends only the stream where its branches meet); something that starts: a HEAD stream. */
    bool ended = false, head = false;
    for (uint32_t l = 0; rc == ACL_SUCCESS && l < k->nlanes; l++) {
        ended |= k->lanes[l] && k->ended[l];
        head |= !m->plan.lanes[l].on_demand;
    }
    if (rc == ACL_SUCCESS && k->nbound && !ended)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: no bound stream has aclmdlRIEndTask (the model stays under "
                      "construction)",
                      fn);
    if (rc == ACL_SUCCESS && k->nlanes && !head)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: every stream was bound with ACL_MODEL_STREAM_FLAG_DEFAULT; bind the "
                      "stream an execution starts with ACL_MODEL_STREAM_FLAG_HEAD",
                      fn);
    if (rc == ACL_SUCCESS)
        rc = compile_locked(m, fn); /* on failure the build goes on; retry or destroy */
    if (rc == ACL_SUCCESS) {
        /* Freeze: the model runs; its events are plain again; the streams
         * stay bound (refusing tasks) until they are unbound. */
        k->built = m->built = true;
        m->cap = NULL;
        model_xok_locked(m); /* model.c X2 */
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
    core_deferred_run(); /* the model's lane streams' state callbacks (core/stream/attr.c) */
    return rc;
}

static aclError unbind_locked(struct core_capture *k, struct core_stream *s, const char *fn)
{
    (void)fn;
    /* The lane keeps what it recorded (ended, as by aclmdlRIEndTask); only
     * the stream leaves. */
    uint32_t l = s->cap_lane;
    atomic_store_explicit(&s->cap, NULL, memory_order_relaxed); /* relaxed: A1 */
    k->lanes[l] = NULL;
    k->ended[l] = 1;
    if (--k->nbound == 0 && k->built)
        build_free_locked(k);
    return ACL_SUCCESS;
}

aclError core_build_unbind(aclmdlRI modelRI, aclrtStream stream, const char *fn)
{
    return on_bound_stream(modelRI, stream, fn, unbind_locked);
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

static void *lane_stream_at(void *ctx, uint32_t i)
{
    const struct core_model *m = ctx;
    return (void *)(uintptr_t)m->lane_streams[i]->handle;
}

aclError core_model_streams(aclmdlRI modelRI, aclrtStream *streams, uint32_t *numStreams,
                            const char *fn)
{
    pthread_mutex_lock(&g_rt.lock);
    struct core_model *m = NULL;
    aclError rc = model_lookup_locked(modelRI, &m, fn);
    /* A captured model: the streams its lanes run on (core/model/ritask.c), once captured. */
    if (rc == ACL_SUCCESS && !m->bind)
        rc =
            fill_handles(streams, numStreams, m->ready && !m->cap && !m->built ? m->plan.nlanes : 0,
                         lane_stream_at, m, "streams", fn);
    else if (rc == ACL_SUCCESS)
        rc = fill_handles(streams, numStreams, m->bind->nbound, bound_stream_at, m->bind, "streams",
                          fn);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

struct task_names {
    uint64_t stream_handle;
};

static void *task_at(void *ctx, uint32_t i)
{
    const struct task_names *t = ctx;
    return rt_task_handle(t->stream_handle, i);
}

aclError core_model_tasks_by_stream(aclrtStream stream, aclmdlRITask *tasks, uint32_t *numTasks,
                                    const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve_lock(stream, &s, fn);
    if (rc)
        return rc;
    struct core_model *m;
    uint32_t lane;
    if (!rt_task_lane_locked(s, &m, &lane)) {
        rc = core_err(ACL_ERROR_RT_STREAM_MODEL,
                      "%s: the stream is neither bound to a model (aclmdlRIBindStream) nor a "
                      "stream of a captured model (aclmdlRIGetStreams)",
                      fn);
    } else {
        struct task_names names = {s->handle};
        rc = fill_handles(tasks, numTasks, m->plan.lanes[lane].n, task_at, &names, "tasks", fn);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}
