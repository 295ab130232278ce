/* SPDX-License-Identifier: Apache-2.0 */
/* Streams: create/destroy, bad and foreign handles, WithConfig, StreamQuery, order. */
/* Streams: create/destroy, NULL and default-stream destroy refused, destroyed and garbage handles
 * 107017 without a crash, foreign-context streams 107003, WithConfig, StreamQuery, in-order
 * execution, destroy waits for queued work. */
#include "acltest.h"

/* Every stream entry point with a bad stream handle: the same code, a message. */
static void check_stream_rejected(aclError want, aclrtStream s)
{
    _Atomic uint64_t ctr = 0;
    aclrtStreamStatus st;
    aclrtEvent e;
    uint32_t u;
    CHECK_OK(aclrtCreateEvent(&e));
    CHECK_ERR(want, aclrtSynchronizeStream(s));
    CHECK_ERR(want, aclrtSynchronizeStreamWithTimeout(s, 100));
    CHECK_ERR(want, aclrtStreamQuery(s, &st));
    CHECK_ERR(want, launch_inc(s, &ctr));
    CHECK_ERR(want, cpuaclLaunchKernelArgs(s, kt_inc, &ctr, sizeof ctr));
    CHECK_ERR(want, aclrtRecordEvent(e, s));
    CHECK_ERR(want, aclrtStreamWaitEvent(s, e));
    CHECK_ERR(want, aclrtSetStreamFailureMode(s, ACL_STOP_ON_FAILURE));
    CHECK_ERR(want, aclrtStreamGetPriority(s, &u));
    CHECK_ERR(want, aclrtStreamGetFlags(s, &u));
    CHECK_ERR(want, cpuaclStreamGetWorker(s, &u));
    CHECK_ERR(want, aclrtDestroyStream(s));
    CHECK_ERR(want, aclrtDestroyStreamForce(s));
    CHECK_OK(aclrtDestroyEvent(e));
    CHECK(atomic_load(&ctr) == 0);
}

int main(void)
{
    TEST_OPEN();
    aclrtContext def0;
    CHECK_OK(aclrtGetCurrentContext(&def0));

    /* Create / destroy. */
    aclrtStream s, s2;
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateStream(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtCreateStreamWithConfig(NULL, 0, 0));
    CHECK_OK(aclrtCreateStream(&s));
    CHECK(s != NULL);
    CHECK_OK(aclrtCreateStream(&s2));
    CHECK(s2 != s);

    /* Tasks of one stream run in submission order. */
    struct kt_log *log = calloc(1, sizeof *log);
    uint32_t want[200];
    for (uint32_t i = 0; i < 200; i++) {
        want[i] = i;
        CHECK_OK(launch_log(s, log, i));
    }
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK(log_equals(log, want, 200));

    /* StreamQuery: NOT_READY while work is pending, COMPLETE after. */
    aclrtStreamStatus st = ACL_STREAM_STATUS_RESERVED;
    CHECK_OK(aclrtStreamQuery(s, &st));
    CHECK(st == ACL_STREAM_STATUS_COMPLETE);
    struct kt_gate g = {0};
    CHECK_OK(launch_gate(s, &g));
    CHECK_OK(aclrtStreamQuery(s, &st));
    CHECK(st == ACL_STREAM_STATUS_NOT_READY);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamQuery(s, NULL));
    gate_open(&g);
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtStreamQuery(s, &st));
    CHECK(st == ACL_STREAM_STATUS_COMPLETE);
    CHECK_OK(aclrtStreamQuery(NULL, &st));
    CHECK(st == ACL_STREAM_STATUS_COMPLETE);

    /* Destroy: NULL and the default stream refused; waits for queued work. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyStream(NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyStreamForce(NULL));
    aclrtStream ds;
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&ds));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtDestroyStream(ds));
    CHECK_OK(cpuaclLaunchKernel(s, kt_slow, KT_MS(100)));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK(atomic_load(&kt_slow_done) == 1);

    /* A destroyed handle: 107017 everywhere. */
    check_stream_rejected(ACL_ERROR_RT_INVALID_HANDLE, s);
    /* Garbage values: 107017, never dereferenced. */
    check_stream_rejected(ACL_ERROR_RT_INVALID_HANDLE, BAD_STREAM);
    check_stream_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtStream)(uintptr_t)1);
    check_stream_rejected(ACL_ERROR_RT_INVALID_HANDLE,
                          (aclrtStream)(uintptr_t)0xdeadbeefcafebabeull);
    check_stream_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtStream)(uintptr_t) ~(uintptr_t)0);
    check_stream_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtStream)&st); /* a real pointer */
    /* Handles of other types. */
    aclrtEvent ev;
    CHECK_OK(aclrtCreateEvent(&ev));
    check_stream_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtStream)ev);
    check_stream_rejected(ACL_ERROR_RT_INVALID_HANDLE, (aclrtStream)def0);
    CHECK_OK(aclrtDestroyEvent(ev));

    /* Streams of another context: 107003 while that context is not current. */
    aclrtContext c1;
    CHECK_OK(aclrtCreateContext(&c1, 0));
    aclrtStream sc1;
    CHECK_OK(aclrtCreateStream(&sc1));
    CHECK_OK(aclrtSetCurrentContext(def0));
    check_stream_rejected(ACL_ERROR_RT_STREAM_CONTEXT, sc1);
    CHECK_OK(aclrtSetCurrentContext(c1));
    CHECK_OK(aclrtSynchronizeStream(sc1));
    check_stream_rejected(ACL_ERROR_RT_STREAM_CONTEXT, s2);
    CHECK_OK(aclrtDestroyStream(sc1));
    CHECK_OK(aclrtSetCurrentContext(def0));
    CHECK_OK(aclrtDestroyContext(c1));

    /* WithConfig: priority is kept but ignored, unknown flags act like plain streams. */
    aclrtStream sp;
    uint32_t prio = 99, flags = 99;
    CHECK_OK(aclrtCreateStreamWithConfig(&sp, 3, ACL_STREAM_FAST_LAUNCH));
    CHECK_OK(aclrtStreamGetPriority(sp, &prio));
    CHECK(prio == 3);
    CHECK_OK(aclrtStreamGetFlags(sp, &flags));
    CHECK(flags == ACL_STREAM_FAST_LAUNCH);
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamGetPriority(sp, NULL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamGetFlags(sp, NULL));
    aclrtStream su;
    CHECK_OK(aclrtCreateStreamWithConfig(&su, 7, 0x40000000u));
    _Atomic uint64_t ctr = 0;
    for (int i = 0; i < 10; i++) {
        CHECK_OK(launch_inc(sp, &ctr));
        CHECK_OK(launch_inc(su, &ctr));
    }
    CHECK_OK(aclrtSynchronizeStream(sp));
    CHECK_OK(aclrtSynchronizeStream(su));
    CHECK(atomic_load(&ctr) == 20);
    DESTROY_STREAMS(sp, su);

    /* Available-stream count goes down by one per stream. */
    uint32_t avail0 = 0, avail1 = 0;
    CHECK_OK(aclrtGetStreamAvailableNum(&avail0));
    CHECK(avail0 > 0 && avail0 < 1984);
    CHECK_OK(aclrtCreateStream(&sp));
    CHECK_OK(aclrtGetStreamAvailableNum(&avail1));
    CHECK(avail1 == avail0 - 1);
    CHECK_OK(aclrtDestroyStream(sp));
    CHECK_OK(aclrtGetStreamAvailableNum(&avail1));
    CHECK(avail1 == avail0);

    /* Create/destroy churn: old handles stay dead when slots are recycled. */
    aclrtStream prev = NULL;
    atomic_store(&ctr, 0);
    for (int i = 0; i < 500; i++) {
        aclrtStream t;
        CHECK_OK(aclrtCreateStream(&t));
        CHECK_OK(launch_inc(t, &ctr));
        if (i % 2)
            CHECK_OK(aclrtSynchronizeStream(t));
        CHECK_OK(aclrtDestroyStream(t));
        if (prev)
            CHECK_ERR(ACL_ERROR_RT_INVALID_HANDLE, aclrtSynchronizeStream(prev));
        prev = t;
    }
    CHECK(atomic_load(&ctr) == 500);

    /* Recycled rings (sched/stream.h S10: only the slots the last life published are
     * zeroed): lives of every length, short after long and across the ring's end (1024
     * slots by default). A slot left published by an earlier life would run again in a
     * later one: its value is in no later life's log. */
    static const uint32_t lives[] = {5, 2, 1030, 3, 2100, 1, 700, 0, 4, 1024, 1, 2};
    uint32_t *lwant = malloc(2100 * sizeof *lwant);
    CHECK(lwant != NULL);
    for (uint32_t l = 0; l < sizeof lives / sizeof lives[0]; l++) {
        for (int rep = 0; rep < 3; rep++) { /* the released stream is recycled a call later */
            aclrtStream t;
            CHECK_OK(aclrtCreateStream(&t));
            atomic_store(&log->n, 0);
            for (uint32_t i = 0; i < lives[l]; i++) {
                lwant[i] = (l * 3 + (uint32_t)rep) << 16 | i;
                CHECK_OK(launch_log(t, log, lwant[i]));
            }
            CHECK_OK(aclrtSynchronizeStream(t));
            CHECK(log_equals(log, lwant, lives[l]));
            CHECK_OK(aclrtDestroyStream(t));
        }
    }
    free(lwant);

    CHECK_OK(aclrtDestroyStream(s2));
    free(log);
    TEST_CLOSE();
    CHECK_NO_KFAIL();
    return 0;
}
