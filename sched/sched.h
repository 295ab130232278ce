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
 * there cut the one-stream rate of a busy producer by a fifth. The longer
 * spin of a synchronisation, SCHED_SYNC_SPIN_MAX, yields where a worker may
 * need the core.)
 */
int sched_spin(bool (*pred)(void *), void *arg, uint64_t deadline_ns);

/*
 * sched_spin's loop from t0 (a clock reading the caller took) for budget_ns.
 * With yield, the core is yielded every 64 rounds while a device worker may
 * run on it (sched_cpu_has_worker: one is pinned there, or workers are
 * unpinned), so the spinner never holds a worker off its core; on a core no
 * worker uses it does not yield, since a yield there only hands the core to
 * another process's thread for its whole slice. The spin gives up (1: park
 * now) as soon as a yield kept this thread off its core for
 * SCHED_YIELD_LOST_NS or more without pred coming true: a yielding spinner
 * gets the core back only after the other thread's slice, a parked one as
 * soon as it is woken. *last_ns: the latest clock reading (t0 when the loop
 * read none: pred held within 64 rounds).
 */
int sched_spin_from(bool (*pred)(void *), void *arg, uint64_t t0, uint64_t budget_ns, bool yield,
                    uint64_t deadline_ns, uint64_t *last_ns);

/*
 * A stream synchronisation spins longer than sched_cfg.spin_ns when its
 * stream's previous synchronisation waited longer than that but at most this
 * many times it (sched/stream.h S9): for that wait plus a quarter, yielding
 * a core shared with a worker (sched_spin_from), then it parks. 20 x the default 50 us: a host
 * waiting on work of up to 1 ms (a model's execution, aclmdlExecute) takes
 * the result from a spinning thread instead of a futex wake (~25-50 us on a
 * VM: 3-15% of such work); a longer wait parks after the plain spin, as
 * every wait does, so a host waiting on long work costs no CPU.
 */
#define SCHED_SYNC_SPIN_MAX 20u

/* A yield that kept the spinning thread off its core this long: the core is
 * contended, park (sched_spin_from). A bare sched_yield costs ~1 us. */
#define SCHED_YIELD_LOST_NS 20000u

/* Number of cores this process may run on: its affinity mask at the first call
 * (taskset, cgroup cpusets, mpirun's binding), else every online core. Cached. */
uint32_t sched_ncpu(void);

/* The k-th of those cores (k taken modulo sched_ncpu()): the CPU number to pin to. */
int32_t sched_cpu_at(uint32_t k);

#endif
