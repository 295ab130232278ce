/* SPDX-License-Identifier: Apache-2.0 */
/* Activations with parameters (Elu, GeluV2, Hardsigmoid, Hardswish, LeakyRelu,
 * Softplus, Threshold), comparisons (EqTensor, GtScalar), gated units (SwiGlu,
 * GeGluV3) and ClampMin / ClampMax / InplaceClampMax against double references
 * written here: every accepted dtype, odd and empty shapes, broadcasting,
 * strided views (the four optest.h layouts), in-place forms, misuse codes. */
#include <string.h>

#include "optest.h"

#include "aclnnop/aclnn_clamp.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_eq_tensor.h"
#include "aclnnop/aclnn_geglu.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_gt_scalar.h"
#include "aclnnop/aclnn_hardsigmoid.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_softplus.h"
#include "aclnnop/aclnn_swi_glu.h"
#include "aclnnop/aclnn_threshold.h"
#include "aclnnop/aclnn_celu_v2.h"
#include "aclnnop/aclnn_relu_grad_v4.h"
#include "aclnnop/aclnn_relu_v3.h"
#include "aclnnop/aclnn_swiglu_clamp.h"
#include "aclnnop/aclnn_tanh_grad.h"
#include "aclnnop/aclnn_fatrelu_mul.h"
#include "aclnnop/aclnn_gelu_mul.h"
#include "aclnnop/aclnn_prelu_backward.h"
#include "aclnnop/aclnn_rrelu_with_noise.h"
#include "aclnnop/aclnn_clipped_swiglu.h"
#include "aclnnop/aclnn_clipped_swiglu_grad.h"
#include "aclnnop/aclnn_situ_glu.h"
#include "aclnnop/aclnn_situ_glu_grad.h"
#include "aclnnop/aclnn_swiglu_group.h"
#include "aclnnop/aclnn_clipped_swiglu_v2.h"
#include "aclnnop/aclnn_swi_glu_grad.h"

static int g_cases;

/* ---- references ---------------------------------------------------------------------------- */

static double g_p[3]; /* the current operator's parameters */

static double r_elu(double x)
{
    return x > 0 ? g_p[1] * x : g_p[0] * g_p[1] * expm1(g_p[2] * x);
}
static double r_gelu_erf(double x)
{
    return 0.5 * x * erfc(-x / sqrt(2.0));
}
static double r_gelu_tanh(double x)
{
    return 0.5 * x * (1 + tanh(sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}
static double r_hsig(double x)
{
    return fmin(fmax(x + 3, 0), 6) / 6;
}
static double r_hswish(double x)
{
    return x * r_hsig(x);
}
static double r_leaky(double x)
{
    return x > 0 ? x : g_p[0] * x;
}
static double r_softplus(double x)
{
    return g_p[0] * x > g_p[1] ? x : log1p(exp(g_p[0] * x)) / g_p[0];
}
static double r_thresh(double x)
{
    return x > g_p[0] ? x : g_p[1];
}
static double r_clampmin(double x)
{
    return isnan(x) ? x : fmax(x, g_p[0]);
}
static double r_clampmax(double x)
{
    return isnan(x) ? x : fmin(x, g_p[0]);
}

/* ---- the unary harness -------------------------------------------------------------------- */

typedef aclnnStatus (*build_fn)(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*build_ip_fn)(aclTensor *, uint64_t *, aclOpExecutor **);

static aclScalar *g_s[3];

static aclnnStatus b_elu(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnEluGetWorkspaceSize(s, g_s[0], g_s[1], g_s[2], o, w, e);
}
static aclnnStatus bi_elu(aclTensor *s, uint64_t *w, aclOpExecutor **e)
{
    return aclnnInplaceEluGetWorkspaceSize(s, g_s[0], g_s[1], g_s[2], w, e);
}
static aclnnStatus b_gelu0(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnGeluV2GetWorkspaceSize(s, 0, o, w, e);
}
static aclnnStatus b_gelu1(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnGeluV2GetWorkspaceSize(s, 1, o, w, e);
}
static aclnnStatus b_hsig(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnHardsigmoidGetWorkspaceSize(s, o, w, e);
}
static aclnnStatus bi_hsig(aclTensor *s, uint64_t *w, aclOpExecutor **e)
{
    return aclnnInplaceHardsigmoidGetWorkspaceSize(s, w, e);
}
static aclnnStatus b_hswish(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnHardswishGetWorkspaceSize(s, o, w, e);
}
static aclnnStatus bi_hswish(aclTensor *s, uint64_t *w, aclOpExecutor **e)
{
    return aclnnInplaceHardswishGetWorkspaceSize(s, w, e);
}
static aclnnStatus b_leaky(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnLeakyReluGetWorkspaceSize(s, g_s[0], o, w, e);
}
static aclnnStatus bi_leaky(aclTensor *s, uint64_t *w, aclOpExecutor **e)
{
    return aclnnInplaceLeakyReluGetWorkspaceSize(s, g_s[0], w, e);
}
static aclnnStatus b_softplus(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnSoftplusGetWorkspaceSize(s, g_s[0], g_s[1], o, w, e);
}
static aclnnStatus b_thresh(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnThresholdGetWorkspaceSize(s, g_s[0], g_s[1], o, w, e);
}
static aclnnStatus bi_thresh(aclTensor *s, uint64_t *w, aclOpExecutor **e)
{
    return aclnnInplaceThresholdGetWorkspaceSize(s, g_s[0], g_s[1], w, e);
}
static aclnnStatus b_clampmin(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnClampMinGetWorkspaceSize(s, g_s[0], o, w, e);
}
static aclnnStatus b_clampmax(const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e)
{
    return aclnnClampMaxGetWorkspaceSize(s, g_s[0], o, w, e);
}
static aclnnStatus bi_clampmax(aclTensor *s, uint64_t *w, aclOpExecutor **e)
{
    return aclnnInplaceClampMaxGetWorkspaceSize(s, g_s[0], w, e);
}

struct aop {
    const char *name;
    build_fn build;
    ot_phase2 run;
    build_ip_fn build_ip;
    ot_phase2 run_ip;
    unsigned mask;    /* accepted self types, bits of OT_ALL */
    unsigned ip_mask; /* accepted in place */
    double (*ref)(double);
    double lo, hi;
    double p[3]; /* parameters (g_p and the scalars g_s) */
    int np;
    bool int_params; /* scalars as INT64 (else FLOAT) */
};

#define B(i) (1u << (i))
#define M_F3 (B(0) | B(1) | B(2))
#define M_F3D (M_F3 | B(3))

static const struct aop g_ops[] = {
    {"Elu",
     b_elu,
     aclnnElu,
     bi_elu,
     aclnnInplaceElu,
     M_F3,
     M_F3D,
     r_elu,
     -4,
     3,
     {0.7, 1.3, 0.9},
     3,
     false},
    {"Elu(1,1,1)", b_elu, aclnnElu, NULL, NULL, M_F3, 0, r_elu, -4, 3, {1, 1, 1}, 3, false},
    {"GeluV2(none)", b_gelu0, aclnnGeluV2, NULL, NULL, M_F3, 0, r_gelu_erf, -5, 5, {0}, 0, false},
    {"GeluV2(tanh)", b_gelu1, aclnnGeluV2, NULL, NULL, M_F3, 0, r_gelu_tanh, -5, 5, {0}, 0, false},
    {"Hardsigmoid",
     b_hsig,
     aclnnHardsigmoid,
     bi_hsig,
     aclnnInplaceHardsigmoid,
     M_F3 | B(7),
     M_F3 | B(7),
     r_hsig,
     -5,
     5,
     {0},
     0,
     false},
    {"Hardswish",
     b_hswish,
     aclnnHardswish,
     bi_hswish,
     aclnnInplaceHardswish,
     M_F3,
     M_F3,
     r_hswish,
     -5,
     5,
     {0},
     0,
     false},
    {"LeakyRelu",
     b_leaky,
     aclnnLeakyRelu,
     bi_leaky,
     aclnnInplaceLeakyRelu,
     M_F3,
     M_F3D,
     r_leaky,
     -3,
     3,
     {0.01},
     1,
     false},
    {"Softplus",
     b_softplus,
     aclnnSoftplus,
     NULL,
     NULL,
     M_F3,
     0,
     r_softplus,
     -8,
     25,
     {1, 20},
     2,
     false},
    {"Softplus(b2,t3)",
     b_softplus,
     aclnnSoftplus,
     NULL,
     NULL,
     M_F3,
     0,
     r_softplus,
     -4,
     4,
     {2, 3},
     2,
     false},
    {"Threshold",
     b_thresh,
     aclnnThreshold,
     bi_thresh,
     aclnnInplaceThreshold,
     M_F3 | B(4) | B(5) | B(6) | B(7) | B(8),
     M_F3 | B(4) | B(5) | B(6) | B(7) | B(8),
     r_thresh,
     -9,
     9,
     {2, 7},
     2,
     true},
    {"ClampMin",
     b_clampmin,
     aclnnClampMin,
     NULL,
     NULL,
     0x3ffu & ~B(9),
     0,
     r_clampmin,
     -9,
     9,
     {-3},
     1,
     true},
    {"ClampMax",
     b_clampmax,
     aclnnClampMax,
     bi_clampmax,
     aclnnInplaceClampMax,
     0x3ffu & ~B(9),
     0x3ffu & ~B(9),
     r_clampmax,
     -9,
     9,
     {4},
     1,
     true},
};
#define NOPS ((int)(sizeof g_ops / sizeof g_ops[0]))

static void set_params(const struct aop *op)
{
    for (int i = 0; i < 3; i++) {
        g_p[i] = op->int_params ? (double)(int64_t)op->p[i] : (double)(float)op->p[i];
        if (g_s[i])
            aclDestroyScalar(g_s[i]);
        g_s[i] = op->int_params ? ot_scalar_i64((int64_t)op->p[i]) : ot_scalar_f32((float)op->p[i]);
    }
}

/* The expected value: the reference of the rounded input, rounded to the
 * result type (self's for floats; integers compute in float and truncate),
 * then to out's type. */
static double expect(const struct aop *op, aclDataType sdt, aclDataType odt, double x)
{
    double r = op->ref(x);
    return ot_round(odt, ot_is_float(sdt) ? ot_round(sdt, r) : trunc(r));
}

static void check_one(const struct aop *op, aclDataType dt, int nd, const int64_t *dims, int lin,
                      int lout, bool inplace)
{
    ot_tensor x, o;
    ot_make(&x, dt, nd, dims, lin);
    ot_fill(&x, op->lo, op->hi);
    if (ot_is_float(dt) && x.numel > 3) { /* edges: 0, a NaN-free big value, the threshold */
        ot_set(&x, 0, 0.0);
        ot_set(&x, 1, ot_round(dt, op->hi * 2));
        ot_set(&x, 2, ot_round(dt, op->p[0]));
    }
    double *in = ot_values(&x);
    uint64_t ws = 1;
    aclOpExecutor *ex = NULL;
    ot_tensor *res = &x;
    if (inplace) {
        CHECK_NN(ACLNN_SUCCESS, op->build_ip(x.t, &ws, &ex));
        ot_run(op->run_ip, ws, ex);
    } else {
        ot_make(&o, dt, nd, dims, lout);
        CHECK_NN(ACLNN_SUCCESS, op->build(x.t, o.t, &ws, &ex));
        ot_run(op->run, ws, ex);
        res = &o;
        CHECK(ot_gaps_intact(&o));
    }
    for (int64_t i = 0; i < x.numel; i++) {
        double want = expect(op, dt, dt, in[i]), got = ot_get(res, i);
        if (!ot_close(dt, dt, got, want)) {
            fprintf(stderr, "%s%s %s layout %d/%d: [%lld] f(%.9g) = %.9g, want %.9g\n", op->name,
                    inplace ? " (in place)" : "", ot_dt_name(dt), lin, lout, (long long)i, in[i],
                    got, want);
            exit(1);
        }
    }
    free(in);
    if (!inplace)
        ot_free(&o);
    ot_free(&x);
    g_cases++;
}

static void test_unary(void)
{
    int64_t shapes[4][3] = {{7, 13, 5}, {1, 1027, 1}, {3, 0, 4}, {2, 3, 65}};
    for (int k = 0; k < NOPS; k++) {
        const struct aop *op = &g_ops[k];
        set_params(op);
        for (int d = 0; d < OT_NALL; d++) {
            aclDataType dt = OT_ALL[d];
            int64_t dims[2] = {4, 5};
            ot_tensor x, o;
            ot_make(&x, dt, 2, dims, L_CONTIG);
            ot_make(&o, dt, 2, dims, L_CONTIG);
            uint64_t ws;
            aclOpExecutor *ex;
            if (!(op->mask & B(d))) { /* refused with 161002 */
                CHECK_NN(ACLNN_ERR_PARAM_INVALID, op->build(x.t, o.t, &ws, &ex));
            } else {
                for (int s = 0; s < 4; s++)
                    for (int l = 0; l < L_COUNT; l++)
                        check_one(op, dt, s == 1 ? 2 : 3, shapes[s], l, (l + s) % L_COUNT, false);
            }
            if (op->build_ip) {
                if (!(op->ip_mask & B(d))) {
                    CHECK_NN(ACLNN_ERR_PARAM_INVALID, op->build_ip(x.t, &ws, &ex));
                } else {
                    for (int l = 0; l < L_COUNT; l++)
                        check_one(op, dt, 3, shapes[l % 4], l, l, true);
                }
            }
            OT_FREE(&x, &o);
        }
        /* misuse: NULL tensors, shape mismatch, a 0-d tensor works */
        int64_t a[2] = {4, 5}, b[2] = {5, 4};
        ot_tensor x, o, o2;
        OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, a}, {&o, ACL_FLOAT, 2, b}, {&o2, ACL_FLOAT, 0, a});
        uint64_t ws;
        aclOpExecutor *ex;
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, op->build(NULL, o.t, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, op->build(x.t, NULL, &ws, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, op->build(x.t, x.t, NULL, &ex));
        CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, op->build(x.t, x.t, &ws, NULL));
        CHECK_NN(ACLNN_ERR_PARAM_INVALID, op->build(x.t, o.t, &ws, &ex));
        check_one(op, ACL_FLOAT, 0, a, L_CONTIG, L_CONTIG, false);
        OT_FREE(&x, &o, &o2);
    }
    /* parameters that are NULL, approximate out of range, mixed self/out types */
    int64_t a[1] = {8};
    ot_tensor x, o16, xi;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 1, a}, {&o16, ACL_FLOAT16, 1, a}, {&xi, ACL_INT32, 1, a});
    uint64_t ws;
    aclOpExecutor *ex;
    aclScalar *one = ot_scalar_f32(1);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnElu, x.t, NULL, one, one, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnLeakyRelu, x.t, NULL, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSoftplus, x.t, one, NULL, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnThreshold, x.t, one, NULL, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnClampMin, x.t, NULL, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceClampMax, x.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGeluV2, x.t, 2, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGeluV2, x.t, 0, o16.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnHardsigmoid, x.t, o16.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnElu, xi.t, one, one, one, x.t);
    /* Threshold: an int self with float scalars into an int selfRef is refused */
    aclScalar *half = ot_scalar_f32(0.5f);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceThreshold, xi.t, half, one);
    aclDestroyScalar(half);
    /* Elu / LeakyRelu / Hardswish cast into a wider out: f16 self, f32 out */
    set_params(&g_ops[0]);
    ot_fill(&o16, -3, 3);
    CHECK_NN(ACLNN_SUCCESS, aclnnEluGetWorkspaceSize(o16.t, g_s[0], g_s[1], g_s[2], x.t, &ws, &ex));
    ot_run(aclnnElu, ws, ex);
    for (int i = 0; i < 8; i++) {
        double want = ot_round(ACL_FLOAT16, r_elu(ot_get(&o16, i)));
        CHECK(ot_close(ACL_FLOAT, ACL_FLOAT16, ot_get(&x, i), want));
    }
    aclDestroyScalar(one);
    OT_FREE(&x, &o16, &xi);
}

/* ---- comparisons -------------------------------------------------------------------------------
 */

static void check_eq(aclDataType a, aclDataType b, aclDataType o, int la, int lb, int lo)
{
    int64_t da[3] = {3, 1, 5}, db[2] = {4, 5}, dout[3] = {3, 4, 5};
    ot_tensor x, y, z;
    ot_make(&x, a, 3, da, la);
    ot_make(&y, b, 2, db, lb);
    ot_make(&z, o, 3, dout, lo);
    ot_fill(&x, -2, 2); /* small whole numbers: many equal pairs */
    ot_fill(&y, -2, 2);
    for (int64_t i = 0; i < x.numel; i++)
        ot_set(&x, i, ot_round(a, floor(ot_get(&x, i))));
    for (int64_t i = 0; i < y.numel; i++)
        ot_set(&y, i, ot_round(b, floor(ot_get(&y, i))));
    if (ot_is_float(a))
        ot_set(&x, 0, NAN);
    OT_RUN(aclnnEqTensor, x.t, y.t, z.t);
    int eq = 0;
    for (int64_t i = 0; i < z.numel; i++) {
        double u = ot_get(&x, ot_bcast_index(i, dout, 3, da, 3));
        double v = ot_get(&y, ot_bcast_index(i, dout, 3, db, 2));
        double want = u == v;
        eq += u == v;
        if (ot_get(&z, i) != want) {
            fprintf(stderr, "EqTensor %s %s -> %s: [%lld] %g == %g gave %g\n", ot_dt_name(a),
                    ot_dt_name(b), ot_dt_name(o), (long long)i, u, v, ot_get(&z, i));
            exit(1);
        }
    }
    CHECK(eq > 0 && eq < z.numel);
    CHECK(ot_gaps_intact(&z));
    OT_FREE(&x, &y, &z);
    g_cases++;
}

static void check_gt(aclDataType a, aclDataType o, aclScalar *s, double sv, int la, int lo)
{
    int64_t d[3] = {2, 7, 9};
    ot_tensor x, z;
    ot_make(&x, a, 3, d, la);
    ot_make(&z, o, 3, d, lo);
    ot_fill(&x, -3, 3);
    if (ot_is_float(a))
        ot_set(&x, 3, NAN);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnGtScalarGetWorkspaceSize(x.t, s, z.t, &ws, &ex));
    ot_run(aclnnGtScalar, ws, ex);
    for (int64_t i = 0; i < z.numel; i++) {
        double u = ot_get(&x, i), want = u > sv;
        if (ot_get(&z, i) != want) {
            fprintf(stderr, "GtScalar %s > %g -> %s: [%lld] %g gave %g\n", ot_dt_name(a), sv,
                    ot_dt_name(o), (long long)i, u, ot_get(&z, i));
            exit(1);
        }
    }
    /* in place */
    double keep[2 * 7 * 9];
    for (int64_t i = 0; i < x.numel; i++)
        keep[i] = ot_get(&x, i);
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceGtScalarGetWorkspaceSize(x.t, s, &ws, &ex));
    ot_run(aclnnInplaceGtScalar, ws, ex);
    for (int64_t i = 0; i < x.numel; i++)
        CHECK(ot_get(&x, i) == (double)(keep[i] > sv));
    OT_FREE(&x, &z);
    g_cases++;
}

static void test_compare(void)
{
    for (int i = 0; i < OT_NALL; i++)
        for (int j = 0; j < OT_NALL; j += 3) {
            aclDataType o = (i + j) % 2 ? ACL_BOOL : OT_ALL[(i + j) % OT_NALL];
            check_eq(OT_ALL[i], OT_ALL[j], o, i % L_COUNT, j % L_COUNT, (i + j) % L_COUNT);
        }
    check_eq(ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, L_CONTIG, L_CONTIG, L_CONTIG); /* ggml */
    aclScalar *z = ot_scalar_f32(0), *h = ot_scalar_f32(1.5f), *two = ot_scalar_i64(2);
    for (int i = 0; i < OT_NALL; i++) {
        check_gt(OT_ALL[i], ACL_BOOL, z, 0, i % L_COUNT, (i + 1) % L_COUNT);
        check_gt(OT_ALL[i], OT_ALL[i], two, 2, (i + 2) % L_COUNT, i % L_COUNT);
        if (OT_ALL[i] != ACL_BOOL)
            check_gt(OT_ALL[i], ACL_FLOAT, h, 1.5, L_STEP, L_GAP); /* int self: 1.5, not 1 */
    }
    /* misuse */
    int64_t a[2] = {3, 4}, b[2] = {2, 4};
    ot_tensor x, y, o;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, a}, {&y, ACL_FLOAT, 2, b}, {&o, ACL_BOOL, 2, a});
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnEqTensor, NULL, x.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnEqTensor, x.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnEqTensor, x.t, x.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnGtScalar, x.t, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnEqTensor, x.t, y.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGtScalar, y.t, z, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceEqTensor, y.t, x.t);
    aclDestroyScalar(z);
    aclDestroyScalar(h);
    aclDestroyScalar(two);
    OT_FREE(&x, &y, &o);
}

/* ---- gated units -------------------------------------------------------------------------------
 */

static double silu(double x)
{
    return x / (1 + exp(-x));
}

/* kind 0: SwiGlu; 1: GeGluV3 approximate 0; 2: approximate 1. */
static void check_glu(int kind, bool left, aclDataType dt, int nd, const int64_t *dims, int dim,
                      int lx, int lo)
{
    int d = dim < 0 ? dim + nd : dim;
    left |= kind == 0; /* SwiGlu always activates the first half */
    int64_t half[4];
    memcpy(half, dims, (size_t)nd * sizeof(int64_t));
    half[d] /= 2;
    ot_tensor x, o, g;
    ot_make(&x, dt, nd, dims, lx);
    ot_make(&o, dt, nd, half, lo);
    ot_make(&g, dt, nd, half, (lo + 1) % L_COUNT);
    ot_fill(&x, -4, 4);
    uint64_t ws;
    aclOpExecutor *ex;
    if (kind == 0) {
        CHECK_NN(ACLNN_SUCCESS, aclnnSwiGluGetWorkspaceSize(x.t, dim, o.t, &ws, &ex));
        ot_run(aclnnSwiGlu, ws, ex);
    } else {
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnGeGluV3GetWorkspaceSize(x.t, dim, kind - 1, left, o.t, g.t, &ws, &ex));
        ot_run(aclnnGeGluV3, ws, ex);
    }
    int64_t idx[4];
    for (int64_t i = 0; i < o.numel; i++) {
        ot_unravel(i, half, nd, idx);
        double a = ot_get(&x, ot_ravel(idx, dims, nd));
        idx[d] += half[d];
        double b = ot_get(&x, ot_ravel(idx, dims, nd));
        if (!left) {
            double t = a;
            a = b;
            b = t;
        }
        double act = kind == 0 ? silu(a) : kind == 1 ? r_gelu_erf(a) : r_gelu_tanh(a);
        double want = ot_round(dt, act * b), got = ot_get(&o, i);
        if (!ot_close(dt, dt, got, want)) {
            fprintf(stderr, "glu %d left %d %s dim %d: [%lld] = %.9g, want %.9g\n", kind, left,
                    ot_dt_name(dt), dim, (long long)i, got, want);
            exit(1);
        }
        if (kind)
            CHECK(ot_close(dt, dt, ot_get(&g, i), ot_round(dt, act)));
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&x, &o, &g);
    g_cases++;
}

static void test_glu(void)
{
    aclDataType f3[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    int64_t s1[3] = {3, 5, 10}, s2[4] = {2, 6, 3, 7}, s3[2] = {1, 2}, s4[3] = {2, 0, 4};
    for (int t = 0; t < 3; t++)
        for (int kind = 0; kind < 3; kind++)
            for (int l = 0; l < L_COUNT; l++) {
                check_glu(kind, true, f3[t], 3, s1, -1, l, (l + 1) % L_COUNT);
                check_glu(kind, l % 2 == 0, f3[t], 4, s2, 1, (l + 2) % L_COUNT, l);
                check_glu(kind, true, f3[t], 2, s3, 1, l, l);
                check_glu(kind, false, f3[t], 3, s4, 2, l, l); /* empty */
            }
    /* misuse */
    int64_t odd[2] = {3, 5}, ok[2] = {3, 4}, h[2] = {3, 2}, wrong[2] = {3, 3};
    ot_tensor x, xo, o, ow, oi, oh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, ok}, {&xo, ACL_FLOAT, 2, odd}, {&o, ACL_FLOAT, 2, h},
                   {&ow, ACL_FLOAT, 2, wrong}, {&oi, ACL_INT32, 2, ok}, {&oh, ACL_FLOAT16, 2, h});
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSwiGlu, NULL, -1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSwiGlu, x.t, -1, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSwiGlu, xo.t, -1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSwiGlu, x.t, -1, ow.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSwiGlu, x.t, 2, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSwiGlu, x.t, -3, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSwiGlu, oi.t, -1, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSwiGlu, x.t, -1, oh.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnGeGluV3, x.t, -1, 0, true, o.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGeGluV3, x.t, -1, 2, true, o.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGeGluV3, x.t, -1, 0, true, o.t, oh.t);
    OT_FREE(&x, &xo, &o, &ow, &oi, &oh);
}

/* The experimental folder's rows: codes (each with a message: CHECK_NN) and ReluV3's packed mask
 * worked out by hand. */
static void test_later(void)
{
    int64_t s[2] = {2, 10}, ms[2] = {2, 2}, s7[2] = {2, 7}, hs[2] = {2, 5};
    ot_tensor x, y, m, x7, h, u8, bf;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&y, ACL_FLOAT, 2, s}, {&m, ACL_UINT8, 2, ms},
                   {&x7, ACL_FLOAT, 2, s7}, {&h, ACL_FLOAT, 2, hs}, {&u8, ACL_UINT8, 2, s},
                   {&bf, ACL_BF16, 2, s});
    for (int i = 0; i < 20; i++)
        ot_set(&x, i, i % 3 == 0 ? -1.0 : i);
    OT_RUN(aclnnReluV3, x.t, y.t, m.t);
    /* row 0: x > 0 at 1, 2, 4, 5, 7, 8 | row 1 (i = 10..19): 10, 11, 13, 14, 16, 17, 19 */
    CHECK(ot_get(&m, 0) == 0xB6 && ot_get(&m, 1) == 0x01);
    CHECK(ot_get(&m, 2) == 0xDB && ot_get(&m, 3) == 0x02);
    CHECK(ot_get(&y, 0) == 0.0 && ot_get(&y, 19) == 19.0);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnReluV3, x.t, y.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReluV3, x.t, y.t, x.t);   /* maskOut FLOAT */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReluV3, x.t, y.t, u8.t);  /* maskOut's shape */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCeluV2, bf.t, 1.0, bf.t); /* no BFLOAT16 */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCeluV2, x.t, 0.0, y.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSwigluClamp, x7.t, 1.0, h.t); /* odd last dim */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSwigluClamp, x.t, 1.0, x.t);  /* y not halved */
    OT_RUN(aclnnSwigluClamp, x.t, 7.0, h.t);
    float zero = 0.0f;
    aclScalar *th = aclCreateScalar(&zero, ACL_FLOAT);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnReluGradV4, x.t, x.t, th, y.t); /* self FLOAT */
    aclDestroyScalar(th);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnTanhGrad, x.t, NULL, y.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnTanhGrad, x.t, h.t, y.t);
    OT_FREE(&x, &y, &m, &x7, &h, &u8, &bf);
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

/* The ops-nn rows (AC13, PB1): a FatreluMul worked by hand (the threshold is read at launch)
 * and the codes and messages; their torch checks: tests/python/test_activation_torch.py. */
static void test_opsnn(void)
{
    int64_t s[2] = {2, 4}, hs[2] = {2, 2}, one = 1, s3[2] = {2, 3}, c3 = 3, c2 = 2;
    ot_tensor x, o, t, th, x3, w3, w2;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&o, ACL_FLOAT, 2, hs}, {&t, ACL_FLOAT, 1, &one},
                   {&th, ACL_FLOAT16, 1, &one}, {&x3, ACL_FLOAT, 2, s3}, {&w3, ACL_FLOAT, 1, &c3},
                   {&w2, ACL_FLOAT, 1, &c2});
    for (int i = 0; i < 8; i++)
        ot_set(&x, i, i % 4 < 2 ? i - 2.0 : 3.0); /* halves [-2, -1 | 3, 3], [2, 3 | 3, 3] */
    ot_set(&t, 0, -1.5);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnFatreluMulGetWorkspaceSize(x.t, t.t, o.t, &ws, &ex));
    CHECK_OK(aclSetAclOpExecutorRepeatable(ex));
    ot_run(aclnnFatreluMul, ws, ex);
    CHECK(ot_get(&o, 0) == 0 && ot_get(&o, 1) == -3 && ot_get(&o, 2) == 6 && ot_get(&o, 3) == 9);
    ot_set(&t, 0, 2.5); /* a new threshold: the same executor reads it */
    ot_run(aclnnFatreluMul, ws, ex);
    CHECK(ot_get(&o, 0) == 0 && ot_get(&o, 1) == 0 && ot_get(&o, 2) == 0 && ot_get(&o, 3) == 9);
    CHECK_OK(aclDestroyAclOpExecutor(ex));
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "threshold", aclnnFatreluMul, x.t, th.t, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "threshold", aclnnFatreluMul, x.t, NULL, o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "approximateOptional", aclnnGeluMul, x.t, (char *)"exact",
                 o.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "dim", aclnnSwiGluGrad, o.t, x.t, 2, x.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "weight", aclnnPreluBackward, x3.t, x3.t, w2.t, x3.t,
                 w2.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "gradWeight", aclnnPreluBackward, x3.t, x3.t, w3.t, x3.t,
                 t.t);
    OT_NULL_OUTS(aclnnPreluBackward, x3.t, x3.t, w3.t, x3.t, w3.t);
    OT_FREE(&x, &o, &t, &th, &x3, &w3, &w2);
}

/* RReluWithNoise: eval by hand (slope (lower + upper) / 2), training's noise in [lower, upper]
 * for the negatives and 1 elsewhere with out = self * noise, the same draw again for the same
 * seed and offset (RR2); the codes of bad input. */
static void test_rrelu(void)
{
    int64_t d[1] = {6}, d5[1] = {5};
    ot_tensor x, z, o, z2, o2, z5, zh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 1, d}, {&z, ACL_FLOAT, 1, d}, {&o, ACL_FLOAT, 1, d},
                   {&z2, ACL_FLOAT, 1, d}, {&o2, ACL_FLOAT, 1, d}, {&z5, ACL_FLOAT, 1, d5},
                   {&zh, ACL_FLOAT16, 1, d});
    const double xv[6] = {-4, -2, 0, 1, 3, -1};
    for (int i = 0; i < 6; i++)
        ot_set(&x, i, xv[i]);
    double lo = 0.25, hi = 0.75;
    aclScalar *l = aclCreateScalar(&lo, ACL_DOUBLE), *h = aclCreateScalar(&hi, ACL_DOUBLE);
    OT_RUN(aclnnRReluWithNoise, x.t, z.t, l, h, false, 1, 0, o.t);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&o, i) == (xv[i] > 0 ? xv[i] : xv[i] * 0.5));
    OT_RUN(aclnnRReluWithNoise, x.t, z.t, l, h, true, 42, 7, o.t);
    OT_RUN(aclnnRReluWithNoise, x.t, z2.t, l, h, true, 42, 7, o2.t);
    for (int i = 0; i < 6; i++) {
        double a = ot_get(&z, i);
        CHECK(xv[i] < 0 ? a >= lo && a <= hi : a == 1);
        CHECK(ot_get(&o, i) == (double)(float)(xv[i] * a));
        CHECK(ot_get(&z2, i) == a && ot_get(&o2, i) == ot_get(&o, i));
    }
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRReluWithNoise, x.t, NULL, l, h, true, 0, 0, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceRReluWithNoise, x.t, z.t, l, NULL, true, 0, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRReluWithNoise, x.t, z5.t, l, h, true, 0, 0, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRReluWithNoise, x.t, zh.t, l, h, true, 0, 0, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnRReluWithNoise, x.t, z.t, l, h, true, 0, 0, z5.t);
    OT_RUN(aclnnRReluWithNoise, x.t, z5.t, l, h, false, 0, 0, o.t); /* eval: any noise size */
    OT_NULL_OUTS(aclnnRReluWithNoise, x.t, z.t, l, h, true, 0, 0, o.t);
    aclDestroyScalar(l);
    aclDestroyScalar(h);
    g_cases++;
    OT_FREE(&x, &z, &o, &z2, &o2, &z5, &zh);
}

/* ClippedSwiglu(V2): one row of halves by hand in both clamp modes, the second row cut off by
 * groupIndex (0); the codes of bad input (CSW1-CSW2). */
static void test_clipped_swiglu(void)
{
    int64_t xd[2] = {2, 4}, od[2] = {2, 2}, gd[1] = {1}, x3[2] = {2, 3};
    ot_tensor x, o, g, g32, xo, oh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, xd}, {&o, ACL_FLOAT, 2, od}, {&g, ACL_INT64, 1, gd},
                   {&g32, ACL_INT32, 1, gd}, {&xo, ACL_FLOAT, 2, x3}, {&oh, ACL_FLOAT16, 2, od});
    const double xv[8] = {1, 9, 0.5, -9, 5, 5, 5, 5}; /* A = (1, 9), B = (0.5, -9) */
    for (int i = 0; i < 8; i++)
        ot_set(&x, i, xv[i]);
    ot_set(&g, 0, 1);
    OT_RUN(aclnnClippedSwiglu, x.t, g.t, -1, 1.0, 2.0, 1.0, false, o.t);
    /* mode 0: A clamped to (1, 2), B to (0.5, -2): a sigmoid(a) (b + 1) */
    const double w0[2] = {1 / (1 + exp(-1.0)) * 1.5, 2 / (1 + exp(-2.0)) * -1};
    for (int i = 0; i < 2; i++)
        CHECK(fabs(ot_get(&o, i) - w0[i]) < 1e-6 && ot_get(&o, 2 + i) == 0);
    OT_RUN(aclnnClippedSwigluV2, x.t, NULL, 1, 1.0, 2.0, 1.0, false, 1, o.t);
    /* mode 1: min(a sigmoid(a), 2) clamp(b): row 0 (0.731 * 0.5, 2 * -2), row 1 = 5 rows */
    const double w1[4] = {1 / (1 + exp(-1.0)) * 0.5, -4, 2 * 2, 2 * 2};
    for (int i = 0; i < 4; i++)
        CHECK(fabs(ot_get(&o, i) - w1[i]) < 1e-6);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnClippedSwiglu, NULL, g.t, -1, 1.0, 2.0, 1.0, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClippedSwiglu, x.t, g32.t, -1, 1.0, 2.0, 1.0, false,
             o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClippedSwiglu, x.t, g.t, -1, 1.0, -2.0, 1.0, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClippedSwiglu, xo.t, g.t, -1, 1.0, 2.0, 1.0, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClippedSwiglu, x.t, g.t, 2, 1.0, 2.0, 1.0, false, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClippedSwiglu, x.t, g.t, -1, 1.0, 2.0, 1.0, false, oh.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClippedSwigluV2, x.t, g.t, -1, 1.0, 2.0, 1.0, false, 3,
             o.t);
    OT_NULL_OUTS(aclnnClippedSwiglu, x.t, g.t, -1, 1.0, 2.0, 1.0, false, o.t);
    g_cases++;
    OT_FREE(&x, &o, &g, &g32, &xo, &oh);
}

/* ClippedSwigluGrad: one pair by hand (a below limit, b cut by the clamp: its gradient 0), a
 * row past the group 0; the codes (CSW3: shapes 561002). */
static void test_clipped_swiglu_grad(void)
{
    int64_t xd[2] = {2, 2}, gd[2] = {2, 1}, n1[1] = {1};
    ot_tensor x, gy, gx, g, gxh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, xd}, {&gy, ACL_FLOAT, 2, gd}, {&gx, ACL_FLOAT, 2, xd},
                   {&g, ACL_INT64, 1, n1}, {&gxh, ACL_FLOAT16, 2, xd});
    const double xv[4] = {0.5, 9, 1, 1};
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, xv[i]);
    ot_set(&gy, 0, 2);
    ot_set(&gy, 1, 3);
    ot_set(&g, 0, 1);
    OT_RUN(aclnnClippedSwigluGrad, gy.t, x.t, g.t, -1, 1.0, 2.0, 1.0, false, gx.t);
    double s = 1 / (1 + exp(-0.5)); /* a 0.5, b clamped to 2 */
    CHECK(fabs(ot_get(&gx, 0) - 2 * (2 + 1) * s * (1 + 0.5 * (1 - s))) < 1e-5);
    CHECK(ot_get(&gx, 1) == 0 && ot_get(&gx, 2) == 0 && ot_get(&gx, 3) == 0);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnClippedSwigluGrad, gy.t, NULL, g.t, -1, 1.0, 2.0, 1.0,
             false, gx.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnClippedSwigluGrad, gy.t, x.t, g.t, -1, 1.0, 2.0, 1.0,
             false, gxh.t);
    OT_FAILS(ACLNN_ERR_INNER_TILING_ERROR, aclnnClippedSwigluGrad, x.t, x.t, g.t, -1, 1.0, 2.0, 1.0,
             false, gx.t);
    OT_FAILS(ACLNN_ERR_INNER_TILING_ERROR, aclnnClippedSwigluGrad, gy.t, x.t, g.t, -1, 1.0, 0.0,
             1.0, false, gx.t);
    g_cases++;
    OT_FREE(&x, &gy, &gx, &g, &gxh);
}

/* SituGlu and SituGluGrad: one gate / up pair by hand both ways round, the codes (STG1-STG2). */
static void test_situ_glu(void)
{
    int64_t xd[1] = {2}, hd[1] = {1}, x3[1] = {3};
    ot_tensor x, y, gy, gx, xo, yh;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 1, xd}, {&y, ACL_FLOAT, 1, hd}, {&gy, ACL_FLOAT, 1, hd},
                   {&gx, ACL_FLOAT, 1, xd}, {&xo, ACL_FLOAT, 1, x3}, {&yh, ACL_FLOAT16, 1, hd});
    ot_set(&x, 0, 0.5);
    ot_set(&x, 1, 2);
    ot_set(&gy, 0, 1);
    for (int left = 0; left < 2; left++) {
        double gate = left ? 0.5 : 2, up = left ? 2 : 0.5;
        double t = tanh(gate / 2), s = 1 / (1 + exp(-gate)), upp = 1.5 * tanh(up / 1.5);
        OT_RUN(aclnnSituGlu, x.t, -1, 2.0, 1.5, left, y.t);
        CHECK(fabs(ot_get(&y, 0) - 2 * t * s * upp) < 1e-6);
        OT_RUN(aclnnSituGluGrad, gy.t, x.t, 0, 2.0, 1.5, left, gx.t);
        double gg = upp * s * ((1 - t * t) + 2 * t * (1 - s));
        double gu = 2 * t * s * (1 - tanh(up / 1.5) * tanh(up / 1.5));
        CHECK(fabs(ot_get(&gx, left ? 0 : 1) - gg) < 1e-6);
        CHECK(fabs(ot_get(&gx, left ? 1 : 0) - gu) < 1e-6);
    }
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSituGlu, x.t, -1, 1.0, 1.0, true, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSituGlu, xo.t, -1, 1.0, 1.0, true, y.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSituGlu, x.t, 1, 1.0, 1.0, true, y.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSituGlu, x.t, -1, 1.0, 1.0, true, yh.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSituGluGrad, x.t, x.t, -1, 1.0, 1.0, true, gx.t);
    OT_NULL_OUTS(aclnnSituGluGrad, gy.t, x.t, -1, 1.0, 1.0, true, gx.t);
    g_cases++;
    OT_FREE(&x, &y, &gy, &gx, &xo, &yh);
}

/* SwigluGroup: two tokens by hand, a weight on each, the clamp off and on; the codes (CSW4:
 * CANN's 561002). */
static void test_swiglu_group(void)
{
    int64_t xd[2] = {2, 2}, od[2] = {2, 1}, wd[1] = {2}, w3[1] = {3};
    ot_tensor x, o, w, wb;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, xd}, {&o, ACL_FLOAT, 2, od}, {&w, ACL_FLOAT, 1, wd},
                   {&wb, ACL_FLOAT, 1, w3});
    const double xv[4] = {1, 3, 4, -5};
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, xv[i]);
    ot_set(&w, 0, 2);
    ot_set(&w, 1, 0.5);
    OT_RUN(aclnnSwigluGroup, x.t, w.t, NULL, -1.0, o.t);
    double s1 = 1 / (1 + exp(-1.0)), s4 = 1 / (1 + exp(-4.0)), s2 = 1 / (1 + exp(-2.0));
    CHECK(fabs(ot_get(&o, 0) - 1 * s1 * 3 * 2) < 1e-5);
    CHECK(fabs(ot_get(&o, 1) - 4 * s4 * -5 * 0.5) < 1e-5);
    OT_RUN(aclnnSwigluGroup, x.t, NULL, NULL, 2.0, o.t); /* A <= 2, B in [-2, 2] */
    CHECK(fabs(ot_get(&o, 0) - 1 * s1 * 2) < 1e-5);
    CHECK(fabs(ot_get(&o, 1) - 2 * s2 * -2) < 1e-5);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnSwigluGroup, NULL, NULL, NULL, -1.0, o.t);
    OT_FAILS(ACLNN_ERR_INNER_TILING_ERROR, aclnnSwigluGroup, x.t, wb.t, NULL, -1.0, o.t);
    OT_FAILS(ACLNN_ERR_INNER_TILING_ERROR, aclnnSwigluGroup, x.t, NULL, NULL, -2.0, o.t);
    OT_FAILS(ACLNN_ERR_INNER_TILING_ERROR, aclnnSwigluGroup, x.t, NULL, NULL, -1.0, x.t);
    g_cases++;
    OT_FREE(&x, &o, &w, &wb);
}

int main(void)
{
    ot_init();
    test_unary();
    test_compare();
    test_glu();
    test_later();
    test_opsnn();
    test_rrelu();
    test_clipped_swiglu();
    test_clipped_swiglu_grad();
    test_situ_glu();
    test_swiglu_group();
    for (int i = 0; i < 3; i++)
        if (g_s[i])
            aclDestroyScalar(g_s[i]);
    ot_fini();
    printf("ops_activation: %d cases passed\n", g_cases);
    return 0;
}
