/* SPDX-License-Identifier: Apache-2.0 */
/* Review of caller-run executions (core/model/model.c IN2) against the report rule CB4
 * (core/host/hostfn.c): a thread that waits for a stream serves its own report queue
 * meanwhile, so an ACL_CALLBACK_BLOCK callback it is subscribed to runs even when the stream
 * it waits for depends on that callback (through a value written after it, here).
 *
 * The thread subscribes itself to the reports of stream `scb`, queues there a blocking
 * callback and, after it, the value write that a captured model's value wait needs, then
 * runs the model with aclmdlRIExecute:
 *  - with a timeout (queued on the model's stream, then core_stream_sync, which serves the
 *    queue): the callback runs, the write lands, the execution returns ACL_SUCCESS;
 *  - without one (run on the calling thread, IN1): the caller waits for the value in
 *    sched_cond_wait and serves nothing, so the callback never runs and neither call
 *    returns. A watchdog ends the process after WATCHDOG_S seconds with the finding.
 * The caller-run wait serves the queue as a synchronisation does (IN2); a regression hangs
 * and the watchdog reports it (exit 2). */
#include <stdint.h>
#include <string.h>

#include "acltest.h"

#define WATCHDOG_S 20

static _Atomic int g_phase;   /* what main is doing (for the watchdog's message) */
static _Atomic int g_done;    /* main finished */
static _Atomic int g_cb_runs; /* the callback ran */

static const char *phase_name(int p)
{
    return p == 1 ? "aclmdlRIExecute with a timeout (queued)"
           : p == 2 ? "aclmdlRIExecute without a timeout (caller-run)"
                    : "setup";
}

static void *watchdog(void *p)
{
    (void)p;
    for (int i = 0; i < WATCHDOG_S * 10; i++) {
        if (atomic_load(&g_done))
            return NULL;
        sleep_ms(100);
    }
    fprintf(stderr,
            "caller_run_reports: %s has not returned after %d s: the blocking callback the "
            "model waits for (through the value write queued after it) was never served by "
            "the caller (callback runs so far: %d)\n",
            phase_name(atomic_load(&g_phase)), WATCHDOG_S, atomic_load(&g_cb_runs));
    fflush(stderr);
    _exit(2);
}

static void on_report(void *p)
{
    (void)p;
    atomic_fetch_add(&g_cb_runs, 1);
}

static uint64_t *g_v;

static int32_t k_after(void *p)
{
    (void)p;
    g_v[0]++;
    return 0;
}

/* One execution of ri that depends on a blocking callback of scb served by this thread. */
static void run_once(aclmdlRI ri, aclrtStream scb, uint64_t *word, int32_t timeout, int phase)
{
    *word = 0;
    int before = atomic_load(&g_cb_runs);
    uint64_t v0 = g_v[0];
    CHECK_OK(aclrtLaunchCallback(on_report, NULL, ACL_CALLBACK_BLOCK, scb));
    CHECK_OK(aclrtValueWrite(word, 1, 0, scb));
    atomic_store(&g_phase, phase);
    CHECK_OK(aclmdlRIExecute(ri, timeout));
    CHECK(atomic_load(&g_cb_runs) == before + 1);
    CHECK(g_v[0] == v0 + 1);
    CHECK_OK(aclrtSynchronizeStream(scb));
}

int main(void)
{
    pthread_t wd;
    CHECK(pthread_create(&wd, NULL, watchdog, NULL) == 0);
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclrtStream cap, scb;
    CHECK_OK(aclrtCreateStream(&cap));
    CHECK_OK(aclrtCreateStream(&scb));
    uint64_t *word;
    CHECK_OK(aclrtMalloc((void **)&word, 8, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtMalloc((void **)&g_v, 8, ACL_MEM_MALLOC_NORMAL_ONLY));
    g_v[0] = 0;
    CHECK_OK(aclrtSubscribeReport((uint64_t)pthread_self(), scb));

    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtValueWait(word, 1, ACL_STREAM_WAIT_VALUE_EQ, cap));
    CHECK_OK(cpuaclLaunchKernel(cap, k_after, NULL));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));

    run_once(ri, scb, word, 10000, 1); /* the queued baseline: served while synchronising */
    run_once(ri, scb, word, -1, 2);    /* caller-run */
    atomic_store(&g_done, 1);

    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtUnSubscribeReport((uint64_t)pthread_self(), scb));
    CHECK_OK(aclrtFree(word));
    CHECK_OK(aclrtFree(g_v));
    CHECK_OK(aclrtDestroyStream(scb));
    CHECK_OK(aclrtDestroyStream(cap));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    CHECK(pthread_join(wd, NULL) == 0);
    printf("caller_run_reports: ok\n");
    return 0;
}
