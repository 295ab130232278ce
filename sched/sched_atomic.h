/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The engine's concurrency vocabulary: cache-line size and the asymmetric
 * fence pair (built on base/barrier.h).
 *
 * Asymmetric fences. Every "publish X, then check whether anybody sleeps"
 * hand-off in the engine is a Dekker pair: the fast side (a producer pushing
 * a task, a worker publishing progress) stores X and then loads a waiters
 * flag; the slow side (a worker or host thread about to sleep) stores the
 * waiters flag and then loads X. Both loads must not pass the stores, which
 * needs a store-load fence on both sides. The fast side runs millions of
 * times per second and the slow side only when somebody is about to park,
 * so the engine uses membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) on the slow
 * side (it makes every running thread of the process execute a full barrier)
 * and only a compiler barrier on the fast side, as liburcu's memb flavour
 * does. Where membarrier is unavailable, both sides use a seq_cst fence.
 *
 *   fast side:  store X; sched_fence_light(); load waiters
 *   slow side:  store waiters; sched_fence_heavy(); load X
 *
 * Either the fast side sees the waiter (and wakes it), or the slow side sees
 * X (and does not sleep).
 */
#ifndef CPUACL_SCHED_ATOMIC_H
#define CPUACL_SCHED_ATOMIC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/barrier.h"

#define SCHED_CACHELINE 64

/* Set once by sched_init() before any worker exists; read-only afterwards. */
extern bool sched_asym_fences;

/* Fast side of an asymmetric Dekker pair (see top of file). */
static inline void sched_fence_light(void)
{
    if (__builtin_expect(sched_asym_fences, 1))
        atomic_signal_fence(memory_order_seq_cst); /* compiler only: heavy side pays */
    else
        base_fence_full(); /* no membarrier: symmetric fence */
}

/* Slow side of an asymmetric Dekker pair: a process-wide barrier. */
void sched_fence_heavy(void);

#endif
