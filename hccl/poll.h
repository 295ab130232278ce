/* SPDX-License-Identifier: Apache-2.0 */
/*
 * How a task driving its own MPI call waits between tests of it (hccl/mpi.c,
 * HM5), as a pure function of the clock so that it can be tested alone.
 *
 * Open MPI's non-blocking collectives progress only inside MPI_Test: a rank
 * that sleeps delays its peers' rounds as well as its own. The task therefore
 * tests busily (64 tests, then with a sched_yield between, so the ranks of an
 * oversubscribed machine get the core, as Open MPI's own blocking calls do
 * there) as long as the call keeps moving, and sleeps, from 2 us doubling up
 * to 100 us, only after HCCL_POLL_QUIET_NS in which no test did any work (a
 * peer is late: the core is better given away). A test that took
 * HCCL_POLL_WORK_NS or more did work (it copied or reduced a block; waiting
 * tests take a few microseconds): the quiet period starts again and the
 * sleeps shrink back to 2 us. The quiet period is 10 ms: a round of a 16 MiB
 * all-reduce on 2 processes waits ~2 ms for the peer's reduction, and every
 * sleep wakes 50-150 us late (timer slack) while the peer waits in turn; a
 * rank whose peer is really late burns at most that much before it sleeps.
 * (Before, the quiet period was 1 ms counted from the call's start, so a
 * 16 MiB all-reduce slept 10-50 times between its rounds: docs/hccl.md.)
 */
#ifndef CPUACL_HCCL_POLL_H
#define CPUACL_HCCL_POLL_H

#include <stdint.h>

#define HCCL_POLL_QUIET_NS 10000000u /* busy (yielding) this long after the last work */
#define HCCL_POLL_WORK_NS 20000u     /* a test this long did work */
#define HCCL_POLL_BUSY 64u           /* tests before the first yield */
#define HCCL_POLL_SLEEP_MAX_US 100u

struct hccl_poll {
    uint64_t quiet_since; /* last work (or the call's start) */
    unsigned tests;
    unsigned sleep_us; /* the next sleep */
};

void hccl_poll_init(struct hccl_poll *p, uint64_t now);
/* A test that began at `began` and ended at `now` found the call unfinished:
 * -1 test again at once, 0 yield the core first, > 0 sleep that many us. */
long hccl_poll_next(struct hccl_poll *p, uint64_t began, uint64_t now);

#endif
