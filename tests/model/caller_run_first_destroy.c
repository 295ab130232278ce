/* SPDX-License-Identifier: Apache-2.0 */
/* Review of core_model_execute (core/model/model.c, s12-review): the first aclmdlRIExecute of
 * a model creates the model's own stream. It lets go of the exec lock to take g_rt.lock for
 * that, and takes the exec lock again, without checking that the model is still alive. An
 * aclmdlRIDestroy that gets g_rt.lock in between finds the model idle (done ==
 * exec_submitted), frees it (its record goes to the free list, X1) and returns ACL_SUCCESS;
 * the execution then makes a stream for the dead record, finds xok cleared, queues an
 * execution of the cleared plan and reports ACL_SUCCESS: nothing ran, and the stream is never
 * destroyed (the next model_new_locked of the record clears the pointer); or, once the record
 * was taken by the next model, the queued execution's gate waits for good and so does the
 * call.
 *
 * Each round: a one-node model (a counter), a thread that runs its first aclmdlRIExecute,
 * and aclmdlRIDestroy on the main thread at the same moment. Checked: an execution that
 * returns ACL_SUCCESS ran its node; the device's available stream count is the same after
 * the rounds as before. The bug predated caller-run executions (d76218a had the same code);
 * core_model_execute now makes the stream only for the model still live under the handle
 * and checks it again (model_for_exec) before it runs. */
#include <stdint.h>
#include <string.h>

#include "acltest.h"

#define ROUNDS 3000

static _Atomic uint64_t g_count;
static _Atomic int g_round = -1; /* the round under way, for the watchdog */

/* An execution of the dead record's cleared plan queued on a stream nobody owns may also
 * never finish (seen: aclmdlRIExecute blocked in core_stream_sync for good). */
static void *watchdog(void *p)
{
    (void)p;
    for (int i = 0; i < 600; i++) {
        if (atomic_load(&g_round) == ROUNDS)
            return NULL;
        sleep_ms(100);
    }
    fprintf(stderr, "caller_run_first_destroy: round %d: aclmdlRIExecute racing aclmdlRIDestroy "
                    "has not returned after 60 s\n", atomic_load(&g_round));
    fflush(stderr);
    _exit(2);
}

static int32_t k_count(void *p)
{
    (void)p;
    atomic_fetch_add(&g_count, 1);
    return 0;
}

struct round {
    aclmdlRI ri;
    aclrtContext ctx;
    _Atomic int ready, go;
    aclError rc;
    uint64_t before, after;
};

static void *exec_first(void *p)
{
    struct round *r = p;
    CHECK_OK(aclrtSetCurrentContext(r->ctx));
    atomic_store(&r->ready, 1);
    while (!atomic_load(&r->go))
        ;
    r->before = atomic_load(&g_count);
    r->rc = aclmdlRIExecute(r->ri, -1);
    r->after = atomic_load(&g_count);
    return NULL;
}

int main(void)
{
    pthread_t wd;
    CHECK(pthread_create(&wd, NULL, watchdog, NULL) == 0);
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    aclrtStream cap;
    CHECK_OK(aclrtCreateStream(&cap));
    uint32_t avail0 = 0, avail1 = 0;
    CHECK_OK(aclrtGetStreamAvailableNum(&avail0));
    int ghost = 0, gone = 0, ran = 0;
    for (int i = 0; i < ROUNDS; i++) {
        atomic_store(&g_round, i);
        CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
        CHECK_OK(cpuaclLaunchKernel(cap, k_count, NULL));
        struct round r = {.ctx = ctx};
        CHECK_OK(aclmdlRICaptureEnd(cap, &r.ri));
        pthread_t th;
        CHECK(pthread_create(&th, NULL, exec_first, &r) == 0);
        while (!atomic_load(&r.ready))
            ;
        atomic_store(&r.go, 1);
        /* a varying head start for the execution: its lookup, then the destroy's */
        for (volatile int spin = 0; spin < (i % 64) * 16; spin++)
            ;
        aclError d;
        while ((d = aclmdlRIDestroy(r.ri)) == ACL_ERROR_RT_MODEL_RUNNING)
            ;
        CHECK(pthread_join(th, NULL) == 0);
        if (d != ACL_SUCCESS) {
            fprintf(stderr, "round %d: aclmdlRIDestroy: %d (%s)\n", i, (int)d,
                    aclGetRecentErrMsg());
            exit(1);
        }
        if (r.rc == ACL_SUCCESS && r.after == r.before)
            ghost++; /* success reported, the node never ran */
        else if (r.rc == ACL_SUCCESS)
            ran++;
        else if (r.rc == ACL_ERROR_RT_INVALID_HANDLE)
            gone++;
        else {
            fprintf(stderr, "round %d: aclmdlRIExecute: %d (%s)\n", i, (int)r.rc,
                    aclGetRecentErrMsg());
            exit(1);
        }
    }
    atomic_store(&g_round, ROUNDS);
    CHECK(pthread_join(wd, NULL) == 0);
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK_OK(aclrtGetStreamAvailableNum(&avail1));
    printf("caller_run_first_destroy: %d rounds: %d ran, %d refused (dead handle), %d reported "
           "success without running; available streams %u before, %u after\n",
           ROUNDS, ran, gone, ghost, avail0, avail1);
    if (ghost || avail1 != avail0) {
        fprintf(stderr, "caller_run_first_destroy: an execution of a destroyed model reported "
                        "success without running, or a stream leaked\n");
        exit(1);
    }
    CHECK_OK(aclrtDestroyStream(cap));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    printf("caller_run_first_destroy: ok\n");
    return 0;
}
