/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/engine/simd.h's builds (K1) and the choice between them.
 */
#pragma GCC optimize("O3")
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/simd.h"
#include "ops/engine/engine.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

/* 32-byte vectors are passed between the always-inline helpers of the AVX2
 * build only; GCC's ABI note about them does not apply. */
#pragma GCC diagnostic ignored "-Wpsabi"

typedef int8_t v16i8 __attribute__((vector_size(16)));
typedef unsigned char v16u8 __attribute__((vector_size(16)));

/* The portable build: 128-bit vectors (SSE2 / NEON). */
#define KS_T
#define KS_N(x) x##_port
#define KS_F16C 0
#define KS_W 4
#include "ops/engine/simd_body_pvt.h"

#if defined(__x86_64__)
/* The AVX2 + FMA + F16C build: 256-bit vectors. */
#define KS_T __attribute__((target("avx2,fma,f16c")))
#define KS_N(x) x##_avx2
#define KS_F16C 1
#define KS_W 8
#include "ops/engine/simd_body_pvt.h"

/* The AVX-512 build (F, BW, VL with AVX2, FMA, F16C): 512-bit vectors. */
#define KS_T __attribute__((target("avx512f,avx512bw,avx512vl,avx2,fma,f16c")))
#define KS_N(x) x##_avx512
#define KS_F16C 1
#define KS_W 16
#include "ops/engine/simd_body_pvt.h"
#endif

bool ks_cpu_f16c(void)
{
#if defined(__x86_64__)
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C);
#else
    return false;
#endif
}

static const struct ks_ops *ks_choose(void)
{
    /* CPUACL_SIMD=portable|avx2|avx512 forces a build (the best one the CPU
     * runs, when it cannot run the one named); tests run each. */
    const char *e = getenv("CPUACL_SIMD");
    if (e && !strcmp(e, "portable"))
        return &ks_ops_port;
#if defined(__x86_64__)
    __builtin_cpu_init();
    const bool avx2 =
        __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && ks_cpu_f16c();
    if (avx2 && !(e && !strcmp(e, "avx2")) && __builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
        return &ks_ops_avx512;
    if (avx2)
        return &ks_ops_avx2;
#endif
    return &ks_ops_port;
}

const char *ks_name(void)
{
    const struct ks_ops *o = ks_get();
#if defined(__x86_64__)
    if (o == &ks_ops_avx512)
        return "avx512";
    if (o == &ks_ops_avx2)
        return "avx2";
#endif
    return o == &ks_ops_port ? "portable" : "?";
}

const struct ks_ops *ks_get(void)
{
    /* relaxed: every thread computes the same pointer to constant data */
    static _Atomic(const struct ks_ops *) chosen;
    const struct ks_ops *o = atomic_load_explicit(&chosen, memory_order_relaxed);
    if (!o) {
        o = ks_choose();
        atomic_store_explicit(&chosen, o, memory_order_relaxed);
    }
    return o;
}

/* ---- per-thread scratch --------------------------------------------------------------------- */

struct ks_buf {
    void *p;
    size_t n;
};

static pthread_key_t g_scratch_key;
static pthread_once_t g_scratch_once = PTHREAD_ONCE_INIT;

static void ks_scratch_free(void *v)
{
    struct ks_buf *b = v;
    for (unsigned i = 0; i < KS_SCRATCH_SLOTS; i++)
        free(b[i].p);
    free(b);
}

static void ks_scratch_init(void)
{
    (void)pthread_key_create(&g_scratch_key, ks_scratch_free);
}

void *ks_scratch_n(unsigned slot, size_t bytes)
{
    pthread_once(&g_scratch_once, ks_scratch_init);
    struct ks_buf *b = pthread_getspecific(g_scratch_key);
    if (!b) {
        b = calloc(KS_SCRATCH_SLOTS, sizeof(*b));
        if (!b || pthread_setspecific(g_scratch_key, b)) {
            free(b);
            return NULL;
        }
    }
    b += slot;
    if (b->n < bytes) {
        size_t n = bytes + bytes / 4 + 4096;
        void *p = NULL;
        if (posix_memalign(&p, 64, n))
            return NULL;
        free(b->p);
        b->p = p, b->n = n;
    }
    return b->p;
}
