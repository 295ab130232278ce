/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Streams: creation and placement on workers, destruction (drain, then
 * recycle; see device.c for why the lock is dropped while draining),
 * synchronisation, queries, failure mode.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/device/device.h"
#include "core/err.h"
#include "core/runtime/fault.h"
#include "core/runtime/handle.h"
#include "core/runtime/hooks.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"
#include "core/stream/task.h"
#include "cpuacl/cpuacl.h"
#include "sched/clock.h"
#include "sched/sched.h"
#include "sched/worker.h"

aclError core_stream_resolve_fail(aclrtStream h, struct core_stream *s, const char *fn)
{
    if (!core_initialised())
        return core_err(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called", fn);
    struct core_ctx *c = core_ctx_current();
    /* The handle is looked up again: a stream destroyed (and its record
     * reused) since the first lookup is reported as destroyed, not by the
     * context of the record's next stream. */
    if (h && (!s || core_table_lookup(&g_rt.streams, h) != s))
        return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                        "%s: stream %p is not a live stream (destroyed, or not a stream handle)",
                        fn, h);
    if (!c)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL,
                        "%s: the thread has no current context (call aclrtSetDevice or "
                        "aclrtSetCurrentContext)",
                        fn);
    struct core_ctx *sc = s ? __atomic_load_n(&s->ctx, __ATOMIC_RELAXED) : NULL; /* NULL: gone */
    if (!sc || sc == c) /* c: the record was reused for a stream of this context */
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: stream %p was destroyed", fn, h);
    return core_err(ACL_ERROR_RT_STREAM_CONTEXT,
                    "%s: stream %p belongs to a context of device %d that is not the current "
                    "context",
                    fn, h, sc->dev->id);
}

aclError core_stream_resolve_lock(aclrtStream stream, struct core_stream **s, const char *fn)
{
    uint64_t tag;
    aclError rc = core_stream_resolve_tag(stream, s, &tag, fn);
    if (rc)
        return rc;
    /* T3: a finalize under way (it clears capture pointers, then drops the
     * lock to drain) is answered ACL_ERROR_UNINITIALIZE, not by the state it
     * is tearing down (race_matrix: aclmdlRICaptureTaskGrpEnd saw the stream
     * live and its capture gone, 107029). */
    if ((rc = core_lock_live(fn)))
        return rc;
    rc = core_stream_live_locked(*s, tag, fn);
    if (rc)
        pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_stream_live_locked(struct core_stream *s, uint64_t tag, const char *fn)
{
    /* SD1: the tag changes only under g_rt.lock, which we hold */
    if (sched_stream_tag(&s->s) != tag)
        return core_err(ACL_ERROR_RT_INVALID_HANDLE, "%s: the stream was destroyed", fn);
    return ACL_SUCCESS;
}

aclError core_stream_gone(struct core_stream *s, const char *fn)
{
    sched_stream_cancel(&s->s);
    return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                    "%s: the stream was destroyed while the call was queuing its task", fn);
}

/* T7: destroys waiting for model enqueues on their stream to finish. */
static struct sched_ec g_enq_ec;

void core_stream_enqueue_done(struct core_stream *s)
{
    /* release: the queued control tasks (and their tail) before the count
     * (pairs with the acquire in no_enqueues). */
    atomic_fetch_sub_explicit(&s->enq, 1, memory_order_release);
    sched_ec_notify(&g_enq_ec);
}

static bool no_enqueues(void *arg)
{
    struct core_stream *s = arg;
    /* acquire: see core_stream_enqueue_done */
    return atomic_load_explicit(&s->enq, memory_order_acquire) == 0;
}

void core_stream_wait_enqueues(struct core_stream *s)
{
    if (!no_enqueues(s))
        sched_ec_await(&g_enq_ec, no_enqueues, s, 0);
}

aclError core_timeout(int32_t timeout, uint64_t *deadline_ns, const char *fn)
{
    if (timeout == -1) {
        *deadline_ns = 0;
        return ACL_SUCCESS;
    }
    if (timeout <= 0)
        return core_err(ACL_ERROR_RT_PARAM_INVALID,
                        "%s: timeout %d is invalid (-1 waits forever, > 0 is milliseconds)", fn,
                        (int)timeout);
    *deadline_ns = sched_deadline_ms(timeout);
    return ACL_SUCCESS;
}

static aclError refuse_capturing(const char *fn)
{
    return core_err(ACL_ERROR_RT_STREAM_CAPTURED,
                    "%s: the stream is being captured (end the capture first)", fn);
}

/* A stream with s->cap set: capturing or updating (refused), or bound to a
 * model, whose tasks go to the model: syncs and queries of it see the work
 * queued before it was bound. */
static bool capturing_not_bound(struct core_stream *s)
{
    pthread_mutex_lock(&g_rt.lock);
    bool bound = core_hooks.stream_bound_locked(s);
    pthread_mutex_unlock(&g_rt.lock);
    return !bound;
}

/* Wait until the stream finished target tasks (deadline 0: none); nonzero
 * when the deadline passed first. CB4: a caller that has a report queue may
 * be the processor of a blocking callback the stream waits for (on this
 * stream, or on one it waits for through an event): it runs what is handed
 * to it between short waits (1 ms slices, so parked), or the callback would
 * wait for the very thread that waits for it. A program without report
 * queues pays one relaxed load (core_report_run_mine). */
int core_stream_wait_serving_tag(struct sched_stream *ss, uint64_t target, uint64_t deadline_ns,
                                 uint64_t tag)
{
    bool serving = true; /* until core_report_serve finds no queue */
    for (;;) {
        uint64_t until = core_hooks.report_serve(&serving, deadline_ns);
        int late = sched_stream_wait_tag(ss, target, until, tag);
        if (!late || until == deadline_ns || (deadline_ns && sched_now_ns() >= deadline_ns))
            return late;
    }
}

int core_stream_wait_serving(struct sched_stream *ss, uint64_t target, uint64_t deadline_ns)
{
    return core_stream_wait_serving_tag(ss, target, deadline_ns, 0);
}

static aclError destroyed_meanwhile(const char *fn)
{
    return core_err(ACL_ERROR_RT_INVALID_HANDLE,
                    "%s: the stream was destroyed while the call was using it", fn);
}

/* SD6: the stream's tag is still the caller's (0: not checked). */
static bool same_life(struct core_stream *s, uint64_t tag)
{
    return !tag || sched_stream_tag(&s->s) == tag;
}

aclError core_stream_sync_tag(struct core_stream *s, uint64_t tag, uint64_t deadline_ns,
                              const char *fn)
{
    /* relaxed: A1 */
    if (__builtin_expect(atomic_load_explicit(&s->cap, memory_order_relaxed) != NULL, 0) &&
        capturing_not_bound(s))
        return same_life(s, tag) ? refuse_capturing(fn) : destroyed_meanwhile(fn);
    /* SD6: the count is read before the tag. A count of the record's next
     * life was published (release) after that life's create, which follows
     * the destroy's tag store, so the tag read below then sees the change;
     * a waiter of this life whose destroy comes later is kicked out of the
     * wait by it (sched/waitq.h Q4) and sees the change too. */
    uint64_t target = sched_stream_submitted(&s->s);
    int late = same_life(s, tag) ? core_stream_wait_serving_tag(&s->s, target, deadline_ns, tag)
                                 : 0;
    if (!same_life(s, tag))
        return destroyed_meanwhile(fn);
    if (late)
        return core_err(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                        "%s: stream still busy when the timeout expired (%llu of %llu tasks done)",
                        fn, (unsigned long long)sched_stream_finished(&s->s),
                        (unsigned long long)target);
    int32_t e = 0;
    /* relaxed: a hint; taken below exactly (sched_stream_take_error) */
    if (__builtin_expect(atomic_load_explicit(&s->s.err, memory_order_relaxed) != 0, 0)) {
        /* SD6: a recycle resets err under the lock: taken under it with the
         * tag checked, the error is this life's, never the next stream's. */
        pthread_mutex_lock(&g_rt.lock);
        bool mine = same_life(s, tag);
        if (mine)
            e = sched_stream_take_error(&s->s);
        pthread_mutex_unlock(&g_rt.lock);
        if (!mine)
            return destroyed_meanwhile(fn);
    }
    if (e)
        return core_err_async((aclError)e, fn);
    /* relaxed: a filter (core/runtime/hooks.h); pools release idle memory */
    if (atomic_load_explicit(&core_mempool_live, memory_order_relaxed))
        core_hooks.stream_synced();
    return ACL_SUCCESS;
}

aclError core_stream_sync(struct core_stream *s, uint64_t deadline_ns, const char *fn)
{
    return core_stream_sync_tag(s, 0, deadline_ns, fn);
}

/* ---- create / destroy (lock held) -------------------------------------- */

static struct sched_worker *least_loaded(struct core_device *d)
{
    struct sched_worker *best = NULL;
    uint32_t load = UINT32_MAX;
    for (uint32_t i = 0; i < d->nworkers; i++) {
        struct sched_worker *w = sched_worker_get(d->worker_base + i);
        uint32_t n = atomic_load_explicit(&w->nattached, memory_order_relaxed); /* relaxed: A2 */
        if (n < load) {
            load = n;
            best = w;
        }
    }
    return best;
}

/* After sched_stream_init of a stream stream_drop_leftovers claimed: let go
 * (S5: the release store and the wake-up of claimers waiting for us; S6:
 * the share_lock of a stream that was shared). */
static void stream_recycle_done(struct sched_stream *ss)
{
    struct sched_producer *me = sched_t_producer;
    /* relaxed: our own announcement */
    if (me && (me->locked == ss || atomic_load_explicit(&me->in, memory_order_relaxed) == ss))
        sched_stream_leave(ss);
}

/*
 * A recycled stream: become its producer (sched/stream.h S8) before its ring
 * is reset. A producer of its last life that resolved the handle before the
 * destroy may still be inside a submission or arrive later: it waits for us,
 * then owns the fresh stream, finds the tag changed (S7) and cancels. The
 * ownership is kept until the ring is reset (stream_recycle_done).
 *
 * No task can be committed after the destroy's drain (S7: the destroy stored
 * tag 0 and quiesced before it read the tail), so the ring holds nothing
 * unrun. As a backstop, records still published past head are released in
 * discard mode before the wipe: report nodes of callbacks (CB5) and owned
 * kernels' argument blocks (core/launch.h: release runs exactly once). Lock
 * held; no worker holds the stream (it was released).
 */
static void stream_drop_leftovers(struct sched_stream *ss)
{
    if (!ss->slots)
        return;
    sched_stream_claim_recycle(ss, sched_producer_self());
    /* acquire: pairs with the worker's release of head and the producers'
     * release of tail and of each slot's seq (S1, S2) */
    uint64_t head = atomic_load_explicit(&ss->head, memory_order_acquire);
    uint64_t tail = atomic_load_explicit(&ss->tail, memory_order_acquire);
    struct sched_exec x = {.stream = ss, .discard = true};
    for (; head != tail; head++) {
        struct sched_task *t = &ss->slots[head & ss->mask];
        /* acquire: S1, the record is complete */
        if (atomic_load_explicit(&t->seq, memory_order_acquire) != (uint32_t)(head + 1))
            break;
        if (t->kind == CORE_T_CALLBACK || t->kind == CORE_T_OWNED || t->kind == CORE_T_BLOCKS)
            t->run(t, &x);
    }
}

/*
 * SD8 (docs/design.md): a destroyed stream comes back for recycling only when its
 * worker next reads its mailbox. A thread that creates and destroys streams faster than
 * a starved worker reads (a capture loop: each captured model has a stream of its own)
 * took a new stream and 66 KiB of ring each time: 2179 of them in 500 000 capture cycles
 * on the loaded 2-vCPU machine. With STREAM_RELEASING_MAX on their way back, a create
 * that finds none to recycle waits up to STREAM_RELEASING_WAIT_NS for one (a worker busy
 * in a long kernel costs that wait, never a hang), then allocates as before.
 */
#define STREAM_RELEASING_MAX 64
#define STREAM_RELEASING_WAIT_NS 1000000

/* Move the streams the workers let go of to the free list. Lock held. */
static void streams_collect_released(void)
{
    /* acquire: pairs with the release push in core_stream_released. */
    struct core_stream *rel = atomic_exchange_explicit(&g_rt.released, NULL, memory_order_acquire);
    while (rel) {
        struct core_stream *next = rel->next;
        rel->next = g_rt.free_streams;
        g_rt.free_streams = rel;
        rel = next;
    }
}

aclError core_stream_create_locked(struct core_ctx *c, bool is_default, uint32_t prio,
                                   uint32_t flags, struct core_stream **out)
{
    struct core_device *d = c->dev;
    if (d->nstreams >= CORE_MAX_STREAMS_PER_DEVICE)
        return core_err(ACL_ERROR_RT_NO_STREAM_RESOURCE,
                        "aclrtCreateStream: device %d already has %u streams (the limit, default "
                        "streams included)",
                        d->id, d->nstreams);
    streams_collect_released();
    /* relaxed: a hint; the stream itself comes through `released` (acquire) */
    if (!g_rt.free_streams &&
        atomic_load_explicit(&g_rt.releasing, memory_order_relaxed) >= STREAM_RELEASING_MAX) {
        /* SD8: wait a little for one on its way back, giving the CPU to the workers */
        uint64_t until = sched_now_ns() + STREAM_RELEASING_WAIT_NS;
        /* relaxed: a poll; the exchange in streams_collect_released acquires */
        while (!atomic_load_explicit(&g_rt.released, memory_order_relaxed) &&
               sched_now_ns() < until)
            sched_yield();
        streams_collect_released();
    }
    struct core_stream *s = g_rt.free_streams;
    if (s) {
        g_rt.free_streams = s->next;
        stream_drop_leftovers(&s->s);
    } else {
        s = core_aligned_alloc(SCHED_CACHELINE, sizeof(*s));
        if (!s)
            return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "aclrtCreateStream: out of memory");
        memset(s, 0, sizeof(*s));
    }
    int irc = sched_stream_init(&s->s, s);
    stream_recycle_done(&s->s);
    if (irc) {
        s->next = g_rt.free_streams;
        g_rt.free_streams = s;
        return core_err(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                        "aclrtCreateStream: out of memory for the task ring");
    }
    __atomic_store_n(&s->ctx, c, __ATOMIC_RELAXED); /* read racily by core_stream_resolve */
    atomic_store_explicit(&s->cap, NULL, memory_order_relaxed); /* relaxed: A1 */
    s->cap_lane = 0;
    s->internal = false;
    __atomic_store_n(&s->is_default, is_default, __ATOMIC_RELAXED); /* see record (event.c) */
    s->failure_mode_set = false;
    /* relaxed: the stream is not yet attached to a worker (attach orders it). */
    atomic_store_explicit(&s->s.stop_on_fail, c->stop_on_fail, memory_order_relaxed);
    s->priority = prio;
    s->flags = flags;
    s->cb_tid = 0;
    s->hf_tid = 0;
    atomic_store_explicit(&s->hfq, NULL, memory_order_relaxed); /* relaxed: A1 */
    free(s->alloc); /* a registration that raced with the last destroy */
    s->alloc = NULL;
    atomic_store_explicit(&s->cbq, NULL, memory_order_relaxed); /* relaxed: A1 */
    s->handle = core_table_insert(&g_rt.streams, s);
    s->s.trace_id = (uint32_t)(s->handle & 0xFFFFFF);
    if (!s->handle) {
        s->next = g_rt.free_streams;
        g_rt.free_streams = s;
        return core_err(ACL_ERROR_RT_NO_STREAM_RESOURCE, "aclrtCreateStream: handle table full");
    }
    /* release: S7, the incarnation tag is the handle; a default-stream
     * resolve that reads it (acquire) sees the stream set up. */
    atomic_store_explicit(&s->s.tag, s->handle, memory_order_release);
    if (__builtin_expect(sched_trace_on, 0)) /* model streams rename theirs (model.c) */
        core_hooks.trace_stream(d->id, s->s.trace_id, is_default ? "default" : NULL);
    sched_worker_attach(least_loaded(d), &s->s);
    if (!is_default) {
        s->next = c->streams;
        c->streams = s;
    }
    d->nstreams++;
    if (is_default) /* a default or model stream: reported after the lock (core/stream/attr.c) */
        core_ss_defer_locked(s->handle, ACL_RT_STREAM_STATE_CREATE_POST);
    *out = s;
    return ACL_SUCCESS;
}


/* Signalled when a device's last draining stream destroy finished. */
static pthread_cond_t g_drain_cv = PTHREAD_COND_INITIALIZER;

void core_stream_destroy_locked(struct core_stream *s, bool force)
{
    if (s->is_default) /* explicit streams were reported by their destroy call */
        core_ss_defer_locked(s->handle, ACL_RT_STREAM_STATE_DESTROY_PRE);
    core_table_remove(&g_rt.streams, s->handle);
    /* relaxed: S7, ordered by the quiesce below. */
    atomic_store_explicit(&s->s.tag, 0, memory_order_relaxed);
    /* SD6: synchronisations of this life stop waiting and report 107017
     * (sched/waitq.h Q4: after the tag store). */
    sched_waitq_kick(&s->s.doneq);
    if (!s->is_default)
        for (struct core_stream **pp = &s->ctx->streams; *pp; pp = &(*pp)->next)
            if (*pp == s) {
                *pp = s->next;
                break;
            }
    s->ctx->dev->nstreams--;
    core_hooks.stream_fini_locked(s); /* report subscriptions, custom allocator */
    if (force) {
        /* release: the worker drops what it has not started (records still
         * complete); it reads the flag at its next pass over the stream. */
        atomic_store_explicit(&s->s.discard, 1, memory_order_release);
        sched_worker_kick(s->s.worker);
    }
    /* Drain without the lock (see device.c); then the worker lets go of the
     * stream when it next looks at its mailbox (not waited for: it may be
     * busy in another stream's long kernel) and core_stream_released queues
     * it for recycling. */
    struct core_device *d = s->ctx->dev;
    d->draining++; /* T1: the device's workers stay until we let go */
    pthread_mutex_unlock(&g_rt.lock);
    /* T7: every submission that resolved the handle before the remove above
     * has committed (its task is in the drain below) or will fail. */
    sched_stream_quiesce(&s->s);
    core_stream_wait_enqueues(s);
    /* CB4: the destroying thread may be the processor of a blocking callback
     * queued on this stream or on one it waits for. */
    core_stream_wait_serving(&s->s, sched_stream_submitted(&s->s), 0);
    pthread_mutex_lock(&g_rt.lock);
    __atomic_store_n(&s->ctx, NULL, __ATOMIC_RELAXED); /* see core_stream_resolve */
    atomic_fetch_add_explicit(&g_rt.releasing, 1, memory_order_relaxed); /* relaxed: SD8's hint */
    sched_worker_release(&s->s);
    core_device_drain_end_locked(d);
}

void core_device_drain_end_locked(struct core_device *d)
{
    if (--d->draining == 0)
        pthread_cond_broadcast(&g_drain_cv);
}

void core_device_wait_drains_locked(struct core_device *d)
{
    while (d->draining) {
        /* CB4: a drain may wait for a blocking callback this thread is the
         * processor of: serve the queue between 1 ms waits (relocking after,
         * as the cond wait does). */
        pthread_mutex_unlock(&g_rt.lock);
        bool serve = core_hooks.report_run_mine();
        pthread_mutex_lock(&g_rt.lock);
        if (!d->draining)
            break;
        if (!serve) {
            pthread_cond_wait(&g_drain_cv, &g_rt.lock);
            continue;
        }
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts); /* the cond's default clock */
        ts.tv_nsec += 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&g_drain_cv, &g_rt.lock, &ts);
    }
}

void core_stream_released(struct sched_stream *ss)
{
    struct core_stream *s = ss->owner;
    /* relaxed: the seed of the CAS, which publishes (release). */
    struct core_stream *head = atomic_load_explicit(&g_rt.released, memory_order_relaxed);
    do /* release: the recycler sees the stream as the worker left it */
        s->next = head;
    while (!atomic_compare_exchange_weak_explicit(&g_rt.released, &head, s, memory_order_release,
                                                  memory_order_relaxed));
    atomic_fetch_sub_explicit(&g_rt.releasing, 1, memory_order_relaxed); /* relaxed: SD8's hint */
}

/* ---- the stream calls (core/api/stream.c checks their arguments) -------- */

aclError core_stream_create(aclrtStream *stream, uint32_t prio, uint32_t flags, const char *fn)
{
    aclError crc = ACL_SUCCESS;
    struct core_ctx *c = core_ctx_need(fn, &crc);
    if (!c)
        return crc;
    pthread_mutex_lock(&g_rt.lock);
    struct core_stream *s = NULL;
    aclError rc = core_ctx_current() == c ? core_stream_create_locked(c, false, prio, flags, &s)
                                          : core_err(ACL_ERROR_RT_CONTEXT_NULL,
                                                     "%s: the current context was destroyed", fn);
    pthread_mutex_unlock(&g_rt.lock);
    if (rc == ACL_SUCCESS) {
        *stream = (aclrtStream)(uintptr_t)s->handle;
        rt_stream_state_fire(*stream, ACL_RT_STREAM_STATE_CREATE_POST); /* core/stream/state.c */
    }
    return rc;
}

aclError core_stream_destroy(aclrtStream stream, bool force, const char *fn)
{
    {
        /* DESTROY_PRE callbacks (core/stream/state.c), outside the lock, for a stream the
         * checks below will let go (a racing destroy of the same stream is the caller's). */
        struct core_stream *p = NULL;
        if (core_stream_resolve(stream, &p, fn) == ACL_SUCCESS && !p->is_default &&
            !atomic_load_explicit(&p->cap, memory_order_relaxed)) /* relaxed: A1 */
            rt_stream_state_fire(stream, ACL_RT_STREAM_STATE_DESTROY_PRE);
    }
    pthread_mutex_lock(&g_rt.lock);
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc == ACL_SUCCESS && s->is_default)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: %p is a default stream; it goes with its context", fn, stream);
    if (rc == ACL_SUCCESS && atomic_load_explicit(&s->cap, memory_order_relaxed)) /* relaxed: A1 */
        rc =
            core_hooks.stream_bound_locked(s)
                ? core_err(ACL_ERROR_RT_STREAM_MODEL,
                           "%s: the stream is bound to a model (aclmdlRIUnbindStream it first)", fn)
                : refuse_capturing(fn);
    if (rc == ACL_SUCCESS && force) {
        /* aclrtDestroyStreamForce: the task at the stream's head when the call
         * is made (running, or the next to run: what an NPU has dispatched)
         * completes unless it is blocked in a wait; the tasks behind it are
         * dropped (docs/stream.md, "Force destroy"). relaxed: published by the
         * release store of discard in core_stream_destroy_locked. */
        atomic_store_explicit(&s->s.keep_below, sched_stream_finished(&s->s) + 1,
                              memory_order_relaxed);
    }
    if (rc == ACL_SUCCESS)
        core_stream_destroy_locked(s, force);
    pthread_mutex_unlock(&g_rt.lock);
    return rc;
}

aclError core_stream_query(struct core_stream *s, uint64_t tag, aclrtStreamStatus *status,
                           const char *fn)
{
    /* relaxed: A1 */
    if (atomic_load_explicit(&s->cap, memory_order_relaxed) && capturing_not_bound(s))
        return same_life(s, tag) ? refuse_capturing(fn) : destroyed_meanwhile(fn);
    /* SD6: counters first, then the tag (as in core_stream_sync_tag) */
    bool done = sched_stream_finished(&s->s) >= sched_stream_submitted(&s->s);
    if (!same_life(s, tag))
        return destroyed_meanwhile(fn);
    *status = done ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
    return ACL_SUCCESS;
}

aclError core_stream_set_failure_mode(aclrtStream stream, uint64_t mode, const char *fn)
{
    struct core_stream *s = NULL;
    aclError rc = core_stream_resolve(stream, &s, fn);
    if (rc == ACL_SUCCESS && mode != ACL_CONTINUE_ON_FAILURE && mode != ACL_STOP_ON_FAILURE)
        rc = core_err(ACL_ERROR_INVALID_PARAM,
                      "%s: mode %llu is neither ACL_CONTINUE_ON_FAILURE nor ACL_STOP_ON_FAILURE",
                      fn, (unsigned long long)mode);
    if (rc)
        return rc;
    pthread_mutex_lock(&g_rt.lock);
    if (s->failure_mode_set) {
        pthread_mutex_unlock(&g_rt.lock);
        return core_err(ACL_ERROR_INVALID_PARAM,
                        "%s: the failure mode of this stream was already set (at most once per "
                        "stream)",
                        fn);
    }
    s->failure_mode_set = true;
    if (mode == ACL_STOP_ON_FAILURE && s->ctx && !s->ctx->stop_on_fail) {
        /* The reference: STOP_ON_FAILURE on one stream makes every stream of
         * its context stop-on-failure (streams created later too).
         * relaxed: the worker reads it per task; tasks submitted after this
         * call are published after it by the tail release. */
        struct core_ctx *c = s->ctx;
        c->stop_on_fail = true;
        atomic_store_explicit(&c->default_stream->s.stop_on_fail, 1, memory_order_relaxed);
        for (struct core_stream *o = c->streams; o; o = o->next)
            atomic_store_explicit(&o->s.stop_on_fail, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_rt.lock);
    return ACL_SUCCESS;
}

uint32_t core_stream_available(struct core_ctx *c)
{
    pthread_mutex_lock(&g_rt.lock);
    uint32_t n = CORE_MAX_STREAMS_PER_DEVICE - c->dev->nstreams;
    pthread_mutex_unlock(&g_rt.lock);
    return n;
}

uint32_t core_stream_worker(struct core_stream *s)
{
    return s->s.worker->index - s->ctx->dev->worker_base;
}

/* ---- abort -------------------------------------------------------------- */

aclError core_stream_abort(struct core_stream *s, const char *fn)
{
    if (atomic_load_explicit(&s->cap, memory_order_relaxed))
        return core_err(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "%s: the stream is capturing or bound to a model", fn);
    /* release: the worker drops what it has not started (a record still
     * completes, a blocked wait is dropped); same protocol as a forced
     * destroy. The task running now finishes: CPU code cannot be interrupted. */
    atomic_store_explicit(&s->s.discard, 1, memory_order_release);
    sched_worker_kick(s->s.worker);
    core_stream_wait_serving(&s->s, sched_stream_submitted(&s->s), 0); /* CB4 */
    /* release: tasks submitted from now on run again. */
    atomic_store_explicit(&s->s.discard, 0, memory_order_release);
    (void)sched_stream_take_error(&s->s); /* the aborted work's failure goes with it */
    return ACL_SUCCESS;
}

/* ==== contexts' streams and device synchronisation ======================= */

aclError core_stream_ctx_init_locked(struct core_ctx *c)
{
    struct core_stream *ds = NULL;
    aclError rc = core_stream_create_locked(c, true, 0, 0, &ds);
    __atomic_store_n(&c->default_stream, ds, __ATOMIC_RELAXED); /* see core_stream_resolve */
    return rc;
}

void core_stream_ctx_fini_locked(struct core_ctx *c)
{
    bool force = c->dev->discarding; /* a forced reset or aclFinalize */
    while (c->streams)
        core_stream_destroy_locked(c->streams, force);
    core_stream_destroy_locked(c->default_stream, force);
    __atomic_store_n(&c->default_stream, NULL, __ATOMIC_RELAXED); /* see core_stream_resolve */
}

aclError core_device_sync_until(uint64_t deadline, const char *fn)
{
    struct core_ctx *cur = core_ctx_current();
    if (!cur)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: the thread has no current context", fn);
    if (core_hooks.ctx_capturing(cur))
        return core_err(ACL_ERROR_RT_STREAM_CAPTURED,
                        "%s: a stream of the current context is being captured", fn);
    /* Snapshot the device's streams under the lock, wait without it. Streams
     * are type-stable (L1), so a stream destroyed meanwhile is still memory
     * of the right type; its handle check below skips it. */
    struct core_device *d = cur->dev;
    uint32_t cap = 64, n = 0;
    struct core_stream **v = core_malloc(cap * sizeof(*v));
    uint64_t *h = core_malloc(cap * sizeof(*h));
    if (!v || !h) {
        free(v);
        free(h);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    pthread_mutex_lock(&g_rt.lock);
    for (struct core_ctx *c = d->contexts; c; c = c->next) {
        for (struct core_stream *s = c->default_stream; s; s = (s == c->default_stream ? c->streams : s->next)) {
            if (n == cap) {
                cap *= 2;
                struct core_stream **nv = core_realloc(v, cap * sizeof(*v));
                uint64_t *nh = nv ? core_realloc(h, cap * sizeof(*h)) : NULL;
                if (!nv || !nh) {
                    pthread_mutex_unlock(&g_rt.lock);
                    free(nv ? nv : v);
                    free(h);
                    return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
                }
                v = nv;
                h = nh;
            }
            v[n] = s;
            h[n++] = s->handle;
        }
    }
    pthread_mutex_unlock(&g_rt.lock);
    aclError first = ACL_SUCCESS;
    for (uint32_t i = 0; i < n; i++) {
        if (core_table_lookup(&g_rt.streams, (void *)(uintptr_t)h[i]) != v[i])
            continue; /* destroyed meanwhile: its destroy waited for it */
        aclError rc = core_stream_sync_tag(v[i], h[i], deadline, fn); /* SD6: tag = handle */
        if (rc == ACL_ERROR_RT_INVALID_HANDLE)
            continue; /* destroyed while we waited: its destroy waited for it */
        if (rc && !first)
            first = rc;
        if (rc == ACL_ERROR_RT_STREAM_SYNC_TIMEOUT)
            break;
    }
    free(v);
    free(h);
    return first;
}

aclError core_device_sync(const char *fn)
{
    CORE_REQUIRE_INIT(fn);
    return core_device_sync_until(0, fn);
}

aclError core_stream_ctx_default(struct core_ctx *c, aclrtStream *stream, const char *fn)
{
    /* NULL once a racing destroy drained it (relaxed: see core_stream_resolve) */
    struct core_stream *ds = __atomic_load_n(&c->default_stream, __ATOMIC_RELAXED);
    if (!ds)
        return core_err(ACL_ERROR_RT_CONTEXT_NULL, "%s: the current context was destroyed", fn);
    *stream = (aclrtStream)(uintptr_t)ds->handle;
    return ACL_SUCCESS;
}
