/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Completion condition: a monotonic 64-bit value that tasks and host threads
 * wait on ("value >= target"). Events are built on it: every record gets a
 * sequence number at submission and the worker that runs the record advances
 * the condition to it.
 *
 * Invariants:
 *  C1. value never decreases (advance is a CAS max, add an increment).
 *  C2. A worker that leaves a stream blocked on the condition sets its bit in
 *      wmask before it parks (then heavy fence, then re-check value); advance
 *      publishes value, light fence, then wakes every worker in wmask. So a
 *      parked worker with a blocked stream is always woken by the advance it
 *      waits for (asymmetric Dekker pair, see sched_atomic.h).
 *  C3. Host threads wait through ec (sched_ec_await), same argument.
 */
#ifndef CPUACL_SCHED_COND_H
#define CPUACL_SCHED_COND_H

#include <stdint.h>

#include "sched/ec.h"

struct sched_cond {
    _Atomic uint64_t value; /* A: release on advance, acquire on test */
    _Atomic uint64_t wmask; /* A: bit (worker index % 64) of workers to wake */
    struct sched_ec ec;     /* host threads waiting on the condition */
};

static inline uint64_t sched_cond_value(struct sched_cond *c)
{
    /* acquire: pairs with the release CAS in sched_cond_advance, so whoever
     * sees the value also sees the work the advancing task finished. */
    return atomic_load_explicit(&c->value, memory_order_acquire);
}

/* Raise the value to at least v and wake whoever waits on it. */
void sched_cond_advance(struct sched_cond *c, uint64_t v);
/* sched_cond_advance for a condition with one writer at a time (the writers
 * are ordered by happens-before, e.g. each acquired the previous one's value):
 * the same max and wake-up without a locked instruction, which would wait
 * for the writer's earlier stores to leave its core. */
void sched_cond_advance_1w(struct sched_cond *c, uint64_t v);
/* Add n to the value (a completion count) and wake whoever waits on it. */
void sched_cond_add(struct sched_cond *c, uint64_t n);

/* Host side: wait until value >= target. deadline_ns 0 = none. 0 / -ETIMEDOUT. */
int sched_cond_wait(struct sched_cond *c, uint64_t target, uint64_t deadline_ns);

#endif
