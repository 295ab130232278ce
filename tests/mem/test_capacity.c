/* SPDX-License-Identifier: Apache-2.0 */
/* Per-device capacity: exhaustion fails with -ENOMEM and leaves the pool usable, the
 * statistics and aclrtGetMemInfo classes stay consistent, devices are independent,
 * and racing threads never push a device past its capacity. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>

#include "mem/devmem.h"
#include "mem/pages.h"
#include "memtest.h"

static void check_consistent(int dev)
{
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(dev, &st));
    CHECK(st.used <= st.capacity);
    CHECK(st.used_normal + st.used_huge + st.used_huge1g == st.used);
    size_t f, t;
    CHECK_OK(mem_dev_meminfo(dev, MEM_CLASS_ALL, &f, &t));
    CHECK(t == st.capacity && f == st.capacity - st.used);
    CHECK_OK(mem_dev_meminfo(dev, MEM_CLASS_NORMAL, &f, &t));
    CHECK(t == st.capacity && f == st.capacity - st.used);
    CHECK_OK(mem_dev_meminfo(dev, MEM_CLASS_HUGE, &f, &t));
    CHECK(t <= st.capacity && f <= t);
    if (mem_pages_thp_available())
        CHECK(t == st.capacity && f == st.capacity - st.used);
    CHECK_OK(mem_dev_meminfo(dev, MEM_CLASS_HUGE1G, &f, &t));
    CHECK(t <= st.capacity && f <= t);
    struct mem_pages_caps caps;
    mem_pages_caps(&caps);
    if (caps.hugetlb_1g_total == 0)
        CHECK(t == 0 && f == 0);
}

#define CAP (64 * MEM_MiB)

struct racer {
    int dev;
    atomic_int *stop;
    long ok, nomem;
};

static void *race(void *arg)
{
    struct racer *r = arg;
    void *p[64];
    unsigned seed = (unsigned)(uintptr_t)arg;
    while (!atomic_load_explicit(r->stop, memory_order_relaxed)) {
        int n = 0;
        for (; n < 64; n++) {
            seed = seed * 1103515245u + 12345u;
            size_t s = 1 + (seed >> 8) % (2 * MEM_MiB);
            int rc = mem_dev_alloc(r->dev, s, MEM_POLICY_HUGE_FIRST, 0, &p[n]);
            if (rc == -ENOMEM) {
                r->nomem++;
                break;
            }
            CHECK(rc == 0);
            r->ok++;
            struct mem_dev_stats st;
            CHECK_OK(mem_dev_stats(r->dev, &st));
            CHECK(st.used <= st.capacity);
        }
        while (n > 0)
            CHECK_OK(mem_dev_free(p[--n]));
    }
    return NULL;
}

int main(void)
{
    CHECK_OK(mem_init());
    CHECK_OK(mem_dev_init(0, CAP));
    CHECK_OK(mem_dev_init(1, CAP));
    check_consistent(0);

    /* Fill device 0 with 1 MiB blocks: each costs 1 MiB + 32. */
    void *blk[128];
    int n = 0;
    int rc;
    while ((rc = mem_dev_alloc(0, MEM_MiB, MEM_POLICY_NORMAL_ONLY, 0, &blk[n])) == 0) {
        n++;
        CHECK(n < 128);
        check_consistent(0);
    }
    CHECK(rc == -ENOMEM);
    CHECK((size_t)n == CAP / (MEM_MiB + 32));
    struct mem_dev_stats st;
    CHECK_OK(mem_dev_stats(0, &st));
    size_t rest = CAP - st.used;
    CHECK(st.fail_capacity == 1);
    /* The remainder can be taken exactly (size + 32 B pad == rest). */
    void *last;
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, rest - 31, MEM_POLICY_NORMAL_ONLY, 0, &last));
    CHECK_OK(mem_dev_alloc(0, rest - 32, MEM_POLICY_NORMAL_ONLY, 0, &last));
    size_t f, t;
    CHECK_OK(mem_dev_meminfo(0, MEM_CLASS_ALL, &f, &t));
    CHECK(f == 0 && t == CAP);
    void *p;
    for (size_t k = 0; k < TEST_NPOLICIES; k++)
        CHECK_RC(-ENOMEM, mem_dev_alloc(0, 1, test_policies[k], 0, &p));
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, 1, MEM_POLICY_NORMAL_ONLY, MEM_DEV_F_ALIGN32, &p));
    check_consistent(0);

    /* Device 1 is unaffected. */
    CHECK_OK(mem_dev_alloc(1, 10 * MEM_MiB, MEM_POLICY_HUGE_FIRST, 0, &p));
    check_consistent(1);
    CHECK_OK(mem_dev_free(p));

    /* Recovery: free one block, the same size fits again; free all, back to zero. */
    CHECK_OK(mem_dev_free(blk[n / 2]));
    CHECK_OK(mem_dev_alloc(0, MEM_MiB, MEM_POLICY_NORMAL_ONLY, 0, &blk[n / 2]));
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, 1, MEM_POLICY_NORMAL_ONLY, 0, &p));
    for (int i = 0; i < n; i++)
        CHECK_OK(mem_dev_free(blk[i]));
    CHECK_OK(mem_dev_free(last));
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.used == 0);
    check_consistent(0);

    /* Every policy works again after exhaustion; huge allocations are counted. */
    for (size_t k = 0; k < TEST_NPOLICIES; k++) {
        rc = mem_dev_alloc(0, 4 * MEM_MiB, test_policies[k], 0, &p);
        if (rc == -ENOMEM)
            continue; /* HUGE1G without 1 GiB pages, HUGE_ONLY without huge pages */
        CHECK(rc == 0);
        CHECK_OK(mem_dev_stats(0, &st));
        if (mem_pages_thp_available() && test_policies[k] != MEM_POLICY_NORMAL_ONLY &&
            test_policies[k] != MEM_POLICY_NORMAL_ONLY_P2P)
            CHECK(st.used_huge == 4 * MEM_MiB + 32);
        check_consistent(0);
        CHECK_OK(mem_dev_free(p));
    }
    /* A single allocation above capacity, for each route. */
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, CAP, MEM_POLICY_HUGE_FIRST, 0, &p));
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, CAP, MEM_POLICY_NORMAL_ONLY, 0, &p));
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, CAP, MEM_POLICY_HUGE_ONLY, 0, &p));
    CHECK_RC(-ENOMEM, mem_dev_alloc(0, CAP, MEM_POLICY_HUGE1G_ONLY, 0, &p));
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.used == 0);

    /* Racing threads near the limit on one device. */
    atomic_int stop = 0;
    struct racer r[3] = {{0, &stop, 0, 0}, {0, &stop, 0, 0}, {0, &stop, 0, 0}};
    pthread_t th[3];
    for (int i = 0; i < 3; i++)
        CHECK(pthread_create(&th[i], NULL, race, &r[i]) == 0);
    struct timespec ts = {0, 300 * 1000 * 1000};
    nanosleep(&ts, NULL);
    atomic_store(&stop, 1);
    long ok = 0, nomem = 0;
    for (int i = 0; i < 3; i++) {
        CHECK(pthread_join(th[i], NULL) == 0);
        ok += r[i].ok;
        nomem += r[i].nomem;
    }
    CHECK_OK(mem_dev_stats(0, &st));
    CHECK(st.used == 0 && st.used_huge == 0);
    check_consistent(0);
    CHECK(ok > 0 && nomem > 0);

    CHECK_OK(mem_dev_fini(0));
    CHECK_OK(mem_dev_fini(1));
    mem_fini();
    printf("mem_capacity: ok (%d blocks, race: %ld allocs, %ld refused)\n", n, ok, nomem);
    return 0;
}
