/* SPDX-License-Identifier: Apache-2.0 */
/* Quick timing of mem_dev_alloc+mem_dev_free against jemalloc mallocx/dallocx and glibc
 * malloc/free, measured in the same run (median of 7 rounds), plus registry lookups.
 * Prints one grep-able summary line per size. Not a test; bench/ has the real one. */
#include <jemalloc/jemalloc.h>
#include <stdint.h>
#include <time.h>

#include "mem/devmem.h"
#include "mem/hostmem.h"
#include "mem/registry.h"
#include "memtest.h"

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);

#define ROUNDS 7

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v)
{
    qsort(v, ROUNDS, sizeof(double), cmp_d);
    return v[ROUNDS / 2];
}

#define SINK(p) __asm__ __volatile__("" ::"r"(p) : "memory")

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    CHECK_OK(mem_init());
    CHECK_OK(mem_dev_init(0, 64 * MEM_GiB));
    unsigned tc;
    size_t sz = sizeof(tc);
    CHECK(mallctl("tcache.create", &tc, &sz, NULL, 0) == 0);
    unsigned ar;
    sz = sizeof(ar);
    CHECK(mallctl("arenas.create", &ar, &sz, NULL, 0) == 0);
    size_t sizes[] = {64, 4096, 65536};
    for (size_t si = 0; si < 3; si++) {
        size_t s = sizes[si];
        double dev[ROUNDS], je[ROUNDS], jx[ROUNDS], gl[ROUNDS], host[ROUNDS], lk[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            double t0 = now_ns();
            for (long i = 0; i < n; i++) {
                void *p;
                mem_dev_alloc(0, s, MEM_POLICY_HUGE_FIRST, 0, &p);
                SINK(p);
                mem_dev_free(p);
            }
            double t1 = now_ns();
            for (long i = 0; i < n; i++) {
                void *p = mallocx(s, 0);
                SINK(p);
                dallocx(p, 0);
            }
            double t2 = now_ns();
            int fl = MALLOCX_ARENA(ar) | MALLOCX_TCACHE(tc) | MALLOCX_ALIGN(64);
            for (long i = 0; i < n; i++) {
                void *p = mallocx(s, fl);
                SINK(p);
                sdallocx(p, s, fl);
            }
            double t3 = now_ns();
            for (long i = 0; i < n; i++) {
                void *p = __libc_malloc(s);
                SINK(p);
                __libc_free(p);
            }
            double t4 = now_ns();
            for (long i = 0; i < n; i++) {
                void *p;
                mem_host_alloc(s, &p);
                SINK(p);
                mem_host_free(p);
            }
            double t5 = now_ns();
            void *q;
            mem_dev_alloc(0, s, MEM_POLICY_HUGE_FIRST, 0, &q);
            struct mem_reg_info info;
            double t6 = now_ns();
            for (long i = 0; i < n; i++) {
                mem_reg_lookup((char *)q + (i & (long)(s - 1)), &info);
                SINK(info.base);
            }
            double t7 = now_ns();
            mem_dev_free(q);
            dev[r] = (t1 - t0) / n;
            je[r] = (t2 - t1) / n;
            jx[r] = (t3 - t2) / n;
            gl[r] = (t4 - t3) / n;
            host[r] = (t5 - t4) / n;
            lk[r] = (t7 - t6) / n;
        }
        double d = median(dev), j = median(je), x = median(jx), g = median(gl);
        double h = median(host), l = median(lk);
        printf("mem_timing size=%zu mem_dev=%.1fns mallocx=%.1fns mallocx_arena_tc=%.1fns "
               "glibc=%.1fns mem_host=%.1fns lookup=%.1fns ratio_vs_mallocx=%.2f\n",
               s, d, j, x, g, h, l, d / j);
    }
    CHECK_OK(mem_dev_fini(0));
    mem_fini();
    return 0;
}
