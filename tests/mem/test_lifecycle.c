/* SPDX-License-Identifier: Apache-2.0 */
/* Pool lifecycle: init/fini errors, teardown with live allocations (their pointers
 * become unknown), re-init, explicit tcaches destroyed at thread exit, teardown racing
 * with threads that allocate and free on the device, mem_fini/mem_init again. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/devmem.h"
#include "mem/hostmem.h"
#include "mem/jemalloc.h"
#include "mem/registry.h"
#include "memtest.h"

static void *churn(void *arg)
{
    int dev = (int)(intptr_t)arg;
    for (int i = 0; i < 1000; i++) {
        void *p;
        CHECK_OK(mem_dev_alloc(dev, 64 + (size_t)i, MEM_POLICY_HUGE_FIRST, 0, &p));
        CHECK_OK(mem_dev_free(p));
    }
    return NULL;
}

static atomic_int racing_go;

/* Allocate/free until the device goes away; every result must be a legal one. */
static void *racer(void *arg)
{
    int dev = (int)(intptr_t)arg;
    void *keep[16] = {0};
    unsigned seed = 7u + (unsigned)dev;
    while (!atomic_load(&racing_go))
        ;
    for (long i = 0;; i++) {
        seed = seed * 1103515245u + 12345u;
        int k = (int)((seed >> 10) & 15);
        if (keep[k]) {
            int rc = mem_dev_free(keep[k]);
            CHECK(rc == 0 || rc == -ENOENT); /* -ENOENT: the pool was torn down */
            keep[k] = NULL;
        } else {
            int rc = mem_dev_alloc(dev, 1 + (seed >> 12) % 100000, MEM_POLICY_HUGE_FIRST, 0,
                                   &keep[k]);
            if (rc == -ENODEV)
                break;
            CHECK(rc == 0);
            /* No access to keep[k]: the main thread may unmap the pool at any
             * moment (that is the race under test); touching device memory
             * across a device teardown is a use after free in any runtime. */
        }
    }
    return NULL;
}

int main(void)
{
    void *p;
    CHECK_RC(-ENODEV, mem_dev_init(0, MEM_GiB)); /* before mem_init */
    CHECK_OK(mem_init());
    CHECK_OK(mem_init()); /* idempotent */
    /* The allocator mem_init bound (mem/jemalloc.h): this program records NEEDED
     * libjemalloc.so.2, so jemalloc unless CPUACL_ALLOCATOR=builtin (the _builtin ctest). */
    const char *want = getenv("CPUACL_ALLOCATOR");
    const char *expect = want && strcmp(want, "builtin") == 0 ? "builtin" : "jemalloc";
    if (strcmp(mem_je_name(), expect) != 0) {
        fprintf(stderr, "allocator %s, expected %s\n", mem_je_name(), expect);
        return 1;
    }
    CHECK_RC(-EINVAL, mem_dev_init(0, 0));
    CHECK_RC(-EINVAL, mem_dev_init(-1, MEM_GiB));
    CHECK_RC(-EINVAL, mem_dev_init(MEM_DEV_MAX, MEM_GiB));
    CHECK_RC(-ENODEV, mem_dev_fini(0));
    CHECK_RC(-ENODEV, mem_dev_alloc(0, 64, 0, 0, &p));
    CHECK_OK(mem_dev_init(0, MEM_GiB));
    CHECK_RC(-EBUSY, mem_dev_init(0, MEM_GiB));

    /* Teardown with live allocations of every route. */
    void *live[4];
    CHECK_OK(mem_dev_alloc(0, 100, MEM_POLICY_NORMAL_ONLY, 0, &live[0]));
    CHECK_OK(mem_dev_alloc(0, 10000, MEM_POLICY_HUGE_FIRST, 0, &live[1]));
    CHECK_OK(mem_dev_alloc(0, 5 * MEM_MiB, MEM_POLICY_HUGE_FIRST, 0, &live[2]));
    CHECK_OK(mem_dev_alloc(0, 300 * 1024, MEM_POLICY_NORMAL_ONLY, 0, &live[3]));
    CHECK_OK(mem_dev_fini(0));
    for (int i = 0; i < 4; i++) {
        CHECK_RC(-ENOENT, mem_reg_lookup(live[i], NULL));
        CHECK_RC(-ENOENT, mem_dev_free(live[i]));
    }
    CHECK_RC(-ENODEV, mem_dev_stats(0, &(struct mem_dev_stats){0}));

    /* Re-init: fresh counters, works. */
    CHECK_OK(mem_dev_init(0, 2 * MEM_GiB));
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.used == 0 && st.capacity == 2 * MEM_GiB && st.fail_capacity == 0);
    CHECK_OK(mem_dev_alloc(0, 100, MEM_POLICY_NORMAL_ONLY, 0, &p));
    CHECK_OK(mem_dev_free(p));

    /* Explicit tcaches: one per thread that used the pool, gone at thread exit. */
    CHECK_OK(mem_dev_stats(0, &st));
    size_t base_tc = st.tcaches;
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        CHECK(pthread_create(&th[i], NULL, churn, (void *)(intptr_t)0) == 0);
    for (int i = 0; i < 4; i++)
        CHECK(pthread_join(th[i], NULL) == 0);
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.tcaches == base_tc && st.used == 0);

    /* Teardown racing with allocating/freeing threads. */
    for (int round = 0; round < 3; round++) {
        atomic_store(&racing_go, 0);
        for (int i = 0; i < 3; i++)
            CHECK(pthread_create(&th[i], NULL, racer, (void *)(intptr_t)0) == 0);
        atomic_store(&racing_go, 1);
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
        CHECK_OK(mem_dev_fini(0));
        for (int i = 0; i < 3; i++)
            CHECK(pthread_join(th[i], NULL) == 0);
        CHECK_OK(mem_dev_init(0, 2 * MEM_GiB));
    }

    /* mem_fini with live device and host memory, then again from scratch. */
    void *h;
    CHECK_OK(mem_host_alloc(12345, &h));
    CHECK_OK(mem_dev_alloc(0, 4096, MEM_POLICY_HUGE_FIRST, 0, &p));
    mem_fini();
    CHECK_OK(mem_init());
    CHECK_RC(-ENOENT, mem_reg_lookup(h, NULL));
    CHECK_RC(-ENOENT, mem_host_free(h));
    CHECK_RC(-ENODEV, mem_dev_alloc(0, 64, 0, 0, &p));
    CHECK_OK(mem_host_alloc(64, &h));
    CHECK_OK(mem_host_free(h));
    mem_fini();
    printf("mem_lifecycle: ok\n");
    return 0;
}
