/* SPDX-License-Identifier: Apache-2.0 */
/* WeightQuantBatchMatmulV2 against a double reference: int8 and packed int4
 * weights (contiguous and transposed views, with an element offset),
 * per-tensor / per-channel / per-group scales (group views transposed as
 * ggml passes them), offsets, bias, float16 and bfloat16, k and n spanning
 * several blocks, the fused decode path (m <= 8) beside the sgemm one
 * (m > 8) with odd k, int4 at even and odd element offsets, and the error
 * codes, every m of the fused kernel (1..8) on weights that split across
 * workers (tests/ops/CMakeLists.txt also runs it with CPUACL_SIMD=portable
 * and =avx2, and with 3 workers); TransMatmulWeight and the weight size
 * functions. */
#include "optest.h"
#include "quant_weight.h"

#include "aclnnop/aclnn_trans_matmul_weight.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"

static int g_cases;
static int64_t g_woff = 3; /* the weight view's element offset (odd: int4 starts mid-byte) */

enum { PER_TENSOR, PER_CHANNEL, PER_GROUP };

static void run_case(aclDataType dt, bool int4, int mode, int64_t m, int64_t k, int64_t n,
                     int64_t gs, bool trans, bool offset, int bias, int xlayout)
{
    g_cases++;
    int64_t xd[2] = {m, k}, yd[2] = {m, n};
    ot_tensor x, y, sc, of = {0}, bi = {0};
    ot_make(&x, dt, 2, xd, xlayout);
    ot_make(&y, dt, 2, yd, L_GAP);
    ot_fill(&x, -1, 1);
    qweight w;
    qw_make(&w, int4, k, n, trans, g_woff, 16);
    int64_t ng = mode == PER_GROUP ? (k + gs - 1) / gs : 1;
    if (mode == PER_TENSOR) {
        int64_t sd[1] = {1};
        ot_make(&sc, dt, 1, sd, L_CONTIG);
    } else if (mode == PER_CHANNEL) {
        int64_t sd[2] = {1, n};
        ot_make(&sc, dt, 2, sd, L_STEP);
    } else {
        int64_t sd[2] = {ng, n};
        ot_make(&sc, dt, 2, sd, L_TRANS); /* [ng, n] with strides (1, ng), as ggml */
    }
    ot_fill(&sc, 0.001, 0.05);
    if (offset) {
        ot_make(&of, dt, sc.nd, sc.dims, L_CONTIG);
        ot_fill(&of, -4, 4);
    }
    if (bias) {
        int64_t bd[1] = {n};
        ot_make(&bi, bias == 1 ? ACL_FLOAT : dt, 1, bd, L_STEP);
        ot_fill(&bi, -1, 1);
    }
    OT_RUN(aclnnWeightQuantBatchMatmulV2, x.t, w.t, sc.t, offset ? of.t : NULL, NULL, NULL,
           bias ? bi.t : NULL, (int)gs, y.t);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double s = 0, mag = 0;
            for (int64_t r = 0; r < k; r++) {
                int64_t g = mode == PER_GROUP ? r / gs : 0;
                int64_t pi = mode == PER_TENSOR ? 0 : g * n + j;
                double wd = ot_round(
                    dt, (float)(((double)w.val[r * n + j] + (offset ? ot_get(&of, pi) : 0)) *
                                ot_get(&sc, pi)));
                double xv = ot_get(&x, i * k + r);
                s += xv * wd;
                mag += fabs(xv * wd);
            }
            if (bias)
                s += ot_get(&bi, j);
            double got = ot_get(&y, i * n + j);
            double tol = (dt == ACL_FLOAT16 ? 2e-3 : 1.6e-2) * (fabs(s) + 1e-2) + 1e-5 * mag;
            if (!(fabs(got - s) <= tol)) {
                fprintf(stderr,
                        "WQBMM %s %s mode %d m%lld k%lld n%lld g%lld: y[%lld, %lld] = %.6f, want "
                        "%.6f\n",
                        ot_dt_name(dt), int4 ? "int4" : "int8", mode, (long long)m, (long long)k,
                        (long long)n, (long long)gs, (long long)i, (long long)j, got, s);
                exit(1);
            }
        }
    CHECK(ot_gaps_intact(&y));
    OT_FREE(&x, &y, &sc);
    if (offset)
        ot_free(&of);
    if (bias)
        ot_free(&bi);
    qw_free(&w);
}

/* QM9 (quant_matmul.c; quant_decode.c QD1): each weight's rounding to
 * float16, checked exactly. x's rows are one-hot (row i has a single 1, at
 * r_i), so y[i, j] is the one dequantised weight (w(r_i, j) * scale)
 * rounded to float16, stored in float16 without a further rounding: it
 * must equal the exact product rounded once to nearest even. Scales per
 * group span float16's subnormal products (2^-20 .. 2^-19: a subnormal
 * scale), large ones (100 .. 500: products up to 64000, rounded at a
 * coarse step), ordinary ones and negative ones; rows pick k's tail past
 * the last 32 too. gs 0: one scale per column (k = 45: a masked tail in the
 * only group). */
static void onehot_exact(bool int4, int64_t m, int64_t k, int64_t gs)
{
    g_cases++;
    const int64_t n = 40, ng = gs ? (k + gs - 1) / gs : 1;
    int64_t xd[2] = {m, k}, yd[2] = {m, n}, sd[2] = {ng, n};
    ot_tensor x, y, sc;
    ot_make(&x, ACL_FLOAT16, 2, xd, L_CONTIG);
    ot_make(&y, ACL_FLOAT16, 2, yd, L_CONTIG);
    ot_make(&sc, ACL_FLOAT16, 2, sd, L_TRANS);
    for (int64_t g = 0; g < ng; g++)
        for (int64_t j = 0; j < n; j++) {
            const double u = ot_rand01();
            const double v = g % 4 == 0   ? ldexp(1 + u, -20)
                             : g % 4 == 1 ? 100 + 400 * u
                             : g % 4 == 2 ? 0.001 + u
                                          : -(0.5 + u);
            ot_set(&sc, g * n + j, ot_round(ACL_FLOAT16, v));
        }
    int64_t r[8];
    for (int64_t i = 0; i < m; i++) {
        r[i] = i == m - 1 ? k - 2 : (i * 29 + 5) % k; /* the last row: k's tail */
        for (int64_t c = 0; c < k; c++)
            ot_set(&x, i * k + c, c == r[i] ? 1.0 : 0.0);
    }
    qweight w;
    qw_make(&w, int4, k, n, true, 0, 16);
    OT_RUN(aclnnWeightQuantBatchMatmulV2, x.t, w.t, sc.t, NULL, NULL, NULL, NULL, (int)gs, y.t);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            const int64_t g = gs ? r[i] / gs : 0;
            const double want =
                ot_round(ACL_FLOAT16, (double)w.val[r[i] * n + j] * ot_get(&sc, g * n + j));
            const double got = ot_get(&y, i * n + j);
            if (got != want) {
                fprintf(stderr,
                        "WQBMM one-hot %s m%lld k%lld g%lld: y[%lld, %lld] = %.9g, want %.9g "
                        "(w %d, scale %.9g)\n",
                        int4 ? "int4" : "int8", (long long)m, (long long)k, (long long)gs,
                        (long long)i, (long long)j, got, want, w.val[r[i] * n + j],
                        ot_get(&sc, g * n + j));
                exit(1);
            }
        }
    OT_FREE(&x, &y, &sc);
    qw_free(&w);
}

static void errors(void)
{
    int64_t xd[2] = {2, 64}, yd[2] = {2, 8}, sd[2] = {1, 8}, gd[2] = {2, 8}, xe[2] = {0, 64};
    ot_tensor x, y, sc, sg, xf, x0, y0, y32;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, xd}, {&xf, ACL_FLOAT, 2, xd}, {&y, ACL_FLOAT16, 2, yd},
                   {&y32, ACL_FLOAT, 2, yd}, {&sc, ACL_FLOAT16, 2, sd}, {&sg, ACL_FLOAT16, 2, gd},
                   {&x0, ACL_FLOAT16, 2, xe});
    int64_t y0d[2] = {0, 8};
    ot_make(&y0, ACL_FLOAT16, 2, y0d, L_CONTIG);
    qweight w, w5;
    qw_make(&w, false, 64, 8, true, 0, 16);
    qw_make(&w5, false, 63, 8, true, 0, 16);
    ot_tensor wf;
    int64_t wd[2] = {64, 8};
    ot_make(&wf, ACL_FLOAT16, 2, wd, L_CONTIG);
    uint64_t ws;
    aclOpExecutor *ex;
#define WQ(X, W, S, QS, G, Y)                                                                      \
    aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(X, W, S, NULL, QS, NULL, NULL, G, Y, &ws, &ex)
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, WQ(NULL, w.t, sc.t, NULL, 0, y.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, WQ(x.t, NULL, sc.t, NULL, 0, y.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, WQ(x.t, w.t, NULL, NULL, 0, y.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, WQ(x.t, w.t, sc.t, NULL, 0, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(xf.t, w.t, sc.t, NULL, 0, y.t));  /* x FLOAT */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x.t, w.t, sc.t, NULL, 0, y32.t)); /* y type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x.t, wf.t, sc.t, NULL, 0, y.t));  /* weight type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x.t, w5.t, sc.t, NULL, 0, y.t));  /* k differs */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x.t, w.t, sc.t, NULL, 48, y.t));  /* group size */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x.t, w.t, sc.t, NULL, 64, y.t));  /* group = k */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x.t, w.t, sc.t, NULL, 32, y.t));  /* group shape */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x.t, w.t, sg.t, NULL, 0, y.t));   /* channel shape */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x.t, w.t, sc.t, sc.t, 0, y.t));   /* quantScale */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, WQ(x0.t, w.t, sc.t, NULL, 0, y0.t)); /* empty */
    CHECK_NN(ACLNN_SUCCESS, WQ(x.t, w.t, sg.t, NULL, 32, y.t));
    ot_run(aclnnWeightQuantBatchMatmulV2, ws, ex);
#undef WQ
    OT_FREE(&x, &xf, &y, &y32, &sc, &sg, &x0, &y0, &wf);
    qw_free(&w);
    qw_free(&w5);
}

static void trans_weight(void)
{
    uint64_t sz = 0;
    int64_t s2[2] = {100, 37}, s3[3] = {2, 5, 7}, s1[1] = {9}, s0[2] = {4, 0};
    aclIntArray *a2 = aclCreateIntArray(s2, 2), *a3 = aclCreateIntArray(s3, 3),
                *a1 = aclCreateIntArray(s1, 1), *a0 = aclCreateIntArray(s0, 2);
    CHECK_NN(ACLNN_SUCCESS, aclnnCalculateMatmulWeightSizeV2(a2, ACL_FLOAT16, &sz));
    CHECK(sz == 3700);
    CHECK_NN(ACLNN_SUCCESS, aclnnCalculateMatmulWeightSizeV2(a3, ACL_INT8, &sz));
    CHECK(sz == 70);
    CHECK_NN(ACLNN_SUCCESS, aclnnCalculateMatmulWeightSize(a2, &sz));
    CHECK(sz == 3700);
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnCalculateMatmulWeightSize(a3, &sz));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnCalculateMatmulWeightSizeV2(a1, ACL_FLOAT16, &sz));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnCalculateMatmulWeightSizeV2(a0, ACL_FLOAT16, &sz));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnCalculateMatmulWeightSizeV2(NULL, ACL_FLOAT16, &sz));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, aclnnCalculateMatmulWeightSizeV2(a2, ACL_FLOAT16, NULL));
    aclDestroyIntArray(a2);
    aclDestroyIntArray(a3);
    aclDestroyIntArray(a1);
    aclDestroyIntArray(a0);

    int64_t wd[2] = {6, 10}, vd[1] = {6}, ed[2] = {0, 4};
    ot_tensor w, wf, v, e;
    OT_MAKE_CONTIG({&w, ACL_FLOAT16, 2, wd}, {&wf, ACL_FLOAT, 2, wd}, {&v, ACL_FLOAT16, 1, vd},
                   {&e, ACL_INT8, 2, ed});
    ot_fill(&w, -3, 3);
    unsigned char *before = malloc(w.bytes);
    CHECK(before);
    memcpy(before, w.buf, w.bytes);
    OT_RUN(aclnnTransMatmulWeight, w.t);
    CHECK(memcmp(before, w.buf, w.bytes) == 0); /* ND stays the preferred layout */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnTransMatmulWeight, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnTransMatmulWeight, wf.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnTransMatmulWeight, v.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnTransMatmulWeight, e.t);
    free(before);
    OT_FREE(&w, &wf, &v, &e);
}

int main(void)
{
    ot_init();
    /* ggml's shapes: transposed weight, per-group scales viewed transposed */
    run_case(ACL_FLOAT16, false, PER_GROUP, 3, 96, 40, 32, true, false, 0, L_CONTIG);
    run_case(ACL_FLOAT16, true, PER_GROUP, 5, 128, 300, 32, true, true, 2, L_CONTIG);
    /* k and n across several blocks, bf16, row-major weights */
    run_case(ACL_BF16, false, PER_GROUP, 2, 600, 270, 64, false, true, 1, L_GAP);
    run_case(ACL_FLOAT16, true, PER_GROUP, 2, 2240, 600, 64, true, true, 0, L_CONTIG);
    run_case(ACL_FLOAT16, false, PER_CHANNEL, 3, 1100, 530, 0, false, false, 2, L_CONTIG);
    run_case(ACL_BF16, true, PER_CHANNEL, 4, 300, 17, 0, false, false, 1, L_STEP);
    run_case(ACL_FLOAT16, false, PER_CHANNEL, 1, 33, 9, 0, true, true, 0, L_TRANS);
    run_case(ACL_FLOAT16, true, PER_TENSOR, 6, 31, 5, 0, true, true, 2, L_CONTIG);
    run_case(ACL_BF16, false, PER_TENSOR, 1, 1, 1, 0, false, false, 0, L_CONTIG);
    /* decode (m <= 8: fused dequantise + dot) and prefill (m > 8: dequantised
     * blocks + sgemm) on the same shapes; k across several fused chunks (512),
     * odd k, int4 from an even (nibbles in place) and an odd element offset */
    for (int64_t woff = 0; woff < 2; woff++) {
        g_woff = woff ? 3 : 0;
        run_case(ACL_FLOAT16, false, PER_GROUP, 1, 1088, 37, 32, true, false, 0, L_CONTIG);
        run_case(ACL_FLOAT16, true, PER_GROUP, 1, 1088, 37, 64, true, true, 2, L_CONTIG);
        run_case(ACL_BF16, true, PER_GROUP, 1, 640, 19, 128, true, true, 0, L_CONTIG);
        run_case(ACL_FLOAT16, true, PER_GROUP, 8, 1088, 21, 32, true, false, 0, L_CONTIG);
        run_case(ACL_FLOAT16, true, PER_GROUP, 9, 1088, 21, 32, true, false, 0, L_CONTIG);
        run_case(ACL_BF16, false, PER_GROUP, 20, 544, 33, 32, true, true, 1, L_GAP);
        run_case(ACL_FLOAT16, false, PER_CHANNEL, 1, 1000, 13, 0, true, true, 0, L_CONTIG);
        run_case(ACL_FLOAT16, true, PER_CHANNEL, 1, 44, 7, 0, true, false, 0, L_CONTIG);
        run_case(ACL_FLOAT16, true, PER_CHANNEL, 1, 45, 7, 0, true, true, 0, L_CONTIG);
        run_case(ACL_BF16, true, PER_GROUP, 1, 96, 300, 32, false, true, 0, L_CONTIG);
        run_case(ACL_FLOAT16, false, PER_GROUP, 3, 100, 41, 32, false, false, 2, L_STEP);
        run_case(ACL_FLOAT16, true, PER_TENSOR, 1, 77, 5, 0, true, false, 0, L_CONTIG);
        run_case(ACL_FLOAT16, false, PER_GROUP, 12, 1088, 9, 64, false, true, 0, L_CONTIG);
    }
    /* QW1 / QM6: every m of the fused kernel (1..8) on a weight large enough
     * to split across workers (run with 1 and 3 workers by ctest): int8 and
     * int4 (even and odd element offsets, so columns start on and between
     * bytes), per-group with offsets and bias, per-channel, bf16, and a k
     * that leaves a tail past the last vector */
    for (int64_t m = 1; m <= 8; m++) {
        g_woff = m & 1 ? 3 : 0;
        run_case(ACL_FLOAT16, m & 1, PER_GROUP, m, 512, 300, 32, true, m % 3 == 0, (int)(m % 3),
                 L_CONTIG);
        run_case(m & 2 ? ACL_BF16 : ACL_FLOAT16, !(m & 1), m & 4 ? PER_CHANNEL : PER_GROUP, m,
                 m & 4 ? 1003 : 448, 301, m & 4 ? 0 : 64, true, m & 1, 0, L_CONTIG);
    }
    /* QM9 (the AVX512-FP16 kernel where the CPU has it; the plain general
     * path elsewhere and under CPUACL_SIMD=avx512 / avx2 / portable): float16
     * x, no offset, k-major weights at even offsets; k across several of its
     * chunks of x (QD5: 4096 / m elements, rounded down to 32), groups that
     * straddle a chunk's start (96), k's tail past the last 32, bias */
    g_woff = 0;
    for (int64_t m = 1; m <= 8; m++) {
        run_case(ACL_FLOAT16, m & 1, PER_GROUP, m, 1100, 70, m & 2 ? 96 : 32, true, false,
                 (int)(m % 3), L_CONTIG);
        run_case(ACL_FLOAT16, !(m & 1), m & 4 ? PER_CHANNEL : PER_GROUP, m, 1100, 33,
                 m & 4 ? 0 : 64, true, false, 0, L_CONTIG);
        onehot_exact(m & 1, m, 101, 32);
        onehot_exact(!(m & 1), m, 130, 64);
        onehot_exact(m & 1, m, 45, 0);
    }
    /* QD6 / QM9 in every form against the exact reference: m = 1..8 (the
     * split int8 loop from 3 rows), int8 and int4, groups of 32 (a scale per
     * step), 64, 96 (straddling chunk starts) and one per column; k = 1500
     * spans two chunks at m = 3 (QD5: 1344) and leaves a tail past the last
     * 32; n odd */
    for (int64_t m = 1; m <= 8; m++)
        for (int i4 = 0; i4 < 2; i4++)
            for (int64_t gs = 0; gs <= 96; gs += 32)
                run_case(ACL_FLOAT16, i4, gs ? PER_GROUP : PER_CHANNEL, m, 1500, 37, gs, true,
                         false, 0, L_CONTIG);
    run_case(ACL_FLOAT16, false, PER_GROUP, 1, 4200, 20, 64, true, false, 2, L_CONTIG);
    run_case(ACL_FLOAT16, true, PER_GROUP, 2, 4200, 20, 32, true, false, 0, L_CONTIG);
    run_case(ACL_FLOAT16, false, PER_TENSOR, 3, 40, 17, 0, true, false, 1, L_CONTIG);
    run_case(ACL_FLOAT16, true, PER_CHANNEL, 1, 31, 17, 0, true, false, 0, L_CONTIG);
    g_woff = 3;
    errors();
    trans_weight();
    ot_fini();
    printf("ops_quant_matmul: %d cases passed\n", g_cases);
    return 0;
}
