/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Streams as the rest of core uses them (core/stream/stream.c): the stream
 * record, creation and destruction under g_rt.lock, handle resolution on
 * every submission, synchronisation. Rules T7/T8: core/runtime/runtime.h.
 *
 * Cyclic inside this folder, by design: streams and the tasks submitted to them
 * (core/stream/task.h) are one concept: a submission resolves and owns a stream, and a
 * stream's destruction drops the tasks left in its ring by their kind.
 */
#ifndef CPUACL_CORE_STREAM_STREAM_H
#define CPUACL_CORE_STREAM_STREAM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/device/device.h"
#include "core/runtime/handle.h"
#include "core/runtime/hostpool.h"
#include "core/runtime/runtime.h"
#include "sched/stream.h"

struct core_allocator;
struct core_capture;
struct core_report;

struct core_stream {
    struct sched_stream s;       /* first: cache-line aligned engine part */
    uint64_t handle;             /* I (per incarnation) */
    struct core_ctx *ctx;        /* I */
    struct core_capture *_Atomic cap; /* A: capture (or task update) diverting its tasks */
    uint32_t cap_lane;           /* lane of the stream in cap (capture lock) */
    bool internal;               /* I: a model's lane stream, invisible to users */
    bool is_default;             /* I */
    bool failure_mode_set;       /* host */
    uint32_t priority, flags;    /* I */
    uint64_t cb_tid;             /* subscribed report thread, 0 = none; g_rt.lock */
    struct core_allocator *alloc; /* registered custom allocator, NULL = none; g_rt.lock */
    struct core_report *_Atomic cbq; /* A: its report queue (written under g_rt.lock) */
    uint64_t hf_tid;             /* aclrtSubscribeHostFunc thread, 0 = none; g_rt.lock */
    struct core_report *_Atomic hfq; /* A: its host-function queue (as cbq) */
    struct core_stream *next;    /* ctx stream list / free list; g_rt.lock */
    struct core_hostjob hj;      /* its host function in flight (core/runtime/hostpool.h) */
    _Atomic uint32_t enq;        /* A: model executions being queued (T7) */
};

aclError core_stream_create_locked(struct core_ctx *c, bool is_default, uint32_t prio,
                                   uint32_t flags, struct core_stream **out);
void core_stream_destroy_locked(struct core_stream *s, bool force);
/* A context's default stream (core_hooks.ctx_init_locked, g_rt.lock held), and
 * every stream of a context being destroyed (from its ctx_fini_locked). */
/* aclrtSynchronizeDevice under the name fn: every stream of the current
 * context's device finishes what it has queued. core_device_sync_until: the
 * same after the init check, until deadline (0: none; core_timeout). */
aclError core_device_sync(const char *fn);
aclError core_device_sync_until(uint64_t deadline, const char *fn);
aclError core_stream_ctx_init_locked(struct core_ctx *c);
void core_stream_ctx_fini_locked(struct core_ctx *c);
/* Stream state callbacks (core/stream/state.c): call the registered ones, outside every lock;
 * register one under regName (aclrtRegStreamStateCallback under the name fn). */
void rt_stream_state_fire(aclrtStream stream, aclrtStreamState state);
aclError core_stream_state_register(const char *regName, aclrtStreamStateCallback callback,
                                    void *args, const char *fn);
/* Task abort of a device (core/stream/abort.c): register a callback (aclrtSetDeviceTaskAbort-
 * Callback under the name fn); abort every stream of a checked device, timeout in ms checked. */
aclError core_device_abort_register(const char *regName, aclrtDeviceTaskAbortCallback callback,
                                    void *args, const char *fn);
aclError core_device_task_abort(int32_t deviceId, uint32_t timeout, const char *fn);

/* The stream calls of core/api/stream.c under the name fn, after their argument checks
 * (stream not NULL; for query, status not NULL): create in the current context and fire
 * CREATE_POST; fire DESTROY_PRE and destroy (not a default or capturing stream); the
 * completion status of s resolved with tag; the streams still available to context c (and the
 * worker index of s, below); drop
 * what s has not started (not while it captures); the handle of c's default stream. */
aclError core_stream_create(aclrtStream *stream, uint32_t prio, uint32_t flags, const char *fn);
aclError core_stream_destroy(aclrtStream stream, bool force, const char *fn);
aclError core_stream_query(struct core_stream *s, uint64_t tag, aclrtStreamStatus *status,
                           const char *fn);
uint32_t core_stream_available(struct core_ctx *c);
/* The index of s's worker among its device's (cpuaclStreamGetWorker). */
uint32_t core_stream_worker(struct core_stream *s);
aclError core_stream_abort(struct core_stream *s, const char *fn);
aclError core_stream_ctx_default(struct core_ctx *c, aclrtStream *stream, const char *fn);

/* aclrtSetStreamFailureMode and aclrtGetStreamAttribute under the name fn
 * (core/stream/stream.c, core/stream/attr.c). */
aclError core_stream_set_failure_mode(aclrtStream stream, uint64_t mode, const char *fn);
aclError core_stream_attribute(aclrtStream stream, aclrtStreamAttr stmAttrType,
                               aclrtStreamAttrValue *value, const char *fn);
/* Attributes and their extras (core/stream/attr.c), the stream resolved and the value
 * checked: set an attribute kept in the attribute table (overflow switch, user tag,
 * op-info cache); the overflow switch of s; the status block of device dev; queue an Npu
 * overflow status task (out: copy the status there, NULL: clear it); wait out a persistent
 * stream s's queued tasks (107016 while bound to a model); queue a profiling trace mark of
 * length (1..CORE_PROF_TRACE_BYTES) bytes. */
#define CORE_NPU_STATUS_BYTES 64 /* the status block the reference's status task writes */
#define CORE_PROF_TRACE_BYTES 18
aclError core_stream_attr_set(struct core_stream *s, aclrtStreamAttr a, uint32_t v, const char *fn);
uint32_t core_stream_overflow_switch(struct core_stream *s);
void *core_stream_overflow_block(int32_t dev);
aclError core_stream_npu_status(void *out, aclrtStream stream, const char *fn);
aclError core_stream_persistent_clean(struct core_stream *s, const char *fn);
aclError core_stream_prof_trace(const void *userdata, int32_t length, aclrtStream stream,
                                const char *fn);
/* Core-count limits (core/stream/limits.c), type checked: s's own limit or else its device's;
 * set and forget s's own; bind the calling thread to s's resources (use) or release that
 * binding (107000 if it was not s's); the limit of the thread's bound stream or else of
 * context c's device. */
uint32_t core_stream_res_limit(struct core_stream *s, aclrtDevResLimitType type);
void core_stream_res_limit_set(struct core_stream *s, aclrtDevResLimitType type, uint32_t value);
void core_stream_res_limit_reset(struct core_stream *s);
aclError core_stream_res_thread(struct core_stream *s, bool use, const char *fn);
uint32_t core_stream_res_thread_limit(struct core_ctx *c, aclrtDevResLimitType type);

/* State callbacks of default and model-internal streams (core/stream/attr.c): noted under
 * g_rt.lock by create/destroy, reported by core_deferred_run (core/runtime/callbacks.h) after the API call dropped it. */
void core_ss_defer_locked(uint64_t handle, aclrtStreamState state);
/* Worker hook: a destroyed stream's worker let go of it (lock-free; stream.c). */
void core_stream_released(struct sched_stream *s);
/* Wait until the stream has run everything submitted so far and report its
 * error state. Used by synchronise calls and by destroy. */
aclError core_stream_sync(struct core_stream *s, uint64_t deadline_ns, const char *fn);
/* core_stream_sync for a caller that resolved the stream with its incarnation
 * tag (SD6 in docs/design.md; 0: no check): a destroy of that incarnation
 * before or while it waits gives ACL_ERROR_RT_INVALID_HANDLE, never the
 * counters or the error of the stream that reuses the record. */
aclError core_stream_sync_tag(struct core_stream *s, uint64_t tag, uint64_t deadline_ns,
                              const char *fn);
/* Wait until the stream finished target tasks (deadline 0: none; nonzero when
 * it passed first), serving the caller's report queues meanwhile (CB4). Every
 * runtime wait for a stream goes through it. */
int core_stream_wait_serving(struct sched_stream *ss, uint64_t target, uint64_t deadline_ns);
/* The same, also returning 0 once the stream's tag is no longer `tag` (0: no
 * check); the caller re-checks the tag. */
int core_stream_wait_serving_tag(struct sched_stream *ss, uint64_t target, uint64_t deadline_ns,
                                 uint64_t tag);


/* The error half of core_stream_resolve (cold). */
aclError core_stream_resolve_fail(aclrtStream h, struct core_stream *s, const char *fn);
/* T7: a submission owning s found its tag changed: cancel the reserved slot
 * and return ACL_ERROR_RT_INVALID_HANDLE with the message set (cold). */
aclError core_stream_gone(struct core_stream *s, const char *fn);
/* Resolve a stream handle and take g_rt.lock with the stream still live under
 * it (a racing destroy unlinks under the lock, SD1) and the runtime not being
 * finalized (T3, core_lock_live); on success the lock is
 * held, on failure not. */
aclError core_stream_resolve_lock(aclrtStream stream, struct core_stream **s, const char *fn);
/* g_rt.lock held: whether s is still the incarnation tag named (107017 if not). */
aclError core_stream_live_locked(struct core_stream *s, uint64_t tag, const char *fn);
/* T7: model enqueues on s (counted under g_rt.lock): done, and wait for none. */
void core_stream_enqueue_done(struct core_stream *s);
void core_stream_wait_enqueues(struct core_stream *s);

/* Whether s's tasks go to a capture (capturing, or bound to a model being built). */
static inline bool core_stream_capturing(struct core_stream *s)
{
    return atomic_load_explicit(&s->cap, memory_order_relaxed) != NULL; /* relaxed: A1 */
}

/*
 * Resolve a stream argument: NULL means the current context's default stream.
 * Checks the handle and that the stream belongs to the current context. On
 * every submission, so the success path is inline and branch-light.
 */
static inline aclError core_stream_resolve(aclrtStream h, struct core_stream **out,
                                           const char *fn)
{
    struct core_ctx *c = core_ctx_current();
    /* relaxed (__atomic on plain fields): a racing destroy clears
     * default_stream and s->ctx (T1); the memory is type-stable (L1), so a
     * stale read only fails the check below or the generation check. */
    struct core_stream *s = h ? (struct core_stream *)core_table_lookup(&g_rt.streams, h)
                              : (c ? __atomic_load_n(&c->default_stream, __ATOMIC_RELAXED) : NULL);
    *out = s; /* also on failure, so callers' compilers see it written */
    if (__builtin_expect(!s || !c || __atomic_load_n(&s->ctx, __ATOMIC_RELAXED) != c, 0))
        return core_stream_resolve_fail(h, s, fn);
    return ACL_SUCCESS;
}

/*
 * core_stream_resolve for a submission: also the incarnation tag to check
 * while owning the stream (T7). An explicit handle is its own tag. For NULL,
 * the default stream's tag is read before the context's generation is
 * checked (acquire, so in that order): a context still live then had not
 * started destroying its default stream, so the tag is that stream's (or 0,
 * and the submission fails). Same loads as core_stream_resolve plus the tag.
 */
static inline aclError core_stream_resolve_tag(aclrtStream h, struct core_stream **out,
                                               uint64_t *tag, const char *fn)
{
    /* relaxed: SN1, a submission racing with the lock is drained by the lock */
    if (__builtin_expect(atomic_load_explicit(&core_snap_state, memory_order_relaxed) != 0, 0)) {
        aclError g = core_snapshot_gate(fn);
        if (g)
            return g;
    }
    if (h) {
        *tag = (uint64_t)(uintptr_t)h;
        return core_stream_resolve(h, out, fn);
    }
    struct core_ctx *c = core_t_ctx;
    /* relaxed: as in core_stream_resolve (contexts and streams are type-stable, L1) */
    struct core_stream *s = c ? __atomic_load_n(&c->default_stream, __ATOMIC_RELAXED) : NULL;
    *out = s;
    /* acquire: pairs with the release in create; orders the generation check after it */
    *tag = s ? atomic_load_explicit(&s->s.tag, memory_order_acquire) : 0;
    /* acquire: as in core_ctx_current */
    if (__builtin_expect(!s || atomic_load_explicit(&c->gen, memory_order_acquire) !=
                                   core_t_ctx_gen ||
                             __atomic_load_n(&s->ctx, __ATOMIC_RELAXED) != c,
                         0))
        return core_stream_resolve_fail(NULL, s, fn);
    return ACL_SUCCESS;
}


#endif
