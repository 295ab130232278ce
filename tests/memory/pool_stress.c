/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Stress of stream-ordered pools (docs/memory.md): several host threads, each with its
 * own stream, allocate blocks of random sizes from one pool, fill them (aclrtMemsetAsync)
 * and check every byte in stream order (a host function) before freeing them; streams
 * make each other wait through events now and then. Any reuse that stream order does not
 * cover would let another stream overwrite a block between its fill and its check. Run
 * once per reuse policy; at the end the pool's accounting must be back to zero.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl.h"
#include "acl/acl_rt_memory_soma.h"
#include "testutil.h"

#define MiB ((size_t)1 << 20)
#define NT 4

static aclrtMemPool g_pool;
static aclrtContext g_ctx;
static aclrtStream g_s[NT];
static aclrtEvent g_ev[NT];
static atomic_long g_bad, g_checked, g_retries;
static int g_iters;

struct chk {
    unsigned char *p;
    size_t n;
    unsigned char v;
};

static void check_fn(void *arg)
{
    struct chk *c = arg;
    for (size_t i = 0; i < c->n; i += 4093)
        if (c->p[i] != c->v) {
            atomic_fetch_add(&g_bad, 1);
            break;
        }
    if (c->p[c->n - 1] != c->v)
        atomic_fetch_add(&g_bad, 1);
    atomic_fetch_add(&g_checked, 1);
    free(c);
}

static void *worker(void *arg)
{
    int id = (int)(intptr_t)arg;
    unsigned seed = 12345u + (unsigned)id * 7919u;
    CHECK_OK(aclrtSetCurrentContext(g_ctx));
    aclrtStream s = g_s[id];
    for (int it = 0; it < g_iters; it++) {
        size_t n = 1 + (size_t)(rand_r(&seed) % (6 * MiB));
        void *p = NULL;
        aclError rc;
        int tries = 0;
        while ((rc = aclrtMemPoolMallocAsync(&p, n, g_pool, s)) == ACL_ERROR_RT_INTERNAL_ERROR &&
               tries++ < 200) {
            atomic_fetch_add(&g_retries, 1);
            CHECK_OK(aclrtSynchronizeStream(s)); /* lets cached memory go back */
            usleep(1000);
        }
        CHECK_OK(rc);
        unsigned char v = (unsigned char)(id * 61 + it * 7 + 1);
        CHECK_OK(aclrtMemsetAsync(p, n, v, n, s));
        struct chk *c = malloc(sizeof(*c));
        CHECK(c);
        c->p = p;
        c->n = n;
        c->v = v;
        CHECK_OK(aclrtLaunchHostFunc(s, check_fn, c));
        CHECK_OK(aclrtMemPoolFreeAsync(p, s));
        int r = rand_r(&seed) % 8;
        if (r == 0) {
            CHECK_OK(aclrtRecordEvent(g_ev[id], s));
        } else if (r == 1) {
            int o = (id + 1 + rand_r(&seed) % (NT - 1)) % NT;
            CHECK_OK(aclrtStreamWaitEvent(s, g_ev[o]));
        } else if (r == 2 && it % 16 == 0) {
            CHECK_OK(aclrtSynchronizeStream(s));
        }
    }
    CHECK_OK(aclrtSynchronizeStream(s));
    return NULL;
}

static void run(const char *name, uint32_t ev_dep, uint32_t opp, uint32_t internal)
{
    CHECK_OK(aclrtMemPoolSetAttr(g_pool, ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES, &ev_dep));
    CHECK_OK(aclrtMemPoolSetAttr(g_pool, ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC, &opp));
    CHECK_OK(aclrtMemPoolSetAttr(g_pool, ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES, &internal));
    atomic_store(&g_bad, 0);
    atomic_store(&g_checked, 0);
    pthread_t th[NT];
    for (int i = 0; i < NT; i++)
        CHECK(pthread_create(&th[i], NULL, worker, (void *)(intptr_t)i) == 0);
    for (int i = 0; i < NT; i++)
        CHECK(pthread_join(th[i], NULL) == 0);
    for (int i = 0; i < NT; i++)
        CHECK_OK(aclrtSynchronizeStream(g_s[i]));
    uint64_t used = 1, reserved = 1, high = 0;
    CHECK_OK(aclrtMemPoolGetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT, &used));
    CHECK_OK(aclrtMemPoolGetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT, &reserved));
    CHECK_OK(aclrtMemPoolGetAttr(g_pool, ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH, &high));
    printf("%-10s checked %ld blocks, %ld bad, %ld retries, used high %.0f MiB\n", name,
           atomic_load(&g_checked), atomic_load(&g_bad), atomic_load(&g_retries),
           (double)high / MiB);
    CHECK(atomic_load(&g_bad) == 0);
    CHECK(atomic_load(&g_checked) == (long)NT * g_iters);
    CHECK(used == 0);
    CHECK(reserved == 0); /* threshold 0: the last synchronisations gave everything back */
    CHECK(high >= 2 * MiB && high <= 128 * MiB);
}

int main(void)
{
    g_iters = (int)(300 * test_stress_scale());
    if (g_iters < 20)
        g_iters = 20;
    TEST_OPEN();
    CHECK_OK(aclrtGetCurrentContext(&g_ctx));
    for (int i = 0; i < NT; i++) {
        CHECK_OK(aclrtCreateStream(&g_s[i]));
        CHECK_OK(aclrtCreateEvent(&g_ev[i]));
        CHECK_OK(aclrtRecordEvent(g_ev[i], g_s[i]));
    }
    aclrtMemPoolProps props = {ACL_MEM_ALLOCATION_TYPE_PINNED, ACL_MEM_HANDLE_TYPE_NONE,
                               {0, ACL_MEM_LOCATION_TYPE_DEVICE}, 128 * MiB, {0}};
    CHECK_OK(aclrtMemPoolCreate(&g_pool, &props));
    run("default", 0, 0, 0);
    run("events", 1, 0, 0);
    run("opportun", 0, 1, 0);
    run("internal", 0, 0, 1);
    run("all", 1, 1, 1);
    CHECK_OK(aclrtMemPoolDestroy(g_pool));
    for (int i = 0; i < NT; i++) {
        CHECK_OK(aclrtDestroyEvent(g_ev[i]));
        CHECK_OK(aclrtDestroyStream(g_s[i]));
    }
    TEST_CLOSE();
    printf("memory_pool_stress: ok\n");
    return 0;
}
