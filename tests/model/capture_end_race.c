/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclmdlRICaptureEnd racing captured launches of another thread (T8 in
 * core/runtime/runtime.h and core/model/capture.c). A RELAXED capture may be
 * ended by any thread while another one launches kernels into it; each launch
 * must then either land in the capture (and run when the model does) or, once
 * the end has stopped the capture, run eagerly - never touch the capture's
 * records after the end freed them (the heap-use-after-free in lane_reserve and
 * lane_closed that CI's API fuzzer found) and never get lost or run twice. Every kernel counts itself; each round's model is executed once, so
 * at the end the kernels run equal the launches made. Every fourth capture is
 * GLOBAL (ended by the thread that began it, launched into by the other one).
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "testutil.h"

static aclrtStream g_s;
static aclrtContext g_ctx;
static _Atomic uint64_t g_ran;      /* kernels that ran (eager or replayed) */
static _Atomic uint64_t g_launched; /* launches that returned ACL_SUCCESS */
static _Atomic int g_stop;
static _Atomic int g_round;         /* the launcher's round, for the handshake */

static int32_t k_count(void *args)
{
    (void)args;
    atomic_fetch_add_explicit(&g_ran, 1, memory_order_relaxed);
    return 0;
}

static void *launcher(void *arg)
{
    (void)arg;
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
    uint64_t args = 0;
    while (!atomic_load(&g_stop)) {
        /* plain and argument-copying launches: the fast and the slow captured paths */
        aclError rc = (atomic_load_explicit(&g_launched, memory_order_relaxed) & 1)
                          ? cpuaclLaunchKernel(g_s, k_count, NULL)
                          : cpuaclLaunchKernelArgs(g_s, k_count, &args, sizeof(args));
        if (rc == ACL_SUCCESS)
            atomic_fetch_add(&g_launched, 1);
        else
            CHECK(rc == ACL_SUCCESS); /* a launch never fails here: captured or eager */
        atomic_fetch_add(&g_round, 1);
    }
    return NULL;
}

int main(void)
{
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&g_ctx));
    CHECK_OK(aclrtCreateStream(&g_s));
    pthread_t th;
    CHECK(pthread_create(&th, NULL, launcher, NULL) == 0);
    int rounds = (int)(400 * test_stress_scale());
    if (rounds < 20)
        rounds = 20;
    uint64_t replayed = 0;
    for (int r = 0; r < rounds; r++) {
        aclmdlRICaptureMode mode = r % 4 == 3 ? ACL_MODEL_RI_CAPTURE_MODE_GLOBAL
                                              : ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
        CHECK_OK(aclmdlRICaptureBegin(g_s, mode));
        int seen = atomic_load(&g_round);
        while (atomic_load(&g_round) - seen < 1 + r % 7)
            sched_yield(); /* let a few launches land in the capture */
        aclmdlRI m = NULL;
        aclError rc = aclmdlRICaptureEnd(g_s, &m);
        CHECK_OK(rc);
        CHECK(m != NULL);
        CHECK_OK(aclmdlRIExecute(m, -1));
        replayed++;
        CHECK_OK(aclmdlRIDestroy(m));
    }
    atomic_store(&g_stop, 1);
    CHECK(pthread_join(th, NULL) == 0);
    CHECK_OK(aclrtSynchronizeStream(g_s));
    /* each launch ran exactly once: eagerly, or in its round's replay */
    CHECK(atomic_load(&g_ran) == atomic_load(&g_launched));
    CHECK_OK(aclrtDestroyStream(g_s));
    printf("capture_end_race: %d rounds, %llu launches, %llu replays\n", rounds,
           (unsigned long long)atomic_load(&g_launched), (unsigned long long)replayed);
    TEST_CLOSE();
}
