/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tasks as core submits them: the kinds, and the submission path that
 * writes a task into a stream's ring or, when the stream is capturing, into
 * its capture (core/model/capture.c).
 */
#ifndef CPUACL_CORE_TASK_H
#define CPUACL_CORE_TASK_H

#include "core/device/device.h"
#include "core/runtime/runtime.h"
#include "core/stream/stream.h"

/*
 * Task kinds. Every kind has one descriptor (struct core_task_desc), defined
 * next to its run function, and one line in CORE_TASK_KINDS; the kind number
 * (sched_task.kind), the table core_task_desc() reads and the trace and
 * model-dump names all come from that line. Adding a kind is one line here
 * plus its descriptor.
 *
 * The submit path does not read the table: a submitter writes its run
 * function and kind straight into the record. The table is read when a task
 * is captured (core_capture_end: may it be recorded, how does the copy
 * replay, what does the copy hold until the model goes) and when traces and
 * model dumps name tasks.
 */
struct core_task_desc {
    const char *name;     /* in traces and model dumps ("kernel", "memcpy", ...) */
    sched_task_fn run;    /* the run function submissions of this kind use */
    /* Run function of a captured copy (the same record replays at every
     * execution), NULL when the kind cannot be captured: such a submission
     * to a capturing stream fails with 207000 and invalidates the capture.
     * Event records and waits never get here (core_capture_record/wait turn
     * them into the plan's SIGNAL and WAIT nodes). */
    sched_task_fn replay;
    uint8_t replay_flags; /* SCHED_TF_* flags a captured copy gets */
    /* What a captured copy holds until its model is destroyed: sets *fn (NULL
     * = nothing) and *arg. NULL when the kind holds nothing. */
    void (*release)(const struct sched_task *t, void (**fn)(void *), void **arg);
    /* Tracing only (sched_trace_note, core/tools/trace.c): what the trace names the task
     * by, read from its record before it runs. note[0]: a name of static storage, or 0 for
     * the kind's name; note[1], note[2]: per kind (kernel and host function: the function;
     * memcpy: bytes and aclrtMemcpyKind; memset: bytes; event record and wait: the event and
     * the record's descriptor, which pair them; model: the model id and lane). NULL: the
     * kind's name alone. */
    void (*note)(const struct sched_task *t, uint64_t note[3]);
};

/*        kind         descriptor (file)                                                    */
#define CORE_TASK_KINDS(X)                                                                 \
    X(KERNEL,       core_task_kernel)       /* cpuaclLaunchKernel* (hostfn.c)            */ \
    X(OWNED,        core_task_owned)        /* core_launch_owned: operators (hostfn.c)   */ \
    X(HOSTFUNC,     core_task_hostfunc)     /* aclrtLaunchHostFunc (hostfn.c)            */ \
    X(CALLBACK,     core_task_callback)     /* aclrtLaunchCallback (hostfn.c)            */ \
    X(RECORD,       core_task_record)       /* event record (event.c)                    */ \
    X(WAIT,         core_task_wait)         /* event wait (event.c)                      */ \
    X(RESET,        core_task_reset)        /* event reset (event.c)                     */ \
    X(XWAIT,        core_task_xwait)        /* captured wait on an outside record (event.c) */ \
    X(XRESET,       core_task_xreset)       /* captured event reset (event.c)            */ \
    X(XRECORD,      core_task_xrecord)      /* captured ACL_EVENT_RECORD_EXTERNAL (event.c) */ \
    X(MEMCPY,       core_task_memcpy)       /* aclrtMemcpyAsync (memory.c)               */ \
    X(MEMCPY2D,     core_task_memcpy2d)     /* aclrtMemcpy2dAsync (memory.c)             */ \
    X(MEMCPY_FAIL,  core_task_memcpy_fail)  /* host-to-host copy failing at sync         */ \
    X(MEMSET,       core_task_memset)       /* aclrtMemsetAsync (memory.c)               */ \
    X(VALUE_WRITE,  core_task_value_write)  /* aclrtValueWrite (memory.c)                */ \
    X(VALUE_WAIT,   core_task_value_wait)   /* aclrtValueWait (memory.c)                 */ \
    X(REDUCE,       core_task_reduce)       /* aclrtReduceAsync (memory.c)               */ \
    X(NOTIFY_RECORD, core_task_notify_record) /* aclrtRecordNotify (notify.c)          */ \
    X(NOTIFY_WAIT,  core_task_notify_wait)  /* aclrtWaitAndResetNotify (notify.c)        */ \
    X(MODEL_EXEC,   core_task_model_exec)   /* model execution: gate, lane 0, join (model.c) */ \
    X(MODEL_LANE,   core_task_model_lane)   /* model execution: lanes 1.. (model.c)      */ \
    X(BLOCKS,       core_task_blocks)       /* core_launch_blocks: multi-block kernels (hostfn.c) */

enum core_task_kind {
    CORE_T_NONE = 0, /* not a core task (named "task") */
#define CORE_TASK_KIND_ENUM(id, desc) CORE_T_##id,
    CORE_TASK_KINDS(CORE_TASK_KIND_ENUM)
#undef CORE_TASK_KIND_ENUM
    CORE_T_COUNT
};

#define CORE_TASK_KIND_DECL(id, desc) extern const struct core_task_desc desc;
CORE_TASK_KINDS(CORE_TASK_KIND_DECL)
#undef CORE_TASK_KIND_DECL

/* The descriptor of a kind, NULL for CORE_T_NONE and unknown kinds (task.c). */
const struct core_task_desc *core_task_desc(uint8_t kind);

/* A kind's name in traces and model dumps; "task" for an unknown kind. */
const char *core_task_kind_name(uint8_t kind);

/* Active captures in the process; 0 lets every capture check short-cut. */
extern _Atomic uint32_t core_ncaptures;

/* A task submitted to a capturing stream. core_capture_begin announces the
 * thread on s (T8 in core/model/capture.c) and gives the record to fill (the
 * lane's next node, or a scratch record); NULL when the capture ended
 * meanwhile (then submit to the ring). core_capture_end appends it to the
 * stream's lane (or, in task-update mode, replaces the next task of the
 * group). core_task_end knows the submission was captured by core_t_capsub,
 * not by re-reading s->cap, which a teardown may clear between the two. */
struct sched_task *core_capture_begin(struct core_stream *s);
aclError core_capture_end(struct core_stream *s, const char *fn);
extern __thread struct core_stream *core_t_capsub __attribute__((tls_model("initial-exec")));
/* Start a submission: a ring slot, or a scratch record when capturing. */
static inline struct sched_task *core_task_begin(struct core_stream *s)
{
    /* relaxed: set by Begin/join on this or another thread; a submission
     * racing with the start of a capture is the user's race. */
    if (__builtin_expect(atomic_load_explicit(&s->cap, memory_order_relaxed) != NULL, 0)) {
        struct sched_task *t = core_capture_begin(s);
        if (t)
            return t;
    }
    return sched_stream_reserve(&s->s);
}

/* Finish a submission started with core_task_begin; tag is the one
 * core_stream_resolve_tag gave. A stream destroyed since (T7) fails with
 * ACL_ERROR_RT_INVALID_HANDLE and nothing published: the caller releases
 * what the record holds, as on any failure. */
static inline aclError core_task_end(struct core_stream *s, uint64_t tag, const char *fn)
{
    if (__builtin_expect(core_t_capsub == s, 0))
        return core_capture_end(s, fn);
    if (__builtin_expect(sched_stream_tag(&s->s) != tag, 0)) /* T7: we own the stream */
        return core_stream_gone(s, fn);
    sched_stream_commit(&s->s);
    return ACL_SUCCESS;
}

/*
 * The submit fast path (issue 16, docs/design.md "Fifth round"). A launch
 * first tries core_submit_try: the common case only (a live current context,
 * the NULL stream or a stream its context's scache knows, no capture, no
 * snapshot lock, the stream owned by this thread on the biased path, room in
 * the ring). It returns the record to fill, or NULL having given back what it
 * took; the launch then tail-calls its slow path, a noinline function that
 * calls sched_stream_fast_missed first (the notify the fast path's leave
 * owes) and starts over with core_stream_resolve_tag and
 * core_task_begin/end, which report every error. A launch built this way,
 * fill and core_submit_done included, makes no call but tail calls, so it
 * needs no stack frame (its prologue's pushes and pops were ~15 of the 139
 * instructions of the submit before).
 *
 * What the slow path checks, the fast path checks too: the context's
 * generation (as core_ctx_current), that the stream belongs to it, and the
 * stream's incarnation tag while owning it (T7). A cached stream pointer is
 * only a guess: streams are type-stable (L1), so reading one is safe, and its
 * tag equal to the handle says it is the handle's live stream. The slow path
 * of an explicit handle notes the stream it resolved (core_scache_note).
 *
 * A stream found capturing (explicit handle) comes back in u->s: the launch
 * may then take a captured path that checks the tag (core_submit_captured)
 * instead of resolving again, and hands its record to core_capture_put (or,
 * for a kind that holds something, to core_task_begin/end).
 */
struct core_sub {
    /* With a record: its stream. Without one: the capturing stream an
     * explicit handle named (core_submit_captured), NULL for the slow path. */
    struct core_stream *s;
    struct sched_producer *me; /* with a record: this thread's producer */
    uint64_t t;                /* with a record: its position */
};

static inline struct sched_task *core_submit_try(aclrtStream h, struct core_sub *u)
{
    u->s = NULL; /* set for a capturing stream only, when NULL is returned */
    /* relaxed: SN1, as in core_stream_resolve_tag */
    if (__builtin_expect(atomic_load_explicit(&core_snap_state, memory_order_relaxed) != 0, 0))
        return NULL;
    struct core_ctx *c = core_t_ctx;
    if (__builtin_expect(!c, 0))
        return NULL;
    uint64_t tag = (uint64_t)(uintptr_t)h;
    struct core_stream *s;
    if (h) {
        /* A guess (see above), checked by the tag while owning
         * (sched_stream_try_reserve): a stale or colliding entry costs an
         * announcement and a detour through the slow path, nothing more.
         * acquire: pairs with the release in core_scache_note, whose thread
         * found s through the table (acquire), so the stream's first set-up
         * is seen before the fields read below. */
        s = atomic_load_explicit(&c->scache[tag % CORE_SCACHE_SLOTS], memory_order_acquire);
        if (__builtin_expect(!s, 0))
            return NULL;
    } else {
        /* relaxed, then acquire: as in core_stream_resolve_tag (the tag
         * before the generation) */
        s = __atomic_load_n(&c->default_stream, __ATOMIC_RELAXED);
        if (__builtin_expect(!s, 0))
            return NULL;
        tag = atomic_load_explicit(&s->s.tag, memory_order_acquire);
    }
    /* acquire: as in core_ctx_current; relaxed s->ctx: as in core_stream_resolve */
    if (__builtin_expect(atomic_load_explicit(&c->gen, memory_order_acquire) != core_t_ctx_gen ||
                             __atomic_load_n(&s->ctx, __ATOMIC_RELAXED) != c,
                         0))
        return NULL;
    /* relaxed: as in core_task_begin (A1) */
    if (__builtin_expect(atomic_load_explicit(&s->cap, memory_order_relaxed) != NULL, 0)) {
        if (h)
            u->s = s; /* for core_submit_captured */
        return NULL;
    }
    struct sched_producer *me = sched_t_producer;
    if (__builtin_expect(!me, 0))
        return NULL;
    struct sched_task *rec = sched_stream_try_reserve(&s->s, me, tag, &u->t);
    if (__builtin_expect(rec != NULL, 1)) {
        u->s = s;
        u->me = me;
    } /* else u->s stays NULL: the slow path, which owes the leave's notify */
    return rec;
}

/* After core_submit_try gave NULL with u->s set, the stream (named by an
 * explicit handle) was capturing: the launch may go to its captured path,
 * which starts with core_submit_captured(h, s) instead of the slow path's
 * full resolve. True when s is still h's live stream (else: slow path).
 * acquire: pairs with the release of the tag at create (core/stream/stream.c), so a
 * stream record found through the scache and recycled since is seen set up
 * for the incarnation named. */
static inline bool core_submit_captured(aclrtStream h, struct core_stream *s)
{
    return atomic_load_explicit(&s->s.tag, memory_order_acquire) == (uint64_t)(uintptr_t)h;
}

/* The captured path's common case (core/model/capture.c): rec, a filled record of a
 * kind that replays as itself and holds nothing, appended to s's capture;
 * CORE_CAPTURE_SLOW (nothing done) when the caller must take its slow path. */
#define CORE_CAPTURE_SLOW (-1)
aclError core_capture_put(struct core_stream *s, const struct sched_task *rec);

/* Publish a record core_submit_try gave, once filled. */
static inline aclError core_submit_done(const struct core_sub *u, struct sched_task *rec)
{
    return (aclError)sched_stream_commit_announced(&u->s->s, rec, u->t, u->me);
}

/* The slow path resolved explicit handle h to s (core_stream_resolve_tag
 * succeeded: s belonged to the calling thread's current context then): the
 * next fast path finds it. The context is the thread's, not s->ctx, which a
 * racing destroy clears; contexts are type-stable (L1), so a store into one
 * that died meanwhile is harmless. */
static inline void core_scache_note(aclrtStream h, struct core_stream *s)
{
    uint64_t v = (uint64_t)(uintptr_t)h;
    struct core_ctx *c = core_t_ctx;
    /* relaxed load: a hint; release store: see core_submit_try. Stored only
     * when it changes, so threads submitting to the context do not share a
     * written line. */
    if (h && atomic_load_explicit(&c->scache[v % CORE_SCACHE_SLOTS], memory_order_relaxed) != s)
        atomic_store_explicit(&c->scache[v % CORE_SCACHE_SLOTS], s, memory_order_release);
}

#endif
