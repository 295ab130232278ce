/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Event count: the one park/wake primitive of the engine. A thread that
 * wants to sleep until some condition C holds does
 *
 *     key = sched_ec_prepare(ec);       // announce: waiters++ ; heavy fence
 *     if (C) sched_ec_cancel(ec);       // re-check after announcing
 *     else   sched_ec_wait(ec, key, deadline);
 *
 * and whoever makes C true does "publish C; sched_ec_notify(ec)". notify is a
 * compiler barrier and one relaxed load when nobody sleeps (see
 * sched_atomic.h for the asymmetric fence argument), so it sits on hot paths.
 *
 * Invariants:
 *  EC1. waiters counts the threads between prepare and wait/cancel.
 *  EC2. epoch only grows; a notify that saw waiters != 0 bumps it before the
 *      futex wake, so a waiter whose key is stale never sleeps (the futex
 *      compares epoch with key atomically in the kernel).
 *
 * Synchronisation table: any number of waiters and notifiers may run
 * concurrently; no lock is needed.
 */
#ifndef CPUACL_SCHED_EC_H
#define CPUACL_SCHED_EC_H

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "sched/clock.h"
#include "sched/futex.h"
#include "sched/sched_atomic.h"

struct sched_ec {
    _Atomic uint32_t epoch;   /* A: futex word, bumped by notifiers */
    _Atomic uint32_t waiters; /* A: threads between prepare and wait/cancel */
};

static inline uint32_t sched_ec_prepare(struct sched_ec *ec)
{
    /* relaxed: ordered before the re-check by the heavy fence below. */
    atomic_fetch_add_explicit(&ec->waiters, 1, memory_order_relaxed);
    sched_fence_heavy(); /* pairs with sched_fence_light() in sched_ec_notify */
    /* acquire: pairs with the release bump in notify, so a key that already
     * shows the bump also shows the condition the notifier published. */
    return atomic_load_explicit(&ec->epoch, memory_order_acquire);
}

static inline void sched_ec_cancel(struct sched_ec *ec)
{
    /* relaxed: a stale count only costs a notifier one spurious wake. */
    atomic_fetch_sub_explicit(&ec->waiters, 1, memory_order_relaxed);
}

/* Sleep until notified or until deadline_ns (0 = none). 0 or -ETIMEDOUT. */
static inline int sched_ec_wait(struct sched_ec *ec, uint32_t key, uint64_t deadline_ns)
{
    int r = sched_futex_wait(&ec->epoch, key, deadline_ns);
    sched_ec_cancel(ec);
    return r == -ETIMEDOUT ? r : 0;
}

/* Any thread waiting on ec? (fast-path hint; see sched_ec_notify). */
static inline bool sched_ec_has_waiters(struct sched_ec *ec)
{
    sched_fence_light(); /* A: pairs with the heavy fence in sched_ec_prepare */
    /* relaxed: the fence pair above provides the ordering. */
    return atomic_load_explicit(&ec->waiters, memory_order_relaxed) != 0;
}

void sched_ec_wake_all(struct sched_ec *ec);

/* Call after publishing the condition waiters wait for. */
static inline void sched_ec_notify(struct sched_ec *ec)
{
    if (__builtin_expect(sched_ec_has_waiters(ec), 0))
        sched_ec_wake_all(ec);
}

/*
 * Wait until pred(arg) holds: spin for the configured budget (cheap when the
 * condition is near), then park on ec. deadline_ns 0 = none. Returns 0 or
 * -ETIMEDOUT. pred must be a pure check of published state.
 */
int sched_ec_await(struct sched_ec *ec, bool (*pred)(void *), void *arg, uint64_t deadline_ns);

#endif
