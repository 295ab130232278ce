/* SPDX-License-Identifier: Apache-2.0 */
/* Stream error state: reported once by stream/device/event sync; STOP_ON_FAILURE. */
/* Stream error state: a failing kernel is reported once (507015) by the next stream, device or
 * event sync and the stream then works again; CONTINUE vs STOP_ON_FAILURE; bad failure modes. */
#include "acltest.h"

int main(void)
{
    TEST_OPEN();
    aclrtStream s, other;
    CREATE_STREAMS(&s, &other);
    _Atomic uint64_t ctr = 0;

    /* Reported by the next stream sync, with a message; then cleared. */
    CHECK_OK(cpuaclLaunchKernel(s, kt_fail, NULL));
    CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s)); /* last error too */
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(launch_inc(s, &ctr));
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(atomic_load(&ctr) == 1);

    /* Default mode CONTINUE_ON_FAILURE: tasks behind the failure still run. */
    atomic_store(&ctr, 0);
    CHECK_OK(cpuaclLaunchKernel(s, kt_fail, NULL));
    for (int i = 0; i < 10; i++)
        CHECK_OK(launch_inc(s, &ctr));
    CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(s));
    CHECK(atomic_load(&ctr) == 10);
    CHECK_OK(aclrtSynchronizeStream(s));

    /* Another stream is not affected by s's failure. */
    CHECK_OK(cpuaclLaunchKernel(s, kt_fail, NULL));
    CHECK_OK(launch_inc(other, &ctr));
    CHECK_OK(aclrtSynchronizeStream(other));
    /* Reported by a device sync; that clears it. */
    CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeDevice());
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtSynchronizeDevice());

    /* Reported by synchronising an event recorded behind it; that clears it. */
    aclrtEvent e;
    CHECK_OK(aclrtCreateEvent(&e));
    CHECK_OK(cpuaclLaunchKernel(s, kt_fail, NULL));
    CHECK_OK(aclrtRecordEvent(e, s));
    CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeEvent(e));
    CHECK_OK(aclrtSynchronizeStream(s));

    /* Also through a timed sync and on the default stream. */
    CHECK_OK(cpuaclLaunchKernel(NULL, kt_fail, NULL));
    CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStreamWithTimeout(NULL, 5000));
    CHECK_OK(aclrtSynchronizeStream(NULL));

    /* Failure mode values. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamFailureMode(s, 2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtSetStreamFailureMode(s, ~0ull));

    /* STOP_ON_FAILURE: the tasks queued behind the failure are skipped (event
     * records still complete) until the error is reported. */
    aclrtStream ss;
    CHECK_OK(aclrtCreateStream(&ss));
    CHECK_OK(aclrtSetStreamFailureMode(ss, ACL_STOP_ON_FAILURE));
    struct kt_gate g = {0};
    atomic_store(&ctr, 0);
    CHECK_OK(launch_gate(ss, &g)); /* keep everything queued */
    CHECK_OK(launch_inc(ss, &ctr));
    CHECK_OK(cpuaclLaunchKernel(ss, kt_fail, NULL));
    for (int i = 0; i < 10; i++)
        CHECK_OK(launch_inc(ss, &ctr));
    aclrtEvent es;
    CHECK_OK(aclrtCreateEvent(&es));
    CHECK_OK(aclrtRecordEvent(es, ss));
    for (int i = 0; i < 10; i++)
        CHECK_OK(launch_inc(ss, &ctr));
    /* Another stream waiting on the record in the skipped part proceeds. */
    CHECK_OK(aclrtStreamWaitEvent(other, es));
    _Atomic uint64_t after_wait = 0;
    CHECK_OK(launch_inc(other, &after_wait));
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(other));
    CHECK(atomic_load(&after_wait) == 1);
    aclrtEventRecordedStatus est;
    CHECK_OK(aclrtQueryEventStatus(es, &est));
    CHECK(est == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(ss));
    CHECK(atomic_load(&ctr) == 1); /* only the kernel before the failure ran */
    /* Reported: the stream runs tasks again. */
    CHECK_OK(launch_inc(ss, &ctr));
    CHECK_OK(aclrtSynchronizeStream(ss));
    CHECK(atomic_load(&ctr) == 2);
    /* Repeatedly, reported through the stream, the device or an event: the
     * task queued behind the failure is skipped, the one submitted after the
     * report runs. */
    for (int round = 0; round < 200; round++) {
        uint64_t before = atomic_load(&ctr);
        CHECK_OK(cpuaclLaunchKernel(ss, kt_fail, NULL));
        CHECK_OK(launch_inc(ss, &ctr));
        if (round % 3 == 0) {
            CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeDevice());
        } else if (round % 3 == 1) {
            CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeStream(ss));
        } else {
            CHECK_OK(aclrtRecordEvent(es, ss));
            CHECK_ERR(ACL_ERROR_RT_AICORE_EXCEPTION, aclrtSynchronizeEvent(es));
            CHECK_OK(aclrtSynchronizeStream(ss)); /* nothing left to report */
        }
        CHECK(atomic_load(&ctr) == before);
        CHECK_OK(launch_inc(ss, &ctr));
        CHECK_OK(aclrtSynchronizeStream(ss));
        if (atomic_load(&ctr) != before + 1) {
            fprintf(stderr,
                    "round %d: a task submitted after the error was reported (by %s) "
                    "was skipped\n",
                    round,
                    round % 3 == 0   ? "aclrtSynchronizeDevice"
                    : round % 3 == 1 ? "aclrtSynchronizeStream"
                                     : "aclrtSynchronizeEvent");
            return 1;
        }
    }

    DESTROY_EVENTS(e, es);
    DESTROY_STREAMS(ss, s, other);
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
