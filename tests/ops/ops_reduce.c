/* SPDX-License-Identifier: Apache-2.0 */
/* Reductions and normalisations (ReduceSum, Mean, Softmax, RmsNorm,
 * LayerNorm) against double references: dims sets, keepDim, dtype
 * arguments, non-contiguous views, empty reductions, and the error cases. */
#include "optest.h"

#include "aclnnop/aclnn_all.h"
#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_argmin.h"
#include "aclnnop/aclnn_cummax.h"
#include "aclnnop/aclnn_kthvalue.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_max_dim.h"
#include "aclnnop/aclnn_median.h"
#include "aclnnop/aclnn_prod.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_std.h"
#include "aclnnop/aclnn_var_mean.h"
#include "aclnnop/aclnn_segsum.h"
#include "aclnnop/aclnn_exp_segsum_backward.h"
#include "aclnnop/aclnn_grouped_bias_add_grad.h"

static int g_cases;

/* ---- ReduceSum / Mean ---------------------------------------------------------- */

static double pre_cast(aclDataType from, aclDataType to, double v)
{
    if (ot_is_float(from) && !ot_is_float(to))
        v = trunc(v);
    return ot_round(to, v);
}

static void check_reduce(bool mean, aclDataType dt, aclDataType rdt, int nd, const int64_t *dims,
                         const int64_t *rd, int nrd, bool keep, int li, int lo)
{
    ot_rshape rs = ot_reduce_shape(nd, dims, rd, nrd, keep);
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, li);
    ot_make(&o, rdt, rs.on, rs.od, lo);
    ot_fill(&x, dt == ACL_UINT8 ? 0 : -8, 8);
    aclIntArray *da = aclCreateIntArray(rd, (uint64_t)nrd);
    uint64_t ws;
    aclOpExecutor *ex;
    if (mean) {
        CHECK_NN(ACLNN_SUCCESS, aclnnMeanGetWorkspaceSize(x.t, da, keep, rdt, o.t, &ws, &ex));
        aclDestroyIntArray(da);
        ot_run(aclnnMean, ws, ex);
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnReduceSumGetWorkspaceSize(x.t, da, keep, rdt, o.t, &ws, &ex));
        aclDestroyIntArray(da);
        ot_run(aclnnReduceSum, ws, ex);
    }
    /* reference: for each out element, sum the input elements mapping to it */
    int64_t on_el = o.numel;
    double *sum = calloc((size_t)(on_el ? on_el : 1), sizeof(double));
    double *mag = calloc((size_t)(on_el ? on_el : 1), sizeof(double));
    int64_t cnt = 1;
    for (int i = 0; i < nd; i++)
        if (rs.red[i])
            cnt *= dims[i];
    for (int64_t lin = 0; lin < x.numel; lin++) {
        int64_t rem = lin, oi = 0, mul = 1;
        for (int i = nd - 1; i >= 0; i--) {
            int64_t c = rem % dims[i];
            rem /= dims[i];
            if (!rs.red[i]) {
                oi += c * mul;
                mul *= dims[i];
            }
        }
        double v = pre_cast(dt, rdt, ot_get(&x, lin));
        sum[oi] += v;
        mag[oi] += fabs(v);
    }
    for (int64_t i = 0; i < on_el; i++) {
        double want = mean ? (cnt ? sum[i] / (double)cnt : NAN) : sum[i];
        want = ot_round(rdt, want);
        double got = ot_get(&o, i);
        double tol = ot_is_float(rdt)
                         ? (mag[i] / (mean && cnt ? (double)cnt : 1) + 1e-6) * ot_tol(rdt) * 4
                         : 0;
        if (!(isnan(want) ? isnan(got) : fabs(got - want) <= tol)) {
            fprintf(stderr, "%s %s->%s: out[%lld] = %g, want %g\n", mean ? "Mean" : "ReduceSum",
                    ot_dt_name(dt), ot_dt_name(rdt), (long long)i, got, want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    free(sum);
    free(mag);
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_reduce(void)
{
    int64_t s3[3] = {3, 4, 5}, s8[8] = {2, 1, 3, 1, 2, 2, 1, 3}, s0[3] = {3, 0, 2},
            s2[2] = {40, 33};
    struct {
        int n;
        int64_t d[3];
    } sets[] = {{1, {1}}, {2, {0, 2}}, {1, {-1}}, {0, {0}}, {1, {0}}, {3, {0, 1, 2}},
                {2, {-2, -1}}}; /* the last: trailing dims, one run when contiguous (RD7) */
    for (int d = 0; d < OT_NALL; d++) {
        aclDataType dt = OT_ALL[d];
        aclDataType rdts[3] = {dt, ot_is_float(dt) ? ACL_FLOAT : ACL_INT64,
                               ot_is_float(dt) ? ACL_FLOAT16 : ACL_FLOAT};
        for (int r = 0; r < 3; r++)
            for (unsigned si = 0; si < sizeof(sets) / sizeof(sets[0]); si++)
                for (int keep = 0; keep < 2; keep++) {
                    int l = (int)(si + (unsigned)r + (unsigned)keep) % L_COUNT;
                    check_reduce(false, dt, rdts[r], 3, s3, sets[si].d, sets[si].n, keep, l,
                                 (l + 1) % L_COUNT);
                    if (ot_is_float(rdts[r]))
                        check_reduce(true, dt, rdts[r], 3, s3, sets[si].d, sets[si].n, keep,
                                     (l + 2) % L_COUNT, l);
                }
        int64_t r8[3] = {0, 4, 7}, r0[1] = {1}, r2[1] = {0}, r2b[1] = {1};
        check_reduce(false, dt, rdts[1], 8, s8, r8, 3, true, L_STEP, L_GAP);
        check_reduce(false, dt, rdts[1], 3, s0, r0, 1, false, L_CONTIG, L_CONTIG);
        check_reduce(false, dt, rdts[1], 2, s2, r2, 1, false, L_TRANS, L_CONTIG);
        check_reduce(false, dt, rdts[1], 2, s2, r2b, 1, true, L_CONTIG, L_STEP);
        if (ot_is_float(rdts[1]))
            check_reduce(true, dt, rdts[1], 3, s0, r0, 1, true, L_GAP, L_CONTIG);
    }
    /* errors */
    ot_tensor x, o, o2, oi;
    ot_make(&x, ACL_FLOAT, 3, s3, L_CONTIG);
    int64_t s35[2] = {3, 5}, s34[2] = {3, 4};
    OT_MAKE_CONTIG({&o, ACL_FLOAT, 2, s35}, {&o2, ACL_FLOAT, 2, s34}, {&oi, ACL_INT32, 2, s35});
    int64_t d1[1] = {1}, dbad[1] = {3}, ddup[2] = {1, -2};
    aclIntArray *a1 = aclCreateIntArray(d1, 1), *abad = aclCreateIntArray(dbad, 1),
                *adup = aclCreateIntArray(ddup, 2);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReduceSum, x.t, a1, false, ACL_FLOAT, o2.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReduceSum, x.t, abad, false, ACL_FLOAT, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReduceSum, x.t, adup, false, ACL_FLOAT, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReduceSum, x.t, a1, false, ACL_INT32, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMean, x.t, a1, false, ACL_INT32, oi.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnReduceSum, NULL, a1, false, ACL_FLOAT, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnReduceSum, x.t, NULL, false, ACL_FLOAT, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMean, x.t, a1, false, ACL_FLOAT, NULL);
    aclDestroyIntArray(a1);
    aclDestroyIntArray(abad);
    aclDestroyIntArray(adup);
    OT_FREE(&x, &o, &o2, &oi);
}

/* ---- Softmax ---------------------------------------------------------------------- */

static void check_softmax(aclDataType dt, aclDataType odt, int dim, int li, int lo)
{
    int64_t s[3] = {4, 5, 6};
    ot_tensor x, o;
    ot_make(&x, dt, 3, s, li);
    ot_make(&o, odt, 3, s, lo);
    ot_fill(&x, -6, 6);
    OT_RUN(aclnnSoftmax, x.t, dim, o.t);
    int d = dim < 0 ? dim + 3 : dim;
    int64_t st[3] = {30, 6, 1};
    for (int64_t i = 0; i < x.numel; i++) {
        double m, sum;
        ot_softmax_row(&x, s, st, d, i, &m, &sum);
        double want = ot_round(dt, exp(ot_get(&x, i) - m) / sum);
        if (!ot_close(odt, dt, ot_get(&o, i), want)) {
            fprintf(stderr, "Softmax %s dim %d: [%lld] %g want %g\n", ot_dt_name(dt), dim,
                    (long long)i, ot_get(&o, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o);
    g_cases++;
}

static void check_softmax_same(aclDataType dt, int dim, int li, int lo)
{
    check_softmax(dt, dt, dim, li, lo);
}

/* Float32 rows of length n along the last dim (the in-place vector path,
 * each row's successor prefetched: softmax.c SR6) with values the vector
 * exp must get right (simd.h K3, K6): far below the largest (exp 0, also
 * under -87.34, the polynomial's floor), -inf (0), around the floor, a
 * huge negative; a row with a NaN is NaN throughout. */
static void check_softmax_special(int64_t rows, int64_t n)
{
    static const double sp[] = {0,     -1,     -10,   -50,   -87.0, -87.33, -87.34, -88,
                                -100,  -1e30,  -INFINITY, 3.5, 2.25, 1e-3,  -0.5,   -20.125,
                                -86.9, -103.9, -104.1, 88.5, -5e-8};
    const int nsp = (int)(sizeof sp / sizeof sp[0]);
    int64_t s[2] = {rows, n};
    ot_tensor x, o;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&o, ACL_FLOAT, 2, s});
    ot_fill(&x, -30, 30);
    for (int64_t r = 0; r < rows; r++)
        for (int64_t i = 0; i < n; i++) {
            if ((i * 7 + r) % 3 == 0)
                ot_set(&x, r * n + i, sp[(i + r) % nsp] + (r % 4 == 1 ? 88.5 : 0));
            if (r % 5 == 3 && i == n / 2)
                ot_set(&x, r * n + i, NAN);
        }
    OT_RUN(aclnnSoftmax, x.t, -1, o.t);
    for (int64_t r = 0; r < rows; r++) {
        double m = -INFINITY, sum = 0;
        bool has_nan = false;
        for (int64_t i = 0; i < n; i++) {
            double v = ot_get(&x, r * n + i);
            has_nan |= isnan(v);
            m = v > m ? v : m;
        }
        for (int64_t i = 0; i < n; i++)
            sum += exp(ot_get(&x, r * n + i) - m);
        for (int64_t i = 0; i < n; i++) {
            double got = ot_get(&o, r * n + i), want = exp(ot_get(&x, r * n + i) - m) / sum;
            bool ok = has_nan ? isnan(got) : fabs(got - want) <= 1e-7 * (1e-3 + want) + want * 4e-6;
            if (!ok) {
                fprintf(stderr, "Softmax special row %lld of %lld x %lld: [%lld] x %g: %g want %g\n",
                        (long long)r, (long long)rows, (long long)n, (long long)i,
                        ot_get(&x, r * n + i), got, want);
                exit(1);
            }
        }
    }
    OT_FREE(&x, &o);
    g_cases++;
}

static void test_softmax(void)
{
    ot_softmax_sweep(check_softmax_same);
    check_softmax_special(3, 45);
    check_softmax_special(37, 1000);
    check_softmax_special(9, 16);
    check_softmax(ACL_FLOAT16, ACL_FLOAT, -1, L_CONTIG, L_CONTIG);
    int64_t s[2] = {2, 3};
    ot_tensor xi, o, o2;
    ot_make(&xi, ACL_INT32, 2, s, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 2, s, L_CONTIG);
    int64_t s32[2] = {3, 2};
    ot_make(&o2, ACL_FLOAT, 2, s32, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSoftmax, xi.t, 1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSoftmax, o.t, 2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSoftmax, o.t, -3, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSoftmax, o.t, 0, o2.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSoftmax, NULL, 0, o.t);
    OT_FREE(&xi, &o, &o2);
}

/* ---- RmsNorm / LayerNorm ------------------------------------------------------------- */

/* Normalise x [rows, D] (flattened trailing k dims) in double. */
static void check_norm(bool layer, aclDataType dt, aclDataType gdt, int k, bool has_w, bool has_b,
                       bool stats, int li, int lo)
{
    int64_t s[3] = {4, 3, 16};
    int64_t rows = 1, D = 1;
    for (int i = 0; i < 3; i++) {
        if (i < 3 - k)
            rows *= s[i];
        else
            D *= s[i];
    }
    ot_tensor x, y, g, b, mean, rstd;
    memset(&g, 0, sizeof g);
    memset(&b, 0, sizeof b);
    memset(&mean, 0, sizeof mean);
    memset(&rstd, 0, sizeof rstd);
    ot_make(&x, dt, 3, s, li);
    ot_make(&y, dt, 3, s, lo);
    ot_fill(&x, -3, 5);
    if (has_w) {
        ot_make(&g, gdt, k, s + 3 - k, (li + 1) % L_COUNT);
        ot_fill(&g, 0.5, 2);
    }
    if (has_b) {
        ot_make(&b, gdt, k, s + 3 - k, (li + 2) % L_COUNT);
        ot_fill(&b, -1, 1);
    }
    int64_t ss[3] = {4, 3, 1};
    if (stats) { /* x's leading dims followed by ones */
        for (int i = 3 - k; i < 3; i++)
            ss[i] = 1;
        ot_make(&rstd, layer ? dt : ACL_FLOAT, 3, ss, lo);
        if (layer)
            ot_make(&mean, dt, 3, ss, li);
    }
    double eps = 1e-5;
    uint64_t ws;
    aclOpExecutor *ex;
    if (layer) {
        aclIntArray *ns = aclCreateIntArray(s + 3 - k, (uint64_t)k);
        CHECK_NN(ACLNN_SUCCESS, aclnnLayerNormGetWorkspaceSize(
                                    x.t, ns, has_w ? g.t : NULL, has_b ? b.t : NULL, eps, y.t,
                                    stats ? mean.t : NULL, stats ? rstd.t : NULL, &ws, &ex));
        aclDestroyIntArray(ns);
        ot_run(aclnnLayerNorm, ws, ex);
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnRmsNormGetWorkspaceSize(x.t, g.t, eps, y.t, rstd.t, &ws, &ex));
        ot_run(aclnnRmsNorm, ws, ex);
    }
    for (int64_t r = 0; r < rows; r++) {
        double m = 0, ss2 = 0;
        for (int64_t i = 0; i < D; i++)
            m += ot_get(&x, r * D + i);
        m = layer ? m / (double)D : 0;
        for (int64_t i = 0; i < D; i++) {
            double d = ot_get(&x, r * D + i) - m;
            ss2 += d * d;
        }
        double rs = 1 / sqrt(ss2 / (double)D + eps);
        for (int64_t i = 0; i < D; i++) {
            double v = (ot_get(&x, r * D + i) - m) * rs;
            if (has_w)
                v *= ot_get(&g, i);
            if (has_b)
                v += ot_get(&b, i);
            double got = ot_get(&y, r * D + i);
            if (fabs(got - v) > (fabs(v) + 0.05) * ot_tol(dt) * 8) {
                fprintf(stderr, "%s %s/%s k=%d: y[%lld] = %g, want %g\n",
                        layer ? "LayerNorm" : "RmsNorm", ot_dt_name(dt), ot_dt_name(gdt), k,
                        (long long)(r * D + i), got, v);
                exit(1);
            }
        }
        if (stats) {
            CHECK(fabs(ot_get(&rstd, r) - rs) <= rs * ot_tol(rstd.dt) * 8);
            if (layer)
                CHECK(fabs(ot_get(&mean, r) - m) <= (fabs(m) + 0.05) * ot_tol(dt) * 8);
        }
    }
    CHECK(ot_gaps_intact(&y));
    OT_FREE(&x, &y);
    if (g.t)
        ot_free(&g);
    if (b.t)
        ot_free(&b);
    if (mean.t)
        ot_free(&mean);
    if (rstd.t)
        ot_free(&rstd);
    g_cases++;
}

static void test_norm(void)
{
    aclDataType f[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int t = 0; t < 3; t++)
        for (int k = 1; k <= 2; k++)
            for (int l = 0; l < L_COUNT; l++) {
                check_norm(false, f[t], f[t], k, true, false, true, l, (l + 1) % L_COUNT);
                check_norm(false, f[t], ACL_FLOAT, k, true, false, true, (l + 2) % L_COUNT, l);
                for (int wb = 0; wb < 4; wb++)
                    check_norm(true, f[t], wb & 2 ? ACL_FLOAT : f[t], k, wb & 1, wb & 2,
                               (wb + l) & 1, l, (l + wb) % L_COUNT);
            }
    /* errors */
    int64_t s[2] = {4, 8}, s7[1] = {7}, s8[1] = {8}, s4[1] = {4}, s3[1] = {3};
    ot_tensor x, y, g, g7, r, r3, xi, yh, rh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&y, ACL_FLOAT, 2, s}, {&yh, ACL_FLOAT16, 2, s},
                   {&xi, ACL_INT32, 2, s}, {&g, ACL_FLOAT, 1, s8}, {&g7, ACL_FLOAT, 1, s7},
                   {&r, ACL_FLOAT, 1, s4}, {&rh, ACL_FLOAT16, 1, s4}, {&r3, ACL_FLOAT, 1, s3});
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRmsNorm, x.t, g.t, 1e-6, y.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRmsNorm, x.t, NULL, 1e-6, y.t, r.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRmsNorm, x.t, g7.t, 1e-6, y.t, r.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRmsNorm, x.t, g.t, 1e-6, y.t, r3.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRmsNorm, x.t, g.t, 1e-6, y.t, rh.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRmsNorm, xi.t, g.t, 1e-6, y.t, r.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRmsNorm, x.t, g.t, 1e-6, yh.t, r.t);
    aclIntArray *n8 = aclCreateIntArray(s8, 1), *n7 = aclCreateIntArray(s7, 1);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLayerNorm, x.t, n7, NULL, NULL, 1e-5, y.t, NULL, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLayerNorm, x.t, n8, g7.t, NULL, 1e-5, y.t, NULL, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnLayerNorm, x.t, n8, NULL, NULL, 1e-5, y.t, r3.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnLayerNorm, x.t, NULL, NULL, NULL, 1e-5, y.t, NULL, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnLayerNorm, x.t, n8, NULL, NULL, 1e-5, NULL, NULL, NULL);
    aclDestroyIntArray(n8);
    aclDestroyIntArray(n7);
    OT_FREE(&x, &y, &yh, &xi, &g, &g7, &r, &rh, &r3);
}

/* ReduceSum / Mean accept an out of another shape when both it and the
 * reduced shape hold one element (CANN's CheckShapeAndScalarSame; ggml's
 * CROSS_ENTROPY_LOSS sums a [n] vector into a [1] out with keepDim false;
 * found by ggml's test-backend-ops, docs/ggml.md). */
static void test_reduce_one_element(void)
{
    const aclDataType dts[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (int d = 0; d < 3; d++)
        for (int mean = 0; mean < 2; mean++)
            for (int l = 0; l < L_COUNT; l++) {
                ot_tensor x, o;
                const int64_t xd[2] = {3, 5}, od[1] = {1};
                ot_make(&x, dts[d], 2, xd, l);
                ot_make(&o, dts[d], 1, od, l == L_STEP ? L_STEP : L_CONTIG);
                ot_fill(&x, -2, 2);
                const int64_t all[2] = {0, 1};
                aclIntArray *dims = aclCreateIntArray(all, 2);
                uint64_t ws;
                aclOpExecutor *ex;
                double want = 0;
                for (int64_t i = 0; i < x.numel; i++)
                    want += ot_get(&x, i);
                if (mean)
                    want /= (double)x.numel;
                if (mean) {
                    CHECK_NN(ACLNN_SUCCESS,
                             aclnnMeanGetWorkspaceSize(x.t, dims, false, dts[d], o.t, &ws, &ex));
                    ot_run(aclnnMean, ws, ex);
                } else {
                    CHECK_NN(ACLNN_SUCCESS, aclnnReduceSumGetWorkspaceSize(x.t, dims, false, dts[d],
                                                                           o.t, &ws, &ex));
                    ot_run(aclnnReduceSum, ws, ex);
                }
                CHECK(ot_close(dts[d], dts[d], ot_get(&o, 0), want));
                CHECK(ot_gaps_intact(&o));
                /* an out of 2 elements is still refused */
                ot_tensor o2;
                const int64_t o2d[1] = {2};
                ot_make(&o2, dts[d], 1, o2d, L_CONTIG);
                OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReduceSum, x.t, dims, false, dts[d], o2.t);
                aclDestroyIntArray(dims);
                OT_FREE(&x, &o, &o2);
            }
}

/* The codes of the fold reductions (reduce.c RD5) and ArgMin: NULLs 161001; types, dims out
 * of range or repeated, out shapes, Amax over an empty dim 161002; and a value each (their
 * values for every type: reduce_torch.py). */
static void test_fold_codes(void)
{
    ot_tensor x, o, ob, oi, e, o0;
    const int64_t xd[2] = {2, 3}, od[1] = {2}, ed[2] = {2, 0}, one = 1, bad = 2, dup[2] = {1, -1};
    ot_make(&x, ACL_FLOAT, 2, xd, L_TRANS);
    ot_make(&o, ACL_FLOAT, 1, od, L_CONTIG);
    ot_make(&ob, ACL_BOOL, 1, od, L_CONTIG);
    ot_make(&oi, ACL_INT64, 1, od, L_CONTIG);
    ot_make(&e, ACL_FLOAT, 2, ed, L_CONTIG);
    ot_make(&o0, ACL_FLOAT, 0, NULL, L_CONTIG);
    for (int64_t i = 0; i < 6; i++)
        ot_set(&x, i, (double)(i % 3) - (double)i); /* rows {0, 0, 0}, {-3, -3, -3} */
    ot_set(&x, 1, 5);
    aclIntArray *d1 = aclCreateIntArray(&one, 1), *d2 = aclCreateIntArray(&bad, 1),
                *dd = aclCreateIntArray(dup, 2);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAmax, NULL, d1, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnAmax, x.t, NULL, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAmax, x.t, d2, false, o.t);  /* dim 2 of 2 dims */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAmax, x.t, dd, false, o.t);  /* dim 1 twice */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAmax, x.t, d1, false, oi.t); /* out's type */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAmax, x.t, d1, true, o.t);   /* out [2] for [2, 1] */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAmax, e.t, d1, false, o.t);  /* an empty dim */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnAll, x.t, d1, false, o.t);   /* a FLOAT out */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnProd, x.t, ACL_INT64, o.t);  /* dtype != out's */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnProdDim, x.t, 2, false, ACL_FLOAT, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnArgMin, x.t, 1, false, o.t); /* a FLOAT out */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnArgMin, x.t, 1, false, NULL);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(0, aclnnAmaxGetWorkspaceSize(x.t, d1, false, o.t, &ws, &ex));
    ot_run(aclnnAmax, ws, ex);
    CHECK(ot_get(&o, 0) == 5 && ot_get(&o, 1) == -3);
    CHECK_NN(0, aclnnAllGetWorkspaceSize(x.t, d1, false, ob.t, &ws, &ex));
    ot_run(aclnnAll, ws, ex);
    CHECK(ot_get(&ob, 0) == 0 && ot_get(&ob, 1) == 1);
    CHECK_NN(0, aclnnArgMinGetWorkspaceSize(x.t, 1, false, oi.t, &ws, &ex));
    ot_run(aclnnArgMin, ws, ex);
    CHECK(ot_get(&oi, 0) == 0 && ot_get(&oi, 1) == 0);
    CHECK_NN(0, aclnnProdGetWorkspaceSize(e.t, ACL_FLOAT, o0.t, &ws, &ex)); /* empty: 1 */
    ot_run(aclnnProd, ws, ex);
    CHECK(ot_get(&o0, 0) == 1);
    aclDestroyIntArray(d1), aclDestroyIntArray(d2), aclDestroyIntArray(dd);
    OT_FREE(&x, &o, &ob, &oi, &e, &o0);
}

/* OT_FAILS whose message names `what`. */
#define FAILS_NAMING(want, what, op, ...)                                                          \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        aclnnStatus got_ = op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_);                          \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (want) || !m_ || !strstr(m_, what) || !strstr(m_, #op)) {                      \
            fprintf(stderr, "%s:%d: %s returned %d (%s), expected %d naming %s\n", __FILE__,       \
                    __LINE__, #op, (int)got_, m_ ? m_ : "no message", (int)(want), what);          \
            exit(1);                                                                               \
        }                                                                                          \
        g_cases++;                                                                                 \
    } while (0)

/* The row reductions (rows.c): codes with messages naming the parameter, and values on a
 * non-contiguous self (their values for every type: tests/python/test_reduce_torch.py). */
static void test_rows_codes(void)
{
    ot_tensor x, v, i, vi, e, s, m;
    const int64_t xd[2] = {2, 3}, od[1] = {2}, ed[2] = {2, 0}, zero = 0;
    ot_make(&x, ACL_FLOAT, 2, xd, L_TRANS);
    ot_make(&v, ACL_FLOAT, 1, od, L_CONTIG);
    ot_make(&i, ACL_INT64, 1, od, L_CONTIG);
    ot_make(&vi, ACL_INT32, 1, od, L_STEP);
    ot_make(&e, ACL_FLOAT, 2, ed, L_CONTIG);
    ot_make(&s, ACL_FLOAT, 2, xd, L_CONTIG);
    ot_make(&m, ACL_FLOAT, 1, (const int64_t[]){3}, L_CONTIG);
    const double xv[6] = {3, -1, 3, NAN, 2, -5}; /* rows {3, -1, 3}, {NaN, 2, -5} */
    for (int64_t k = 0; k < 6; k++)
        ot_set(&x, k, xv[k]);
    aclIntArray *d0 = aclCreateIntArray(&zero, 1);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "self", aclnnMaxDim, NULL, 1, false, v.t, i.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "indices", aclnnMaxDim, x.t, 1, false, v.t, NULL);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "dim", aclnnMaxDim, x.t, 2, false, v.t, i.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "indices", aclnnMaxDim, x.t, 1, false, v.t, v.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnMaxDim, x.t, 1, true, v.t, i.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxDim, e.t, 1, false, v.t, i.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "k", aclnnKthvalue, x.t, 4, 1, false, v.t, i.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnStd, x.t, d0, 1, false,
                 v.t); /* out [2] for [3] */
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "meanOut", aclnnVarMean, x.t, d0, 1, false, m.t, NULL);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "indicesOut", aclnnCummax, x.t, 1, s.t, v.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "indicesOut", aclnnMedianDim, x.t, 1, false, v.t, vi.t);
    OT_RUN(aclnnMaxDim, x.t, 1, false, v.t, vi.t); /* the first max; the NaN wins */
    CHECK(ot_get(&v, 0) == 3 && isnan(ot_get(&v, 1)) && ot_get(&vi, 0) == 0 && ot_get(&vi, 1) == 0);
    OT_RUN(aclnnMedianDim, x.t, 1, false, v.t, i.t);
    CHECK(ot_get(&v, 0) == 3 && ot_get(&i, 0) == 0 && isnan(ot_get(&v, 1)) && ot_get(&i, 1) == 0);
    OT_RUN(aclnnNanMedianDim, x.t, 1, false, v.t, i.t);
    CHECK(ot_get(&v, 0) == 3 && ot_get(&v, 1) == -5 && ot_get(&i, 1) == 2);
    OT_RUN(aclnnKthvalue, x.t, 1, 1, false, v.t, i.t);
    CHECK(ot_get(&v, 0) == -1 && ot_get(&i, 0) == 1 && ot_get(&v, 1) == -5 && ot_get(&i, 1) == 2);
    OT_RUN(aclnnStd, x.t, d0, 1, false, m.t); /* columns {3, NaN}, {-1, 2}, {3, -5} */
    CHECK(isnan(ot_get(&m, 0)) && fabs(ot_get(&m, 1) - sqrt(4.5)) < 1e-6 &&
          fabs(ot_get(&m, 2) - sqrt(32.0)) < 1e-5);
    ot_tensor ci;
    ot_make(&ci, ACL_INT64, 2, xd, L_STEP);
    OT_RUN(aclnnCummax, x.t, 1, s.t, ci.t); /* {3, 3, 3} from indices {0, 0, 2} (ties: last) */
    CHECK(ot_get(&s, 2) == 3 && ot_get(&ci, 1) == 0 && ot_get(&ci, 2) == 2);
    CHECK(isnan(ot_get(&s, 5)) && ot_get(&ci, 5) == 0);
    aclDestroyIntArray(d0);
    OT_FREE(&x, &v, &i, &vi, &e, &s, &m, &ci);
}

/* ExpSegsum and its backward: a row by hand through views (out[i][j] = exp(x[j+1] + ... + x[i])),
 * the backward of all-ones gradients, and the codes, each message naming the argument. */
static void test_segsum(void)
{
    int64_t xd[3] = {1, 1, 3}, od[4] = {1, 1, 3, 3}, bd[4] = {1, 1, 4, 4}, gd[3] = {1, 1, 4},
            d2[2] = {1, 3}, o3[3] = {1, 3, 3};
    ot_tensor x, o, g, y, gi, x2, o2, oh;
    ot_make(&x, ACL_FLOAT, 3, xd, L_STEP);
    ot_make(&o, ACL_FLOAT, 4, od, L_TRANS);
    OT_MAKE_CONTIG({&g, ACL_FLOAT, 4, bd}, {&y, ACL_FLOAT, 4, bd}, {&gi, ACL_FLOAT, 3, gd},
                   {&x2, ACL_FLOAT, 2, d2}, {&o2, ACL_FLOAT, 3, o3}, {&oh, ACL_FLOAT16, 4, od});
    const double xv[3] = {1, 2, -1};
    for (int i = 0; i < 3; i++)
        ot_set(&x, i, xv[i]);
    OT_RUN(aclnnExpSegsum, x.t, o.t);
    const double want[9] = {1, 0, 0, exp(2.0), 1, 0, exp(1.0), exp(-1.0), 1};
    for (int i = 0; i < 9; i++)
        CHECK(fabs(ot_get(&o, i) - want[i]) < 1e-6 * fmax(1, fabs(want[i])));
    g_cases++;
    for (int i = 0; i < 16; i++) {
        ot_set(&g, i, 1);
        ot_set(&y, i, 1);
    }
    /* all ones: gradInput[k] = k * (4 - k), the (j < k, i >= k) pairs */
    OT_RUN(aclnnExpSegsumBackward, g.t, y.t, gi.t);
    for (int k = 0; k < 4; k++)
        CHECK(ot_get(&gi, k) == k * (4 - k));
    g_cases++;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnExpSegsum, "self", NULL, o.t);
    OT_NULL_OUTS(aclnnExpSegsum, x.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnExpSegsum, "3 or 4", x2.t, o2.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnExpSegsum, "out", x.t, oh.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnExpSegsum, "out", x.t, g.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnExpSegsumBackward, "gradSelf", g.t, NULL, gi.t);
    OT_NULL_OUTS(aclnnExpSegsumBackward, g.t, y.t, gi.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnExpSegsumBackward, "gradSelf", g.t, o.t, gi.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnExpSegsumBackward, "gradInput", g.t, y.t, x.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnExpSegsumBackward, "gradOutput", o2.t, o2.t,
                    x2.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnExpSegsumBackward, "type", g.t, y.t, oh.t);
    OT_FREE(&x, &o, &g, &y, &gi, &x2, &o2, &oh);
}

/* GroupedBiasAddGrad(V2): CANN's docs example shape (groups of 4, 2, 4 rows) by hand through a
 * strided view, the counts form, the 3-d form; the codes, each message naming the argument. */
static void test_grouped_bias_add_grad(void)
{
    int64_t gd[2] = {10, 3}, id[1] = {3}, od[2] = {3, 3}, g3d[3] = {3, 2, 3}, o2[2] = {2, 3};
    ot_tensor g, idx, cnt, o, g3, ob, oh, o2t;
    ot_make(&g, ACL_FLOAT16, 2, gd, L_STEP);
    OT_MAKE_CONTIG({&idx, ACL_INT64, 1, id}, {&cnt, ACL_INT32, 1, id}, {&o, ACL_FLOAT16, 2, od},
                   {&g3, ACL_FLOAT16, 3, g3d}, {&ob, ACL_BF16, 2, od}, {&oh, ACL_FLOAT, 2, od},
                   {&o2t, ACL_FLOAT16, 2, o2});
    for (int i = 0; i < 30; i++)
        ot_set(&g, i, i / 3); /* row r holds r */
    for (int i = 0; i < 18; i++)
        ot_set(&g3, i, i % 3);
    const int64_t ends[3] = {4, 6, 10}, counts[3] = {4, 2, 4};
    for (int i = 0; i < 3; i++) {
        ot_set(&idx, i, (double)ends[i]);
        ot_set(&cnt, i, (double)counts[i]);
    }
    const double want[3] = {0 + 1 + 2 + 3, 4 + 5, 6 + 7 + 8 + 9};
    OT_RUN(aclnnGroupedBiasAddGrad, g.t, idx.t, o.t);
    for (int i = 0; i < 9; i++)
        CHECK(ot_get(&o, i) == want[i / 3]);
    OT_RUN(aclnnGroupedBiasAddGradV2, g.t, cnt.t, 1, o.t);
    for (int i = 0; i < 9; i++)
        CHECK(ot_get(&o, i) == want[i / 3]);
    OT_RUN(aclnnGroupedBiasAddGrad, g3.t, NULL, o.t);
    for (int i = 0; i < 9; i++)
        CHECK(ot_get(&o, i) == 2 * (i % 3));
    g_cases += 3;
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnGroupedBiasAddGrad, "gradY", NULL, idx.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnGroupedBiasAddGrad, "out", g.t, idx.t, NULL);
    OT_NULL_OUTS(aclnnGroupedBiasAddGrad, g.t, idx.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedBiasAddGrad, "without", g.t, NULL, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedBiasAddGrad, "with", g3.t, idx.t, o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedBiasAddGrad, "out", g.t, idx.t, o2t.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedBiasAddGrad, "out", g.t, idx.t, ob.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedBiasAddGrad, "groupIdxOptional", g.t, oh.t,
                    o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnGroupedBiasAddGradV2, "groupIdxType", g.t, idx.t,
                    -1, o.t);
    OT_FREE(&g, &idx, &cnt, &o, &g3, &ob, &oh, &o2t);
}

int main(void)
{
    ot_init();
    test_fold_codes();
    test_rows_codes();
    test_reduce();
    test_softmax();
    test_norm();
    test_reduce_one_element();
    test_segsum();
    test_grouped_bias_add_grad();
    ot_fini();
    printf("ops_reduce: %d cases passed\n", g_cases);
    return 0;
}
