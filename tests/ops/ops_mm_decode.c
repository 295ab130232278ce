/* SPDX-License-Identifier: Apache-2.0 */
/* aclnnMm as ggml-cann calls it in a decode step (tools/ggml-model-check.sh):
 * cubeMathType USE_FP16 (2), a float32 activation row times a float16 or
 * float32 weight viewed transposed, one call per weight with changing sizes.
 * Checks the float16 rounding of float32 inputs value by value (ties to even,
 * overflow to infinity, subnormals, NaN), that a float16 operand is used as
 * is, and that the blocks reused between calls (ops/matmul/matmul.c MM6: the worker's
 * scratch, or a fresh allocation above 64 MiB) carry nothing over from the
 * previous call. */
#include "optest.h"

#include "aclnnop/aclnn_mm.h"

static int g_cases;

/* out = a @ b through aclnnMm with cubeMathType 2. */
static void mm_fp16(ot_tensor *a, ot_tensor *b, ot_tensor *o)
{
    OT_RUN(aclnnMm, a->t, b->t, o->t, 2);
}

/* float32 inputs under USE_FP16 are rounded to float16 first: a [m, 1] column
 * times [[1]] gives each value rounded, exactly. */
static void test_rounding(void)
{
    static const double v[] = {
        1.0 / 3,
        2049,
        2051,
        2050.999,
        -2049,
        65504,
        65519.99,
        65520,
        -65520,
        1e10,
        1e-7,
        3e-8,
        2.9e-8,
        -3e-8,
        0,
        -0.0,
        6.1e-5,
        6.0e-5,
        0.1,
        -1234.567,
        1.0009765625 /* 1 + 2^-10: exact */,
        1.00048828125 /* tie, to 1 */,
        1.00146484375 /* tie, to 1 + 2^-9 */,
        NAN,
        INFINITY,
        -INFINITY,
        7.0,
    };
    const int64_t m = (int64_t)(sizeof v / sizeof v[0]);
    int64_t sa[2] = {m, 1}, sb[2] = {1, 1}, so[2] = {m, 1};
    ot_tensor a, b, o;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, sa}, {&b, ACL_FLOAT, 2, sb}, {&o, ACL_FLOAT, 2, so});
    for (int64_t i = 0; i < m; i++)
        ot_set(&a, i, v[i]);
    ot_set(&b, 0, 1.0);
    mm_fp16(&a, &b, &o);
    for (int64_t i = 0; i < m; i++) {
        double want = ot_round(ACL_FLOAT16, (float)v[i]), got = ot_get(&o, i);
        /* (the sign of a zero product is the BLAS's: beta = 0 adds it to +0) */
        bool same = isnan(want) ? isnan(got) : got == want;
        if (!same) {
            fprintf(stderr, "USE_FP16 rounding of %.10g: got %.10g, want %.10g\n", v[i], got, want);
            exit(1);
        }
    }
    ot_free(&a);
    ot_free(&b);
    ot_free(&o);
    g_cases++;
}

/* One decode-step product: x [m, k] float32 times a weight stored [n][k]
 * (the [k, n] operand viewed transposed) of type wdt, against a double
 * reference of the float16-rounded inputs. */
static void check_decode(int64_t m, int64_t k, int64_t n, aclDataType wdt, double lo, double hi)
{
    int64_t sx[2] = {m, k}, sw[2] = {k, n}, so[2] = {m, n};
    ot_tensor x, w, o;
    ot_make(&x, ACL_FLOAT, 2, sx, L_CONTIG);
    ot_make(&w, wdt, 2, sw, L_TRANS);
    ot_make(&o, ACL_FLOAT, 2, so, L_CONTIG);
    ot_fill(&x, lo, hi);
    ot_fill(&w, lo, hi);
    mm_fp16(&x, &w, &o);
    double *xr = malloc(sizeof(double) * (size_t)(m * k));
    double *wr = malloc(sizeof(double) * (size_t)(k * n));
    CHECK(xr && wr);
    for (int64_t i = 0; i < m * k; i++)
        xr[i] = ot_round(ACL_FLOAT16, ot_get(&x, i));
    for (int64_t i = 0; i < k * n; i++)
        wr[i] = ot_round(ACL_FLOAT16, ot_get(&w, i));
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double s = 0, mag = 0;
            for (int64_t p = 0; p < k; p++) {
                s += xr[i * k + p] * wr[p * n + j];
                mag += fabs(xr[i * k + p] * wr[p * n + j]);
            }
            double got = ot_get(&o, i * n + j);
            if (fabs(got - s) > (mag + 1e-3) * 1e-5) {
                fprintf(stderr, "decode mm m%lld k%lld n%lld %s: [%lld,%lld] = %.9g, want %.9g\n",
                        (long long)m, (long long)k, (long long)n, ot_dt_name(wdt), (long long)i,
                        (long long)j, got, s);
                exit(1);
            }
        }
    CHECK(ot_gaps_intact(&o));
    free(xr);
    free(wr);
    ot_free(&x);
    ot_free(&w);
    ot_free(&o);
    g_cases++;
}

static void test_decode_sequence(void)
{
    /* a model's weights in turn: sizes grow, shrink and grow again, so a block
     * reused from a larger call must be fully rewritten */
    static const int64_t kn[][2] = {{512, 512}, {512, 256},  {512, 1408}, {1408, 512},
                                    {64, 96},   {512, 2048}, {33, 17},    {512, 1408}};
    for (unsigned i = 0; i < sizeof kn / sizeof kn[0]; i++) {
        aclDataType wdt = i & 1 ? ACL_FLOAT : ACL_FLOAT16;
        check_decode(1, kn[i][0], kn[i][1], wdt, -1, 1);
        check_decode(3, kn[i][0], kn[i][1], wdt, -2, 2); /* a short prompt */
    }
    /* values whose float16 rounding matters (float32 weights beyond f16's
     * precision), after a call that left other values in the blocks */
    check_decode(2, 300, 70, ACL_FLOAT, -3000, 3000);
    /* more rows than a decode step: the weight converted whole (no chunks) */
    check_decode(16, 512, 1408, ACL_FLOAT16, -1, 1);
    check_decode(9, 1408, 512, ACL_FLOAT, -1, 1);
    /* blocks above 64 MiB are allocated per call, not kept */
    check_decode(1, 4096, 4100, ACL_FLOAT16, -1, 1);
    check_decode(1, 64, 64, ACL_FLOAT, -1, 1);
}

int main(void)
{
    ot_init();
    test_rounding();
    test_decode_sequence();
    ot_fini();
    printf("ops_mm_decode: %d cases passed\n", g_cases);
    return 0;
}
