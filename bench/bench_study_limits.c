/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpuacl-bench study `limits` (registry: bench_studies.c; help text below).
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "bench_study.h"
#include "bench_util.h"
#include "cpuacl/cpuacl.h"

/* ------------------------------------------------------------------------
 * limits: the physical limits and baselines
 * ---------------------------------------------------------------------- */

/* Cost of one CLOCK_MONOTONIC read: a latency timed per sample contains one. */
static double clock_cost_ns(void)
{
    enum { N = 100000 };
    uint64_t t0 = bu_now_ns(), x = 0;
    for (int i = 0; i < N; i++)
        x += bu_now_ns();
    bu_escape(&x);
    return (double)(bu_now_ns() - t0) / N;
}
static int study_limits(struct bs_ctx *c)
{
    struct br_acc rtt = {0}, push = {0}, rate = {0}, mpush = {0}, mrate = {0}, mrtt = {0},
                  mcpy = {0}, clk = {0};
    const unsigned rtt_samples = c->full ? 1000 : 200;
    const unsigned mq_samples = c->full ? 50 : 20;
    for (unsigned r = 0; r < c->reps; r++) {
        bs_progress(c, "limits: cache-line round trip");
        br_acc_add(&rtt, bl_measure_cacheline_rtt_ns(&c->pair, rtt_samples, 500));
        bs_progress(c, "limits: raw ring");
        br_acc_add(&push, bl_measure_ring_push_ns(&c->pair, c->ring_slots, bs_n_batches(c), BS_BATCH));
        br_acc_add(&rate, bl_measure_ring_rate(&c->pair, c->ring_slots, bs_n_items(c)) / 1e6);
        bs_progress(c, "limits: mutex+condvar queue");
        br_acc_add(&mpush,
                   bl_measure_mq_push_ns(&c->pair, c->ring_slots, bs_n_batches(c) / 2, BS_BATCH));
        br_acc_add(&mrate, bl_measure_mq_rate(&c->pair, c->ring_slots, bs_n_items(c)) / 1e6);
        br_acc_add(&mrtt, bl_measure_mq_rtt_ns(&c->pair, mq_samples, 20));
        bs_progress(c, "limits: memcpy");
        br_acc_add(&mcpy, bl_measure_memcpy_gbps((size_t)64 << 20, c->full ? 9 : 3));
        br_acc_add(&clk, clock_cost_ns());
    }
    struct br_results *R = c->res;
    char pin[64];
    snprintf(pin, sizeof(pin), "cores %d->%d", c->pair.producer_cpu, c->pair.consumer_cpu);
    br_set_note(br_add(R, "limits", "cl_rtt", "cache-line RTT", "ns", BR_LOWER, &rtt, NULL, NULL),
                "%s, 1 atomic ping-pong", pin);
    br_set_note(br_add(R, "limits", "ring_push", "ring push", "ns", BR_LOWER, &push, NULL, NULL),
                "raw SPSC ring, 64 B records, %u-push batches", BS_BATCH);
    br_set_note(
        br_add(R, "limits", "ring_rate", "ring rate", "Mitem/s", BR_HIGHER, &rate, NULL, NULL),
        "%u slots, consumer calls each record", c->ring_slots);
    br_set_note(br_add(R, "limits", "mq_push", "mutex+cv push", "ns", BR_LOWER, &mpush, NULL,
                       "limits.ring_push"),
                "pthread mutex + 2 condvars");
    br_set_note(br_add(R, "limits", "mq_rate", "mutex+cv rate", "Mitem/s", BR_HIGHER, &mrate, NULL,
                       "limits.ring_rate"),
                "one record per lock hold");
    br_set_note(
        br_add(R, "limits", "mq_rtt", "mutex+cv RTT", "ns", BR_LOWER, &mrtt, NULL, "limits.cl_rtt"),
        "ping-pong through two queues (futex wake-ups)");
    br_set_note(
        br_add(R, "limits", "memcpy", "memcpy 64 MiB", "GB/s", BR_HIGHER, &mcpy, NULL, NULL),
        "one thread");
    br_set_note(br_add(R, "limits", "clock", "clock read", "ns", BR_INFO, &clk, NULL, NULL),
                "clock_gettime(CLOCK_MONOTONIC); per-sample latencies include one");
    return 0;
}

const struct bs_study bs_limits_study = {
    "limits", "physical limits and baselines (always measured: every ratio refers to them)",
    "Cache-line round trip between the host core and worker 0's core (two threads\n"
    "ping-pong one atomic); a raw SPSC ring of 64-byte records shaped like the\n"
    "engine's (producer-only time per push while a consumer drains, and sustained\n"
    "items/s, the consumer calling each record's function); a pthread mutex+condvar\n"
    "queue of the same records (push cost, items/s, ping-pong round trip); memcpy\n"
    "bandwidth at 64 MiB on one thread; the cost of one clock read.",
    study_limits,
};
