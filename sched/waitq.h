/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Targeted wait queue: host threads that wait for a monotonic counter (a
 * stream's head) to reach their own target. The counter's writer (a worker)
 * checks one relaxed word per update and wakes exactly the waiters whose
 * target was reached, each once: no futex storm while a sleeper is getting
 * back onto a core, however many updates happen meanwhile.
 *
 * Invariants:
 *  Q1. A waiter is in the list, with min_target <= its target, from before
 *      its heavy fence until it is woken or leaves (timeout / condition met).
 *  Q2. The writer stores the counter, light fence, then reads min_target; it
 *      wakes (under the lock) every listed waiter whose target <= counter,
 *      removing it and setting its word before the futex wake. Either the
 *      writer sees the waiter's min_target (and wakes it once the counter
 *      reaches it) or the waiter's re-check after its heavy fence sees the
 *      counter (asymmetric Dekker, sched_atomic.h).
 *  Q3. A waiter's record lives on its stack; it is unlinked before the
 *      waiter returns (by the writer, or by the waiter itself under the lock).
 *  Q4. A waiter may also watch a word (sched_waitq_wait_while: a stream's
 *      incarnation tag) and stop once it differs from what it expects. Who
 *      changes the word calls sched_waitq_kick afterwards, which wakes (under
 *      the lock, unlinking them as in Q2) every watching waiter; a watching
 *      waiter reads the word again after its registration's lock section.
 *      Either the kick's lock section comes after the registration (the
 *      waiter is listed and woken) or before it (the change happened before
 *      the kick, so the waiter's read after its own lock section sees it).
 *      Plain waiters are never kicked, so a kick is never taken for their
 *      condition.
 */
#ifndef CPUACL_SCHED_WAITQ_H
#define CPUACL_SCHED_WAITQ_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "sched/sched_atomic.h"

struct sched_waiter;

struct sched_waitq {
    _Atomic uint64_t min_target; /* A: smallest target listed, UINT64_MAX if none */
    pthread_mutex_t lock;
    struct sched_waiter *head; /* lock */
};

void sched_waitq_init(struct sched_waitq *q);

/* Writer side, after storing the counter `value`: cheap when nobody waits. */
void sched_waitq_wake_slow(struct sched_waitq *q, uint64_t value);
static inline void sched_waitq_notify(struct sched_waitq *q, uint64_t value)
{
    sched_fence_light(); /* Q2: pairs with the waiter's heavy fence */
    /* relaxed: ordered by the fence pair. */
    if (__builtin_expect(value >= atomic_load_explicit(&q->min_target, memory_order_relaxed), 0))
        sched_waitq_wake_slow(q, value);
}

/*
 * Waiter side: wait until *counter >= target (acquire), spinning for the
 * configured budget first. deadline_ns 0 = none. 0 or -ETIMEDOUT.
 */
int sched_waitq_wait(struct sched_waitq *q, _Atomic uint64_t *counter, uint64_t target,
                     uint64_t deadline_ns);

/* sched_waitq_wait that also returns 0 as soon as *word != expect (Q4): the
 * caller checks which of the two happened. */
int sched_waitq_wait_while(struct sched_waitq *q, _Atomic uint64_t *counter, uint64_t target,
                           uint64_t deadline_ns, _Atomic uint64_t *word, uint64_t expect);

/* After changing a word waiters watch (Q4): wake every watching waiter. */
void sched_waitq_kick(struct sched_waitq *q);

#endif
