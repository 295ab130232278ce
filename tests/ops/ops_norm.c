/* SPDX-License-Identifier: Apache-2.0 */
/* AddRmsNorm, GroupNorm, Norm and SoftmaxCrossEntropyWithLogits against
 * double references: float32/float16/bfloat16, views, optional inputs,
 * several reduction sets and p values, empty shapes, and the error codes;
 * the norm backwards' refusals, each naming the parameter. */
#include <string.h>

#include "optest.h"

#include "aclnnop/aclnn_ada_layer_norm.h"
#include "aclnnop/aclnn_ada_layer_norm_backward.h"
#include "aclnnop/aclnn_ada_layer_norm_quant.h"
#include "aclnnop/aclnn_ada_layer_norm_v2.h"
#include "aclnnop/aclnn_add_layer_norm_quant.h"
#include "aclnnop/aclnn_add_layer_norm_quant_v2.h"
#include "aclnnop/aclnn_layer_norm_quant.h"
#include "aclnnop/aclnn_rms_norm_quant_v3.h"
#include "aclnnop/aclnn_rms_norm_grad_quant.h"
#include "aclnnop/aclnn_group_norm_silu_quant.h"
#include "aclnnop/aclnn_quantized_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"
#include "aclnnop/aclnn_add_layer_norm_grad.h"
#include "aclnnop/aclnn_deep_norm_grad.h"
#include "aclnnop/aclnn_modulate_backward.h"
#include "aclnnop/aclnn_masked_softmax_with_rel_pos_bias.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "aclnnop/aclnn_scaled_masked_softmax.h"
#include "aclnnop/aclnn_scaled_masked_softmax_backward.h"
#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_instance_norm.h"
#include "aclnnop/aclnn_batch_norm_backward.h"
#include "aclnnop/aclnn_batch_normalization_grad.h"
#include "aclnnop/aclnn_bn_infer_grad.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "aclnnop/aclnn_modulate.h"
#include "aclnnop/aclnn_add_layer_norm.h"
#include "aclnnop/aclnn_add_rms_norm_cast.h"
#include "aclnnop/aclnn_add_rms_norm_dynamic_quant.h"
#include "aclnnop/aclnn_add_rms_norm_quant.h"
#include "aclnnop/aclnn_add_rms_norm_quant_v2.h"
#include "aclnnop/aclnn_deep_norm.h"
#include "aclnnop/aclnn_embedding_renorm.h"
#include "aclnnop/aclnn_gemma_rms_norm.h"
#include "aclnnop/aclnn_inplace_add_rms_norm.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_renorm.h"
#include "aclnnop/aclnn_rms_norm_dynamic_quant.h"
#include "aclnnop/aclnn_rms_norm_quant.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_group_norm_backward.h"
#include "aclnnop/aclnn_group_normalization_grad.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "aclnnop/aclnn_layer_normalization_grad.h"
#include "aclnnop/aclnn_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"
#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"

static int g_cases;
static const aclDataType F3[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

static void expect(const char *what, aclDataType dt, double got, double want, int64_t at)
{
    double tol = ot_tol(dt) * 6 * (1 + fabs(want));
    if (dt == ACL_FLOAT)
        tol = 2e-5 * (1 + fabs(want));
    if (!(fabs(got - want) <= tol) && !(isinf(want) && got == want)) {
        fprintf(stderr, "%s %s: element %lld = %.7g, want %.7g\n", what, ot_dt_name(dt),
                (long long)at, got, want);
        exit(1);
    }
}

/* ---- AddRmsNorm ---------------------------------------------------------------------------- */

static void arn_case(aclDataType dt, int nd, const int64_t *dims, int k, int layout)
{
    g_cases++;
    ot_tensor x1, x2, g, y, r, xo;
    int64_t rd[8];
    for (int i = 0; i < nd; i++)
        rd[i] = i < nd - k ? dims[i] : 1;
    ot_make(&x1, dt, nd, dims, layout);
    ot_make(&x2, dt, nd, dims, L_CONTIG);
    ot_make(&g, dt, k, dims + nd - k, L_STEP);
    ot_make(&y, dt, nd, dims, L_GAP);
    ot_make(&r, ACL_FLOAT, nd, rd, L_CONTIG);
    ot_make(&xo, dt, nd, dims, layout);
    ot_fill(&x1, -2, 2);
    ot_fill(&x2, -2, 2);
    ot_fill(&g, 0.5, 1.5);
    OT_RUN(aclnnAddRmsNorm, x1.t, x2.t, g.t, 1e-5, y.t, r.t, xo.t);
    int64_t D = g.numel, rows = D ? x1.numel / D : 0;
    for (int64_t row = 0; row < rows; row++) {
        double ss = 0;
        for (int64_t i = 0; i < D; i++) {
            double s = ot_get(&x1, row * D + i) + ot_get(&x2, row * D + i);
            ss += s * s;
            expect("AddRmsNorm xOut", dt, ot_get(&xo, row * D + i), ot_round(dt, s), row * D + i);
        }
        double rstd = 1 / sqrt(ss / (double)D + 1e-5);
        expect("AddRmsNorm rstd", ACL_FLOAT, ot_get(&r, row), rstd, row);
        for (int64_t i = 0; i < D; i++) {
            double s = ot_get(&x1, row * D + i) + ot_get(&x2, row * D + i);
            expect("AddRmsNorm y", dt, ot_get(&y, row * D + i), s * rstd * ot_get(&g, i),
                   row * D + i);
        }
    }
    CHECK(ot_gaps_intact(&y));
    OT_FREE(&x1, &x2, &g, &y, &r, &xo);
}

static void arn_errors(void)
{
    int64_t d[2] = {3, 8}, gd[1] = {8}, bd[1] = {7}, rd[2] = {3, 1}, od[2] = {3, 9};
    ot_tensor x, g, gb, r, r16, o, xi;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, d}, {&g, ACL_FLOAT16, 1, gd}, {&gb, ACL_FLOAT16, 1, bd},
                   {&r, ACL_FLOAT, 2, rd}, {&r16, ACL_FLOAT16, 2, rd}, {&o, ACL_FLOAT16, 2, od},
                   {&xi, ACL_INT32, 2, d});
    uint64_t ws;
    aclOpExecutor *ex;
#define ARN(A, B, G, Y, R, X) aclnnAddRmsNormGetWorkspaceSize(A, B, G, 1e-6, Y, R, X, &ws, &ex)
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, ARN(NULL, x.t, g.t, x.t, r.t, x.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, ARN(x.t, x.t, g.t, x.t, r.t, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, ARN(x.t, x.t, gb.t, x.t, r.t, x.t));    /* gamma shape */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, ARN(x.t, x.t, g.t, x.t, r16.t, x.t));   /* rstd type */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, ARN(x.t, x.t, g.t, o.t, r.t, x.t));     /* y shape */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, ARN(xi.t, xi.t, g.t, xi.t, r.t, xi.t)); /* int */
#undef ARN
    OT_FREE(&x, &g, &gb, &r, &r16, &o, &xi);
}

/* ---- GroupNorm ------------------------------------------------------------------------------ */

static void gn_case(aclDataType dt, int nd, const int64_t *dims, int64_t G, bool affine, int layout)
{
    g_cases++;
    const int64_t N = dims[0], C = dims[1];
    int64_t HW = 1;
    for (int i = 2; i < nd; i++)
        HW *= dims[i];
    int64_t cd[1] = {C}, sd[2] = {N, G};
    ot_tensor x, g = {0}, b = {0}, y, mo, ro;
    ot_make(&x, dt, nd, dims, layout);
    ot_make(&y, dt, nd, dims, L_GAP);
    ot_make(&mo, dt, 2, sd, L_CONTIG);
    ot_make(&ro, dt, 2, sd, L_STEP);
    ot_fill(&x, -3, 3);
    if (affine) {
        ot_make(&g, dt, 1, cd, L_STEP);
        ot_make(&b, dt, 1, cd, L_CONTIG);
        ot_fill(&g, 0.5, 2);
        ot_fill(&b, -1, 1);
    }
    OT_RUN(aclnnGroupNorm, x.t, affine ? g.t : NULL, affine ? b.t : NULL, N, C, HW, G, 1e-5, y.t,
           mo.t, ro.t);
    const int64_t cpg = C / G, per = cpg * HW;
    for (int64_t n = 0; n < N; n++)
        for (int64_t gi = 0; gi < G; gi++) {
            double mean = 0, var = 0;
            int64_t base = (n * C + gi * cpg) * HW;
            for (int64_t i = 0; i < per; i++)
                mean += ot_get(&x, base + i);
            mean /= (double)per;
            for (int64_t i = 0; i < per; i++)
                var += pow(ot_get(&x, base + i) - mean, 2);
            var /= (double)per;
            double rstd = 1 / sqrt(var + 1e-5);
            expect("GroupNorm mean", dt, ot_get(&mo, n * G + gi), mean, n * G + gi);
            expect("GroupNorm rstd", dt, ot_get(&ro, n * G + gi), rstd, n * G + gi);
            for (int64_t i = 0; i < per; i++) {
                int64_t ch = gi * cpg + i / HW;
                double want = (ot_get(&x, base + i) - mean) * rstd;
                if (affine)
                    want = want * ot_get(&g, ch) + ot_get(&b, ch);
                expect("GroupNorm out", dt, ot_get(&y, base + i), want, base + i);
            }
        }
    CHECK(ot_gaps_intact(&y));
    OT_FREE(&x, &y, &mo, &ro);
    if (affine) {
        OT_FREE(&g, &b);
    }
}

static void gn_errors(void)
{
    int64_t d[3] = {2, 6, 4}, sd[2] = {2, 3}, bad[2] = {2, 2};
    ot_tensor x, m, r, mb, x16;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 3, d}, {&x16, ACL_FLOAT16, 3, d}, {&m, ACL_FLOAT, 2, sd},
                   {&r, ACL_FLOAT, 2, sd}, {&mb, ACL_FLOAT, 2, bad});
    uint64_t ws;
    aclOpExecutor *ex;
#define GN(X, N, C, HW, G, EPS, Y, M)                                                              \
    aclnnGroupNormGetWorkspaceSize(X, NULL, NULL, N, C, HW, G, EPS, Y, M, r.t, &ws, &ex)
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GN(NULL, 2, 6, 4, 3, 1e-5, x.t, m.t));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, GN(x.t, 2, 6, 4, 3, 1e-5, x.t, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GN(x.t, 2, 6, 4, 4, 1e-5, x.t, m.t));   /* C % group */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GN(x.t, 2, 6, 4, 0, 1e-5, x.t, m.t));   /* group 0 */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GN(x.t, 2, 6, 4, 3, 0.0, x.t, m.t));    /* eps */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GN(x.t, 2, 6, 5, 3, 1e-5, x.t, m.t));   /* HxW */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GN(x.t, 2, 6, 4, 3, 1e-5, x.t, mb.t));  /* mean shape */
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, GN(x.t, 2, 6, 4, 3, 1e-5, x16.t, m.t)); /* out type */
#undef GN
    OT_FREE(&x, &x16, &m, &r, &mb);
}

/* ---- Norm ----------------------------------------------------------------------------------- */

static void pn_case(aclDataType dt, aclDataType dout, int nd, const int64_t *dims, int nr,
                    const int64_t *rdims, bool keep, double p, int layout)
{
    g_cases++;
    ot_rshape rs = ot_reduce_shape(nd, dims, rdims, nr, keep);
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, layout);
    ot_make(&o, dout, rs.on, rs.od, L_STEP);
    ot_fill(&x, -2, 2);
    if (x.numel > 2)
        ot_set(&x, 1, 0); /* a zero for p = 0 */
    aclScalar *ps = aclCreateScalar(&(float){(float)p}, ACL_FLOAT);
    aclIntArray *da = aclCreateIntArray(rdims, (uint64_t)nr);
    OT_RUN(aclnnNorm, x.t, ps, da, keep, o.t);
    int64_t onum = o.numel;
    double *acc = calloc((size_t)(onum ? onum : 1), sizeof(double));
    CHECK(acc);
    for (int64_t i = 0; i < onum; i++)
        acc[i] = isinf(p) && p < 0 ? INFINITY : 0;
    int64_t idx[8];
    for (int64_t i = 0; i < x.numel; i++) {
        ot_unravel(i, dims, nd, idx);
        int64_t oi = 0;
        for (int d = 0; d < nd; d++)
            if (!rs.red[d])
                oi = oi * dims[d] + idx[d];
        double a = fabs(ot_get(&x, i));
        if (isinf(p))
            acc[oi] = p > 0 ? fmax(acc[oi], a) : fmin(acc[oi], a);
        else if (p == 0)
            acc[oi] += a != 0;
        else
            acc[oi] += pow(a, p);
    }
    for (int64_t i = 0; i < onum; i++) {
        double want = isinf(p) || p == 0 ? acc[i] : pow(acc[i], 1 / p);
        expect("Norm", dout, ot_get(&o, i), want, i);
    }
    CHECK(ot_gaps_intact(&o));
    free(acc);
    aclDestroyScalar(ps);
    aclDestroyIntArray(da);
    OT_FREE(&x, &o);
}

static void pn_errors(void)
{
    int64_t d[2] = {3, 4}, od[2] = {3, 1}, bd[1] = {4};
    ot_tensor x, o, ob, xi;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, d}, {&o, ACL_FLOAT, 2, od}, {&ob, ACL_FLOAT, 1, bd},
                   {&xi, ACL_INT32, 2, d});
    aclScalar *ps = aclCreateScalar(&(float){2.0f}, ACL_FLOAT);
    int64_t one = 1, bad = 2, dup[2] = {1, -1};
    aclIntArray *d1 = aclCreateIntArray(&one, 1), *d2 = aclCreateIntArray(&bad, 1),
                *dd = aclCreateIntArray(dup, 2);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnNorm, NULL, ps, d1, true, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnNorm, x.t, NULL, d1, true, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnNorm, x.t, ps, NULL, true, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNorm, x.t, ps, d2, true, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNorm, x.t, ps, dd, true, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNorm, x.t, ps, d1, true, ob.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNorm, xi.t, ps, d1, true, o.t);
    aclDestroyScalar(ps);
    aclDestroyIntArray(d1);
    aclDestroyIntArray(d2);
    aclDestroyIntArray(dd);
    OT_FREE(&x, &o, &ob, &xi);
}

/* ---- SoftmaxCrossEntropyWithLogits ---------------------------------------------------------- */

static void sce_case(aclDataType dt, int64_t B, int64_t K, int layout)
{
    g_cases++;
    int64_t d[2] = {B, K}, ld[1] = {B};
    ot_tensor f, l, loss, bp;
    ot_make(&f, dt, 2, d, layout);
    ot_make(&l, dt, 2, d, L_CONTIG);
    ot_make(&loss, dt, 1, ld, L_STEP);
    ot_make(&bp, dt, 2, d, L_GAP);
    ot_fill(&f, -4, 4);
    for (int64_t b = 0; b < B; b++) { /* labels: a distribution per row */
        double s = 0;
        for (int64_t i = 0; i < K; i++)
            s += (i + b) % 3 + 0.5;
        for (int64_t i = 0; i < K; i++)
            ot_set(&l, b * K + i, ((i + b) % 3 + 0.5) / s);
    }
    OT_RUN(aclnnSoftmaxCrossEntropyWithLogits, f.t, l.t, loss.t, bp.t);
    for (int64_t b = 0; b < B; b++) {
        double mx = -INFINITY, s = 0, ls = 0;
        for (int64_t i = 0; i < K; i++)
            mx = fmax(mx, ot_get(&f, b * K + i));
        for (int64_t i = 0; i < K; i++)
            s += exp(ot_get(&f, b * K + i) - mx);
        for (int64_t i = 0; i < K; i++) {
            double lsm = ot_get(&f, b * K + i) - mx - log(s);
            ls -= ot_get(&l, b * K + i) * lsm;
            expect("SCE backprop", dt, ot_get(&bp, b * K + i), exp(lsm) - ot_get(&l, b * K + i),
                   b * K + i);
        }
        expect("SCE loss", dt, ot_get(&loss, b), ls, b);
    }
    CHECK(ot_gaps_intact(&bp));
    OT_FREE(&f, &l, &loss, &bp);
}

static void sce_errors(void)
{
    int64_t d[2] = {3, 5}, ld[1] = {3}, bd[1] = {4};
    ot_tensor f, l, loss, lb, f16;
    OT_MAKE_CONTIG({&f, ACL_FLOAT, 2, d}, {&l, ACL_FLOAT, 2, d}, {&loss, ACL_FLOAT, 1, ld},
                   {&lb, ACL_FLOAT, 1, bd}, {&f16, ACL_FLOAT16, 2, d});
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSoftmaxCrossEntropyWithLogits, NULL, l.t, loss.t, f.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSoftmaxCrossEntropyWithLogits, f.t, l.t, loss.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSoftmaxCrossEntropyWithLogits, f.t, l.t, lb.t, l.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSoftmaxCrossEntropyWithLogits, f16.t, l.t, loss.t, l.t);
    OT_FREE(&f, &l, &loss, &lb, &f16);
}

/* NAMED_FAILS(want, param, aclnnFoo, args...): aclnnFooGetWorkspaceSize(args...) returns want
 * with a message naming param. */
#define NAMED_FAILS(want, param, op, ...)                                                          \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        aclnnStatus got_ = op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_);                          \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (want) || !m_ || !strstr(m_, param))                                           \
            fprintf(stderr, "%s: %d (%s), want %d naming %s\n", #op, (int)got_,                    \
                    m_ ? m_ : "no message", (int)(want), param);                                   \
        CHECK(got_ == (want) && m_ && strstr(m_, param));                                          \
    } while (0)

/* LayerNormBackward / RmsNormGrad refusals: 161001 for a missing tensor
 * (a gradient only when its mask asks), 161002 for types and shapes, each
 * message naming the parameter. */
static void nbw_errors(void)
{
    int64_t d[2] = {2, 3}, r[2] = {2, 1}, c[1] = {3}, c4[1] = {4}, r1[1] = {2};
    ot_tensor x, h, st, sth, w, w4, rs, rh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, d}, {&h, ACL_FLOAT16, 2, d}, {&st, ACL_FLOAT, 2, r},
                   {&sth, ACL_INT32, 2, r}, {&w, ACL_FLOAT, 1, c}, {&w4, ACL_FLOAT, 1, c4},
                   {&rs, ACL_FLOAT, 1, r1}, {&rh, ACL_FLOAT16, 1, r1});
    const int64_t nsv[1] = {3}, bad[1] = {4};
    const bool all[3] = {true, true, true}, dx_only[3] = {true, false, false};
    aclIntArray *ns = aclCreateIntArray(nsv, 1), *nb = aclCreateIntArray(bad, 1);
    aclBoolArray *m3 = aclCreateBoolArray(all, 3), *m2 = aclCreateBoolArray(all, 2),
                 *m1 = aclCreateBoolArray(dx_only, 3);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "gradOut", aclnnLayerNormBackward, NULL, x.t, ns, st.t,
                st.t, w.t, w.t, m3, x.t, w.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "gradWeightOut", aclnnLayerNormBackward, x.t, x.t, ns,
                st.t, st.t, w.t, w.t, m3, x.t, NULL, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "outputMask", aclnnLayerNormBackward, x.t, x.t, ns, st.t,
                st.t, w.t, w.t, m2, x.t, w.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradOut", aclnnLayerNormBackward, h.t, x.t, ns, st.t,
                st.t, w.t, w.t, m3, x.t, w.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "normalizedShape", aclnnLayerNormBackward, x.t, x.t, nb,
                st.t, st.t, w.t, w.t, m3, x.t, w.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "mean", aclnnLayerNormBackward, x.t, x.t, ns, sth.t, st.t,
                w.t, w.t, m3, x.t, w.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstd", aclnnLayerNormBackward, x.t, x.t, ns, st.t, w.t,
                w.t, w.t, m3, x.t, w.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "weight", aclnnLayerNormBackward, x.t, x.t, ns, st.t, st.t,
                w4.t, w.t, m3, x.t, w.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradInputOut", aclnnLayerNormBackward, x.t, x.t, ns, st.t,
                st.t, w.t, w.t, m3, h.t, w.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradBiasOut", aclnnLayerNormBackward, x.t, x.t, ns, st.t,
                st.t, w.t, w.t, m3, x.t, w.t, w4.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "rstd", aclnnRmsNormGrad, x.t, x.t, NULL, w.t, x.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dy", aclnnRmsNormGrad, h.t, x.t, rs.t, w.t, x.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstd", aclnnRmsNormGrad, x.t, x.t, rh.t, w.t, x.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gamma", aclnnRmsNormGrad, x.t, x.t, rs.t, w4.t, x.t,
                w4.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dxOut", aclnnRmsNormGrad, x.t, x.t, rs.t, w.t, h.t, w.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dgammaOut", aclnnRmsNormGrad, x.t, x.t, rs.t, w.t, x.t,
                w4.t);
    aclDestroyIntArray(ns);
    aclDestroyIntArray(nb);
    aclDestroyBoolArray(m3);
    aclDestroyBoolArray(m2);
    aclDestroyBoolArray(m1);
    OT_FREE(&x, &h, &st, &sth, &w, &w4, &rs, &rh);
}

/* GroupNormBackward refusals, each message naming the parameter. */
static void gnb_errors(void)
{
    int64_t d[3] = {2, 4, 3}, s2[2] = {2, 2}, s3[2] = {2, 3}, c[1] = {4}, c5[1] = {5};
    ot_tensor x, h, st, st3, sth, g, g5;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 3, d}, {&h, ACL_FLOAT16, 3, d}, {&st, ACL_FLOAT, 2, s2},
                   {&st3, ACL_FLOAT, 2, s3}, {&sth, ACL_FLOAT16, 2, s2}, {&g, ACL_FLOAT, 1, c},
                   {&g5, ACL_FLOAT, 1, c5});
    const bool all[3] = {true, true, true};
    aclBoolArray *m3 = aclCreateBoolArray(all, 3), *m2 = aclCreateBoolArray(all, 2);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "mean", aclnnGroupNormBackward, x.t, x.t, NULL, st.t, g.t,
                2, 4, 3, 2, m3, x.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "gradBetaOut", aclnnGroupNormBackward, x.t, x.t, st.t,
                st.t, g.t, 2, 4, 3, 2, m3, x.t, g.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "outputMask", aclnnGroupNormBackward, x.t, x.t, st.t, st.t,
                g.t, 2, 4, 3, 2, m2, x.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradOut", aclnnGroupNormBackward, h.t, x.t, st.t, st.t,
                g.t, 2, 4, 3, 2, m3, x.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "group", aclnnGroupNormBackward, x.t, x.t, st.t, st.t, g.t,
                2, 4, 3, 3, m3, x.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "HxW", aclnnGroupNormBackward, x.t, x.t, st.t, st.t, g.t,
                2, 4, 5, 2, m3, x.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstd", aclnnGroupNormBackward, x.t, x.t, st.t, st3.t, g.t,
                2, 4, 3, 2, m3, x.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstd", aclnnGroupNormBackward, x.t, x.t, st.t, sth.t, g.t,
                2, 4, 3, 2, m3, x.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gamma", aclnnGroupNormBackward, x.t, x.t, st.t, st.t,
                g5.t, 2, 4, 3, 2, m3, x.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradInput", aclnnGroupNormBackward, x.t, x.t, st.t, st.t,
                g.t, 2, 4, 3, 2, m3, h.t, g.t, g.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradGammaOut", aclnnGroupNormBackward, x.t, x.t, st.t,
                st.t, g.t, 2, 4, 3, 2, m3, x.t, g5.t, g.t);
    aclDestroyBoolArray(m3);
    aclDestroyBoolArray(m2);
    OT_FREE(&x, &h, &st, &st3, &sth, &g, &g5);
}

/* The experimental normalisation gradients' refusals (LayerNormalizationGrad,
 * BatchNormalizationGrad, GroupNormalizationGrad), each message naming the parameter. */
static void normalization_grad_errors(void)
{
    int64_t d[3] = {2, 4, 3}, d2[2] = {2, 4}, s2[2] = {2, 4}, s3[2] = {2, 3}, c3[1] = {3},
            c4[1] = {4}, c5[1] = {5}, r8[1] = {8}, r7[1] = {7};
    ot_tensor x, h, xi, x2, st, st3, sth, g3, g3h, g5, c, ch, rw, rw7, rwh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 3, d}, {&h, ACL_FLOAT16, 3, d}, {&xi, ACL_INT32, 3, d},
                   {&x2, ACL_FLOAT, 2, d2}, {&st, ACL_FLOAT, 2, s2}, {&st3, ACL_FLOAT, 2, s3},
                   {&sth, ACL_FLOAT16, 2, s2}, {&g3, ACL_FLOAT, 1, c3}, {&g3h, ACL_FLOAT16, 1, c3},
                   {&g5, ACL_FLOAT, 1, c5}, {&c, ACL_FLOAT, 1, c4}, {&ch, ACL_FLOAT16, 1, c4},
                   {&rw, ACL_FLOAT, 1, r8}, {&rw7, ACL_FLOAT, 1, r7}, {&rwh, ACL_FLOAT16, 1, r8});
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "rstd", aclnnLayerNormalizationGrad, x.t, x.t, g3.t, rw.t,
                NULL, x.t, g3.t, g3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "x", aclnnLayerNormalizationGrad, xi.t, xi.t, g3.t, rw.t,
                rw.t, xi.t, g3.t, g3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dy", aclnnLayerNormalizationGrad, h.t, x.t, g3.t, rw.t,
                rw.t, x.t, g3.t, g3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gamma", aclnnLayerNormalizationGrad, x.t, x.t, g3h.t,
                rw.t, rw.t, x.t, g3.t, g3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gamma", aclnnLayerNormalizationGrad, x.t, x.t, g5.t, rw.t,
                rw.t, x.t, g3.t, g3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "mean", aclnnLayerNormalizationGrad, x.t, x.t, g3.t, rw7.t,
                rw.t, x.t, g3.t, g3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstd", aclnnLayerNormalizationGrad, x.t, x.t, g3.t, rw.t,
                rwh.t, x.t, g3.t, g3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dgamma", aclnnLayerNormalizationGrad, x.t, x.t, g3.t,
                rw.t, rw.t, x.t, g5.t, g3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "bias", aclnnBatchNormalizationGrad, x.t, x.t, c.t, NULL,
                c.t, c.t, 1e-5, x.t, c.t, c.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "saveInvstd", aclnnBatchNormalizationGrad, x.t, x.t, c.t,
                c.t, c.t, ch.t, 1e-5, x.t, c.t, c.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "weight", aclnnBatchNormalizationGrad, xi.t, xi.t, c.t,
                c.t, c.t, c.t, 1e-5, xi.t, c.t, c.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradWeight", aclnnBatchNormalizationGrad, x.t, x.t, c.t,
                c.t, c.t, c.t, 1e-5, x.t, g5.t, c.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradOutput", aclnnBatchNormalizationGrad, x2.t, x.t, c.t,
                c.t, c.t, c.t, 1e-5, x.t, c.t, c.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "dx", aclnnGroupNormalizationGrad, x.t, x.t, x.t, st.t,
                st.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "x", aclnnGroupNormalizationGrad, x2.t, x2.t, x2.t, st.t,
                st.t, x2.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "x", aclnnGroupNormalizationGrad, xi.t, xi.t, xi.t, st.t,
                st.t, xi.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gamma", aclnnGroupNormalizationGrad, x.t, x.t, h.t, st.t,
                st.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "mean", aclnnGroupNormalizationGrad, x.t, x.t, x.t, st3.t,
                st.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstd", aclnnGroupNormalizationGrad, x.t, x.t, x.t, st.t,
                sth.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dx", aclnnGroupNormalizationGrad, x.t, x.t, x.t, st.t,
                st.t, h.t);
    OT_FREE(&x, &h, &xi, &x2, &st, &st3, &sth, &g3, &g3h, &g5, &c, &ch, &rw, &rw7, &rwh);
}

/* The fused norms (ops/norm/fused.c), Renorm and the layer-norm aliases: 161001 for a
 * missing tensor, 161002 for types, shapes and attributes, each message naming the
 * parameter. */
static void fused_errors(void)
{
    int64_t d[2] = {2, 3}, c[1] = {3}, c4[1] = {4}, r1[1] = {2}, r3[1] = {3};
    ot_tensor x, xf, g, g4, sc, q, qf, rs, rs3, zi, x1d;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, d}, {&xf, ACL_FLOAT, 2, d}, {&g, ACL_FLOAT16, 1, c},
                   {&g4, ACL_FLOAT16, 1, c4}, {&sc, ACL_FLOAT, 1, c}, {&q, ACL_INT8, 2, d},
                   {&qf, ACL_FLOAT, 2, d}, {&rs, ACL_FLOAT, 1, r1}, {&rs3, ACL_FLOAT, 1, r3},
                   {&zi, ACL_INT64, 1, c}, {&x1d, ACL_FLOAT, 1, r3});
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "x2", aclnnAddRmsNormQuant, x.t, NULL, g.t, sc.t, NULL,
                NULL, NULL, -1, 1e-6, false, q.t, q.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "axis", aclnnAddRmsNormQuant, x.t, x.t, g.t, sc.t, NULL,
                NULL, NULL, 0, 1e-6, false, q.t, q.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "y1Out", aclnnAddRmsNormQuant, x.t, x.t, g.t, sc.t, NULL,
                NULL, NULL, -1, 1e-6, false, qf.t, q.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "zeroPoints1", aclnnAddRmsNormQuant, x.t, x.t, g.t, sc.t,
                NULL, zi.t, NULL, -1, 1e-6, false, q.t, q.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gamma", aclnnAddRmsNormQuantV2, x.t, x.t, g4.t, sc.t,
                NULL, NULL, NULL, NULL, -1, 1e-6, false, q.t, q.t, x.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "x2", aclnnAddRmsNormDynamicQuant, x.t, xf.t, g.t, NULL,
                NULL, 1e-6, q.t, q.t, x.t, rs.t, rs.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "smoothScale2Optional", aclnnAddRmsNormDynamicQuant, x.t,
                x.t, g.t, NULL, g.t, 1e-6, q.t, q.t, x.t, rs.t, rs.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "scale1Out", aclnnAddRmsNormDynamicQuant, x.t, x.t, g.t,
                NULL, NULL, 1e-6, q.t, q.t, x.t, rs3.t, rs.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dstType", aclnnRmsNormDynamicQuant, x.t, g.t, NULL, NULL,
                1e-6, 1, q.t, rs.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "offset", aclnnRmsNormQuant, x.t, g.t, g.t, g.t, NULL,
                1e-6, q.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "y2Out", aclnnAddRmsNormCast, x.t, x.t, g.t, 1e-6, xf.t,
                xf.t, rs.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "x2Ref", aclnnInplaceAddRmsNorm, x.t, xf.t, g.t, 1e-6,
                rs.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "yOut", aclnnGemmaRmsNorm, x.t, g.t, 1e-6, xf.t, rs.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstdOut", aclnnAddLayerNorm, x.t, x.t, g.t, g.t, NULL,
                1e-5, false, x.t, rs.t, rs3.t, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "gx", aclnnDeepNorm, x.t, NULL, g.t, g.t, 0.5, 1e-5, rs.t,
                rs.t, x.t);
    const int64_t nsv[1] = {3};
    aclIntArray *ns = aclCreateIntArray(nsv, 1);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "implMode", aclnnLayerNormWithImplMode, x.t, ns, NULL,
                NULL, 1e-5, x.t, NULL, NULL, 5);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "input", aclnnFastLayerNorm, NULL, ns, NULL, NULL, 1e-5,
                x.t, NULL, NULL);
    aclDestroyIntArray(ns);
    float two = 2.0f, neg = -1.0f;
    aclScalar *p2 = aclCreateScalar(&two, ACL_FLOAT), *pn = aclCreateScalar(&neg, ACL_FLOAT);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "maxNorm", aclnnRenorm, xf.t, p2, 0, NULL, xf.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dim", aclnnRenorm, xf.t, p2, 2, p2, xf.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "p ", aclnnInplaceRenorm, xf.t, pn, 0, p2);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "self", aclnnRenorm, x1d.t, p2, 0, p2, x1d.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "indices", aclnnEmbeddingRenorm, xf.t, sc.t, 1.0, 2.0);
    aclDestroyScalar(p2);
    aclDestroyScalar(pn);
    OT_FREE(&x, &xf, &g, &g4, &sc, &q, &qf, &rs, &rs3, &zi, &x1d);
}

/* AdaLayerNorm(V2), AdaLayerNormBackward and InstanceNorm: 161001 for a missing tensor, 161002
 * for types, shapes and attributes, each message naming the parameter. */
static void ada_instance_errors(void)
{
    int64_t d[3] = {2, 3, 4}, b[2] = {2, 4}, b3[3] = {2, 1, 4}, bad[2] = {3, 4}, h[1] = {4},
            st[3] = {2, 3, 1}, x4[4] = {2, 3, 4, 4}, c[1] = {3}, m4[4] = {2, 3, 1, 1},
            m4l[4] = {2, 1, 1, 3};
    ot_tensor x, xh, sc, sc3, scb, sch, w, wf, wh, mr, mrh, i4, i4h, gc, mv, mvl;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 3, d}, {&xh, ACL_FLOAT16, 3, d}, {&sc, ACL_FLOAT, 2, b},
                   {&sc3, ACL_FLOAT, 3, b3}, {&scb, ACL_FLOAT, 2, bad}, {&sch, ACL_FLOAT16, 2, b},
                   {&w, ACL_FLOAT, 1, h}, {&wf, ACL_FLOAT, 1, h}, {&wh, ACL_FLOAT16, 1, h},
                   {&mr, ACL_FLOAT, 3, st}, {&mrh, ACL_FLOAT16, 3, st}, {&i4, ACL_FLOAT, 4, x4},
                   {&i4h, ACL_BF16, 4, x4}, {&gc, ACL_FLOAT, 1, c}, {&mv, ACL_FLOAT, 4, m4},
                   {&mvl, ACL_FLOAT, 4, m4l});
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "shift", aclnnAdaLayerNorm, x.t, sc.t, NULL, NULL, NULL,
                1e-5, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "scale", aclnnAdaLayerNorm, x.t, scb.t, sc.t, NULL, NULL,
                1e-5, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "shift", aclnnAdaLayerNorm, x.t, sc3.t, sch.t, NULL, NULL,
                1e-5, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "weightOptional", aclnnAdaLayerNorm, xh.t, sch.t, sch.t,
                wf.t, NULL, 1e-5, xh.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "out", aclnnAdaLayerNorm, x.t, sc.t, sc.t, w.t, w.t, 1e-5,
                xh.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "biasOptional", aclnnAdaLayerNormV2, xh.t, sch.t, sch.t,
                wf.t, wh.t, 1e-5, xh.t, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstdOutOptional", aclnnAdaLayerNormV2, x.t, sc.t, sc.t,
                NULL, NULL, 1e-5, x.t, mr.t, mrh.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "meanOutOptional", aclnnAdaLayerNormV2, x.t, sc.t, sc.t,
                NULL, NULL, 1e-5, x.t, sc.t, NULL);
    const int64_t nsv[1] = {4}, ns3v[1] = {3};
    aclIntArray *ns = aclCreateIntArray(nsv, 1), *ns3 = aclCreateIntArray(ns3v, 1);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "normalizedShape", aclnnAdaLayerNormBackward, x.t, x.t,
                NULL, mr.t, mr.t, sc.t, sc.t, NULL, NULL, x.t, NULL, NULL, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "normalizedShape", aclnnAdaLayerNormBackward, x.t, x.t,
                ns3, mr.t, mr.t, sc.t, sc.t, NULL, NULL, x.t, NULL, NULL, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "input", aclnnAdaLayerNormBackward, x.t, xh.t, ns, mr.t,
                mr.t, sc.t, sc.t, NULL, NULL, x.t, NULL, NULL, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "rstd", aclnnAdaLayerNormBackward, x.t, x.t, ns, mrh.t,
                mr.t, sc.t, sc.t, NULL, NULL, x.t, NULL, NULL, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "shift", aclnnAdaLayerNormBackward, x.t, x.t, ns, mr.t,
                mr.t, sc.t, scb.t, NULL, NULL, x.t, NULL, NULL, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradScaleOut", aclnnAdaLayerNormBackward, x.t, x.t, ns,
                mr.t, mr.t, sc.t, sc.t, NULL, NULL, NULL, sc3.t, NULL, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradWeightOut", aclnnAdaLayerNormBackward, x.t, x.t, ns,
                mr.t, mr.t, sc.t, sc.t, w.t, NULL, NULL, NULL, NULL, wh.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "biasOptional", aclnnAdaLayerNormBackward, xh.t, xh.t, ns,
                mrh.t, mrh.t, sch.t, sch.t, wf.t, wh.t, NULL, NULL, NULL, NULL, NULL);
    aclDestroyIntArray(ns);
    aclDestroyIntArray(ns3);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "variance", aclnnInstanceNorm, i4.t, gc.t, gc.t, "NCHW",
                1e-5, i4.t, mv.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "dataFormat", aclnnInstanceNorm, i4.t, gc.t, gc.t, NULL,
                1e-5, i4.t, mv.t, mv.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dataFormat", aclnnInstanceNorm, i4.t, gc.t, gc.t, "ND",
                1e-5, i4.t, mv.t, mv.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "x", aclnnInstanceNorm, i4h.t, gc.t, gc.t, "NCHW", 1e-5,
                i4h.t, mv.t, mv.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "x", aclnnInstanceNorm, x.t, gc.t, gc.t, "NCHW", 1e-5, x.t,
                mv.t, mv.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "mean", aclnnInstanceNorm, i4.t, gc.t, gc.t, "NCHW", 1e-5,
                i4.t, mvl.t, mv.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gamma", aclnnInstanceNorm, i4.t, w.t, gc.t, "NCHW", 1e-5,
                i4.t, mv.t, mv.t);
    OT_FREE(&x, &xh, &sc, &sc3, &scb, &sch, &w, &wf, &wh, &mr, &mrh, &i4, &i4h, &gc, &mv, &mvl);
}

/* aclnnFoo's first phase returns want with a message naming the operator and `what`. */
#define FAILS_NAMING(want, what, op, ...)                                                          \
    do {                                                                                           \
        uint64_t ws_;                                                                              \
        aclOpExecutor *ex_;                                                                        \
        aclnnStatus r_ = op##GetWorkspaceSize(__VA_ARGS__, &ws_, &ex_);                            \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        CHECK(r_ == (want) && m_ && strstr(m_, what) && strstr(m_, #op));                          \
    } while (0)

/* The codes and messages of the ops-nn rows (NM4, MD1, BN5); their values:
 * tests/python/test_norm_torch.py. */
static void opsnn_errors(void)
{
    int64_t x3[3] = {2, 4, 3}, c1 = 4, st[2] = {2, 2}, bd[2] = {2, 3};
    ot_tensor x, h, c, ch, m, mh, s2;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 3, x3}, {&h, ACL_FLOAT16, 3, x3}, {&c, ACL_FLOAT, 1, &c1},
                   {&ch, ACL_FLOAT16, 1, &c1}, {&m, ACL_FLOAT, 2, st}, {&mh, ACL_FLOAT16, 2, st},
                   {&s2, ACL_FLOAT, 2, bd});
    /* a FLOAT16 x with FLOAT gamma: the statistics take gamma's type */
    OT_RUN(aclnnGroupNormSwish, h.t, c.t, c.t, 2, NULL, 1e-5, true, 1.0, h.t, m.t, m.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "meanOut", aclnnGroupNormSwish, h.t, c.t, c.t, 2, NULL,
                 1e-5, true, 1.0, h.t, mh.t, mh.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "dataFormatOptional", aclnnGroupNormSwish, x.t, c.t, c.t,
                 2, (char *)"NHWC", 1e-5, true, 1.0, x.t, m.t, m.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "group", aclnnGroupNormSwish, x.t, c.t, c.t, 3, NULL,
                 1e-5, true, 1.0, x.t, m.t, m.t);
    OT_NULL_OUTS(aclnnGroupNormSwish, x.t, c.t, c.t, 2, NULL, 1e-5, true, 1.0, x.t, m.t, m.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "scaleOptional", aclnnModulate, x.t, m.t, NULL, x.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "self", aclnnModulate, NULL, NULL, NULL, x.t);
    bool mv[3] = {true, true, true};
    aclBoolArray *mask = aclCreateBoolArray(mv, 3), *mask2 = aclCreateBoolArray(mv, 2);
    int64_t c3 = 4;
    ot_tensor w;
    ot_make(&w, ACL_FLOAT, 1, &c3, L_CONTIG);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "gradBias", aclnnBatchNormBackward, x.t, x.t, w.t, w.t,
                 w.t, w.t, w.t, true, 1e-5, mask, x.t, w.t, NULL);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "saveMean", aclnnBatchNormBackward, x.t, x.t, w.t, w.t,
                 w.t, NULL, w.t, true, 1e-5, mask, x.t, w.t, w.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "outputMask", aclnnBatchNormBackward, x.t, x.t, w.t, w.t,
                 w.t, w.t, w.t, true, 1e-5, mask2, x.t, w.t, w.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "gradWeight", aclnnBatchNormBackward, x.t, x.t, w.t, w.t,
                 w.t, w.t, w.t, true, 1e-5, mask, x.t, s2.t, w.t);
    /* gradOut is gathered into an input-sized buffer: another shape is refused, not read */
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "gradOut", aclnnBatchNormBackward, m.t, x.t, w.t, w.t,
                 w.t, w.t, w.t, true, 1e-5, mask, x.t, w.t, w.t);
    aclDestroyBoolArray(mask);
    aclDestroyBoolArray(mask2);
    OT_FREE(&x, &h, &c, &ch, &m, &mh, &s2, &w);
}

/* BnInferGrad: NHWC by hand (channel the last dim), the codes (BIG1-BIG2). */
static void big_case(void)
{
    int64_t gd[4] = {1, 1, 2, 2}, cd[1] = {2}, c3[1] = {3};
    ot_tensor g, o, s, v, s3, oh;
    OT_MAKE_CONTIG({&g, ACL_FLOAT, 4, gd}, {&o, ACL_FLOAT, 4, gd}, {&s, ACL_FLOAT, 1, cd},
                   {&v, ACL_FLOAT, 1, cd}, {&s3, ACL_FLOAT, 1, c3}, {&oh, ACL_FLOAT16, 4, gd});
    for (int i = 0; i < 4; i++)
        ot_set(&g, i, i + 1);
    ot_set(&s, 0, 2);
    ot_set(&s, 1, -1);
    ot_set(&v, 0, 3.75);
    ot_set(&v, 1, 0.75);
    OT_RUN(aclnnBnInferGrad, g.t, s.t, v.t, 0.25f, 1, o.t); /* factors 2 / 2 = 1, -1 / 1 */
    const double want[4] = {1, -2, 3, -4};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&o, i) == want[i]);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnBnInferGrad, g.t, s.t, NULL, 0.25f, 1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnBnInferGrad, g.t, s3.t, v.t, 0.25f, 1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnBnInferGrad, g.t, s.t, v.t, 0.25f, 2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnBnInferGrad, g.t, s.t, v.t, 0.25f, 1, oh.t);
    OT_NULL_OUTS(aclnnBnInferGrad, g.t, s.t, v.t, 0.25f, 1, o.t);
    OT_FREE(&g, &o, &s, &v, &s3, &oh);
}

/* LayerNormQuant, AddLayerNormQuant(V2), AdaLayerNormQuant, RmsNormQuantV3: 161001 for a missing
 * tensor, 161002 for types, shapes, modes and CANN's refused combinations of optional inputs,
 * each message naming the parameter. */
static void norm_quant_errors(void)
{
    int64_t d[2] = {2, 3}, c[1] = {3}, one[1] = {1}, r[1] = {2}, d3[3] = {2, 3, 4}, b[2] = {2, 4},
            rs3[2] = {2, 3};
    ot_tensor x, xf, g, s1, q, sc, x3, sc3, q3, qs3;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, d}, {&xf, ACL_FLOAT, 2, d}, {&g, ACL_FLOAT16, 1, c},
                   {&s1, ACL_FLOAT16, 1, one}, {&q, ACL_INT8, 2, d}, {&sc, ACL_FLOAT, 1, r},
                   {&x3, ACL_FLOAT16, 3, d3}, {&sc3, ACL_FLOAT16, 2, b}, {&q3, ACL_INT8, 3, d3},
                   {&qs3, ACL_FLOAT, 2, rs3});
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "quantMode", aclnnLayerNormQuant, x.t, g.t, g.t, s1.t,
                NULL, 1, 1e-5, q.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "scale", aclnnLayerNormQuant, x.t, g.t, g.t, g.t, NULL, 0,
                1e-5, q.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "zeroPointsOptional", aclnnLayerNormQuant, x.t, g.t, g.t,
                s1.t, s1.t, 0, 1e-5, q.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "res", aclnnLayerNormQuant, x.t, g.t, g.t, s1.t, NULL, 0,
                1e-5, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "scales1Optional", aclnnAddLayerNormQuant, x.t, x.t, g.t,
                g.t, NULL, NULL, NULL, NULL, NULL, "static", 1e-5, false, false, q.t, q.t, x.t,
                sc.t, sc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "zeroPoints", aclnnAddLayerNormQuant, x.t, x.t, g.t, g.t,
                NULL, g.t, NULL, g.t, g.t, "static", 1e-5, false, false, q.t, q.t, x.t, sc.t, sc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "quantMode", aclnnAddLayerNormQuant, x.t, x.t, g.t, g.t,
                NULL, g.t, NULL, NULL, NULL, "Static", 1e-5, false, false, q.t, q.t, x.t, sc.t,
                sc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "x1", aclnnAddLayerNormQuant, xf.t, xf.t, g.t, g.t, NULL,
                NULL, NULL, NULL, NULL, "dynamic", 1e-5, false, false, q.t, q.t, xf.t, sc.t, sc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "y1Out", aclnnAddLayerNormQuant, x.t, x.t, g.t, g.t, NULL,
                g.t, NULL, NULL, NULL, "static", 1e-5, false, false, x.t, q.t, x.t, sc.t, sc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "outScales1Out", aclnnAddLayerNormQuant, x.t, x.t, g.t,
                g.t, NULL, NULL, NULL, NULL, NULL, "dynamic", 1e-5, false, false, q.t, q.t, x.t,
                g.t, sc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "layernormRes", aclnnAddLayerNormQuantV2, x.t, x.t, g.t,
                g.t, NULL, g.t, NULL, NULL, NULL, "static", 1e-5, false, false, q.t, q.t, x.t, NULL,
                sc.t, sc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "layernormRes", aclnnAddLayerNormQuantV2, x.t, x.t, g.t,
                g.t, NULL, g.t, NULL, NULL, NULL, "static", 1e-5, false, false, q.t, q.t, x.t, xf.t,
                sc.t, sc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "rstd", aclnnRmsNormQuantV3, x.t, g.t, s1.t, NULL, NULL,
                1e-6, false, true, q.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "offsetOptional", aclnnRmsNormQuantV3, x.t, g.t, s1.t, g.t,
                NULL, 1e-6, false, false, q.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "y", aclnnRmsNormQuantV3, x.t, g.t, s1.t, NULL, NULL, 1e-6,
                false, false, x.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "quantMode", aclnnAdaLayerNormQuant, x3.t, sc3.t, sc3.t,
                NULL, NULL, NULL, 1e-5, "static", q3.t, qs3.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "quantOffsetOptional", aclnnAdaLayerNormQuant, x3.t, sc3.t,
                sc3.t, NULL, NULL, NULL, 1e-5, "dynamic", q3.t, qs3.t, qs3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "smoothScalesOptional", aclnnAdaLayerNormQuant, x3.t,
                sc3.t, sc3.t, NULL, NULL, qs3.t, 1e-5, "dynamic", q3.t, qs3.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "quantScale", aclnnAdaLayerNormQuant, x3.t, sc3.t, sc3.t,
                NULL, NULL, NULL, 1e-5, "dynamic", q3.t, sc.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "quantScale", aclnnAdaLayerNormQuant, x3.t, sc3.t, sc3.t,
                NULL, NULL, NULL, 1e-5, "dynamic", q3.t, NULL, NULL);
    OT_FREE(&x, &xf, &g, &s1, &q, &sc, &x3, &sc3, &q3, &qs3);
}

/* RmsNormGradQuant, GroupNormSiluQuant, QuantizedBatchNorm: 161001 for a missing tensor, 161002
 * for types, shapes and attributes, each message naming the parameter. */
static void quant_grad_errors(void)
{
    int64_t d[2] = {2, 3}, c[1] = {3}, r[1] = {2}, one[1] = {1}, g3[3] = {2, 4, 3}, st[2] = {2, 2},
            q4[4] = {1, 2, 2, 2}, c2[1] = {2};
    ot_tensor x, g, rs, s1, q, dg, o1, gx, gq, gst, qs, bx, bc, bxf;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, d}, {&g, ACL_FLOAT16, 1, c}, {&rs, ACL_FLOAT, 1, r},
                   {&s1, ACL_FLOAT, 1, one}, {&q, ACL_INT8, 2, d}, {&dg, ACL_FLOAT, 1, c},
                   {&o1, ACL_INT8, 1, one}, {&gx, ACL_FLOAT16, 3, g3}, {&gq, ACL_INT8, 3, g3},
                   {&gst, ACL_FLOAT16, 2, st}, {&qs, ACL_FLOAT, 1, c}, {&bx, ACL_INT8, 4, q4},
                   {&bc, ACL_FLOAT, 1, c2}, {&bxf, ACL_FLOAT, 4, q4});
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "scalesX", aclnnRmsNormGradQuant, x.t, x.t, rs.t, g.t,
                NULL, NULL, "static", false, q.t, dg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "quantMode", aclnnRmsNormGradQuant, x.t, x.t, rs.t, g.t,
                s1.t, NULL, "dynamic", false, q.t, dg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dxOut", aclnnRmsNormGradQuant, x.t, x.t, rs.t, g.t, s1.t,
                NULL, "static", false, x.t, dg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "offsetXOptional", aclnnRmsNormGradQuant, x.t, x.t, rs.t,
                g.t, s1.t, o1.t, "static", false, q.t, dg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "scalesX", aclnnRmsNormGradQuant, x.t, x.t, rs.t, g.t,
                dg.t, NULL, "static", false, q.t, dg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "quantScale", aclnnGroupNormSiluQuant, gx.t, NULL, NULL,
                NULL, 2, 1e-5, true, gq.t, gst.t, gst.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "activateSilu", aclnnGroupNormSiluQuant, gx.t, NULL, NULL,
                s1.t, 2, 1e-5, false, gq.t, gst.t, gst.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "quantScale", aclnnGroupNormSiluQuant, gx.t, NULL, NULL,
                qs.t, 2, 1e-5, true, gq.t, gst.t, gst.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "group", aclnnGroupNormSiluQuant, gx.t, NULL, NULL, s1.t,
                3, 1e-5, true, gq.t, gst.t, gst.t);
    float fs = 0.1f;
    int64_t z0 = 0, z300 = 300;
    aclScalar *sf = aclCreateScalar(&fs, ACL_FLOAT), *sz = aclCreateScalar(&z0, ACL_INT64),
              *sbig = aclCreateScalar(&z300, ACL_INT64);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "var", aclnnQuantizedBatchNorm, bx.t, bc.t, NULL, sf, sz,
                sf, sz, NULL, NULL, 1e-5f, bx.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "ZeroPoint", aclnnQuantizedBatchNorm, bx.t, bc.t, bc.t, sf,
                sz, sf, sbig, NULL, NULL, 1e-5f, bx.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "input", aclnnQuantizedBatchNorm, bxf.t, bc.t, bc.t, sf,
                sz, sf, sz, NULL, NULL, 1e-5f, bxf.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "mean", aclnnQuantizedBatchNorm, bx.t, qs.t, bc.t, sf, sz,
                sf, sz, NULL, NULL, 1e-5f, bx.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "output", aclnnQuantizedBatchNorm, bx.t, bc.t, bc.t, sf,
                sz, sf, sz, NULL, NULL, 1e-5f, bxf.t);
    aclDestroyScalar(sf);
    aclDestroyScalar(sz);
    aclDestroyScalar(sbig);
    int64_t bd[3] = {2, 3, 4}, m2[2] = {2, 3}, c3[1] = {3}, n2[1] = {2}, n3[1] = {3};
    ot_tensor bi, bm, bcc, cn2, cn3;
    OT_MAKE_CONTIG({&bi, ACL_FLOAT, 3, bd}, {&bm, ACL_FLOAT, 2, m2}, {&bcc, ACL_FLOAT, 1, c3},
                   {&cn2, ACL_FLOAT, 1, n2}, {&cn3, ACL_FLOAT, 1, n3});
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "sumDyXmu", aclnnBatchNormReduceBackward, bi.t, bi.t,
                bcc.t, bcc.t, NULL, true, false, false, bcc.t, NULL, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "gradBias", aclnnBatchNormReduceBackward, bi.t, bi.t,
                bcc.t, bcc.t, NULL, false, false, true, NULL, NULL, NULL, cn2.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "counts", aclnnBatchNormGatherStatsWithCounts, bi.t, bm.t,
                bm.t, NULL, NULL, 0.1, 1e-5, cn3.t, bcc.t, bcc.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "invstdAll", aclnnBatchNormGatherStatsWithCounts, bi.t,
                bm.t, bm.t, NULL, NULL, 0.1, 1e-5, cn2.t, bcc.t, cn2.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "counts", aclnnBatchNormGatherStatsWithCounts, bi.t, bm.t,
                bm.t, NULL, NULL, 0.1, 1e-5, NULL, bcc.t, bcc.t);
    int64_t gd[2] = {2, 3}, gsd[2] = {2, 1};
    ot_tensor lx, lxh, lg, ls;
    OT_MAKE_CONTIG({&lx, ACL_FLOAT, 2, gd}, {&lxh, ACL_FLOAT16, 2, gd}, {&lg, ACL_FLOAT, 1, c3},
                   {&ls, ACL_FLOAT, 2, gsd});
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "x2", aclnnAddLayerNormGrad, lx.t, lx.t, NULL, ls.t, ls.t,
                lg.t, NULL, lx.t, lg.t, lg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dsumOptional", aclnnAddLayerNormGrad, lx.t, lx.t, lx.t,
                ls.t, ls.t, lg.t, lxh.t, lx.t, lg.t, lg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dgammaOut", aclnnAddLayerNormGrad, lx.t, lx.t, lx.t, ls.t,
                ls.t, lg.t, NULL, lx.t, ls.t, lg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dgxOut", aclnnDeepNormGrad, lx.t, lx.t, lx.t, lg.t, ls.t,
                ls.t, 0.5, lx.t, lxh.t, lg.t, lg.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "dbetaOut", aclnnDeepNormGrad, lx.t, lx.t, lx.t, lg.t,
                ls.t, ls.t, 0.5, lx.t, lx.t, NULL, lg.t);
    OT_FREE(&lx, &lxh, &lg, &ls);
    OT_FREE(&bi, &bm, &bcc, &cn2, &cn3);
    OT_FREE(&x, &g, &rs, &s1, &q, &dg, &o1, &gx, &gq, &gst, &qs, &bx, &bc, &bxf);
}

/* ScaledMaskedSoftmax(Backward), ModulateBackward: 161001 for a missing tensor, 161002 for types,
 * shapes and attributes, each message naming the parameter. */
static void vfusion_errors(void)
{
    int64_t d4[4] = {1, 2, 3, 4}, m4[4] = {1, 1, 3, 4}, m3[4] = {1, 3, 3, 4}, d3[3] = {2, 3, 4},
            bd[2] = {2, 4}, b3[2] = {3, 4};
    ot_tensor x, xh, m, mb, mi, mx, mxh, ms, msb;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 4, d4}, {&xh, ACL_FLOAT16, 4, d4}, {&m, ACL_BOOL, 4, m4},
                   {&mb, ACL_BOOL, 4, m3}, {&mi, ACL_INT8, 4, m4}, {&mx, ACL_FLOAT, 3, d3},
                   {&mxh, ACL_FLOAT16, 3, d3}, {&ms, ACL_FLOAT, 2, bd}, {&msb, ACL_FLOAT, 2, b3});
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "mask", aclnnScaledMaskedSoftmax, x.t, NULL, 1.0, false,
                x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "fixedTriuMask", aclnnScaledMaskedSoftmax, x.t, m.t, 1.0,
                true, x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "mask", aclnnScaledMaskedSoftmax, x.t, mi.t, 1.0, false,
                x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "mask", aclnnScaledMaskedSoftmax, x.t, mb.t, 1.0, false,
                x.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "y", aclnnScaledMaskedSoftmax, x.t, m.t, 1.0, false, xh.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "out", aclnnScaledMaskedSoftmaxBackward, x.t, x.t, m.t,
                1.0, false, xh.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "grad_scale", aclnnModulateBackward, mx.t, mx.t, ms.t,
                NULL, mx.t, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "grad_input", aclnnModulateBackward, mx.t, mx.t, NULL,
                NULL, mxh.t, NULL, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "shift", aclnnModulateBackward, mx.t, mx.t, NULL, msb.t,
                mx.t, NULL, msb.t);
    int64_t gsd[2] = {2, 3}, c3[1] = {3}, c4[1] = {4};
    ot_tensor gst, gc, gc3;
    OT_MAKE_CONTIG({&gst, ACL_FLOAT, 2, gsd}, {&gc, ACL_FLOAT, 1, c4}, {&gc3, ACL_FLOAT, 1, c3});
    /* mx [2, 3, 4]: N 2, C 3 - numGroups 3 divides it, 2 does not */
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "numGroups", aclnnGroupNormSwishGrad, mx.t, gst.t, gst.t,
                mx.t, gc3.t, gc3.t, 2, NULL, 1.0, true, true, mx.t, gc3.t, gc3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "dbetaOut", aclnnGroupNormSwishGrad, mx.t, gst.t, gst.t,
                mx.t, gc3.t, gc3.t, 3, NULL, 1.0, true, true, mx.t, gc3.t, NULL);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "beta", aclnnGroupNormSwishGrad, mx.t, gst.t, gst.t, mx.t,
                gc3.t, gc.t, 3, NULL, 1.0, true, true, mx.t, gc3.t, gc3.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "dataFormatOptional", aclnnGroupNormSwishGrad, mx.t, gst.t,
                gst.t, mx.t, gc3.t, gc3.t, 3, "NHWC", 1.0, true, true, mx.t, gc3.t, gc3.t);
    int64_t rx[4] = {6, 2, 4, 5}, rm[3] = {3, 4, 5}, rb[3] = {3, 4, 5};
    ot_tensor qx, qm, qb;
    OT_MAKE_CONTIG({&qx, ACL_FLOAT, 4, rx}, {&qm, ACL_FLOAT, 3, rm}, {&qb, ACL_FLOAT, 3, rb});
    NAMED_FAILS(ACLNN_ERR_PARAM_NULLPTR, "relativePosBias", aclnnMaskedSoftmaxWithRelPosBias, qx.t,
                qm.t, NULL, 1.0, 0, qx.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "relativePosBias", aclnnMaskedSoftmaxWithRelPosBias, qx.t,
                qm.t, qb.t, 1.0, 0, qx.t);
    NAMED_FAILS(ACLNN_ERR_PARAM_INVALID, "innerPrecisionMode", aclnnMaskedSoftmaxWithRelPosBias,
                qx.t, qm.t, qb.t, 1.0, 3, qx.t);
    OT_FREE(&qx, &qm, &qb);
    OT_FREE(&gst, &gc, &gc3);
    OT_FREE(&x, &xh, &m, &mb, &mi, &mx, &mxh, &ms, &msb);
}

int main(void)
{
    ot_init();
    const int64_t d3[3] = {2, 3, 37}, d2[2] = {5, 8}, d4[4] = {2, 6, 5, 3}, g2[2] = {4, 6};
    const int64_t e3[3] = {0, 3, 8};
    for (int t = 0; t < 3; t++) {
        arn_case(F3[t], 3, d3, 1, L_CONTIG);
        arn_case(F3[t], 3, d3, 2, L_STEP);
        arn_case(F3[t], 2, d2, 1, L_TRANS);
        gn_case(F3[t], 4, d4, 3, true, L_CONTIG);
        gn_case(F3[t], 4, d4, 2, false, L_STEP);
        gn_case(F3[t], 2, g2, 3, true, L_TRANS);
        sce_case(F3[t], 5, 11, L_CONTIG);
        sce_case(F3[t], 3, 1, L_TRANS);
    }
    arn_case(ACL_FLOAT16, 3, e3, 1, L_CONTIG); /* empty */
    const int64_t n4[4] = {2, 3, 4, 5}, last[1] = {3}, two[2] = {0, -2}, neg[1] = {-1};
    pn_case(ACL_FLOAT, ACL_FLOAT, 4, n4, 1, last, true, 2.0, L_CONTIG); /* ggml's call */
    pn_case(ACL_FLOAT16, ACL_FLOAT16, 4, n4, 2, two, false, 1.0, L_STEP);
    pn_case(ACL_BF16, ACL_FLOAT, 4, n4, 1, neg, false, INFINITY, L_TRANS);
    pn_case(ACL_FLOAT, ACL_FLOAT, 4, n4, 1, last, false, -INFINITY, L_GAP);
    pn_case(ACL_FLOAT, ACL_FLOAT16, 4, n4, 2, two, true, 0.0, L_CONTIG);
    pn_case(ACL_FLOAT, ACL_FLOAT, 4, n4, 0, NULL, false, 3.0, L_CONTIG);
    pn_case(ACL_FLOAT, ACL_FLOAT, 3, e3, 1, neg, true, 2.0, L_CONTIG); /* empty */
    arn_errors();
    gn_errors();
    pn_errors();
    sce_errors();
    nbw_errors();
    gnb_errors();
    normalization_grad_errors();
    fused_errors();
    ada_instance_errors();
    norm_quant_errors();
    quant_grad_errors();
    vfusion_errors();
    opsnn_errors();
    big_case();
    ot_fini();
    printf("ops_norm: %d cases passed\n", g_cases);
    return 0;
}
