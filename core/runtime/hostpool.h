/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Host work off the device workers (issue 11): aclrtLaunchHostFunc functions
 * run on host threads of a pool, never on a worker, so a host function that
 * blocks stalls only its own stream; the worker serves its other streams
 * meanwhile (and their timed waits expire).
 *
 * Per stream, one job record (struct core_hostjob, inside core_stream): a
 * stream runs its tasks in order, so it has at most one host function in
 * flight. The host-function task, run by the stream's worker:
 *   fresh (issued == collected): issued++, hand the job to the pool, block
 *       the stream on done >= issued (SCHED_BLOCK: the worker moves on);
 *   re-run (issued > collected): done >= issued ? collected = issued, DONE
 *       : block again.
 * The pool thread runs the function and advances done, which wakes the
 * worker (sched_cond C2). So the host function completes before any later
 * task of its stream starts, and starts after every earlier one finished:
 * stream order holds exactly. The task record is never written, so the same
 * run function serves captured (replayed) host functions: the lane stream's
 * job record is used.
 *
 * Invariants:
 *  H1. issued and collected are written only by the worker running the
 *      stream (one at a time: stream placement hands over through the
 *      worker mailbox, which orders them).
 *  H2. fn, arg and next are written by that worker before the job is queued
 *      (under the pool lock) and read by the pool thread after dequeuing it
 *      (same lock); done is advanced (release) after fn returned.
 *  H3. The pool grows when a job finds no idle thread (host functions may
 *      block for ever, so a fixed pool could deadlock); threads idle for
 *      CORE_HOSTPOOL_IDLE_MS exit, one stays. aclFinalize stops them all
 *      after every stream drained (no job is then in flight).
 */
#ifndef CPUACL_CORE_HOSTPOOL_H
#define CPUACL_CORE_HOSTPOOL_H

#include <stdint.h>

#include "sched/cond.h"

#define CORE_HOSTPOOL_IDLE_MS 2000

struct core_hostjob {
    struct sched_cond done;  /* value = host functions of the stream completed */
    uint64_t issued;         /* H1 */
    uint64_t collected;      /* H1 */
    void (*fn)(void *);      /* H2 */
    void *arg;               /* H2 */
    struct core_hostjob *next; /* pool queue, pool lock */
};

/* Queue job (fn/arg set, issued bumped) to a pool thread. 0 or -errno (no
 * thread could be started and none is idle: the caller runs it inline). */
int core_hostpool_submit(struct core_hostjob *job);
/* Stop the pool's threads (aclFinalize, after all streams drained). */
void core_hostpool_fini(void);

#endif
