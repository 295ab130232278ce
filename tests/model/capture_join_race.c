/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A thread appends to a captured stream's lane while another thread makes
 * more streams join the capture (each join adds a lane). Appends take no
 * lock, so the lanes must never move while the capture is open: the graph
 * must come out whole (every task of every lane, in order) and TSan must see
 * no race. The model is replayed and each kernel checks its place.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "testutil.h"

#define APPENDS 20000
#define JOINS 48

static aclrtStream g_origin;
static _Atomic uint64_t g_next; /* lane 0's kernels check they run in order */
static _Atomic uint64_t g_side; /* side lanes' kernels */
static _Atomic int g_bad;

static int32_t k_ordered(void *args)
{
    uint64_t want;
    memcpy(&want, args, sizeof(want));
    /* relaxed: one lane, one worker at a time; the order is what is checked */
    uint64_t got = atomic_fetch_add_explicit(&g_next, 1, memory_order_relaxed);
    if (got % APPENDS != want)
        atomic_store(&g_bad, 1);
    return 0;
}

static int32_t k_side(void *args)
{
    (void)args;
    atomic_fetch_add_explicit(&g_side, 1, memory_order_relaxed);
    return 0;
}

static void *appender(void *arg)
{
    aclrtContext ctx = arg;
    CHECK_OK(aclrtSetCurrentContext(ctx));
    for (uint64_t i = 0; i < APPENDS; i++)
        CHECK_OK(cpuaclLaunchKernelArgs(g_origin, k_ordered, &i, sizeof(i)));
    return NULL;
}

int main(void)
{
    TEST_OPEN();
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    aclrtStream side[JOINS];
    aclrtEvent fork_ev, join_ev[JOINS];
    CHECK_OK(aclrtCreateStream(&g_origin));
    CHECK_OK(aclrtCreateEventExWithFlag(&fork_ev, ACL_EVENT_SYNC));
    for (int i = 0; i < JOINS; i++) {
        CHECK_OK(aclrtCreateStream(&side[i]));
        CHECK_OK(aclrtCreateEventExWithFlag(&join_ev[i], ACL_EVENT_SYNC));
    }
    CHECK_OK(aclmdlRICaptureBegin(g_origin, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclrtRecordEvent(fork_ev, g_origin));
    pthread_t th;
    CHECK(pthread_create(&th, NULL, appender, ctx) == 0);
    for (int i = 0; i < JOINS; i++) { /* joins while the appender appends */
        CHECK_OK(aclrtStreamWaitEvent(side[i], fork_ev));
        CHECK_OK(cpuaclLaunchKernel(side[i], k_side, NULL));
        CHECK_OK(aclrtRecordEvent(join_ev[i], side[i]));
    }
    pthread_join(th, NULL);
    for (int i = 0; i < JOINS; i++)
        CHECK_OK(aclrtStreamWaitEvent(g_origin, join_ev[i]));
    aclmdlRI ri = NULL;
    CHECK_OK(aclmdlRICaptureEnd(g_origin, &ri));
    CHECK(atomic_load(&g_next) == 0 && atomic_load(&g_side) == 0); /* captured, not run */
    for (int r = 0; r < 3; r++)
        CHECK_OK(aclmdlRIExecuteAsync(ri, g_origin));
    CHECK_OK(aclrtSynchronizeStream(g_origin));
    CHECK(atomic_load(&g_next) == 3 * APPENDS);
    CHECK(atomic_load(&g_side) == 3 * JOINS);
    CHECK(atomic_load(&g_bad) == 0);
    CHECK_OK(aclmdlRIDestroy(ri));
    for (int i = 0; i < JOINS; i++) {
        CHECK_OK(aclrtDestroyEvent(join_ev[i]));
        CHECK_OK(aclrtDestroyStream(side[i]));
    }
    CHECK_OK(aclrtDestroyEvent(fork_ev));
    CHECK_OK(aclrtDestroyStream(g_origin));
    TEST_CLOSE();
    printf("PASS\n");
    return 0;
}
