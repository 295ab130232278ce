/* SPDX-License-Identifier: Apache-2.0 */
/* Stress: allocator threads allocate and free random sizes and policies on several
 * devices (and host memory), fill every allocation with a per-allocation pattern and
 * verify it before freeing, and check the registry's answers for their own live and
 * freed pointers; lookup threads meanwhile query random live, dead and foreign
 * pointers and check that every answer is self-consistent. Sizes scale with
 * CPUACL_STRESS_SCALE. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "mem/devmem.h"
#include "mem/hostmem.h"
#include "mem/pages.h"
#include "mem/registry.h"
#include "memtest.h"

#define NDEV 3
#define NALLOC 4
#define NLOOK 2
#define LIVE_MAX 256
#define PUB 4096 /* published pointers for the lookup threads (racy by design) */

static atomic_uintptr_t published[PUB];
static atomic_int done;
static long iters;
static bool thp;

struct rec {
    void *p;
    size_t size;  /* requested */
    size_t rsize; /* registered */
    int dev;      /* -1 = host */
    uint64_t seed;
};

static inline uint64_t xs(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* Pattern: whole buffer up to 64 KiB; beyond that the first and last 16 KiB and one
 * word per 4 KiB, so that large blocks are still checked end to end. */
static inline uint64_t pat(uint64_t seed, size_t i)
{
    return seed ^ (i * 0x9e3779b97f4a7c15ull);
}

static void fill(const struct rec *r, bool check)
{
    uint64_t *w = r->p;
    size_t nw = r->size / 8;
    for (size_t i = 0; i < nw; i++) {
        if (r->size > 65536 && i >= 2048 && i + 2048 < nw && (i & 511))
            continue;
        if (check) {
            if (w[i] != pat(r->seed, i)) {
                fprintf(stderr, "payload mismatch at %p word %zu (size %zu dev %d)\n", r->p,
                        i, r->size, r->dev);
                exit(1);
            }
        } else {
            w[i] = pat(r->seed, i);
        }
    }
    unsigned char *b = r->p;
    for (size_t i = nw * 8; i < r->size; i++) {
        unsigned char v = (unsigned char)(r->seed >> (i & 31));
        if (check)
            CHECK(b[i] == v);
        else
            b[i] = v;
    }
}

static size_t pick_size(uint64_t *s)
{
    uint64_t x = xs(s) % 1000;
    if (x < 600)
        return 1 + xs(s) % 512;
    if (x < 900)
        return 1 + xs(s) % 16384;
    if (x < 990)
        return 1 + xs(s) % (256 * 1024);
    return 1 + xs(s) % (3 * MEM_MiB);
}

static unsigned pick_policy(uint64_t *s)
{
    static const unsigned pol[] = {MEM_POLICY_HUGE_FIRST, MEM_POLICY_NORMAL_ONLY,
                                   MEM_POLICY_HUGE_FIRST_P2P, MEM_POLICY_HUGE_ONLY,
                                   MEM_POLICY_NORMAL_ONLY_P2P};
    unsigned p = pol[xs(s) % (thp ? 5 : 3)];
    return p;
}

static void check_own(const struct rec *r)
{
    struct mem_reg_info info;
    CHECK_OK(mem_reg_lookup(r->p, &info));
    CHECK(info.base == (uintptr_t)r->p && info.size == r->rsize);
    CHECK(info.owner == (r->dev < 0 ? MEM_OWNER_HOST : (unsigned)r->dev));
    CHECK_OK(mem_reg_lookup((char *)r->p + r->rsize - 1, &info));
    CHECK(info.base == (uintptr_t)r->p);
    CHECK_OK(mem_reg_lookup((char *)r->p + (r->seed % r->rsize), &info));
    CHECK(info.base == (uintptr_t)r->p);
}

static void *allocator(void *arg)
{
    uint64_t s = 0x1234567ull + (uintptr_t)arg * 0x9e37ull;
    struct rec live[LIVE_MAX];
    int n = 0;
    long nomem = 0;
    for (long it = 0; it < iters; it++) {
        bool do_alloc = n == 0 || (n < LIVE_MAX && (xs(&s) % 100) < 52);
        if (do_alloc) {
            struct rec r;
            r.size = pick_size(&s);
            r.dev = (int)(xs(&s) % (NDEV + 1)) - 1;
            r.seed = xs(&s);
            int rc;
            if (r.dev < 0) {
                rc = mem_host_alloc(r.size, &r.p);
                r.rsize = r.size;
            } else {
                unsigned pol = pick_policy(&s);
                rc = mem_dev_alloc(r.dev, r.size, pol, 0, &r.p);
                CHECK_OK(mem_dev_round(r.size, pol, 0, &r.rsize));
            }
            if (rc == -ENOMEM) {
                nomem++;
                continue;
            }
            CHECK(rc == 0);
            CHECK((uintptr_t)r.p % MEM_ALIGN == 0);
            fill(&r, false);
            check_own(&r);
            live[n++] = r;
            atomic_store_explicit(&published[xs(&s) % PUB], (uintptr_t)r.p + (r.seed % r.size),
                                  memory_order_relaxed);
        } else {
            int k = (int)(xs(&s) % (uint64_t)n);
            struct rec r = live[k];
            live[k] = live[--n];
            fill(&r, true);
            check_own(&r);
            if (r.rsize > 64)
                CHECK_RC(-EINVAL, r.dev < 0 ? mem_host_free((char *)r.p + 64)
                                            : mem_dev_free((char *)r.p + 64));
            CHECK_RC(-EINVAL, r.dev < 0 ? mem_dev_free(r.p) : mem_host_free(r.p));
            CHECK_OK(r.dev < 0 ? mem_host_free(r.p) : mem_dev_free(r.p));
            /* Our freed block may be handed to another thread at once, so the
             * registry may answer with a new allocation; never with ours. */
            struct mem_reg_info info;
            int rc = mem_reg_lookup(r.p, &info);
            CHECK(rc == -ENOENT || (rc == 0 && (uintptr_t)r.p - info.base < info.size));
        }
    }
    while (n > 0) {
        struct rec r = live[--n];
        fill(&r, true);
        CHECK_OK(r.dev < 0 ? mem_host_free(r.p) : mem_dev_free(r.p));
    }
    (void)nomem;
    return NULL;
}

static void *looker(void *arg)
{
    uint64_t s = 0xabcdefull + (uintptr_t)arg;
    int stackvar = 0;
    long found = 0, lookups = 0;
    while (!atomic_load_explicit(&done, memory_order_relaxed)) {
        uintptr_t a = atomic_load_explicit(&published[xs(&s) % PUB], memory_order_relaxed);
        if ((xs(&s) & 7) == 0)
            a = (uintptr_t)&stackvar + (xs(&s) % 64);
        else if ((xs(&s) & 7) == 1)
            a += xs(&s) % 4096; /* near, maybe past the end */
        struct mem_reg_info info;
        int rc = mem_reg_lookup((void *)a, &info);
        lookups++;
        if (rc == 0) {
            found++;
            CHECK(a >= info.base && a - info.base < info.size);
            CHECK(info.base % MEM_ALIGN == 0);
            CHECK(info.owner == MEM_OWNER_HOST || info.owner < NDEV);
        } else {
            CHECK(rc == -ENOENT);
        }
        CHECK(mem_reg_lookup(&stackvar, NULL) == -ENOENT);
    }
    printf("mem_stress: looker %lu: %ld lookups, %ld hits\n", (unsigned long)(uintptr_t)arg,
           lookups, found);
    return NULL;
}

int main(void)
{
    double scale = test_stress_scale();
    iters = (long)(200000 * scale);
    if (iters < 1000)
        iters = 1000;
    CHECK_OK(mem_init());
    thp = mem_pages_thp_available();
    /* One device small enough to hit its capacity now and then. */
    CHECK_OK(mem_dev_init(0, 16 * MEM_MiB));
    CHECK_OK(mem_dev_init(1, 4 * MEM_GiB));
    CHECK_OK(mem_dev_init(2, 4 * MEM_GiB));
    pthread_t a[NALLOC], l[NLOOK];
    for (int i = 0; i < NLOOK; i++)
        CHECK(pthread_create(&l[i], NULL, looker, (void *)(intptr_t)i) == 0);
    for (int i = 0; i < NALLOC; i++)
        CHECK(pthread_create(&a[i], NULL, allocator, (void *)(intptr_t)i) == 0);
    for (int i = 0; i < NALLOC; i++)
        CHECK(pthread_join(a[i], NULL) == 0);
    atomic_store(&done, 1);
    for (int i = 0; i < NLOOK; i++)
        CHECK(pthread_join(l[i], NULL) == 0);
    for (int d = 0; d < NDEV; d++) {
        struct mem_dev_stats st;
        CHECK_OK(mem_dev_stats(d, &st));
        CHECK(st.used == 0 && st.used_huge == 0);
        printf("mem_stress: dev %d: refused %llu (capacity), mapped %zu MiB, tcaches %zu\n", d,
               (unsigned long long)st.fail_capacity,
               (st.mapped[0] + st.mapped[1] + st.mapped[2] + st.mapped[3]) >> 20, st.tcaches);
        CHECK_OK(mem_dev_fini(d));
    }
    struct mem_dev_stats hs;
    CHECK_OK(mem_host_stats(&hs));
    CHECK(hs.used == 0);
    mem_fini();
    printf("mem_stress: ok (%d allocators x %ld ops, scale %.2f)\n", NALLOC, iters, scale);
    return 0;
}
