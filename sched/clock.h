/* SPDX-License-Identifier: Apache-2.0 */
/* The engine's clock: CLOCK_MONOTONIC in nanoseconds (vDSO, no syscall). */
#ifndef CPUACL_SCHED_CLOCK_H
#define CPUACL_SCHED_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t sched_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Deadline `ms` milliseconds from now; ms < 0 means none (returns 0). */
static inline uint64_t sched_deadline_ms(int32_t ms)
{
    return ms < 0 ? 0 : sched_now_ns() + (uint64_t)ms * 1000000u;
}

#endif
