/* SPDX-License-Identifier: Apache-2.0 */
/* Random delays for the race tests (tests/race, tests/host): a small LCG and a
 * sleep of `us` microseconds (0: just give the core away). */
#ifndef CPUACL_TESTS_DELAY_H
#define CPUACL_TESTS_DELAY_H

#include <sched.h>
#include <time.h>

static inline unsigned rnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static inline void sleep_us(unsigned us)
{
    if (!us) {
        sched_yield();
        return;
    }
    struct timespec ts = {us / 1000000, (long)(us % 1000000) * 1000};
    nanosleep(&ts, NULL);
}

#endif
