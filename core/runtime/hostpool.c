/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host-thread pool that runs host functions (see core/runtime/hostpool.h).
 *
 * Synchronisation: the queue, the thread counts and the stop flag are
 * guarded by g_pool.lock; idle threads wait on g_pool.ec, submitters notify
 * it after queueing (a wake only when a thread is parked).
 *
 * Idle threads spin first, like the device workers (sched/worker.c W4, the
 * same adaptive budget: sched_spin_adapt): pause, yielding the core every 64
 * passes, for the thread's budget, then park. A thread woken soon after it
 * parked doubles its budget (up to SCHED_SPIN_GROW_MAX x sched_cfg.spin_ns),
 * a long sleep halves it, so a stream calling host functions back to back
 * hands them over without a futex wake, while an idle pool parks within
 * that bound and costs no CPU.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>

#include "base/barrier.h"
#include "core/runtime/hostpool.h"
#include "core/runtime/runtime.h"
#include "sched/clock.h"
#include "sched/ec.h"
#include "sched/sched.h"
#include "sched/worker.h"

static struct {
    pthread_mutex_t lock;
    pthread_cond_t exited;        /* fini waits here for threads to leave */
    struct core_hostjob *head, *tail; /* lock */
    uint32_t nthreads;            /* lock */
    uint32_t idle;                /* lock: threads waiting for a job */
    _Atomic uint32_t pending;     /* A: jobs queued, for the waiters' predicate */
    bool stop;                    /* lock */
    _Atomic uint32_t stopping;    /* A: copy of stop for the predicate */
    struct sched_ec ec;           /* idle threads park here */
} g_pool = {.lock = PTHREAD_MUTEX_INITIALIZER, .exited = PTHREAD_COND_INITIALIZER};

static bool has_work(void *arg)
{
    (void)arg;
    /* relaxed: a hint; the queue itself is read under the lock. */
    return atomic_load_explicit(&g_pool.pending, memory_order_relaxed) != 0 ||
           atomic_load_explicit(&g_pool.stopping, memory_order_relaxed) != 0;
}

/* Wait for work or stop until deadline: spin within *spin_ns (yielding),
 * then park; adapts *spin_ns (W4). 0 or -ETIMEDOUT. */
static int idle_wait(uint64_t *spin_ns, uint64_t deadline)
{
    uint64_t since = sched_now_ns();
    for (unsigned i = 1;; i++) {
        if (has_work(NULL))
            return 0;
        if ((i & 63) != 0) {
            base_cpu_relax();
            continue;
        }
        uint64_t now = sched_now_ns();
        if (now - since >= *spin_ns)
            break;
        sched_yield();
    }
    for (;;) {
        uint32_t key = sched_ec_prepare(&g_pool.ec);
        if (has_work(NULL)) {
            sched_ec_cancel(&g_pool.ec);
            sched_spin_adapt(spin_ns, true, false, 0);
            return 0;
        }
        uint64_t before = sched_now_ns();
        int r = sched_ec_wait(&g_pool.ec, key, deadline);
        sched_spin_adapt(spin_ns, false, r != -ETIMEDOUT, sched_now_ns() - before);
        if (has_work(NULL))
            return 0;
        if (r == -ETIMEDOUT)
            return r;
    }
}

static void *pool_thread(void *arg)
{
    (void)arg;
    uint64_t spin_ns = sched_cfg.spin_ns; /* W4's budget, per thread */
    pthread_mutex_lock(&g_pool.lock);
    for (;;) {
        struct core_hostjob *j = g_pool.head;
        if (j) {
            g_pool.head = j->next;
            if (!g_pool.head)
                g_pool.tail = NULL;
            /* relaxed: the count is a hint for has_work; the lock orders the queue. */
            atomic_fetch_sub_explicit(&g_pool.pending, 1, memory_order_relaxed);
            uint64_t seq = j->issued; /* H2: written before queueing, under the lock */
            void (*fn)(void *) = j->fn;
            void *fa = j->arg;
            pthread_mutex_unlock(&g_pool.lock);
            fn(fa);
            sched_cond_advance(&j->done, seq); /* release: the stream sees fn's effects */
            pthread_mutex_lock(&g_pool.lock);
            continue;
        }
        if (g_pool.stop)
            break;
        g_pool.idle++;
        pthread_mutex_unlock(&g_pool.lock);
        int r = idle_wait(&spin_ns, sched_now_ns() + (uint64_t)CORE_HOSTPOOL_IDLE_MS * 1000000u);
        pthread_mutex_lock(&g_pool.lock);
        g_pool.idle--;
        if (r == -ETIMEDOUT && !g_pool.head && g_pool.nthreads > 1)
            break; /* H3: shrink after a quiet period, keep one */
    }
    g_pool.nthreads--;
    pthread_cond_broadcast(&g_pool.exited);
    pthread_mutex_unlock(&g_pool.lock);
    return NULL;
}

int core_hostpool_submit(struct core_hostjob *job)
{
    int rc = 0;
    pthread_mutex_lock(&g_pool.lock);
    /* Queued jobs count against idle threads: each needs a thread of its own,
     * since any of them may block (H3). */
    uint32_t queued = atomic_load_explicit(&g_pool.pending, memory_order_relaxed);
    if (g_pool.idle <= queued) {
        pthread_attr_t at;
        pthread_t t;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&at, 1u << 20);
        rc = -pthread_create(&t, &at, pool_thread, NULL);
        pthread_attr_destroy(&at);
        if (rc == 0) {
            g_pool.nthreads++;
            g_pool.stop = false;
            atomic_store_explicit(&g_pool.stopping, 0, memory_order_relaxed);
        } else if (g_pool.nthreads) {
            rc = 0; /* a busy thread will get to it */
        }
    }
    if (rc == 0) {
        job->next = NULL;
        if (g_pool.tail)
            g_pool.tail->next = job;
        else
            g_pool.head = job;
        g_pool.tail = job;
        /* relaxed: published to waiters by the notify's fence pair (sched_ec). */
        atomic_fetch_add_explicit(&g_pool.pending, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&g_pool.lock);
    if (rc == 0)
        sched_ec_notify(&g_pool.ec);
    return rc;
}

void core_hostpool_fini(void)
{
    pthread_mutex_lock(&g_pool.lock);
    g_pool.stop = true;
    /* relaxed: the notify below publishes it (fence pair). */
    atomic_store_explicit(&g_pool.stopping, 1, memory_order_relaxed);
    pthread_mutex_unlock(&g_pool.lock);
    sched_ec_notify(&g_pool.ec);
    pthread_mutex_lock(&g_pool.lock);
    while (g_pool.nthreads)
        pthread_cond_wait(&g_pool.exited, &g_pool.lock);
    pthread_mutex_unlock(&g_pool.lock);
}
