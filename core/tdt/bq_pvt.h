/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A bounded blocking queue of pointers (core/tdt/bq.c), the transport of TDT
 * channels and queues (core/tdt/channel.c, core/tdt/queue.c).
 *
 * Synchronization: every operation takes q->mu; a full producer or an empty
 * consumer parks on a condition variable (CLOCK_MONOTONIC deadlines), so
 * waiting costs no CPU (no spinning at all). Any number of producers and
 * consumers may run at once; items leave in the order they entered (FIFO).
 *
 * Invariants (under mu):
 *   BQ1. 0 <= count <= cap; the items are slots[(head + i) % cap], i < count.
 *   BQ2. stopped is sticky until core_bq_restart: every waiter re-checks it
 *       after each wake, and core_bq_stop broadcasts both conditions, so no
 *       waiter sleeps past a stop.
 */
#ifndef CPUACL_CORE_BQ_H
#define CPUACL_CORE_BQ_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct core_bq {
    pthread_mutex_t mu;
    pthread_cond_t not_empty, not_full;
    void **slots;  /* I */
    uint32_t cap;  /* I */
    uint32_t head, count; /* mu */
    bool stopped;  /* mu */
};

/* 0 / -ENOMEM. */
int core_bq_init(struct core_bq *q, uint32_t cap);
void core_bq_fini(struct core_bq *q);
/* timeout_ms: < 0 forever, 0 no wait, > 0 milliseconds.
 * 0, -EAGAIN (full/empty and timeout 0), -ETIMEDOUT, -ECANCELED (stopped). */
int core_bq_push(struct core_bq *q, void *item, int32_t timeout_ms);
int core_bq_pop(struct core_bq *q, void **item, int32_t timeout_ms);
/* Pop only if accept(head item, ctx) returns 0; else return its value (the
 * item stays). accept runs under the queue lock: keep it short. */
int core_bq_pop_if(struct core_bq *q, void **item, int32_t timeout_ms,
                   int (*accept)(void *item, void *ctx), void *ctx);
/* Items queued now. */
uint32_t core_bq_count(struct core_bq *q);
/* Wake every waiter with -ECANCELED; later calls fail the same way. */
void core_bq_stop(struct core_bq *q);
/* The AscendCL code for a failed push (put) or pop, message recorded: full /
 * empty (timeout 0 or expired) ACL_ERROR_RT_QUEUE_FULL / _EMPTY, stopped
 * ACL_ERROR_FAILURE. what names the queue ("channel 'x'", "queue 3"). */
int32_t core_bq_err(int r, const char *fn, const char *what, bool put, int32_t timeout_ms);
/* Remove every item, calling drop(item) on each (outside no lock: under mu). */
void core_bq_drain(struct core_bq *q, void (*drop)(void *));

#endif
