/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host-thread pool that runs host functions (see core/hostpool.h).
 *
 * Synchronisation: the queue, the thread counts and the stop flag are
 * guarded by g_pool.lock; idle threads wait on g_pool.ec (spin briefly,
 * then park), submitters notify it after queueing.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "core/core.h"
#include "core/hostpool.h"
#include "sched/clock.h"
#include "sched/ec.h"

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

static void *pool_thread(void *arg)
{
    (void)arg;
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
        int r = sched_ec_await(&g_pool.ec, has_work, NULL,
                               sched_now_ns() + (uint64_t)CORE_HOSTPOOL_IDLE_MS * 1000000u);
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
