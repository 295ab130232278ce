/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GE graph runs racing device resets (the fuzzer's crash-stream-release-vs-reset-force,
 * docs/reliability.md). One thread queues graph runs behind a held stream and removes the
 * graph while another resets the device (aclrtResetDevice, aclrtResetDeviceForce):
 *  - the reset takes the graph's model (its handle dies) and waits for its executions; a
 *    RemoveGraph meanwhile freed the compiled graph at once, and the executions still queued
 *    read the freed plans (ASan: heap-use-after-free in proto_plan_run);
 *  - a run on a stream of the device's next context queues its bind task and then fails
 *    (the model went with the old context); RemoveGraph freed the graph under the queued
 *    bind task (bind_run);
 *  - a second reset of the device while the first one's context teardown waits for those
 *    executions stopped the device's workers under it: the teardown never finished (a hang)
 *    or released its streams to the restarted workers (UBSan in sched/worker.c list_del).
 * Each round checks the codes and that every run that was not discarded computed its
 * result; the whole test is bounded by an alarm (a hang fails it).
 */
#include <pthread.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl.h"
#include "ge/cpuacl_ge.h"
#include "testutil.h"

#define N 4096 /* floats per buffer */
#define HOLD_MS 120

static uint64_t g_sess;
static uint32_t g_id = 1;

#define OKGE(call) CHECK((call) == 0u)

static void hold(void *arg)
{
    (void)arg;
    nanosleep(&(struct timespec){0, HOLD_MS * 1000000L}, NULL);
}

static void pause_ms(long ms)
{
    nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000L}, NULL);
}

static cpuaclGeTensor desc(void *data)
{
    cpuaclGeTensor t = {.dtype = ACL_FLOAT,
                        .format = 2,
                        .ndim = 1,
                        .dims = {N},
                        .data = data,
                        .size = N * sizeof(float),
                        .placement = 1};
    return t;
}

/* Data x -> Relu -> output, added as a new id. */
static uint32_t relu_graph(void)
{
    cpuaclGeGraph *g = cpuaclGeGraphCreate("relu");
    int32_t x = cpuaclGeGraphAddNode(g, "Data", "x");
    int32_t r = cpuaclGeGraphAddNode(g, "Relu", "r");
    CHECK(x >= 0 && r >= 0);
    cpuaclGeTensor d = desc(NULL);
    OKGE(cpuaclGeGraphSetDesc(g, x, 0, "x", &d));
    OKGE(cpuaclGeGraphSetInput(g, r, "x", x, NULL, 0));
    int32_t zero = 0;
    OKGE(cpuaclGeGraphSetInputs(g, &x, 1));
    OKGE(cpuaclGeGraphSetOutputs(g, &r, &zero, 1));
    uint32_t id = g_id++;
    OKGE(cpuaclGeSessionAddGraph(g_sess, id, g, NULL, NULL, 0));
    OKGE(cpuaclGeSessionBuildGraph(g_sess, id, NULL, 0));
    return id;
}

struct buffers {
    void *x, *y;
};

/* x = -1 (Relu gives 0), y = 7 (a run that never executed leaves it). */
static void fill(struct buffers *b)
{
    CHECK_OK(aclrtMalloc(&b->x, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&b->y, N * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    static float h[N];
    for (int i = 0; i < N; i++)
        h[i] = -1;
    CHECK_OK(aclrtMemcpy(b->x, sizeof h, h, sizeof h, ACL_MEMCPY_HOST_TO_DEVICE));
    for (int i = 0; i < N; i++)
        h[i] = 7;
    CHECK_OK(aclrtMemcpy(b->y, sizeof h, h, sizeof h, ACL_MEMCPY_HOST_TO_DEVICE));
}

static void check_relu(const struct buffers *b)
{
    static float h[N];
    CHECK_OK(aclrtMemcpy(h, sizeof h, b->y, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < N; i++)
        CHECK(h[i] == 0);
}

static uint32_t run(uint32_t id, aclrtStream s, const struct buffers *b)
{
    cpuaclGeTensor in = desc(b->x), out = desc(b->y);
    return cpuaclGeSessionRunAsync(g_sess, id, s, &in, 1, &out, 1);
}

struct resetter {
    pthread_t t;
    bool force;
};

static void *reset_main(void *arg)
{
    struct resetter *r = arg;
    CHECK_OK(r->force ? aclrtResetDeviceForce(0) : aclrtResetDevice(0));
    return NULL;
}

/* Runs queued behind a held stream; another thread resets the device (its teardown waits
 * for the executions); RemoveGraph while it waits. Then a second reset of the device's next
 * context while the first teardown still waits (second_reset). */
static void round_remove_during_reset(bool force, bool second_reset)
{
    CHECK_OK(aclrtSetDevice(0)); /* count 1: a plain reset from the other thread tears down */
    /* Without a second reset, an explicit context keeps the device (and the buffers) alive
     * after the reset tore down its default context: the results are read through it. */
    aclrtContext dflt = NULL, keep = NULL;
    if (!second_reset) {
        CHECK_OK(aclrtGetCurrentContext(&dflt));
        CHECK_OK(aclrtCreateContext(&keep, 0));
        CHECK_OK(aclrtSetCurrentContext(dflt));
    }
    uint32_t id = relu_graph();
    struct buffers b;
    fill(&b);
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtLaunchHostFunc(s, hold, NULL));
    for (int i = 0; i < 3; i++)
        OKGE(run(id, s, &b));
    struct resetter r = {.force = force};
    CHECK(pthread_create(&r.t, NULL, reset_main, &r) == 0);
    pause_ms(HOLD_MS / 4); /* the reset took the model and waits for the held stream */
    if (second_reset) {
        /* The device is still active: a new default context, torn down at once. Its reset
         * must not stop the workers the first teardown waits on. */
        CHECK_OK(aclrtSetDevice(0));
        CHECK_OK(aclrtResetDeviceForce(0));
    }
    OKGE(cpuaclGeSessionRemoveGraph(g_sess, id)); /* the model's executions finish first */
    CHECK(pthread_join(r.t, NULL) == 0);
    /* The stream went with the default context. */
    CHECK_ACL(ACL_ERROR_RT_INVALID_HANDLE, aclrtDestroyStream(s));
    if (keep) {
        /* A plain reset runs what was queued: every run computed Relu. A forced one
         * drops what had not started: all of y is the result or all the 7s. */
        CHECK_OK(aclrtSetCurrentContext(keep));
        static float h[N];
        CHECK_OK(aclrtMemcpy(h, sizeof h, b.y, sizeof h, ACL_MEMCPY_DEVICE_TO_HOST));
        for (int i = 0; i < N; i++)
            CHECK(h[i] == 0 || (force && h[i] == h[0]));
        CHECK_OK(aclrtFree(b.x));
        CHECK_OK(aclrtFree(b.y));
        CHECK_OK(aclrtDestroyContext(keep));
    }
}

/* A run on a stream of the device's next context: its bind task is queued, then the model
 * (gone with the old context) refuses to execute; RemoveGraph at once, the bind task still
 * queued behind a held stream. */
static void round_failed_run(void)
{
    CHECK_OK(aclrtSetDevice(0));
    uint32_t id = relu_graph();
    struct buffers b, b2;
    fill(&b);
    aclrtStream s = NULL;
    CHECK_OK(aclrtCreateStream(&s));
    OKGE(run(id, s, &b)); /* captures the model in this context */
    CHECK_OK(aclrtSynchronizeStream(s));
    check_relu(&b);
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtResetDevice(0)); /* the model goes */
    CHECK_OK(aclrtSetDevice(0));
    fill(&b2); /* other addresses: the run needs a bind task */
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclrtLaunchHostFunc(s, hold, NULL));
    CHECK(run(id, s, &b2) != 0u);
    const char *m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "aclmdlRIExecuteAsync"));
    OKGE(cpuaclGeSessionRemoveGraph(g_sess, id)); /* waits for the queued bind task */
    CHECK_OK(aclrtSynchronizeStream(s));
    CHECK_OK(aclrtDestroyStream(s));
    CHECK_OK(aclrtFree(b2.x));
    CHECK_OK(aclrtFree(b2.y));
    CHECK_OK(aclrtResetDevice(0));
}

int main(void)
{
    alarm(120); /* a teardown that never finishes fails the test */
    setenv("CPUACL_WORKERS", "2", 0);
    CHECK_OK(aclInit(NULL)); /* no device set: each round sets and resets device 0 */
    OKGE(cpuaclGeInitialize(NULL, NULL, 0));
    OKGE(cpuaclGeSessionCreate(NULL, NULL, 0, &g_sess));
    for (int i = 0; i < 3; i++) {
        round_remove_during_reset(false, false);
        round_remove_during_reset(true, false);
        round_remove_during_reset((i & 1) != 0, true);
        round_failed_run();
    }
    OKGE(cpuaclGeSessionDestroy(g_sess));
    OKGE(cpuaclGeFinalize());
    CHECK_OK(aclFinalize());
    printf("graph_reset_race: ok\n");
    return 0;
}
