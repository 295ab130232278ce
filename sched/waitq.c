/* SPDX-License-Identifier: Apache-2.0 */
#include "sched/waitq.h"

#include <errno.h>

#include "sched/futex.h"
#include "sched/sched.h"

struct sched_waiter {
    struct sched_waiter *next;
    uint64_t target;
    _Atomic uint32_t woken; /* A: futex word, 1 once unlinked by the writer (2: by a kick) */
    _Atomic uint64_t *word; /* Q4: the word watched, or NULL */
};

void sched_waitq_init(struct sched_waitq *q)
{
    atomic_init(&q->min_target, UINT64_MAX);
    pthread_mutex_init(&q->lock, NULL);
    q->head = NULL;
}

static void recompute_min(struct sched_waitq *q)
{
    uint64_t m = UINT64_MAX;
    for (struct sched_waiter *w = q->head; w; w = w->next)
        if (w->target < m)
            m = w->target;
    /* relaxed: published to the writer by the heavy fence of a new waiter
     * (Q1); a stale larger value only delays a writer check, never a wake of
     * a listed waiter, because a waiter lowers it before its fence. */
    atomic_store_explicit(&q->min_target, m, memory_order_relaxed);
}

void sched_waitq_wake_slow(struct sched_waitq *q, uint64_t value)
{
    pthread_mutex_lock(&q->lock);
    struct sched_waiter **pp = &q->head;
    while (*pp) {
        struct sched_waiter *w = *pp;
        if (w->target <= value) {
            *pp = w->next;
            /* release: the waiter returns on seeing it (Q3: after this store
             * the record may vanish, so the wake uses nothing but the word). */
            atomic_store_explicit(&w->woken, 1, memory_order_release);
            sched_futex_wake(&w->woken, 1);
        } else {
            pp = &w->next;
        }
    }
    recompute_min(q);
    pthread_mutex_unlock(&q->lock);
}

static bool reached(_Atomic uint64_t *counter, uint64_t target)
{
    /* acquire: pairs with the writer's release store of the counter. */
    return atomic_load_explicit(counter, memory_order_acquire) >= target;
}

struct reach_arg {
    _Atomic uint64_t *counter;
    uint64_t target;
    _Atomic uint64_t *word; /* Q4, or NULL */
    uint64_t expect;
};

/* Q4: the watched word moved. relaxed: ordered by the registration's lock
 * section and the kick's (a read while spinning is only a hint). */
static bool moved(const struct reach_arg *a)
{
    return a->word && atomic_load_explicit(a->word, memory_order_relaxed) != a->expect;
}

static bool reached_pred(void *arg)
{
    struct reach_arg *a = arg;
    return reached(a->counter, a->target) || moved(a);
}

void sched_waitq_kick(struct sched_waitq *q)
{
    pthread_mutex_lock(&q->lock);
    struct sched_waiter **pp = &q->head;
    while (*pp) {
        struct sched_waiter *w = *pp;
        if (w->word) {
            *pp = w->next;
            /* release: as in sched_waitq_wake_slow (Q3). */
            atomic_store_explicit(&w->woken, 2, memory_order_release);
            sched_futex_wake(&w->woken, 1);
        } else {
            pp = &w->next;
        }
    }
    recompute_min(q);
    pthread_mutex_unlock(&q->lock);
}

int sched_waitq_wait(struct sched_waitq *q, _Atomic uint64_t *counter, uint64_t target,
                     uint64_t deadline_ns)
{
    return sched_waitq_wait_while(q, counter, target, deadline_ns, NULL, 0);
}

int sched_waitq_wait_while(struct sched_waitq *q, _Atomic uint64_t *counter, uint64_t target,
                           uint64_t deadline_ns, _Atomic uint64_t *word, uint64_t expect)
{
    struct reach_arg ra = {counter, target, word, expect};
    int spun = sched_spin(reached_pred, &ra, deadline_ns);
    if (spun <= 0)
        return spun;
    struct sched_waiter me = {.target = target, .word = word};
    atomic_init(&me.woken, 0);
    pthread_mutex_lock(&q->lock);
    me.next = q->head;
    q->head = &me;
    if (target < atomic_load_explicit(&q->min_target, memory_order_relaxed))
        atomic_store_explicit(&q->min_target, target, memory_order_relaxed);
    pthread_mutex_unlock(&q->lock);
    sched_fence_heavy(); /* Q2: pairs with the writer's light fence */
    int rc = 0;
    while (!atomic_load_explicit(&me.woken, memory_order_acquire)) {
        if (reached(counter, target) || moved(&ra)) /* Q4: after the lock section above */
            break;
        if (sched_futex_wait(&me.woken, 0, deadline_ns) == -ETIMEDOUT) {
            rc = reached(counter, target) || moved(&ra) ? 0 : -ETIMEDOUT;
            break;
        }
    }
    /* Unlink if we leave on our own (condition seen, or timeout); either way
     * take the lock once, so a writer still inside its wake of our record
     * has finished with it before our stack frame goes (Q3). */
    pthread_mutex_lock(&q->lock);
    for (struct sched_waiter **pp = &q->head; *pp; pp = &(*pp)->next)
        if (*pp == &me) {
            *pp = me.next;
            recompute_min(q);
            break;
        }
    pthread_mutex_unlock(&q->lock);
    return rc;
}
