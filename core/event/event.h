/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Events as the rest of core uses them (core/event/event.c): the event
 * record and its lookups. Lifetime rule L2 in core/runtime/runtime.h; the
 * invariants V1-V5 in event.c.
 *
 * Synchronisation table:
 *   create/destroy      vs create/destroy:    g_rt.lock (L3)
 *   record (submit)     vs record (other):    lock-free: CAS on desc (release)
 *   record task (worker) vs query, sync, wait: lock-free: the slot's done is a
 *                                              release max-store, then cond
 *                                              advances (V3); readers acquire
 *   wait task           vs record task:       lock-free: cond read before the
 *                                              check, block on cond (V3)
 *   reset task          vs query:             lock-free: reset_upto CAS
 *                                              (release) / acquire load
 *   any lookup          vs destroy:           RCU read side + inc-not-zero
 *                                              references (L2, V1, V2)
 *   record or wait on a capturing stream:     g_rt.lock (core_capture_record,
 *                                              core_capture_wait; cap_id, A1)
 */
#ifndef CPUACL_CORE_EVENT_EVENT_H
#define CPUACL_CORE_EVENT_EVENT_H

#include <stdatomic.h>
#include <stdint.h>
#include <urcu/urcu-memb.h>

#include "core/device/device.h"
#include "sched/cond.h"

struct core_ipc_obj;
struct sched_task;
struct core_stream;

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
     * core/ipc/ipc.c); set once with a release store, loaded with acquire (event.c V5). */
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

/* The event calls under the name fn, for the other rooms: create (what
 * aclrtCreateEvent, aclrtCreateEventWithFlag or aclrtCreateEventExWithFlag does,
 * by api), destroy (a non-NULL handle), record (aclrtRecordEvent), a stream's
 * wait (aclrtStreamWaitEvent) and the recorded status (aclrtQueryEventStatus). */
aclError core_event_create(aclrtEvent *event, uint32_t flags, enum core_event_api api,
                           const char *fn);
aclError core_event_destroy(aclrtEvent event, const char *fn);
aclError core_event_record(aclrtEvent event, aclrtStream stream, const char *fn);
aclError core_event_stream_wait(aclrtStream stream, aclrtEvent event, const char *fn);
aclError core_event_query_status(aclrtEvent event, aclrtEventRecordedStatus *status,
                                 const char *fn);
/* The rest of the event calls of core/api/event.c under the name fn, after the checks made
 * there: a record (external: ACL_EVENT_RECORD_EXTERNAL) without the pools' note that
 * core_event_record makes; a stream's wait with a timeout (ms, 0: none; external:
 * ACL_EVENT_WAIT_EXTERNAL), also without it; a reset task; the completion of the latest
 * record (*done; ex_ok: also for aclrtCreateEventExWithFlag events) and of the latest wait
 * target; a host wait (timed: until timeout ms); the time between two completed records;
 * the completion time (us) and the id of an event; the events device d still has room for. */
aclError core_event_record_flag(aclrtEvent event, aclrtStream stream, bool external,
                                const char *fn);
aclError core_event_wait(aclrtStream stream, aclrtEvent event, uint32_t timeout_ms, bool external,
                         const char *fn);
aclError core_event_reset(aclrtEvent event, aclrtStream stream, const char *fn);
aclError core_event_query(aclrtEvent event, const void *status, bool ex_ok, bool *done,
                          const char *fn);
aclError core_event_query_wait(aclrtEvent event, aclrtEventWaitStatus *status, const char *fn);
aclError core_event_sync(aclrtEvent event, int32_t timeout, bool timed_, const char *fn);
aclError core_event_elapsed(float *ms, aclrtEvent startEvent, aclrtEvent endEvent, const char *fn);
aclError core_event_timestamp(aclrtEvent event, uint64_t *timestamp, const char *fn);
aclError core_event_id(aclrtEvent event, uint32_t *eventId, const char *fn);
uint32_t core_event_avail(const struct core_device *d);

/* Event lookup under the RCU read lock, taking a reference. */
struct core_event *core_event_get(aclrtEvent h);
void core_event_put(struct core_event *ev);
/* Unlink and drop the user's reference (destroy, context teardown). Lock held. */
void core_event_destroy_locked(struct core_event *ev);

/*
 * Captured external records (aclrtRecordEventWithFlag with
 * ACL_EVENT_RECORD_EXTERNAL on a capturing stream, event.c XR1-XR4): a node
 * of kind CORE_T_XRECORD. Model execution k reserves the event's next record
 * for each such node when it is queued (core_event_xrecord_reserve, called
 * under the model's exec lock with `key` = the node's lane stream and `done`
 * = the model's finished-executions condition); the node marks that record
 * done when it runs (core_replay_exec = k, set by the lane), or the join of
 * an aborted execution does (core_event_xrecord_done).
 */
extern __thread uint64_t core_replay_exec __attribute__((tls_model("initial-exec")));
void core_event_xrecord_reserve(struct sched_task *node, uint64_t k, uint64_t key,
                                struct sched_cond *done);
void core_event_xrecord_done(struct sched_task *node, uint64_t k);
/* The event a CORE_T_XRECORD node records. */
struct core_event *core_event_xrecord_event(const struct sched_task *node);

/* Is the event recorded in an active capture? (107028 for sync/query) */
static inline bool core_event_captured(struct core_event *ev)
{
    return atomic_load_explicit(&ev->cap_id, memory_order_relaxed) != 0; /* relaxed: A1 */
}

#endif
