/* SPDX-License-Identifier: Apache-2.0 */
/* A captured model that waits on an event recorded outside it (ACL_EVENT_WAIT_EXTERNAL),
 * replayed several rounds: each replay blocks until that round's outside record, and the
 * aclrtResetEvent captured at the end of the model re-arms the wait for the next round.
 * Also the sample's Ex-event sequence (record before the execution), the model-update
 * sample's event created with ACL_EVENT_EXTERNAL and waited with plain aclrtStreamWaitEvent,
 * and the misuse codes. */
#include "acltest.h"

#define N 64

/* Set by a captured kernel just before the wait: the replay has reached it (an atomic, so
 * the host's polling is not a race on device memory). */
static _Atomic uint32_t g_reached;
static int32_t k_reached(void *p)
{
    (void)p;
    atomic_store(&g_reached, 1);
    return 0;
}

static void put_u32(void *dev, uint32_t v)
{
    CHECK_OK(aclrtMemcpy(dev, sizeof(v), &v, sizeof(v), ACL_MEMCPY_HOST_TO_DEVICE));
}
static uint32_t get_u32(const void *dev)
{
    uint32_t v = 0;
    CHECK_OK(aclrtMemcpy(&v, sizeof(v), dev, sizeof(v), ACL_MEMCPY_DEVICE_TO_HOST));
    return v;
}

int main(void)
{
    TEST_OPEN();
    aclrtStream graph, outside, exe;
    CREATE_STREAMS(&graph, &outside, &exe);
    uint32_t *src, *dst;
    CHECK_OK(aclrtMalloc((void **)&src, N * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&dst, N * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    put_u32(dst, 0);

    /* A plain event: waitable, resettable. */
    aclrtEvent ev;
    CHECK_OK(aclrtCreateEventWithFlag(&ev, ACL_EVENT_SYNC));

    /* Misuse outside a capture: the external flag takes only timeout 0. */
    CHECK_ERR(ACL_ERROR_INVALID_PARAM,
              aclrtStreamWaitEventWithFlag(graph, ev, 5, ACL_EVENT_WAIT_EXTERNAL));
    CHECK_ERR(ACL_ERROR_INVALID_PARAM, aclrtStreamWaitEventWithFlag(graph, ev, 0, 7));

    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureBegin(graph, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(graph, k_reached, NULL)); /* the model reached the wait */
    CHECK_OK(aclrtStreamWaitEventWithFlag(graph, ev, 0, ACL_EVENT_WAIT_EXTERNAL));
    CHECK_OK(aclrtMemcpyAsync(dst, N * 4, src, N * 4, ACL_MEMCPY_DEVICE_TO_DEVICE, graph));
    CHECK_OK(aclrtResetEvent(ev, graph));
    /* Host queries of the event still work: it is not recorded in the capture. */
    aclrtEventRecordedStatus rs;
    CHECK_OK(aclrtQueryEventStatus(ev, &rs));
    CHECK_OK(aclmdlRICaptureEnd(graph, &ri));
    CHECK(ri != NULL);

    uint32_t host[N];
    for (uint32_t round = 1; round <= 4; round++) {
        atomic_store(&g_reached, 0);
        CHECK_OK(aclmdlRIExecuteAsync(ri, exe));
        while (atomic_load(&g_reached) != 1) /* the replay reached the wait */
            sched_yield();
        /* Not recorded yet this round (round 1: never; later: the captured reset of the
         * previous replay cleared it): the model must stay blocked. */
        for (int i = 0; i < 200; i++) {
            aclrtStreamStatus st;
            CHECK_OK(aclrtStreamQuery(exe, &st));
            CHECK(st == ACL_STREAM_STATUS_NOT_READY);
            sched_yield();
        }
        CHECK(get_u32(dst) == (round == 1 ? 0 : (round - 1) * 100));
        /* The outside producer: new data, then the record the model waits on. */
        for (int i = 0; i < N; i++)
            host[i] = round * 100;
        CHECK_OK(aclrtMemcpyAsync(src, N * 4, host, N * 4, ACL_MEMCPY_HOST_TO_DEVICE, outside));
        CHECK_OK(aclrtRecordEvent(ev, outside));
        CHECK_OK(aclrtSynchronizeStream(exe));
        CHECK_OK(aclrtMemcpy(host, N * 4, dst, N * 4, ACL_MEMCPY_DEVICE_TO_HOST));
        for (int i = 0; i < N; i++)
            CHECK(host[i] == round * 100);
        /* The replayed reset ran: the event is not complete until the next record. */
        aclrtEventRecordedStatus es;
        CHECK_OK(aclrtQueryEventStatus(ev, &es));
        CHECK(es == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    }
    CHECK_OK(aclmdlRIDestroy(ri));

    /* The sample sequence with an Ex event: the record is queued before the execution. */
    aclrtEvent ex;
    CHECK_OK(aclrtCreateEventExWithFlag(&ex, ACL_EVENT_SYNC));
    CHECK_OK(aclmdlRICaptureBegin(graph, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtStreamWaitEventWithFlag(graph, ex, 0U, ACL_EVENT_WAIT_EXTERNAL));
    CHECK_OK(aclrtMemcpyAsync(dst, N * 4, src, N * 4, ACL_MEMCPY_DEVICE_TO_DEVICE, graph));
    /* An Ex event cannot be reset, captured or not; the capture stays valid. */
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtResetEvent(ex, graph));
    CHECK_OK(aclmdlRICaptureEnd(graph, &ri));
    for (int i = 0; i < N; i++)
        host[i] = 7;
    CHECK_OK(aclrtMemcpy(src, N * 4, host, N * 4, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtRecordEvent(ex, outside));
    CHECK_OK(aclmdlRIExecuteAsync(ri, graph));
    CHECK_OK(aclrtSynchronizeStream(graph));
    CHECK(get_u32(dst + N - 1) == 7);
    CHECK_OK(aclmdlRIDestroy(ri));
    /* The model held its own reference: destroying the event after the model is fine,
     * and destroying it before the model too (the replayed wait keeps the object). */
    CHECK_OK(aclrtDestroyEvent(ex));

    CHECK_OK(aclmdlRICaptureBegin(graph, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtStreamWaitEventWithFlag(graph, ev, 0, ACL_EVENT_WAIT_EXTERNAL));
    CHECK_OK(aclrtResetEvent(ev, graph));
    CHECK_OK(aclmdlRICaptureEnd(graph, &ri));
    CHECK_OK(aclrtRecordEvent(ev, outside));
    CHECK_OK(aclrtSynchronizeStream(outside));
    CHECK_OK(aclrtDestroyEvent(ev));
    CHECK_OK(aclmdlRIExecuteAsync(ri, exe)); /* recorded before the destroy: passes */
    CHECK_OK(aclrtSynchronizeStream(exe));
    CHECK_OK(aclmdlRIDestroy(ri));

    /* hicann/runtime's model_ri/1_model_update sample: an event created with
     * ACL_EVENT_EXTERNAL, waited with plain aclrtStreamWaitEvent and reset inside the
     * capture; each execution waits for the event's latest record made outside (on another
     * stream, between executions). */
    aclrtEvent xe;
    CHECK_OK(aclrtCreateEventWithFlag(&xe, ACL_EVENT_EXTERNAL));
    CHECK_OK(aclmdlRICaptureBegin(graph, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(cpuaclLaunchKernel(graph, k_reached, NULL));
    CHECK_OK(aclrtStreamWaitEvent(graph, xe));
    CHECK_OK(aclrtResetEvent(xe, graph));
    CHECK_OK(aclrtMemcpyAsync(dst, N * 4, src, N * 4, ACL_MEMCPY_DEVICE_TO_DEVICE, graph));
    CHECK_OK(aclmdlRICaptureEnd(graph, &ri));
    for (uint32_t round = 1; round <= 3; round++) {
        atomic_store(&g_reached, 0);
        CHECK_OK(aclmdlRIExecuteAsync(ri, graph));
        while (atomic_load(&g_reached) != 1)
            sched_yield();
        for (int i = 0; i < 100; i++) { /* no record of this round yet: blocked */
            aclrtStreamStatus st;
            CHECK_OK(aclrtStreamQuery(graph, &st));
            CHECK(st == ACL_STREAM_STATUS_NOT_READY);
            sched_yield();
        }
        for (int i = 0; i < N; i++)
            host[i] = round * 1000;
        CHECK_OK(aclrtMemcpyAsync(src, N * 4, host, N * 4, ACL_MEMCPY_HOST_TO_DEVICE, outside));
        CHECK_OK(aclrtRecordEvent(xe, outside));
        CHECK_OK(aclrtSynchronizeStream(outside));
        CHECK_OK(aclrtSynchronizeStream(graph));
        CHECK(get_u32(dst + N - 1) == round * 1000);
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyEvent(xe));

    /* Misuse in a capture: an event recorded in the same capture cannot be reset there. */
    aclrtEvent in;
    CHECK_OK(aclrtCreateEventWithFlag(&in, ACL_EVENT_SYNC));
    CHECK_OK(aclmdlRICaptureBegin(graph, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtRecordEvent(in, graph));
    CHECK_ERR(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, aclrtResetEvent(in, graph));
    /* Without the external flag a wait on an outside record breaks the capture. */
    aclrtEvent out2;
    CHECK_OK(aclrtCreateEventWithFlag(&out2, ACL_EVENT_SYNC));
    CHECK_ERR(ACL_ERROR_RT_CAPTURE_DEPENDENCY, aclrtStreamWaitEvent(graph, out2));
    CHECK_ERR(ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED, aclmdlRICaptureEnd(graph, &ri));
    DESTROY_EVENTS(in, out2);

    FREE_DEVICE(src, dst);
    DESTROY_STREAMS(graph, outside, exe);
    TEST_CLOSE();
    printf("model_external_wait: ok\n");
    return 0;
}
