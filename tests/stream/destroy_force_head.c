/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtDestroyStreamForce and a head task that has not started yet: with one worker busy in
 * another stream's kernel, a force-destroyed stream's first queued task still runs (what an
 * NPU has dispatched completes) and the ones behind it are dropped; the call returns once the
 * head task has run (docs/stream.md, "Force destroy"). Run with CPUACL_WORKERS=1. */
#include "acltest.h"

int main(void)
{
    TEST_OPEN();
    aclrtStream busy, s;
    CREATE_STREAMS(&busy, &s);
    static struct kt_log log;

    /* The only worker runs busy's gate kernel; s's three tasks wait behind it. */
    struct kt_gate g = {0};
    CHECK_OK(launch_gate(busy, &g));
    CHECK(wait_flag(&g.entered, 10000));
    for (uint32_t i = 1; i <= 3; i++)
        CHECK_OK(launch_log(s, &log, i));
    CHECK(atomic_load(&log.n) == 0); /* nothing of s has started */
    struct gate_timer t;
    gate_open_later(&t, &g, 100);
    CHECK_OK(aclrtDestroyStreamForce(s));
    /* The head task has run by the time the call returns. */
    static const uint32_t want[] = {1};
    CHECK(log_equals(&log, want, 1));
    gate_timer_join(&t);
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK(log_equals(&log, want, 1)); /* and nothing behind it ran later */
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeStream(s));

    /* A head that finished before the call: everything queued behind it is dropped. */
    atomic_store(&log.n, 0);
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(launch_log(s, &log, 7));
    CHECK_OK(aclrtSynchronizeStream(s));
    struct kt_gate g2 = {0};
    CHECK_OK(launch_gate(busy, &g2));
    CHECK(wait_flag(&g2.entered, 10000));
    CHECK_OK(launch_log(s, &log, 8)); /* the new head, not started */
    CHECK_OK(launch_log(s, &log, 9));
    gate_open_later(&t, &g2, 50);
    CHECK_OK(aclrtDestroyStreamForce(s));
    gate_timer_join(&t);
    CHECK_OK(aclrtSynchronizeDevice());
    static const uint32_t want2[] = {7, 8};
    CHECK(log_equals(&log, want2, 2));

    /* The device still works. */
    _Atomic uint64_t ctr = 0;
    CHECK_OK(launch_inc(busy, &ctr));
    CHECK_OK(aclrtSynchronizeStream(busy));
    CHECK(atomic_load(&ctr) == 1);
    CHECK_OK(aclrtDestroyStream(busy));
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
