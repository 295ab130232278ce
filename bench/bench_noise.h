/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Noise of a cpuacl-bench run: the machine's state read before and after
 * each study, so that figures taken while other work competed for the CPUs
 * are marked rather than trusted.
 *
 *   - load average: /proc/loadavg (1, 5 and 15 minute averages of runnable
 *     and uninterruptible tasks, the whole machine);
 *   - run-queue wait: the second field of /proc/self/task/<tid>/schedstat,
 *     the time each of this process's threads spent runnable but waiting
 *     for a CPU, summed over the threads alive at both readings (a thread
 *     that starts and ends inside a study is not counted: the figure is a
 *     lower bound).
 *
 * A study is taken under load when its threads waited, in total, at least
 * BN_RQ_SHARE of its wall time (CPU-seconds waited per second), or when
 * the 1-minute load average at its start exceeded the online CPUs by more
 * than BN_LOAD_EXCESS (other work beyond the bench's own threads).
 */
#ifndef CPUACL_BENCH_NOISE_H
#define CPUACL_BENCH_NOISE_H

#include <stdbool.h>
#include <stdint.h>

#include "bench_report.h"

#define BN_RQ_SHARE 0.05
#define BN_LOAD_EXCESS 1.0
#define BN_MAX_THREADS 256u

struct bn_sample {
    uint64_t t_ns;   /* CLOCK_MONOTONIC */
    double load[3];  /* 1, 5, 15 minutes; NaN unknown */
    bool have_sched; /* schedstat was readable */
    unsigned nthreads;
    int tid[BN_MAX_THREADS];
    uint64_t wait_ns[BN_MAX_THREADS];
};

/* Read the load average and every thread's run-queue wait now. */
void bn_read(struct bn_sample *s);

/* The noise record of `study` between two readings, on a machine with
 * `ncpu` online CPUs. */
void bn_noise(const char *study, const struct bn_sample *before, const struct bn_sample *after,
              int ncpu, struct br_noise *out);

#endif /* CPUACL_BENCH_NOISE_H */
