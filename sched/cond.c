/* SPDX-License-Identifier: Apache-2.0 */
#include "sched/cond.h"

#include "sched/worker.h"

static void wake(struct sched_cond *c)
{
    sched_fence_light(); /* C2: pairs with the heavy fence of a parking worker */
    /* relaxed: ordered by the fence pair. */
    if (atomic_load_explicit(&c->wmask, memory_order_relaxed)) {
        uint64_t m = atomic_exchange_explicit(&c->wmask, 0, memory_order_relaxed);
        sched_workers_wake_mask(m);
    }
    sched_ec_notify(&c->ec); /* C3 */
}

void sched_cond_advance(struct sched_cond *c, uint64_t v)
{
    uint64_t cur = atomic_load_explicit(&c->value, memory_order_relaxed);
    /* release: publishes the work finished before this point to whoever
     * acquires the value (waiting tasks, host threads). C1: max, not store. */
    while (cur < v && !atomic_compare_exchange_weak_explicit(&c->value, &cur, v,
                                                             memory_order_release,
                                                             memory_order_relaxed))
        ;
    wake(c);
}

void sched_cond_advance_1w(struct sched_cond *c, uint64_t v)
{
    /* relaxed: the last value written, by this writer or one ordered before
     * it. release: as in sched_cond_advance. C1: a smaller v stores nothing. */
    if (atomic_load_explicit(&c->value, memory_order_relaxed) < v)
        atomic_store_explicit(&c->value, v, memory_order_release);
    wake(c);
}

void sched_cond_add(struct sched_cond *c, uint64_t n)
{
    /* release: as in sched_cond_advance. */
    atomic_fetch_add_explicit(&c->value, n, memory_order_release);
    wake(c);
}

struct cond_arg {
    struct sched_cond *c;
    uint64_t target;
};

static bool cond_reached(void *arg)
{
    struct cond_arg *a = arg;
    return sched_cond_value(a->c) >= a->target;
}

int sched_cond_wait(struct sched_cond *c, uint64_t target, uint64_t deadline_ns)
{
    struct cond_arg a = {c, target};
    if (cond_reached(&a))
        return 0;
    return sched_ec_await(&c->ec, cond_reached, &a, deadline_ns);
}
