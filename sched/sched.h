/* SPDX-License-Identifier: Apache-2.0 */
/* Engine-wide settings and start-up. */
#ifndef CPUACL_SCHED_SCHED_H
#define CPUACL_SCHED_SCHED_H

#include <stdbool.h>
#include <stdint.h>

struct sched_config {
    uint64_t spin_ns;     /* spin budget before parking (waiters; workers' starting and
                           * least budget, adapted up to SCHED_SPIN_GROW_MAX times it) */
    uint32_t ring_slots;  /* task slots per stream, power of two */
    bool pin_workers;     /* pin workers to cores */
    uint32_t trace_events; /* per-worker trace buffer (records); 0 = tracing off */
};

/* I: written by sched_init, read-only while any worker runs. */
extern struct sched_config sched_cfg;

/* Idempotent. Registers for membarrier and picks the fence strategy. */
int sched_init(const struct sched_config *cfg);

/*
 * A worker's spin budget adapts between sched_cfg.spin_ns and this many times
 * it: doubled when the worker is woken soon after parking (its idle gaps are
 * a little longer than its budget, so every gap costs a park and a wake),
 * halved when it slept longer than the largest budget (see worker.c, W4).
 */
#define SCHED_SPIN_GROW_MAX 8u

/*
 * The spin phase of every wait: poll pred(arg) for sched_cfg.spin_ns, reading
 * the clock every 64 rounds only (it costs ~20 ns). 0: pred held; -ETIMEDOUT:
 * deadline_ns (0 = none) passed; 1: the budget is spent, park now. (Host
 * waits do not yield while they spin, unlike idle workers: measured, a yield
 * there cut the one-stream rate of a busy producer by a fifth.)
 */
int sched_spin(bool (*pred)(void *), void *arg, uint64_t deadline_ns);

/* Number of cores this process may run on: its affinity mask at the first call
 * (taskset, cgroup cpusets, mpirun's binding), else every online core. Cached. */
uint32_t sched_ncpu(void);

/* The k-th of those cores (k taken modulo sched_ncpu()): the CPU number to pin to. */
int32_t sched_cpu_at(uint32_t k);

#endif
