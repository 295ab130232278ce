/* SPDX-License-Identifier: Apache-2.0 */
/* aclrtStreamWaitEvent semantics, SYNC flag, contexts, destroy, wait timeouts. */
/* aclrtStreamWaitEvent: waits for the latest record at call time, never-recorded means no wait,
 * SYNC flag required for WithFlag events, many waiters on one event, contexts isolated (107003),
 * destroy with queued records, wait timeouts (507047 at sync). */
#include "acltest.h"

/* Plain (non-atomic) data written on one stream and read on another: the
 * event edge must order them (TSan checks the happens-before). */
static int plain[64];

static int32_t k_write_plain(void *args)
{
    int v = (int)(intptr_t)args;
    for (int i = 0; i < 64; i++)
        plain[i] = v + i;
    return 0;
}

static int32_t k_check_plain(void *args)
{
    int v = (int)(intptr_t)args;
    for (int i = 0; i < 64; i++)
        if (plain[i] != v + i) {
            KFAIL("waiter saw plain[%d] = %d, expected %d", i, plain[i], v + i);
            return 0;
        }
    return 0;
}

/* Checks *counter >= want when it runs. */
struct atleast_arg {
    _Atomic uint64_t *ctr;
    uint64_t want;
    _Atomic uint64_t *done;
};

static int32_t k_atleast(void *args)
{
    struct atleast_arg a;
    memcpy(&a, args, sizeof a);
    uint64_t got = atomic_load(a.ctr);
    if (got < a.want)
        KFAIL("a waiter ran early: counter %llu < %llu", (unsigned long long)got,
              (unsigned long long)a.want);
    atomic_fetch_add(a.done, 1);
    return 0;
}

static aclError launch_atleast(aclrtStream s, _Atomic uint64_t *ctr, uint64_t want,
                               _Atomic uint64_t *done)
{
    struct atleast_arg a = {ctr, want, done};
    return cpuaclLaunchKernelArgs(s, k_atleast, &a, sizeof a);
}

#define NWAITERS 16

int main(void)
{
    setenv("CPUACL_WORKERS", "3", 1); /* waits must not depend on one shared worker */
    TEST_OPEN();
    aclrtContext def0;
    CHECK_OK(aclrtGetCurrentContext(&def0));
    aclrtStream s1, s2;
    CHECK_OK(aclrtCreateStream(&s1));
    if (!stream_on_other_worker(&s2, s1)) {
        fprintf(stderr, "could not place two streams on different workers\n");
        return 1;
    }
    aclrtEvent e;
    CHECK_OK(aclrtCreateEvent(&e));
    _Atomic uint64_t ctr = 0, done = 0;

    /* The basic dependency, with plain data. */
    for (int round = 0; round < 50; round++) {
        CHECK_OK(launch_sleep(s1, round % 3));
        CHECK_OK(cpuaclLaunchKernel(s1, k_write_plain, (void *)(intptr_t)(round * 100)));
        CHECK_OK(aclrtRecordEvent(e, s1));
        CHECK_OK(aclrtStreamWaitEvent(s2, e));
        CHECK_OK(cpuaclLaunchKernel(s2, k_check_plain, (void *)(intptr_t)(round * 100)));
        CHECK_OK(aclrtSynchronizeStream(s2));
    }
    CHECK_NO_KFAIL();

    /* The wait takes the latest record at the time of the call (R1), not a
     * later one (R2). */
    struct kt_gate g1 = {0}, g2 = {0};
    CHECK_OK(launch_gate(s1, &g1));
    CHECK_OK(launch_inc(s1, &ctr));    /* ctr = 1 */
    CHECK_OK(aclrtRecordEvent(e, s1)); /* R1 */
    CHECK_OK(aclrtStreamWaitEvent(s2, e));
    CHECK_OK(launch_atleast(s2, &ctr, 1, &done));
    CHECK_OK(launch_gate(s1, &g2));
    CHECK_OK(launch_inc(s1, &ctr));
    CHECK_OK(aclrtRecordEvent(e, s1)); /* R2 */
    sleep_ms(50);
    CHECK(atomic_load(&done) == 0); /* blocked behind g1 */
    gate_open(&g1);
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s2, 10000)); /* does not need g2 */
    CHECK(atomic_load(&done) == 1);
    /* A wait issued now takes R2, which is behind g2. */
    CHECK_OK(aclrtStreamWaitEvent(s2, e));
    CHECK_OK(launch_atleast(s2, &ctr, 2, &done));
    sleep_ms(50);
    CHECK(atomic_load(&done) == 1);
    aclrtEventWaitStatus ws;
    CHECK_OK(aclrtQueryEventWaitStatus(e, &ws));
    CHECK(ws == ACL_EVENT_WAIT_STATUS_NOT_READY);
    gate_open(&g2);
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK(atomic_load(&done) == 2);
    CHECK_OK(aclrtQueryEventWaitStatus(e, &ws));
    CHECK(ws == ACL_EVENT_WAIT_STATUS_COMPLETE);
    CHECK_NO_KFAIL();

    /* A wait is for that record, not for whatever record of the event
     * completes next: R3 sits behind a gate on s1, the wait on s2 takes R3,
     * then the event is re-recorded on an idle stream (R4 completes at
     * once). s2 must still wait for the gate. */
    aclrtStream s3;
    CHECK_OK(aclrtCreateStream(&s3));
    struct kt_gate g8 = {0};
    atomic_store(&done, 0);
    CHECK_OK(launch_gate(s1, &g8));
    CHECK_OK(launch_inc(s1, &ctr));    /* ctr = 3 */
    CHECK_OK(aclrtRecordEvent(e, s1)); /* R3 */
    CHECK_OK(aclrtStreamWaitEvent(s2, e));
    CHECK_OK(launch_atleast(s2, &ctr, 3, &done));
    CHECK_OK(aclrtRecordEvent(e, s3)); /* R4 */
    CHECK_OK(aclrtSynchronizeStream(s3));
    sleep_ms(50);
    bool early = atomic_load(&done) != 0;
    gate_open(&g8);
    CHECK_OK(aclrtSynchronizeStream(s2));
    CHECK_OK(aclrtSynchronizeStream(s1));
    if (early) {
        fprintf(stderr, "a wait for record R3 passed when a later record R4 of the same "
                        "event completed on another stream while R3 was still pending\n");
        return 1;
    }
    CHECK_OK(aclrtDestroyStream(s3));
    atomic_store(&done, 2); /* as before this section */
    CHECK_NO_KFAIL();

    /* Never recorded: no wait. */
    aclrtEvent fresh;
    CHECK_OK(aclrtCreateEvent(&fresh));
    struct kt_gate g3 = {0};
    CHECK_OK(launch_gate(s1, &g3)); /* s1 busy; irrelevant to s2 */
    CHECK_OK(aclrtStreamWaitEvent(s2, fresh));
    CHECK_OK(launch_inc(s2, &done));
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(s2, 10000));
    CHECK(atomic_load(&done) == 3);
    gate_open(&g3);
    CHECK_OK(aclrtSynchronizeStream(s1));

    /* WithFlag / ExWithFlag events need ACL_EVENT_SYNC to be waited on. */
    aclrtEvent nosync1, nosync2, nosync3, sync1, sync2;
    CHECK_OK(aclrtCreateEventWithFlag(&nosync1, ACL_EVENT_TIME_LINE));
    CHECK_OK(aclrtCreateEventExWithFlag(&nosync2, ACL_EVENT_CAPTURE_STREAM_PROGRESS));
    CHECK_OK(aclrtCreateEventWithFlag(&nosync3, 0));
    CHECK_OK(aclrtCreateEventWithFlag(&sync1, ACL_EVENT_SYNC));
    CHECK_OK(aclrtCreateEventExWithFlag(&sync2, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE));
    CHECK_OK(aclrtRecordEvent(nosync1, s1));
    CHECK_OK(aclrtRecordEvent(nosync2, s1));
    CHECK_OK(aclrtRecordEvent(sync1, s1));
    CHECK_OK(aclrtRecordEvent(sync2, s1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamWaitEvent(s2, nosync1));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamWaitEvent(s2, nosync2));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamWaitEvent(s2, nosync3));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamWaitEventWithTimeout(s2, nosync1, 100));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamWaitEvent(NULL, nosync2));
    CHECK_OK(aclrtStreamWaitEvent(s2, sync1));
    CHECK_OK(aclrtStreamWaitEvent(s2, sync2));
    CHECK_OK(aclrtStreamWaitEventWithTimeout(s2, sync1, 5000));
    CHECK_OK(aclrtSynchronizeStream(s2));
    DESTROY_EVENTS(nosync1, nosync2, nosync3, sync1, sync2);

    /* Many streams wait on one event; all of them see the work before it. */
    aclrtStream w[NWAITERS];
    struct kt_gate g4 = {0};
    atomic_store(&ctr, 0);
    atomic_store(&done, 0);
    for (int i = 0; i < NWAITERS; i++)
        CHECK_OK(aclrtCreateStream(&w[i]));
    CHECK_OK(launch_gate(s1, &g4));
    CHECK_OK(launch_sleep(s1, 5));
    CHECK_OK(launch_inc(s1, &ctr));
    CHECK_OK(aclrtRecordEvent(e, s1));
    for (int i = 0; i < NWAITERS; i++) {
        CHECK_OK(aclrtStreamWaitEvent(w[i], e));
        CHECK_OK(launch_atleast(w[i], &ctr, 1, &done));
    }
    sleep_ms(30);
    CHECK(atomic_load(&done) == 0);
    gate_open(&g4);
    for (int i = 0; i < NWAITERS; i++)
        CHECK_OK(aclrtSynchronizeStream(w[i]));
    CHECK(atomic_load(&done) == NWAITERS);
    CHECK_NO_KFAIL();

    /* Destroying an event with a record and waits queued: immediate for the
     * caller; the queued record and waits still work. */
    aclrtEvent ed;
    CHECK_OK(aclrtCreateEventWithFlag(&ed, ACL_EVENT_SYNC));
    struct kt_gate g5 = {0};
    atomic_store(&done, 0);
    CHECK_OK(launch_gate(s1, &g5));
    CHECK_OK(launch_inc(s1, &ctr)); /* ctr = 2 */
    CHECK_OK(aclrtRecordEvent(ed, s1));
    for (int i = 0; i < 4; i++) {
        CHECK_OK(aclrtStreamWaitEvent(w[i], ed));
        CHECK_OK(launch_atleast(w[i], &ctr, 2, &done));
    }
    double t0 = now_ms();
    CHECK_OK(aclrtDestroyEvent(ed));
    CHECK(now_ms() - t0 < 1000); /* did not wait for the gate */
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtRecordEvent(ed, s1));
    CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtStreamWaitEvent(s2, ed));
    gate_open(&g5);
    for (int i = 0; i < 4; i++)
        CHECK_OK(aclrtSynchronizeStreamWithTimeout(w[i], 10000));
    CHECK(atomic_load(&done) == 4);
    CHECK_NO_KFAIL();
    for (int i = 0; i < NWAITERS; i++)
        CHECK_OK(aclrtDestroyStream(w[i]));

    /* StreamWaitEventWithTimeout that expires: the stream's error state
     * becomes 507047, reported at sync, and the stream continues. */
    struct kt_gate g6 = {0};
    _Atomic uint64_t after = 0;
    CHECK_OK(launch_gate(s1, &g6));
    CHECK_OK(aclrtRecordEvent(e, s1));
    CHECK_OK(aclrtStreamWaitEventWithTimeout(s2, e, 50));
    CHECK_OK(launch_inc(s2, &after));
    double t1 = now_ms();
    while (atomic_load(&after) == 0 && now_ms() - t1 < 5000)
        sleep_ms(1);
    CHECK(atomic_load(&after) == 1); /* continued although the record is still blocked */
    CHECK_ERR(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, aclrtSynchronizeStream(s2));
    CHECK_OK(aclrtSynchronizeStream(s2)); /* reported once */
    gate_open(&g6);
    CHECK_OK(aclrtSynchronizeStream(s1));
    /* Not expiring: the record completes in time. */
    struct kt_gate g7 = {0};
    CHECK_OK(launch_gate(s1, &g7));
    CHECK_OK(aclrtRecordEvent(e, s1));
    CHECK_OK(aclrtStreamWaitEventWithTimeout(s2, e, 10000));
    CHECK_OK(launch_inc(s2, &after));
    struct gate_timer t;
    gate_open_later(&t, &g7, 30);
    CHECK_OK(aclrtSynchronizeStream(s2));
    gate_timer_join(&t);
    CHECK(atomic_load(&after) == 2);

    /* Contexts are isolated: events and streams of different contexts. */
    aclrtContext c2;
    CHECK_OK(aclrtCreateContext(&c2, 0));
    aclrtEvent e2;
    aclrtStream sc2;
    CHECK_OK(aclrtCreateEvent(&e2));
    CHECK_OK(aclrtCreateStream(&sc2));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtRecordEvent(e, sc2)); /* e is def0's */
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtRecordEvent(e, NULL));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtStreamWaitEvent(sc2, e));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtStreamWaitEvent(NULL, e));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtResetEvent(e, sc2));
    CHECK_OK(aclrtRecordEvent(e2, sc2));
    CHECK_OK(aclrtSetCurrentContext(def0));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtRecordEvent(e2, s1));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtRecordEvent(e2, NULL));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtStreamWaitEvent(s1, e2));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtStreamWaitEvent(NULL, e2));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CONTEXT, aclrtStreamWaitEventWithTimeout(s1, e2, 100));
    CHECK_OK(aclrtSetCurrentContext(c2));
    CHECK_OK(aclrtSynchronizeStream(sc2));
    CHECK_OK(aclrtDestroyEvent(e2));
    CHECK_OK(aclrtDestroyStream(sc2));
    CHECK_OK(aclrtSetCurrentContext(def0));
    CHECK_OK(aclrtDestroyContext(c2));

    DESTROY_EVENTS(e, fresh);
    DESTROY_STREAMS(s1, s2);
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
