/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core/: the runtime objects behind the AscendCL API (devices, contexts,
 * streams, events) and the helpers every entry point uses: error recording,
 * handle resolution, the calling thread's current context.
 *
 * Object lifetime rules:
 *  L1. Contexts and streams are type-stable: their structures (and a stream's
 *      ring) are recycled through free lists, never returned to the system
 *      before aclFinalize. A handle carries a generation; a stale handle
 *      fails the generation check, and even a racing stale access touches
 *      valid memory of the right type, never freed memory.
 *  L2. Events are RCU-protected: looked up under rcu_read_lock, unlinked at
 *      destroy, and freed by call_rcu when the last reference (the user's
 *      plus one per queued record/wait/reset task) is dropped.
 *  L3. Structural changes (create/destroy of contexts, streams, events,
 *      device set/reset) take the runtime lock g_rt.lock; the task paths take
 *      no lock.
 *
 * Atomics (every atomic operation in core/ names its order and a reason;
 * these two cover the common cases):
 *  A1. s->cap, s->cbq and ev->cap_id are written only under g_rt.lock, and
 *      every access is relaxed: under the lock, the lock orders them; outside
 *      it (the submit path's capture check, the capture state of an event
 *      being recorded or waited on) they are hints that decide whether to
 *      take the lock, and a submission racing with the Begin, End, Subscribe
 *      or Bind that changes them is the user's race. Nothing is published
 *      through them (the records they point to are only read under the lock).
 *  A2. Counters that are limits, hints or statistics (dev->nevents,
 *      core_ncaptures, worker statistics, nattached) are relaxed: nothing is
 *      published through them.
 *
 * Lock ranks: a thread holding one of these takes only locks further down
 * the list (none is taken twice, none is held across a wait for a worker
 * except where said):
 *   1. g_rt.lock (runtime.c): structure of everything (L3). Dropped, never
 *      held, while waiting for streams or models to drain.
 *   2. core_model.exec_lock (capture.h): a model's executions (submission
 *      order, exec_submitted); taken under g_rt.lock or alone, and g_rt.lock
 *      is never taken while it is held.
 *   3. core_report.lock (hostfn.c): a report queue's node list (leaf).
 *   4. (none: the executor pool, ops/exec.c, is lock-free now.)
 *   4b. core/capture.c g_nc.lock: recycled lane node arrays (leaf; under 1
 *      or alone).
 *   5. sched/worker.c g_create_lock: worker start (under 1).
 *   6. sched_stream.share_lock (sched/stream.h S6): a shared stream's
 *      producers, held across one submission (which may wait for ring space:
 *      then it takes 9).
 *   7. sched/stream.c g_claim_lock, g_prod_lock: ownership claims and the
 *      producer records (leaves; a claimer releases g_claim_lock before it
 *      takes a share_lock).
 *   8. sched_worker.mbox_lock (sched/worker.h): a worker's mailbox (leaf,
 *      under 1 at stream creation and destruction).
 *   9. sched_waitq.lock (sched/waitq.h): waiters of a stream's head (leaf).
 *  10. mem/devmem.c pools_lock > tc_lock, map_lock (D6; jemalloc's own locks
 *      come before map_lock, in the extent hooks); mem/thread.c list_lock
 *      (mem_op_synchronize, under pools_lock only); mem/registry.c
 *      prune_lock (leaf). Device teardown takes pools_lock under 1.
 *
 * Teardown rules (issue 11; every destroy, reset and finalize path):
 *  T1. Unlink before dropping the lock: a teardown first makes the object
 *      unreachable (core_table_remove bumps the handle's generation; list
 *      links go), and only then may it drop g_rt.lock to drain work. Another
 *      thread can therefore never find a dying object, so it cannot free it
 *      a second time or make it current again.
 *  T2. Every teardown is idempotent: a second destroy of the same handle
 *      gets its invalid-handle code (ACL_ERROR_RT_INVALID_HANDLE, or
 *      ACL_ERROR_INVALID_PARAM where the reference says so), never a crash;
 *      internal teardown helpers tolerate being reached twice (flags such as
 *      core_model.unlinked).
 *  T3. Finalize first marks the runtime dead (g_rt.initialised = false)
 *      under the lock; every path that creates state re-checks it after
 *      taking the lock (core_lock_live), so a call that arrives during or
 *      after finalize fails with ACL_ERROR_UNINITIALIZE and nothing is
 *      resurrected. Calls that only use a context fail with
 *      ACL_ERROR_RT_CONTEXT_NULL once its generation moved.
 *  T4. A call that waits without the lock (aclrtProcessReport, stream and
 *      model drains) holds a reference to what it waits on; finalize and
 *      reset wake such waiters (queues are closed, blocked callbacks are
 *      released unrun) and the last reference frees the object.
 *  T5. A context is made current only with a generation read before a
 *      second successful lookup (aclrtSetCurrentContext), so a racing
 *      destroy leaves the thread with no current context, never a dead one.
 *  T7. Submission vs stream destroy (sched/stream.h S7). A submission
 *      resolves the stream with its incarnation tag (core_stream_resolve_tag:
 *      the handle, or for NULL the default stream's tag read while its
 *      context is live) and compares it with the stream's tag while it owns
 *      the stream, before it publishes anything (core_task_end, or right
 *      after sched_stream_reserve where the record has side effects). A
 *      destroy stores tag 0 under the lock, then quiesces the stream's
 *      producers and waits for model enqueues (core_model_for_exec counts
 *      them under the lock) before it reads the tail it drains to. So a
 *      submission racing a destroy either has its task run before the
 *      destroy returns or fails with ACL_ERROR_RT_INVALID_HANDLE (and
 *      releases what it holds); it never lands in a later stream that
 *      reuses the record, and nothing is left in the ring when it is
 *      recycled. Checking a tag is one load on the producer's own line,
 *      instead of an RCU read section around every submission.
 *  T8. Captured submission vs teardown (core/capture.c T8). A captured
 *      task is written into its model's lane without the lock or the ring;
 *      the submitter announces itself on the stream first, and a context
 *      teardown clears the streams' capture pointers, then waits announced
 *      submitters out with the lock dropped before it frees the capture and
 *      the model (race_matrix: "model/taskgroup: create | finalize" crashed
 *      about once in 25 runs before).
 */
#ifndef CPUACL_CORE_CORE_H
#define CPUACL_CORE_CORE_H

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include <urcu/urcu-memb.h>

#include "acl/acl.h"
#include "core/config.h"
#include "core/err.h"
#include "core/fault.h"
#include "core/hostpool.h"
#include "sched/cond.h"
#include "sched/stream.h"

#define CORE_MAX_DEVICES 64 /* docs/behaviour.md: device_count 1..64 (mem/ MEM_DEV_MAX, peer bit masks) */
#define CORE_MAX_WORKERS_PER_DEVICE 64
#define CORE_MAX_STREAMS_PER_DEVICE 1984 /* default streams included (reference) */
#define CORE_MAX_EVENTS_PER_DEVICE 65536

/* ---- handles ------------------------------------------------------------ */

enum core_htype {
    CORE_H_CONTEXT = 0xC1,
    CORE_H_STREAM = 0xC2,
    CORE_H_EVENT = 0xC3,
    CORE_H_MODEL = 0xC4,
    CORE_H_TASKGRP = 0xC5,
    CORE_H_DRVMEM = 0xC6, /* aclrtDrvMemHandle (core/vmm.c) */
    CORE_H_MODEL_TASK = 0xC7, /* aclmdlRITask values (core/capture.c): never in a table */
    CORE_H_MBUF = 0xC8, /* aclrtMbuf / acltdtBuf values (core/rt_buf.c) */
};

/*
 * A handle is tag:8 | generation:32 | index+1:24, never 0. The table is a
 * two-level array of slots whose chunks are never freed, so a lookup of any
 * value is memory-safe.
 */
struct core_slot {
    _Atomic uint32_t gen; /* A: bumped at unlink */
    void *_Atomic obj;    /* A: NULL when free */
};

#define CORE_TABLE_CHUNK 1024u
#define CORE_TABLE_CHUNKS 1024u

struct core_table {
    struct core_slot *_Atomic chunks[CORE_TABLE_CHUNKS];
    uint8_t tag;
    uint32_t nslots;   /* guarded by g_rt.lock */
    uint32_t *free;    /* stack of free indices, guarded by g_rt.lock */
    uint32_t nfree, capfree;
};

/* Insert obj; returns its handle, 0 when the table is full. Lock held. */
uint64_t core_table_insert(struct core_table *t, void *obj);
/* Unlink the object of handle h (its handle dies). Lock held. */
void core_table_remove(struct core_table *t, uint64_t h);

static inline void *core_table_lookup(struct core_table *t, const void *handle)
{
    uint64_t h = (uint64_t)(uintptr_t)handle;
    uint32_t idx = (uint32_t)(h & 0xFFFFFF);
    if ((h >> 56) != t->tag || idx == 0)
        return NULL;
    idx--;
    if (idx >= CORE_TABLE_CHUNK * CORE_TABLE_CHUNKS)
        return NULL;
    /* acquire: pairs with the release store that published the chunk. */
    struct core_slot *c = atomic_load_explicit(&t->chunks[idx / CORE_TABLE_CHUNK],
                                               memory_order_acquire);
    if (!c)
        return NULL;
    struct core_slot *s = &c[idx % CORE_TABLE_CHUNK];
    /* acquire: pairs with the release in insert, so the object is initialised. */
    void *obj = atomic_load_explicit(&s->obj, memory_order_acquire);
    /* relaxed: after obj's acquire; a stale match races with destroy (L1, L2). */
    if (!obj || atomic_load_explicit(&s->gen, memory_order_relaxed) != (uint32_t)(h >> 24))
        return NULL;
    return obj;
}

/* ---- objects ------------------------------------------------------------ */

struct core_ctx;
struct core_capture;
struct core_report;

struct core_device {
    int32_t id;
    uint32_t refcount;       /* aclrtSetDevice count; g_rt.lock */
    uint32_t users;          /* explicit contexts alive; g_rt.lock */
    bool active;             /* workers running; g_rt.lock */
    uint32_t worker_base;    /* I: first global worker index */
    uint32_t nworkers;       /* g_rt.lock */
    uint32_t nstreams;       /* g_rt.lock, default streams included */
    uint32_t draining;       /* stream destroys draining without the lock; g_rt.lock */
    _Atomic uint32_t nevents; /* A: live events */
    struct core_ctx *default_ctx; /* g_rt.lock */
    struct core_ctx *contexts;    /* all live contexts, g_rt.lock */
};

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
    struct core_hostjob hj;      /* its host function in flight (core/hostpool.h) */
    _Atomic uint32_t enq;        /* A: model executions being queued (T7) */
};

#define CORE_SCACHE_SLOTS 16u /* core_ctx.scache */

struct core_ctx {
    _Atomic uint32_t gen;        /* A: generation of the live incarnation */
    uint64_t handle;             /* I */
    struct core_device *dev;     /* I */
    bool is_default;             /* I */
    bool stop_on_fail;           /* a stream was set ACL_STOP_ON_FAILURE; g_rt.lock */
    struct core_stream *default_stream; /* I */
    struct core_stream *streams; /* explicit streams, g_rt.lock */
    struct core_event *events;   /* live events, g_rt.lock */
    struct core_model *models;   /* live model run instances, g_rt.lock */
    struct core_capture *captures; /* active captures, g_rt.lock */
    struct core_ctx *next;       /* device list / free list, g_rt.lock */
    /* A: streams of this context by handle index (CORE_SCACHE_SLOTS, core/task.h
     * core_submit_try): a hint the submit fast path checks with the stream's tag;
     * written by slow paths (release, read with acquire), any stream pointer
     * (type-stable, L1) or NULL */
    _Alignas(SCHED_CACHELINE) struct core_stream *_Atomic scache[CORE_SCACHE_SLOTS];
};

enum core_event_api { CORE_EV_PLAIN, CORE_EV_WITHFLAG, CORE_EV_EX };

/* Completion of an event's records, per recording stream: records on one
 * stream complete in order, so "record k (made on stream i) has run" is
 * exactly "the highest completed record of stream i is >= k". */
#define CORE_EVENT_SLOTS 8
struct core_event_slot {
    _Atomic uint32_t key;  /* A: recording stream's handle index (>= 1), 0 = free */
    _Atomic uint64_t done; /* A: highest record sequence completed on that stream */
    _Atomic uint64_t ts;   /* A: worker clock when that record ran */
};
/* Slots come in chunks: one inside the event, more appended (CAS on next)
 * when an event is recorded on more streams; freed with the event. */
struct core_event_slots {
    struct core_event_slot s[CORE_EVENT_SLOTS];
    struct core_event_slots *_Atomic next;
};

/* Laid out by writer: the worker-written completion state, the host-written
 * submission state and the reference count each have their own cache line,
 * so recording an event does not pull the line the worker just wrote. */
struct core_event {
    /* Written by workers (record tasks). */
    _Alignas(SCHED_CACHELINE) struct sched_cond cond; /* value = records completed (count) */
    _Atomic int32_t rec_err;     /* A: the recording stream's pending error at the record */
    struct core_stream *_Atomic rec_stream; /* A: stream of the last completed record */
    _Atomic uint64_t rec_handle; /* A: its handle then, to tell a recycled stream apart */
    struct core_event_slots slots;
    /* Written by submitting threads. */
    _Alignas(SCHED_CACHELINE) _Atomic uint64_t desc; /* A: latest record: seq << 24 | stream */
    _Atomic uint64_t reset_upto; /* A: records up to this were reset */
    /* Both (taken at submission, dropped by the worker). */
    _Alignas(SCHED_CACHELINE) _Atomic uint32_t refs; /* A: user + queued tasks */
    uint32_t flags;              /* I */
    uint8_t api;                 /* I: enum core_event_api */
    /* A: the record flag this event is used with, fixed by its first record
     * (0 none yet, 1 ACL_EVENT_RECORD_DEFAULT, 2 ACL_EVENT_RECORD_EXTERNAL) */
    _Atomic uint8_t recflag;
    uint64_t handle;             /* I */
    struct core_ctx *ctx;        /* I (type-stable) */
    struct core_event *next, *prev; /* ctx list, g_rt.lock */
    /* While recorded in an active capture (capture lock): */
    _Atomic uint64_t cap_id;     /* A: id of that capture, 0 = none */
    uint32_t cap_lane, cap_sig;  /* lane and signal number of the latest record */
    /* Capture in which the event had an ACL_EVENT_RECORD_EXTERNAL record or an
     * ACL_EVENT_WAIT_EXTERNAL wait (at most one per graph), 0 = none; g_rt.lock */
    uint64_t xcap_id;
    uint8_t xcap_rec;            /* that use was a record (1) or a wait (0); g_rt.lock */
    struct rcu_head rcu;
    /* A: shared with other processes (aclrtIpcGetEventHandle / aclrtIpcOpenEventHandle,
     * core/ipc.c); set once with a release store, loaded with acquire (event.c V5). */
    struct core_ipc_obj *_Atomic ipc;
};

/* The three writer groups of an event each start a cache line (see above). */
_Static_assert(__builtin_offsetof(struct core_event, cond) == 0, "worker-written state first");
_Static_assert(__builtin_offsetof(struct core_event, desc) % SCHED_CACHELINE == 0 &&
                   __builtin_offsetof(struct core_event, desc) >=
                       __builtin_offsetof(struct core_event, slots) +
                           sizeof(struct core_event_slots),
               "submission state on its own line, after the worker-written state");
_Static_assert(__builtin_offsetof(struct core_event, refs) % SCHED_CACHELINE == 0 &&
                   __builtin_offsetof(struct core_event, refs) >=
                       __builtin_offsetof(struct core_event, reset_upto) + sizeof(uint64_t),
               "the reference count on its own line");
_Static_assert(sizeof(struct core_event_slot) == 24, "a completion slot is three words");

/* ---- runtime ------------------------------------------------------------ */

struct core_runtime {
    pthread_mutex_t lock;
    uint32_t init_count;          /* lock */
    _Atomic bool initialised;     /* A: release at init, acquire in entry points */
    struct core_config cfg;       /* I while initialised */
    struct core_device dev[CORE_MAX_DEVICES];
    struct core_table ctxs, streams, events, models, taskgrps;
    _Atomic uint64_t peer[CORE_MAX_DEVICES]; /* A: bit p of [d]: d may access p's memory */
    struct core_ctx *free_ctxs;       /* recycled contexts, lock */
    struct core_stream *free_streams; /* recycled streams (with rings), lock */
    struct core_stream *_Atomic released; /* A: let go by workers, not yet recycled */
};

extern struct core_runtime g_rt;

static inline bool core_initialised(void)
{
    /* acquire: pairs with the release in aclInit; the config is visible. */
    return atomic_load_explicit(&g_rt.initialised, memory_order_acquire);
}

/* Take g_rt.lock for a path that creates state (T3): ACL_SUCCESS with the
 * lock held, or ACL_ERROR_UNINITIALIZE (message set) without it when the
 * runtime is finalized or being finalized. */
aclError core_lock_live(const char *fn);

/* Return ACL_ERROR_UNINITIALIZE from the caller before aclInit. The message
 * names the API call: CORE_REQUIRE_INIT(fn) in a helper that receives the
 * API's name as fn, CORE_REQUIRE_INIT() in the entry point itself. */
#define CORE_REQUIRE_INIT(...) CORE_REQUIRE_INIT_AS(CORE_PICK2_(__func__, ##__VA_ARGS__, __func__))
#define CORE_PICK2_(a, b, ...) b
#define CORE_REQUIRE_INIT_AS(api)                                                          \
    do {                                                                                   \
        if (__builtin_expect(!core_initialised(), 0))                                      \
            return core_err(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called",     \
                            (api));                                                        \
    } while (0)

/* The calling thread's current context and its generation when set. Initial-
 * exec TLS: no __tls_get_addr call on the submit path (16 bytes of static TLS). */
extern __thread struct core_ctx *core_t_ctx __attribute__((tls_model("initial-exec")));
extern __thread uint32_t core_t_ctx_gen __attribute__((tls_model("initial-exec")));

/* The calling thread's current context (validated), NULL if none. */
static inline struct core_ctx *core_ctx_current(void)
{
    struct core_ctx *c = core_t_ctx;
    /* acquire: pairs with the release bump at destroy; a context whose
     * generation still matches is live (contexts are type-stable, L1). */
    if (c && atomic_load_explicit(&c->gen, memory_order_acquire) == core_t_ctx_gen)
        return c;
    return NULL;
}
/* Make ctx the calling thread's current context (NULL clears). */
void core_ctx_set_current(struct core_ctx *ctx);

/* Register the calling thread with liburcu (idempotent, cheap after first). */
void core_rcu_thread_online(void);

/* Device helpers (lock held). */
aclError core_device_use(struct core_device *d);
void core_device_unuse(struct core_device *d);
struct core_ctx *core_ctx_create_locked(struct core_device *d, bool is_default);
void core_ctx_destroy_locked(struct core_ctx *c);
aclError core_stream_create_locked(struct core_ctx *c, bool is_default, uint32_t prio,
                                   uint32_t flags, struct core_stream **out);
void core_stream_destroy_locked(struct core_stream *s, bool force);
/* State callbacks of default and model-internal streams (core/stream_attr.c): noted under
 * g_rt.lock by create/destroy, reported by core_ss_flush after the API call dropped it. */
void core_ss_defer_locked(uint64_t handle, aclrtStreamState state);
void core_ss_flush(void);
/* Wait (lock held, dropped meanwhile) until no stream destroy of d is
 * draining: its workers may stop only then (T1). */
void core_device_wait_drains_locked(struct core_device *d);
/* Everything of a device goes (aclrtResetDeviceForce at count 0, aclFinalize). Lock held. */
void core_device_teardown_locked(struct core_device *d);
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

/* Validate an AscendCL timeout (-1 or > 0 ms) into an absolute deadline. */
aclError core_timeout(int32_t timeout, uint64_t *deadline_ns, const char *fn);

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
/* Snapshots (core/snapshot.c SN1): nonzero while the process is locked; a
 * submission then passes core_snapshot_gate (waits for the unlock, or fails
 * on the locking thread). */
extern _Atomic int core_snap_state;
aclError core_snapshot_gate(const char *fn);

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
