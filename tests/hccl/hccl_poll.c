/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The waiting policy of a task driving its own MPI call (hccl/poll.h), on a
 * simulated clock:
 *  1. a call whose tests find nothing to do (1 us each, 1 us per yield): 64
 *     tests at once, then yields for HCCL_POLL_QUIET_NS, then sleeps of 2, 4,
 *     .. 64, 100, 100 us;
 *  2. a test that did work (30 us) late in the quiet period starts it again:
 *     no sleep until HCCL_POLL_QUIET_NS after it; one after sleeps brings them
 *     back to 2 us;
 *  3. a large transfer whose every fourth test does work (40 us), for 200 ms
 *     of simulated time: never a sleep (the old policy, counting from the
 *     call's start, slept from its quiet period on);
 *  4. a test just under the work threshold is a waiting one.
 */
#include <stdio.h>
#include <stdlib.h>

#include "hccl/poll.h"

#define US 1000u

static int failures;
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c);                  \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

/* Advance the clock as the task would: a test of `test_ns`, then the wait the
 * policy asked for (a yield 1 us, a sleep its length). Returns the policy's answer. */
static long step(struct hccl_poll *p, uint64_t *clock, uint64_t test_ns)
{
    uint64_t began = *clock;
    *clock += test_ns;
    long w = hccl_poll_next(p, began, *clock);
    *clock += w == 0 ? US : w > 0 ? (uint64_t)w * US : 0;
    return w;
}

int main(void)
{
    struct hccl_poll p;
    uint64_t clock = 5000000; /* any start */

    /* 1: nothing to do */
    hccl_poll_init(&p, clock);
    uint64_t t0 = clock;
    for (unsigned i = 0; i < HCCL_POLL_BUSY; i++)
        CHECK(step(&p, &clock, US) == -1);
    long w;
    unsigned yields = 0;
    while ((w = step(&p, &clock, US)) == 0)
        yields++;
    printf("1: %u yields, first sleep %ld us after %.0f us\n", yields, w,
           (double)(clock - t0 - (uint64_t)w * US) / US);
    CHECK(clock - t0 - (uint64_t)w * US >= HCCL_POLL_QUIET_NS);
    CHECK(clock - t0 - (uint64_t)w * US <= HCCL_POLL_QUIET_NS + 3 * US);
    CHECK(w == 2);
    const long grow[] = {4, 8, 16, 32, 64, 100, 100, 100};
    for (unsigned i = 0; i < sizeof(grow) / sizeof(grow[0]); i++)
        CHECK(step(&p, &clock, US) == grow[i]);

    /* 2: work late in the quiet period, then after sleeps */
    hccl_poll_init(&p, clock);
    t0 = clock;
    while (clock - t0 < HCCL_POLL_QUIET_NS / 10 * 9)
        CHECK(step(&p, &clock, US) <= 0);
    uint64_t work = clock;
    CHECK(step(&p, &clock, 30 * US) == 0); /* did work: yield, not sleep */
    work += 30 * US;
    while ((w = step(&p, &clock, US)) <= 0)
        ;
    printf("2: first sleep %.0f us after the work\n",
           (double)(clock - work - (uint64_t)w * US) / US);
    CHECK(clock - work - (uint64_t)w * US >= HCCL_POLL_QUIET_NS);
    CHECK(w == 2);
    CHECK(step(&p, &clock, US) == 4);
    CHECK(step(&p, &clock, US) == 8);
    CHECK(step(&p, &clock, 30 * US) == 0); /* work again: busy, and ... */
    while ((w = step(&p, &clock, US)) <= 0)
        ;
    CHECK(w == 2); /* ... the sleeps start over at 2 us */

    /* 3: a large transfer: work every fourth test, 200 ms */
    hccl_poll_init(&p, clock);
    t0 = clock;
    unsigned sleeps = 0;
    for (unsigned i = 0; clock - t0 < 200000 * US; i++)
        sleeps += step(&p, &clock, i % 4 == 3 ? 40 * US : 2 * US) > 0;
    printf("3: %u sleeps in 200 ms of a transfer\n", sleeps);
    CHECK(sleeps == 0);

    /* 4: just under the threshold: waiting, so the sleeps come */
    hccl_poll_init(&p, clock);
    t0 = clock;
    sleeps = 0;
    while (clock - t0 < 3 * HCCL_POLL_QUIET_NS)
        sleeps += step(&p, &clock, HCCL_POLL_WORK_NS - 1) > 0;
    printf("4: %u sleeps in %u ms of %u ns tests\n", sleeps, 3 * HCCL_POLL_QUIET_NS / 1000000u,
           HCCL_POLL_WORK_NS - 1);
    CHECK(sleeps > 0);

    if (failures)
        return 1;
    printf("hccl_poll: ok\n");
    return 0;
}
