/* SPDX-License-Identifier: Apache-2.0 */
/* A captured model that records an event with ACL_EVENT_RECORD_EXTERNAL, replayed several
 * rounds: a wait on another stream and aclrtSynchronizeEvent issued after each
 * aclmdlRIExecuteAsync see that replay's record (not an earlier one), and a second model
 * waiting with ACL_EVENT_WAIT_EXTERNAL is released by it (graph to graph). Plus the
 * documented misuse codes. */
#include "acltest.h"

/* The model's work: blocks until the host opens round g_go, then counts the round. */
static _Atomic uint32_t g_go, g_count, g_seen[8], g_seen2[8];
static int32_t k_work(void *p)
{
    (void)p;
    uint32_t want = atomic_load(&g_count) + 1;
    while (atomic_load(&g_go) < want)
        sched_yield();
    atomic_store(&g_count, want);
    return 0;
}
/* Outside the model, after the wait: what count does it see? */
static int32_t k_seen(void *p)
{
    uint32_t r = (uint32_t)(uintptr_t)p;
    atomic_store(&g_seen[r], atomic_load(&g_count));
    return 0;
}
static int32_t k_seen2(void *p)
{
    uint32_t r = (uint32_t)(uintptr_t)p;
    atomic_store(&g_seen2[r], atomic_load(&g_count));
    return 0;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream graph, outside, exe, g2, exe2;
    CREATE_STREAMS(&graph, &outside, &exe, &g2, &exe2);

    aclrtEvent ev, plain, other;
    CHECK_OK(aclrtCreateEventExWithFlag(&ev, ACL_EVENT_SYNC));
    CHECK_OK(aclrtCreateEventWithFlag(&plain, ACL_EVENT_SYNC));
    CHECK_OK(aclrtCreateEventExWithFlag(&other, ACL_EVENT_SYNC));

    /* Misuse: unknown flag; an event not from aclrtCreateEventExWithFlag(ACL_EVENT_SYNC);
     * a stream that is not capturing (the first use still fixes the event's record flag,
     * so a default record of it is refused afterwards). */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtRecordEventWithFlag(ev, graph, 2));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
              aclrtRecordEventWithFlag(plain, graph, ACL_EVENT_RECORD_EXTERNAL));
    CHECK_ERR(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
              aclrtRecordEventWithFlag(other, graph, ACL_EVENT_RECORD_EXTERNAL));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID, aclrtRecordEvent(other, outside));
    CHECK_ERR(ACL_ERROR_RT_PARAM_INVALID,
              aclrtRecordEventWithFlag(other, outside, ACL_EVENT_RECORD_DEFAULT));
    CHECK_OK(aclrtRecordEventWithFlag(plain, outside, ACL_EVENT_RECORD_DEFAULT));
    CHECK_OK(aclrtSynchronizeStream(outside));

    /* Graph 1: the work, then the external record. */
    aclmdlRI ri = NULL, ri2 = NULL;
    CHECK_OK(aclmdlRICaptureBegin(graph, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(graph, k_work, NULL));
    CHECK_OK(aclrtRecordEventWithFlag(ev, graph, ACL_EVENT_RECORD_EXTERNAL));
    /* Host queries of the event work during the capture (it is not a captured dependency). */
    aclrtEventRecordedStatus rs;
    CHECK_OK(aclrtQueryEventStatus(ev, &rs));
    CHECK_OK(aclmdlRICaptureEnd(graph, &ri));
    /* The model's task list shows the record with its flag. */
    aclrtStream ls[4];
    uint32_t ns = 4, nt = 4;
    aclmdlRITask tasks[4];
    CHECK_OK(aclmdlRIGetStreams(ri, ls, &ns));
    CHECK(ns == 1);
    CHECK_OK(aclmdlRIGetTasksByStream(ls[0], tasks, &nt));
    CHECK(nt == 2);
    aclmdlRITaskParams tp;
    CHECK_OK(aclmdlRITaskGetParams(tasks[1], &tp));
    CHECK(tp.type == ACL_MODEL_RI_TASK_EVENT_RECORD);
    CHECK(tp.eventRecordTaskParams.event == ev);
    CHECK(tp.eventRecordTaskParams.recordFlag == ACL_EVENT_RECORD_EXTERNAL);
    /* Capturing did not record the event. */
    CHECK_OK(aclrtQueryEventStatus(ev, &rs));
    CHECK(rs == ACL_EVENT_RECORDED_STATUS_NOT_READY);

    for (uint32_t round = 1; round <= 3; round++) {
        CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
        CHECK_OK(aclrtStreamWaitEvent(outside, ev));
        CHECK_OK(cpuaclLaunchKernel(outside, k_seen, (void *)(uintptr_t)round));
        /* The replay is held in k_work: its record has not run, so the outside stream is
         * blocked and the event not complete. */
        for (int i = 0; i < 100; i++) {
            aclrtStreamStatus st;
            CHECK_OK(aclrtStreamQuery(outside, &st));
            CHECK(st == ACL_STREAM_STATUS_NOT_READY);
            CHECK_OK(aclrtQueryEventStatus(ev, &rs));
            CHECK(rs == ACL_EVENT_RECORDED_STATUS_NOT_READY);
            sched_yield();
        }
        atomic_store(&g_go, round);
        CHECK_OK(aclrtSynchronizeEvent(ev)); /* this replay's record */
        CHECK(atomic_load(&g_count) == round);
        CHECK_OK(aclrtSynchronizeStream(outside));
        CHECK(atomic_load(&g_seen[round]) == round);
        CHECK_OK(aclrtQueryEventStatus(ev, &rs));
        CHECK(rs == ACL_EVENT_RECORDED_STATUS_COMPLETE);
        CHECK_OK(aclrtSynchronizeStream(exe));
    }

    /* Graph to graph: graph 2 waits (ACL_EVENT_WAIT_EXTERNAL) for graph 1's external
     * record. Queue graph 1 first, then graph 2; graph 2's kernel sees graph 1's count. */
    CHECK_OK(aclmdlRICaptureBegin(g2, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtStreamWaitEventWithFlag(g2, ev, 0, ACL_EVENT_WAIT_EXTERNAL));
    CHECK_OK(cpuaclLaunchKernel(g2, k_seen2, (void *)(uintptr_t)4));
    CHECK_OK(aclmdlRICaptureEnd(g2, &ri2));
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclmdlRIExecuteAsync(ri2, exe2));
    for (int i = 0; i < 100; i++) {
        aclrtStreamStatus st;
        CHECK_OK(aclrtStreamQuery(exe2, &st));
        CHECK(st == ACL_STREAM_STATUS_NOT_READY);
        sched_yield();
    }
    atomic_store(&g_go, 4);
    CHECK_OK(aclrtSynchronizeStream(exe2));
    CHECK(atomic_load(&g_seen2[4]) == 4);
    CHECK_OK(aclrtSynchronizeStream(exe));

    /* Many executions queued at once: each outside wait is for its own execution. */
    for (uint32_t round = 5; round <= 7; round++) {
        CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
        CHECK_OK(aclrtStreamWaitEvent(outside, ev));
        CHECK_OK(cpuaclLaunchKernel(outside, k_seen, (void *)(uintptr_t)round));
    }
    atomic_store(&g_go, 7);
    CHECK_OK(aclrtSynchronizeStream(outside));
    for (uint32_t round = 5; round <= 7; round++)
        CHECK(atomic_load(&g_seen[round]) >= round);
    CHECK_OK(aclrtSynchronizeStream(exe));

    /* The model holds the event: destroying the event first, then replaying, is fine. */
    CHECK_OK(aclrtDestroyEvent(ev));
    atomic_store(&g_go, 8);
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK(atomic_load(&g_count) == 8);
    CHECK_OK(aclmdlRIDestroy(ri2));
    CHECK_OK(aclmdlRIDestroy(ri));
    DESTROY_EVENTS(plain, other);
    DESTROY_STREAMS(graph, outside, exe, g2, exe2);
    TEST_CLOSE();
    printf("model_external_record: ok\n");
    return 0;
}
