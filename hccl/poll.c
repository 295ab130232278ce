/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The waiting policy of a task driving its own MPI call (poll.h).
 */
#include "hccl/poll.h"

void hccl_poll_init(struct hccl_poll *p, uint64_t now)
{
    p->quiet_since = now;
    p->tests = 0;
    p->sleep_us = 2;
}

long hccl_poll_next(struct hccl_poll *p, uint64_t began, uint64_t now)
{
    if (now - began >= HCCL_POLL_WORK_NS) { /* the test moved data: keep going */
        p->quiet_since = now;
        p->sleep_us = 2;
    }
    if (++p->tests <= HCCL_POLL_BUSY)
        return -1;
    if (now - p->quiet_since < HCCL_POLL_QUIET_NS)
        return 0;
    long us = (long)p->sleep_us;
    if (p->sleep_us < HCCL_POLL_SLEEP_MAX_US)
        p->sleep_us =
            p->sleep_us * 2 > HCCL_POLL_SLEEP_MAX_US ? HCCL_POLL_SLEEP_MAX_US : p->sleep_us * 2;
    return us;
}
