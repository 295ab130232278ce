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

#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"

static int g_cases;

/* The small-m kernel (ops/matmul/matmul.c MM8, MM9) takes Mm, BatchMatMul
 * and Matmul with m <= 8 and a float16 / bfloat16 weight (or a float32 one
 * rounded under USE_FP16), k-major (ggml's transposed view) or row-major,
 * split by output columns; other weight views take the BLAS path. */
enum mv_op { MV_MM, MV_BMM, MV_MATMUL };

/* x [ab..., m, k] (ab: batch dims of x, nb of them) @ w [wb..., k, n] via op,
 * out [ob..., m, n]; x, w and out of types adt, wdt, odt, w in layout wl;
 * against a double reference of the inputs as the operator uses them:
 * rounded to float16 under cubeMathType USE_FP16 when the pair promotes to
 * float32 (a float16 input is exact). x1 / w1: 1-D operands (Matmul). */
struct mv_case {
    enum mv_op op;
    int nb;
    int64_t ab[2], wb[2];
    int64_t m, k, n;
    aclDataType adt, wdt, odt;
    int wl;
    int8_t cube;
    bool x1, w1;
    int xl; /* x's layout */
};

static bool mv_promotes_f32(aclDataType a, aclDataType b)
{
    return a == ACL_FLOAT || b == ACL_FLOAT || a != b; /* float16 with bfloat16: float32 */
}

static void check_mv(const struct mv_case *c)
{
    const int nb = c->nb;
    int64_t xd[4], wd[4], od[4], obd[2];
    int nx = 0, nw = 0, no = 0;
    for (int d = 0; d < nb; d++) {
        obd[d] = c->ab[d] > c->wb[d] ? c->ab[d] : c->wb[d];
        xd[nx++] = c->ab[d];
        wd[nw++] = c->wb[d];
        od[no++] = obd[d];
    }
    if (!c->x1) {
        xd[nx++] = c->m;
        od[no++] = c->m;
    }
    xd[nx++] = c->k;
    wd[nw++] = c->k;
    if (!c->w1) {
        wd[nw++] = c->n;
        od[no++] = c->n;
    }
    ot_tensor x, w, o;
    ot_make(&x, c->adt, nx, xd, c->xl);
    ot_make(&w, c->wdt, nw, wd, c->wl);
    ot_make(&o, c->odt, no, od, L_GAP);
    ot_fill(&x, -1, 1);
    ot_fill(&w, -1, 1);
    switch (c->op) {
    case MV_MM:
        OT_RUN(aclnnMm, x.t, w.t, o.t, c->cube);
        break;
    case MV_BMM:
        OT_RUN(aclnnBatchMatMul, x.t, w.t, o.t, c->cube);
        break;
    default:
        OT_RUN(aclnnMatmul, x.t, w.t, o.t, c->cube);
        break;
    }
    const bool fp16 = c->cube == 2 && mv_promotes_f32(c->adt, c->wdt);
    const double otol = c->odt == ACL_FLOAT16 ? 1.0 / 2048 : c->odt == ACL_BF16 ? 1.0 / 256 : 1e-7;
    const int64_t nbatch = nb ? obd[0] * (nb > 1 ? obd[1] : 1) : 1;
    const int64_t m = c->m, k = c->k, n = c->n;
    /* the inputs as the operator uses them, in logical order */
    double *xr = malloc(sizeof(double) * (size_t)x.numel);
    double *wr = malloc(sizeof(double) * (size_t)w.numel);
    CHECK(xr && wr);
    for (int64_t i = 0; i < x.numel; i++)
        xr[i] = fp16 && c->adt != ACL_FLOAT16 ? ot_round(ACL_FLOAT16, ot_get(&x, i)) : ot_get(&x, i);
    for (int64_t i = 0; i < w.numel; i++)
        wr[i] = fp16 && c->wdt != ACL_FLOAT16 ? ot_round(ACL_FLOAT16, ot_get(&w, i)) : ot_get(&w, i);
    for (int64_t b = 0; b < nbatch; b++) {
        /* batch index b in obd's row-major order; x and w broadcast size-1 dims */
        int64_t bi[2] = {nb > 1 ? b / obd[1] : b, nb > 1 ? b % obd[1] : 0}, xb = 0, wbi = 0;
        for (int d = 0; d < nb; d++) {
            xb = xb * c->ab[d] + (c->ab[d] == 1 ? 0 : bi[d]);
            wbi = wbi * c->wb[d] + (c->wb[d] == 1 ? 0 : bi[d]);
        }
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                double s = 0, mag = 0;
                for (int64_t r = 0; r < k; r++) {
                    const double xv = xr[(xb * m + i) * k + r], wv = wr[(wbi * k + r) * n + j];
                    s += xv * wv;
                    mag += fabs(xv * wv);
                }
                double got = ot_get(&o, (b * m + i) * n + j);
                if (!(fabs(got - s) <= (mag + 1e-3) * 2e-5 + fabs(s) * otol)) {
                    fprintf(stderr,
                            "small-m op %d m%lld k%lld n%lld %s@%s->%s layout %d cube %d: batch "
                            "%lld [%lld,%lld] = %.9g, want %.9g\n",
                            (int)c->op, (long long)m, (long long)k, (long long)n,
                            ot_dt_name(c->adt), ot_dt_name(c->wdt), ot_dt_name(c->odt), c->wl,
                            (int)c->cube, (long long)b, (long long)i, (long long)j, got, s);
                    exit(1);
                }
            }
    }
    CHECK(ot_gaps_intact(&o));
    free(xr);
    free(wr);
    OT_FREE(&x, &w, &o);
    g_cases++;
}

static void test_small_m(void)
{
    const aclDataType F = ACL_FLOAT, H = ACL_FLOAT16, B = ACL_BF16;
    /* every m, k-major (ggml) and row-major weights, k and n with and without
     * vector tails, split and unsplit sizes */
    static const int64_t kn[][2] = {{512, 300}, {77, 33}, {1024, 1040}, {5, 16}, {300, 1}};
    for (int64_t m = 1; m <= 8; m++)
        for (unsigned s = 0; s < sizeof kn / sizeof kn[0]; s++)
            for (int wl = L_CONTIG; wl <= L_GAP; wl++) {
                struct mv_case c = {MV_MM, 0, {0}, {0}, m, kn[s][0], kn[s][1], F, H, F, wl, 2,
                                    false, false, L_CONTIG};
                check_mv(&c);
            }
    /* the weight types and cubeMathTypes: bfloat16 exact (0) or rounded to
     * float16 (2), float32 rounded (2; unrounded float32 goes to the BLAS),
     * float16 x and out, bfloat16 out */
    const struct mv_case more[] = {
        {MV_MM, 0, {0}, {0}, 3, 700, 200, F, B, F, L_TRANS, 0, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 3, 700, 200, F, B, F, L_TRANS, 2, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 6, 700, 200, F, B, F, L_CONTIG, 2, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 2, 700, 200, F, F, F, L_TRANS, 2, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 7, 700, 200, F, F, F, L_CONTIG, 2, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 1, 700, 200, F, F, F, L_GAP, 1, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 4, 600, 333, H, H, H, L_TRANS, 0, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 8, 600, 333, H, H, F, L_CONTIG, 1, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 5, 600, 333, B, B, B, L_TRANS, 0, false, false, L_CONTIG},
        {MV_MM, 0, {0}, {0}, 1, 600, 333, F, H, B, L_TRANS, 2, false, false, L_CONTIG},
        /* a weight with no unit stride: the BLAS path */
        {MV_MM, 0, {0}, {0}, 2, 300, 100, F, H, F, L_STEP, 2, false, false, L_CONTIG},
        /* BatchMatMul: per-batch and broadcast weights (ggml's attention) */
        {MV_BMM, 1, {4}, {4}, 1, 64, 300, F, H, F, L_TRANS, 2, false, false, L_CONTIG},
        {MV_BMM, 1, {4}, {1}, 2, 300, 64, F, H, F, L_TRANS, 2, false, false, L_CONTIG},
        {MV_BMM, 1, {1}, {3}, 8, 130, 530, F, H, F, L_CONTIG, 2, false, false, L_CONTIG},
        /* Matmul: 4-D with broadcast dims, 1-D operands */
        {MV_MATMUL, 2, {2, 3}, {2, 1}, 1, 128, 260, F, H, F, L_TRANS, 1, false, false, L_CONTIG},
        {MV_MATMUL, 2, {1, 3}, {2, 3}, 4, 96, 40, F, B, H, L_GAP, 1, false, false, L_CONTIG},
        {MV_MATMUL, 0, {0}, {0}, 1, 1000, 700, F, H, F, L_TRANS, 1, true, false, L_CONTIG},
        {MV_MATMUL, 0, {0}, {0}, 5, 1000, 1, F, H, F, L_CONTIG, 1, false, true, L_CONTIG},
        /* x viewed transposed or strided (converted row by row) */
        {MV_MM, 0, {0}, {0}, 4, 200, 90, F, H, F, L_TRANS, 2, false, false, L_TRANS},
        {MV_MM, 0, {0}, {0}, 3, 200, 90, H, H, H, L_CONTIG, 0, false, false, L_STEP},
        {MV_BMM, 1, {2}, {2}, 8, 40, 70, F, B, F, L_TRANS, 2, false, false, L_TRANS},
    };
    for (unsigned i = 0; i < sizeof more / sizeof more[0]; i++)
        check_mv(&more[i]);
}

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
    /* more rows and a converted weight above 32 MiB as float32 (MM11):
     * converted and multiplied in chunks of columns (16 MiB, the last one
     * shorter), each column's sum over all of k; float16, and float32
     * rounded under USE_FP16; not under TSan (CPUACL_STRESS_SCALE 0.1: their
     * double references took most of the test's minute there, and the
     * chunks run on one worker between the BLAS's calls) */
    if (test_stress_scale() >= 0.25) {
        check_decode(9, 4096, 2100, ACL_FLOAT16, -1, 1);
        check_decode(10, 4100, 2050, ACL_FLOAT, -1, 1);
    }
    /* blocks above 64 MiB are allocated per call, not kept */
    check_decode(1, 4096, 4100, ACL_FLOAT16, -1, 1);
    check_decode(1, 64, 64, ACL_FLOAT, -1, 1);
}

/* A column's sums do not depend on the columns computed with it: the
 * AVX-512 kernel takes k-major columns two at a time for m > 4 and reduces
 * their 2 m accumulators together, and for m <= 4 reduces the m sums of
 * 16 / m columns together (simd_body_pvt.h HW2, HW4); each column of a
 * [k, 19] weight (groups and a remainder for every m) must equal, bit for
 * bit, the same column as a weight of its own (taken alone, reduced one
 * vector at a time). k with a tail; at m = 6..8 k = 1411 is past the chunk
 * of x that HW5 keeps in the L1 (1344, 1152, 1024 rows): the pairs run
 * chunk by chunk, the column alone in one pass. */
static void test_pair_alone(void)
{
    for (int64_t m = 1; m <= 8; m++) {
        const int64_t k = 1411, n = 19;
        int64_t sx[2] = {m, k}, sw[2] = {k, n}, so[2] = {m, n}, s1[2] = {k, 1}, so1[2] = {m, 1};
        ot_tensor x, w, o, w1, o1;
        ot_make(&x, ACL_FLOAT, 2, sx, L_CONTIG);
        ot_make(&w, ACL_FLOAT16, 2, sw, L_TRANS);
        ot_make(&o, ACL_FLOAT, 2, so, L_CONTIG);
        ot_make(&w1, ACL_FLOAT16, 2, s1, L_TRANS);
        ot_make(&o1, ACL_FLOAT, 2, so1, L_CONTIG);
        ot_fill(&x, -1, 1);
        ot_fill(&w, -1, 1);
        mm_fp16(&x, &w, &o);
        for (int64_t j = 0; j < n; j++) {
            for (int64_t r = 0; r < k; r++)
                ot_set(&w1, r, ot_get(&w, r * n + j));
            mm_fp16(&x, &w1, &o1);
            for (int64_t i = 0; i < m; i++)
                if (ot_get(&o, i * n + j) != ot_get(&o1, i)) {
                    fprintf(stderr,
                            "m%lld column %lld row %lld: %.9g in a [k, 19] weight, %.9g alone\n",
                            (long long)m, (long long)j, (long long)i, ot_get(&o, i * n + j),
                            ot_get(&o1, i));
                    exit(1);
                }
        }
        OT_FREE(&x, &w, &o, &w1, &o1);
        g_cases++;
    }
}

int main(void)
{
    ot_init();
    test_rounding();
    test_decode_sequence();
    test_small_m();
    test_pair_alone();
    ot_fini();
    printf("ops_mm_decode: %d cases passed\n", g_cases);
    return 0;
}
