/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core/runtime/: the runtime's root (g_rt: its lock, configuration, handle
 * tables, free lists) and the rules every object of core/ follows. The
 * objects themselves live in their rooms: core/device (devices, contexts),
 * core/stream, core/event, core/memory, core/model ... (docs/design.md).
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
 *   1. g_rt.lock (core/runtime/runtime.c): structure of everything (L3). Dropped, never
 *      held, while waiting for streams or models to drain.
 *   2. core_model.exec_lock (core/model/capture_pvt.h): a model's executions (submission
 *      order, exec_submitted); taken under g_rt.lock or alone, and g_rt.lock
 *      is never taken while it is held.
 *   3. core_report.lock (hostfn.c): a report queue's node list (leaf).
 *   4. (none: the executor pool, ops/engine/exec.c, is lock-free now.)
 *   4b. core/model/capture.c g_nc.lock: recycled lane node arrays (leaf; under 1
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
 *  T8. Captured submission vs teardown (core/model/capture.c T8). A captured
 *      task is written into its model's lane without the lock or the ring;
 *      the submitter announces itself on the stream first, and a context
 *      teardown clears the streams' capture pointers, then waits announced
 *      submitters out with the lock dropped before it frees the capture and
 *      the model (race_matrix: "model/taskgroup: create | finalize" crashed
 *      about once in 25 runs before). aclmdlRICaptureEnd does the same before
 *      it reads the lanes (capture_stop_locked): another thread's captured
 *      launch may be under way in a RELAXED capture (capture_end_race).
 *  T9. A device's workers stop only when no teardown of it is in progress:
 *      every teardown that drops the lock while the device's work drains (a
 *      stream destroy, a whole context's teardown: its models' executions, its
 *      streams) counts itself in core_device.draining, and core_device_unuse
 *      waits for 0. A context being torn down is on no list (T1), so a racing
 *      reset of the device's next context saw nothing left and stopped the
 *      workers under it: its executions never finished, or its streams were
 *      released to the restarted workers (the fuzzer's
 *      crash-stream-release-vs-reset-force, list_del on an empty list).
 */
#ifndef CPUACL_CORE_RUNTIME_RUNTIME_H
#define CPUACL_CORE_RUNTIME_RUNTIME_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/runtime/config.h"
#include "core/runtime/handle.h"

#define CORE_MAX_DEVICES 64 /* docs/runtime.md: device_count 1..64 (mem/ MEM_DEV_MAX, peer bit masks) */
#define CORE_MAX_WORKERS_PER_DEVICE 64
#define CORE_MAX_STREAMS_PER_DEVICE 1984 /* default streams included (reference) */
#define CORE_MAX_EVENTS_PER_DEVICE 65536

struct core_ctx;
struct core_stream;

struct core_runtime {
    pthread_mutex_t lock;
    uint32_t init_count;          /* lock */
    bool implicit;                /* lock: up without an aclInit reference (GEInitialize) */
    _Atomic bool initialised;     /* A: release at init, acquire in entry points */
    struct core_config cfg;       /* I while initialised */
    struct core_table ctxs, streams, events, models, taskgrps;
    _Atomic uint64_t peer[CORE_MAX_DEVICES]; /* A: bit p of [d]: d may access p's memory */
    struct core_ctx *free_ctxs;       /* recycled contexts, lock */
    struct core_stream *free_streams; /* recycled streams (with rings), lock */
    struct core_stream *_Atomic released; /* A: let go by workers, not yet recycled */
    _Atomic uint32_t releasing; /* A: destroyed streams not yet let go by their workers (SD8) */
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

/* Bytes of one element of dataType, 0 for strings, sub-byte and unknown types
 * (aclDataTypeSize; core/runtime/base.c). */
size_t core_dtype_size(aclDataType dataType);

/* The start most entry points share: the runtime is initialised (else
 * ACL_ERROR_UNINITIALIZE naming fn), then the arguments are usable (else
 * ACL_ERROR_INVALID_PARAM with the message "fn: what"). */
static inline aclError core_api_args(bool ok, const char *what, const char *fn)
{
    CORE_REQUIRE_INIT_AS(fn);
    if (__builtin_expect(!ok, 0))
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, what);
    return ACL_SUCCESS;
}

/* Register the calling thread with liburcu (idempotent, cheap after first). */
void core_rcu_thread_online(void);
/* The calling thread leaves liburcu (a worker that stops). */
void core_rcu_thread_offline(void);

/* Validate an AscendCL timeout (-1 or > 0 ms) into an absolute deadline. */
aclError core_timeout(int32_t timeout, uint64_t *deadline_ns, const char *fn);

/* Snapshots (core/process/snapshot.c SN1): nonzero while the process is locked; a
 * submission then passes core_snapshot_gate (waits for the unlock, or fails
 * on the locking thread). */
extern _Atomic int core_snap_state;
aclError core_snapshot_gate(const char *fn);

#endif
