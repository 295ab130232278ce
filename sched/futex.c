/* SPDX-License-Identifier: Apache-2.0 */
#include "sched/futex.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int sched_futex_wait(_Atomic uint32_t *word, uint32_t val, uint64_t deadline_ns)
{
    struct timespec ts, *tp = NULL;
    if (deadline_ns) {
        ts.tv_sec = (time_t)(deadline_ns / 1000000000u);
        ts.tv_nsec = (long)(deadline_ns % 1000000000u);
        tp = &ts;
    }
    /* FUTEX_WAIT_BITSET takes an absolute CLOCK_MONOTONIC deadline. */
    long r = syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG, val, tp,
                     NULL, FUTEX_BITSET_MATCH_ANY);
    if (r == 0 || errno == EAGAIN)
        return 0;
    return errno == ETIMEDOUT ? -ETIMEDOUT : -EINTR;
}

void sched_futex_wake(_Atomic uint32_t *word, int n)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, n, NULL, NULL, 0);
}
