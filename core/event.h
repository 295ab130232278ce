/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Events as the rest of core uses them (core/event.c). Lifetime rule L2 in
 * core.h; the invariants V1-V4 in event.c.
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
#ifndef CPUACL_CORE_EVENT_H
#define CPUACL_CORE_EVENT_H

#include "core/core.h"

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

#endif
