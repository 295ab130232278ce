/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtDestroyStreamForce drops queued tasks; records in the dropped part complete. */
/* aclrtDestroyStreamForce drops queued tasks that have not started, while event records in the
 * dropped part still complete so waiting streams proceed; plain DestroyStream runs everything. */
#include "acltest.h"

#define N 800 /* below the 1024 ring slots: the gated submissions must not block */

int main(void)
{
    TEST_OPEN();
    aclrtStream s, waiter;
    CREATE_STREAMS(&s, &waiter);
    aclrtEvent e;
    CHECK_OK(aclrtCreateEvent(&e));
    _Atomic uint64_t ctr = 0, waited = 0;

    /* A kernel blocked on a gate holds the rest of the stream back. */
    struct kt_gate g = {0};
    CHECK_OK(launch_gate(s, &g));
    for (int i = 0; i < N; i++) {
        CHECK_OK(launch_inc(s, &ctr));
        if (i == N / 2)
            CHECK_OK(aclrtRecordEvent(e, s)); /* a record in the part to be dropped */
    }
    CHECK_OK(aclrtStreamWaitEvent(waiter, e));
    CHECK_OK(launch_inc(waiter, &waited));
    CHECK(wait_flag(&g.entered, 10000)); /* the gate kernel has started */

    /* The gate opens later from another thread, in case the force destroy
     * waits for the running kernel. */
    struct gate_timer t;
    gate_open_later(&t, &g, 200);
    double t0 = now_ms();
    CHECK_OK(aclrtDestroyStreamForce(s));
    double dt = now_ms() - t0;
    gate_timer_join(&t);
    CHECK_OK(aclrtSynchronizeStream(waiter)); /* must not hang */
    CHECK(atomic_load(&waited) == 1);
    aclrtEventRecordedStatus st;
    CHECK_OK(aclrtQueryEventStatus(e, &st));
    CHECK(st == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    CHECK_OK(aclrtSynchronizeEvent(e));
    uint64_t ran = atomic_load(&ctr);
    CHECK_OK(aclrtSynchronizeDevice());
    if (atomic_load(&ctr) != ran) {
        fprintf(stderr, "tasks of a force-destroyed stream ran after it was destroyed\n");
        return 1;
    }
    if (ran != 0) {
        fprintf(stderr,
                "%llu of %d tasks queued behind a running kernel ran after "
                "DestroyStreamForce (call took %.1f ms)\n",
                (unsigned long long)ran, N, dt);
        return 1;
    }
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeStream(s));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyStreamForce(s));

    /* Force-destroying an idle stream, and one whose work already ran. */
    aclrtStream s2;
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK_OK(aclrtDestroyStreamForce(s2));
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK_OK(launch_inc(s2, &ctr));
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK_OK(aclrtDestroyStreamForce(s2));
    CHECK(atomic_load(&ctr) == 1);

    /* Plain destroy of a gated stream runs everything first. */
    struct kt_gate g2 = {0};
    atomic_store(&ctr, 0);
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK_OK(launch_gate(s2, &g2));
    for (int i = 0; i < N; i++)
        CHECK_OK(launch_inc(s2, &ctr));
    gate_open_later(&t, &g2, 50);
    CHECK_OK(aclrtDestroyStream(s2));
    gate_timer_join(&t);
    CHECK(atomic_load(&ctr) == N);

    /* The device still works. */
    CHECK_OK(launch_inc(waiter, &waited));
    CHECK_OK(aclrtSynchronizeStream(waiter));
    CHECK(atomic_load(&waited) == 2);

    CHECK_OK(aclrtDestroyEvent(e));
    CHECK_OK(aclrtDestroyStream(waiter));
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
