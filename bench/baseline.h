/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Physical limits and baselines, each a small, honest implementation that is
 * measured in the same run as the runtime (C and C++ callers):
 *
 *   cache-line round trip   two threads on two cores ping-pong one atomic
 *   raw SPSC ring           64-byte records, same shape as the engine's ring
 *                           (sched/stream.h): power of two, per-slot
 *                           publication sequence, the producer caches head,
 *                           head and tail on separate lines, a full ring
 *                           refills at half; the consumer calls the record's
 *                           function, like a worker runs a task
 *   mutex+condvar queue     a bounded pthread queue of the same records
 *   memcpy                  single-thread bandwidth at 64 MiB
 *
 * Fairness rules: the producer is the calling thread, the consumer a thread
 * of its own; both are pinned to different cores when the machine allows it
 * (struct bl_pair). Ring consumers spin briefly then sched_yield (never
 * futex-park: the ring is the limit). Push functions are out of line, as
 * cpuaclLaunchKernel is, so a push pays a call like a launch does.
 *
 * Each bl_measure_* function runs one repetition and returns its figure;
 * callers repeat and take the median.
 */
#ifndef CPUACL_BENCH_BASELINE_H
#define CPUACL_BENCH_BASELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A record's function (the consumer calls it, as a worker runs a task). */
typedef void (*bl_fn)(void *arg);

/* Cores for a producer (the caller) and a consumer thread; -1 = unpinned. */
struct bl_pair {
    int producer_cpu;
    int consumer_cpu;
};

/* An empty "kernel" the consumers call (out of line, never inlined). */
void bl_nop(void *arg);

/* ---- raw SPSC ring --------------------------------------------------- */
struct bl_ring;
/* slots: a power of two >= 2. NULL on allocation failure. */
struct bl_ring *bl_ring_new(uint32_t slots);
void bl_ring_free(struct bl_ring *r);
/* Producer: append (waits, spin then yield, while full). */
void bl_ring_push(struct bl_ring *r, bl_fn fn, void *arg);
/* Producer: has the consumer run everything pushed so far? */
bool bl_ring_drained(struct bl_ring *r);
/* Producer: wait until drained (spin then yield). */
void bl_ring_wait_drained(struct bl_ring *r);

/* ---- mutex + condvar queue -------------------------------------------- */
struct bl_mq;
struct bl_mq *bl_mq_new(uint32_t slots);
void bl_mq_free(struct bl_mq *q);
/* Producer: append (condvar-waits while full). */
void bl_mq_push(struct bl_mq *q, bl_fn fn, void *arg);
/* Consumer: take one record (condvar-waits while empty) and run it.
 * Returns false once the queue was closed and is empty. */
bool bl_mq_pop_run(struct bl_mq *q);
/* Producer: wait until the consumer ran everything pushed so far. */
void bl_mq_wait_drained(struct bl_mq *q);
/* A record function for ping-pong: pushes a bl_nop record into the queue
 * `reply` (a struct bl_mq *). */
void bl_mq_echo(void *reply);
/* Wake the consumer for good (bl_mq_pop_run returns false when empty). */
void bl_mq_close(struct bl_mq *q);

/* ---- consumer threads --------------------------------------------------- */
/* A thread draining a ring (spin then yield) or a mutex queue (condvar),
 * pinned to `cpu` when >= 0. NULL on failure. */
struct bl_consumer;
struct bl_consumer *bl_consumer_ring(struct bl_ring *r, int cpu);
struct bl_consumer *bl_consumer_mq(struct bl_mq *q, int cpu);
/* Stop (after draining what was pushed) and join. */
void bl_consumer_stop(struct bl_consumer *c);

/* ---- cache-line ping-pong ------------------------------------------------ */
/* A partner thread that answers every odd value of a shared counter with
 * the next even one (spin then yield). The caller pings with bl_pong_rtt. */
struct bl_pong;
struct bl_pong *bl_pong_start(int cpu);
/* `n` round trips, untimed. */
void bl_pong_exchange(struct bl_pong *p, uint64_t n);
/* `n` round trips; returns the elapsed ns. */
uint64_t bl_pong_rtt(struct bl_pong *p, uint64_t n);
void bl_pong_stop(struct bl_pong *p);

/* ---- one repetition of each figure -------------------------------------- */
/* Median over `samples` samples of the mean round trip of `per_sample`
 * cache-line ping-pongs (ns). */
double bl_measure_cacheline_rtt_ns(const struct bl_pair *p, unsigned samples, unsigned per_sample);
/* Producer-only time per push (ns) while the consumer drains concurrently:
 * median over `batches` batches of `batch` pushes; the producer waits for the
 * drain between batches, outside the timed region (batch <= slots). */
double bl_measure_ring_push_ns(const struct bl_pair *p, uint32_t slots, unsigned batches,
                               unsigned batch);
/* Sustained rate (items/s): `items` pushes through a ring of `slots`, timed
 * from the first push until the consumer ran the last one. */
double bl_measure_ring_rate(const struct bl_pair *p, uint32_t slots, uint64_t items);
/* As the two above, for the mutex+condvar queue. */
double bl_measure_mq_push_ns(const struct bl_pair *p, uint32_t slots, unsigned batches,
                             unsigned batch);
double bl_measure_mq_rate(const struct bl_pair *p, uint32_t slots, uint64_t items);
/* Ping-pong through two mutex+condvar queues: median over `samples` of the
 * mean round trip of `per_sample` exchanges (ns). */
double bl_measure_mq_rtt_ns(const struct bl_pair *p, unsigned samples, unsigned per_sample);
/* Single-thread memcpy of `bytes` (buffers faulted in first): median over
 * `copies` copies, in GB/s (1e9 bytes/s). Negative on allocation failure. */
double bl_measure_memcpy_gbps(size_t bytes, unsigned copies);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_BENCH_BASELINE_H */
