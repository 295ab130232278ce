/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Helpers for the black-box tests of the memory API (tests/memory): soft
 * checks that report every broken row of docs/memory.md in one run, byte
 * patterns, a gate kernel to hold a stream, aclrtGetMemInfo shorthands, and a
 * /proc/self/smaps reader that tells which kind of pages back an address.
 *
 * Rule checks (EXPECT*) are soft: a wrong code is reported and the program
 * goes on; memapi_exit() returns 1 if any failed. Setup steps use the fatal
 * CHECK / CHECK_OK of testutil.h. Kernels never call exit().
 */
#ifndef CPUACL_TESTS_MEMAPI_H
#define CPUACL_TESTS_MEMAPI_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "cpuacl/cpuacl.h"
#include "softcheck.h"
#include "testutil.h"


static inline int memapi_exit(const char *name)
{
    fprintf(stderr, "%s: %s\n", name, g_failed ? "FAIL" : "PASS");
    return g_failed ? 1 : 0;
}

/* ---- clocks ---------------------------------------------------------------- */

static inline double mt_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static inline void mt_sleep_ms(double ms)
{
    long long ns = (long long)(ms * 1e6);
    struct timespec ts = {(time_t)(ns / 1000000000), (long)(ns % 1000000000)};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

/* ---- byte patterns ---------------------------------------------------------- */

/* Byte i of the pattern `seed`: differs between neighbouring bytes, between
 * pages and between seeds, so shifted, truncated or mixed-up copies show. */
static inline uint8_t pat_byte(uint32_t seed, size_t i)
{
    uint32_t x = seed * 2654435761u + (uint32_t)i * 40503u + (uint32_t)(i >> 12) * 97u;
    return (uint8_t)(x ^ (x >> 13) ^ (x >> 24));
}

static inline void pat_fill(void *p, size_t n, uint32_t seed)
{
    uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        b[i] = pat_byte(seed, i);
}

/* Index of the first byte that differs from the pattern, or -1. */
static inline long pat_check(const void *p, size_t n, uint32_t seed)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != pat_byte(seed, i))
            return (long)i;
    return -1;
}

/* Index of the first byte that is not `v`, or -1. */
static inline long all_bytes(const void *p, size_t n, uint8_t v)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != v)
            return (long)i;
    return -1;
}

#define EXPECT_PAT(p, n, seed)                                                                     \
    do {                                                                                           \
        long at_ = pat_check((p), (n), (seed));                                                    \
        if (at_ >= 0) {                                                                            \
            fprintf(stderr,                                                                        \
                    "%s:%d: data check failed: %s differs from pattern %u at byte "                \
                    "%ld of %zu\n",                                                                \
                    __FILE__, __LINE__, #p, (unsigned)(seed), at_, (size_t)(n));                   \
            g_failed = 1;                                                                          \
        }                                                                                          \
    } while (0)

#define EXPECT_BYTES(p, n, v)                                                                      \
    do {                                                                                           \
        long at_ = all_bytes((p), (n), (uint8_t)(v));                                              \
        if (at_ >= 0) {                                                                            \
            fprintf(stderr,                                                                        \
                    "%s:%d: data check failed: %s[%ld] = 0x%02x, expected 0x%02x "                 \
                    "in all %zu bytes\n",                                                          \
                    __FILE__, __LINE__, #p, at_, ((const uint8_t *)(p))[at_],                      \
                    (unsigned)(uint8_t)(v), (size_t)(n));                                          \
            g_failed = 1;                                                                          \
        }                                                                                          \
    } while (0)

/* ---- device memory seen from the host -------------------------------------- */

/* Read `n` bytes of device memory back into a fresh malloc'ed buffer (a
 * synchronous device-to-host copy, as an application would). */
static inline uint8_t *dev_read(const void *dev, size_t n)
{
    uint8_t *h = malloc(n);
    CHECK(h);
    CHECK_OK(aclrtMemcpy(h, n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST));
    return h;
}

/* Write the pattern `seed` to device memory through a host buffer. */
static inline void dev_write_pat(void *dev, size_t n, uint32_t seed)
{
    uint8_t *h = malloc(n);
    CHECK(h);
    pat_fill(h, n, seed);
    CHECK_OK(aclrtMemcpy(dev, n, h, n, ACL_MEMCPY_HOST_TO_DEVICE));
    free(h);
}

/* Device memory holds the pattern, or all bytes are `v` (soft checks): the
 * host check EXPECT_PAT / EXPECT_BYTES on a copy read back. */
#define EXPECT_DEV_(expect, dev, n, arg)                                                           \
    do {                                                                                           \
        uint8_t *h_ = dev_read((dev), (n));                                                        \
        expect(h_, (n), (arg));                                                                    \
        free(h_);                                                                                  \
    } while (0)
#define EXPECT_DEV_PAT(dev, n, seed) EXPECT_DEV_(EXPECT_PAT, dev, n, seed)
#define EXPECT_DEV_BYTES(dev, n, v) EXPECT_DEV_(EXPECT_BYTES, dev, n, v)

/* aclrtGetMemInfo of the current device (fatal on error): the free bytes,
 * or with `total` the total. */
static inline size_t mi_get(aclrtMemAttr a, bool total)
{
    size_t f = 0, t = 0;
    CHECK_OK(aclrtGetMemInfo(a, &f, &t));
    return total ? t : f;
}
#define mi_free(a) mi_get((a), false)
#define mi_total(a) mi_get((a), true)

/* What aclrtMalloc reserves for `size` (memory.md: round up to 32, plus 32,
 * except MallocAlign32 and the HUGE1G policies). */
static inline size_t acl_rounded(size_t size, bool pad)
{
    return ((size + 31) & ~(size_t)31) + (pad ? 32 : 0);
}

/* ---- a gate kernel: holds a stream until the host opens it ------------------ */

struct mt_gate {
    _Atomic int open;
    _Atomic int entered;
    _Atomic int timed_out;
};

static inline int32_t mt_gate_kernel(void *args)
{
    struct mt_gate *g = args;
    atomic_store(&g->entered, 1);
    double t0 = mt_now_ms();
    while (!atomic_load_explicit(&g->open, memory_order_acquire)) {
        if (mt_now_ms() - t0 > 30000) { /* a broken runtime fails instead of hanging */
            atomic_store(&g->timed_out, 1);
            return 0;
        }
        mt_sleep_ms(0.1);
    }
    return 0;
}

static inline void gate_open(struct mt_gate *g)
{
    atomic_store_explicit(&g->open, 1, memory_order_release);
}

/* Open a gate from another thread after a delay. */
struct mt_gate_timer {
    pthread_t th;
    struct mt_gate *g;
    double delay_ms;
    _Atomic double opened_at;
};

static inline void *mt_gate_timer_main(void *arg)
{
    struct mt_gate_timer *t = arg;
    mt_sleep_ms(t->delay_ms);
    atomic_store(&t->opened_at, mt_now_ms());
    gate_open(t->g);
    return NULL;
}

static inline void gate_open_later(struct mt_gate_timer *t, struct mt_gate *g, double delay_ms)
{
    t->g = g;
    t->delay_ms = delay_ms;
    atomic_store(&t->opened_at, 0.0);
    CHECK(pthread_create(&t->th, NULL, mt_gate_timer_main, t) == 0);
}

/* ---- /proc/self/smaps -------------------------------------------------------- */

struct mt_vma {
    bool found;
    uintptr_t lo, hi;
    size_t anon_huge_kb; /* AnonHugePages */
    size_t rss_kb;
    bool hg, nh, ht; /* VmFlags: MADV_HUGEPAGE, MADV_NOHUGEPAGE, hugetlb */
};

/* The mapping of /proc/self/smaps that contains `p`. */
static inline struct mt_vma vma_of(const void *p)
{
    struct mt_vma v = {0};
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return v;
    uintptr_t a = (uintptr_t)p;
    char line[512];
    bool in = false;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        char c;
        if (sscanf(line, "%lx-%lx %c", &lo, &hi, &c) == 3 && strchr(line, '-') &&
            (size_t)(strchr(line, '-') - line) < 17) {
            if (in)
                break;
            in = a >= lo && a < hi;
            if (in) {
                v.found = true;
                v.lo = lo;
                v.hi = hi;
            }
            continue;
        }
        if (!in)
            continue;
        size_t kb;
        if (sscanf(line, "AnonHugePages: %zu kB", &kb) == 1)
            v.anon_huge_kb = kb;
        else if (sscanf(line, "Rss: %zu kB", &kb) == 1)
            v.rss_kb = kb;
        else if (!strncmp(line, "VmFlags:", 8)) {
            v.hg = strstr(line, " hg") != NULL;
            v.nh = strstr(line, " nh") != NULL;
            v.ht = strstr(line, " ht") != NULL;
        }
    }
    fclose(f);
    return v;
}

#endif
