/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tests/ops/ops_quant_decode.c: WeightQuantBatchMatmulV2's decode kernel
 * (ops/matmul/quant_decode.c) called directly. Each product runs once over
 * all its columns (the kernel takes several columns per pass, QD7) and
 * again one column at a time (a view starting at the column: the
 * single-column path, QD3): every output must be the same bits. Odd column
 * counts (a block's last columns fewer than a pass), k with a tail past the
 * last 32 and k spanning several chunks of x (QD5), groups of 32 (ggml's),
 * 64 and all of k, m = 1..8, int8 and packed int4. Each output is also
 * checked against a double sum of the float16-rounded weights times x
 * (a bound on float32's rounding: catches a pass that is wrong in both).
 *
 * White-box: qd_small_m is hidden in libcpuacl, so this program links the
 * library's objects (tests/ops/CMakeLists.txt). Skips (77) where the kernel
 * does not run (no AVX-512 build, or CPUACL_SIMD capping it). Its two forms
 * (AVX512-FP16 and AVX-512F + F16C, QD11): CPUACL_SIMD_NO_FP16=1 runs the
 * second where the CPU has the first (tests/ops/CMakeLists.txt).
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops/matmul/quant_decode.h"

static int g_cases, g_fail;

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (uint32_t)(g_rng >> 16);
}

/* A float16's bits from a float (round to nearest even), and back. */
static uint16_t f16_bits(float f)
{
    _Float16 h = (_Float16)f;
    uint16_t b;
    memcpy(&b, &h, sizeof(b));
    return b;
}

static double f16_val(uint16_t b)
{
    _Float16 h;
    memcpy(&h, &b, sizeof(h));
    return (double)h;
}

/* Weight element r of column c (int8 value, or int4 in [-8, 7]). */
static int wget(const unsigned char *w, bool int4, int64_t w_sn, int64_t r, int64_t c)
{
    const int64_t i = c * w_sn + r;
    if (!int4)
        return (int8_t)w[i];
    const int nib = (i & 1) ? w[i / 2] >> 4 : w[i / 2] & 15;
    return (nib ^ 8) - 8;
}

static void one(bool int4, int64_t m, int64_t k, int64_t group, int64_t n)
{
    g_cases++;
    /* int4 columns start on a byte (even stride); int8's stride is not k */
    const int64_t w_sn = int4 ? (k + 1) / 2 * 2 + 2 : k + 3, ng = (k + group - 1) / group;
    const int64_t wbytes = int4 ? (w_sn * n + 1) / 2 : w_sn * n;
    unsigned char *w = malloc((size_t)wbytes);
    uint16_t *sc = malloc(sizeof(uint16_t) * (size_t)(ng * n));
    float *X = malloc(sizeof(float) * (size_t)(m * k)),
          *C = malloc(sizeof(float) * (size_t)(m * n)),
          *C1 = malloc(sizeof(float) * (size_t)(m * n));
    float *xp = aligned_alloc(64, (size_t)((m * (k + 32) * 4 + 63) / 64 * 64));
    if (!w || !sc || !X || !C || !C1 || !xp) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (int64_t i = 0; i < wbytes; i++)
        w[i] = (unsigned char)rnd();
    /* scales of mixed magnitude and sign; scales [ng, n] row-major */
    for (int64_t i = 0; i < ng * n; i++) {
        const float u = (float)(rnd() % 10000) / 10000.0f;
        sc[i] = f16_bits(i % 5 == 4 ? -(0.5f + u) : i % 5 == 3 ? 30.0f * u : 0.001f + 0.05f * u);
    }
    for (int64_t i = 0; i < m * k; i++)
        X[i] = (float)((int)(rnd() % 20001) - 10000) / 10000.0f;
    struct qd_wq a = {
        .w = w,
        .w_off = 0,
        .w_sn = w_sn,
        .int4 = int4,
        .k = k,
        .group = group,
        .sc = sc,
        .sc_sg = group >= k ? 0 : n,
        .sc_sn = 1,
    };
    memset(C, 0xFF, sizeof(float) * (size_t)(m * n));
    qd_small_m(&a, X, k, m, C, n, n, xp);
    /* column by column: the view of column c alone */
    for (int64_t c = 0; c < n; c++) {
        struct qd_wq b = a;
        b.w_off = c * w_sn;
        b.sc = sc + c;
        qd_small_m(&b, X, k, m, C1 + c, n, 1, xp);
    }
    for (int64_t i = 0; i < m && !g_fail; i++)
        for (int64_t c = 0; c < n; c++) {
            const float got = C[i * n + c], alone = C1[i * n + c];
            double want = 0, mag = 0;
            for (int64_t r = 0; r < k; r++) {
                const uint16_t s = sc[(group >= k ? 0 : r / group) * n + c];
                const double v =
                    f16_val(f16_bits((float)wget(w, int4, w_sn, r, c) * (float)f16_val(s)));
                want += v * X[i * k + r];
                mag += fabs(v * X[i * k + r]);
            }
            if (memcmp(&got, &alone, sizeof(got)) || !(fabs(got - want) <= 1e-5 * mag + 1e-30)) {
                fprintf(stderr,
                        "qd %s m%lld k%lld group %lld n%lld: C[%lld, %lld] = %.9g, alone %.9g, "
                        "reference %.9g\n",
                        int4 ? "int4" : "int8", (long long)m, (long long)k, (long long)group,
                        (long long)n, (long long)i, (long long)c, got, alone, want);
                g_fail = 1;
                break;
            }
        }
    free(w), free(sc), free(X), free(C), free(C1), free(xp);
}

int main(void)
{
    if (!qd_available()) {
        printf("SKIP: no AVX-512 decode kernel here\n");
        return 77;
    }
    /* k (chunks of x of 32 KiB, QD5): 100, a tail of 4; 1100, two chunks at
     * m = 8, a tail of 12; 4200, several from m = 4 and two at m = 2, a
     * tail of 8; 8300, two at m = 1, a tail of 12. n: odd, past one block
     * of 16 */
    const int64_t ks[] = {100, 1100, 4200, 8300}, ns[] = {1, 3, 5, 7, 37};
    for (int i4 = 0; i4 < 2; i4++)
        for (int64_t m = 1; m <= 8; m++)
            for (size_t ki = 0; ki < sizeof(ks) / sizeof(ks[0]); ki++)
                for (int g = 0; g < 3; g++)
                    for (size_t ni = 0; ni < sizeof(ns) / sizeof(ns[0]); ni++) {
                        const int64_t k = ks[ki], group = g == 0 ? 32 : g == 1 ? 64 : k;
                        /* the long k only for the widest column counts */
                        if ((k == 4200 && ns[ni] < 7) || (k == 8300 && (m > 1 || ns[ni] < 7)))
                            continue;
                        one(i4, m, k, group, ns[ni]);
                        if (g_fail)
                            return 1;
                    }
    printf("ops_quant_decode: %d cases bit-identical column by column\n", g_cases);
    return 0;
}
