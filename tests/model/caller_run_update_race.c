/* SPDX-License-Identifier: Apache-2.0 */
/* aclmdlRICaptureTaskUpdateEnd while another thread keeps running the model with
 * aclmdlRIExecute (caller-run, core/model/model.c IN1; with UPDATE_RACE_TIMEOUT=10000 in the
 * environment the executions are queued on a worker instead). Each node is a kernel whose
 * argument names the variant (1 or 2); an execution must see one whole variant. Found in
 * review: UpdateEnd waited for the executions submitted when it started, then copied the
 * staged tasks into the plan while an execution submitted during the wait read them (TSan:
 * core_capture_update_end's memcpy against lane_nodes_as, 2 of 5 caller-run runs, 3 of 4
 * queued; in release a torn node is rare). Now the copy is made with the model idle under
 * the exec lock (model.c PWR1): TSan reports nothing, and no execution sees a torn node. */
#include <stdint.h>
#include <string.h>

#include "acltest.h"

#define ITERS 2000

struct variant {
    uint32_t id;
};

static _Atomic uint32_t g_seen_bad;

/* Variant 1 is k_variant with v1, variant 2 k_variant2 with v2: a node torn between the two
 * calls one function with the other's argument. */
static int32_t k_variant(void *p)
{
    if (((const struct variant *)p)->id != 1)
        atomic_store(&g_seen_bad, 1);
    return 0;
}

static int32_t k_variant2(void *p)
{
    if (((const struct variant *)p)->id != 2)
        atomic_store(&g_seen_bad, 1);
    return 0;
}

static _Atomic int g_stop;

struct caller {
    aclmdlRI ri;
    aclrtContext ctx;
    int32_t timeout; /* -1: caller-run; UPDATE_RACE_TIMEOUT=<ms> in the environment: queued */
    _Atomic long runs;
};

static void *exec_loop(void *p)
{
    struct caller *c = p;
    CHECK_OK(aclrtSetCurrentContext(c->ctx));
    while (!atomic_load(&g_stop)) {
        CHECK_OK(aclmdlRIExecute(c->ri, c->timeout));
        atomic_fetch_add(&c->runs, 1);
    }
    return NULL;
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclrtContext ctx;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    aclrtStream cap, upd;
    CHECK_OK(aclrtCreateStream(&cap));
    CHECK_OK(aclrtCreateStream(&upd));
    static struct variant v1 = {1}, v2 = {2};
    CHECK_OK(aclmdlRICaptureBegin(cap, ACL_MODEL_RI_CAPTURE_MODE_RELAXED));
    CHECK_OK(aclmdlRICaptureTaskGrpBegin(cap));
    for (int i = 0; i < 8; i++)
        CHECK_OK(cpuaclLaunchKernel(cap, k_variant, &v1));
    aclrtTaskGrp grp;
    CHECK_OK(aclmdlRICaptureTaskGrpEnd(cap, &grp));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(cap, &ri));

    const char *te = getenv("UPDATE_RACE_TIMEOUT");
    struct caller c = {ri, ctx, te ? atoi(te) : -1, 0};
    pthread_t th;
    CHECK(pthread_create(&th, NULL, exec_loop, &c) == 0);
    while (atomic_load(&c.runs) == 0) /* the executions are under way */
        ;
    for (int it = 0; it < ITERS; it++) {
        const struct variant *v = it % 2 ? &v1 : &v2;
        CHECK_OK(aclmdlRICaptureTaskUpdateBegin(upd, grp));
        for (int i = 0; i < 8; i++)
            CHECK_OK(cpuaclLaunchKernel(upd, it % 2 ? k_variant : k_variant2, (void *)v));
        CHECK_OK(aclmdlRICaptureTaskUpdateEnd(upd));
    }
    atomic_store(&g_stop, 1);
    CHECK(pthread_join(th, NULL) == 0);
    printf("caller_run_update_race: %d updates, %ld executions, torn node seen: %s\n", ITERS,
           atomic_load(&c.runs), atomic_load(&g_seen_bad) ? "yes" : "no");
    CHECK(!atomic_load(&g_seen_bad));
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(upd));
    CHECK_OK(aclrtDestroyStream(cap));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    printf("caller_run_update_race: ok\n");
    return 0;
}
