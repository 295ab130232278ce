/* SPDX-License-Identifier: Apache-2.0 */
/* Unary operators (math and activations), Cast, InplaceCopy, InplaceZero,
 * InplaceFillScalar, MaxN / MinN against a double reference: every dtype
 * (supported ones computed, unsupported ones refused with 161002),
 * non-contiguous views, in-place forms, and the error cases. */
#include "optest.h"

#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_cos.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_exp2.h"
#include "aclnnop/aclnn_fill_scalar.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_log.h"
#include "aclnnop/aclnn_log10.h"
#include "aclnnop/aclnn_log2.h"
#include "aclnnop/aclnn_max_n.h"
#include "aclnnop/aclnn_min_n.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_rsqrt.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sign.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_sin.h"
#include "aclnnop/aclnn_sqrt.h"
#include "aclnnop/aclnn_tanh.h"
#include "aclnnop/aclnn_zero.h"

typedef aclnnStatus (*u_build)(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*u_build_ip)(aclTensor *, uint64_t *, aclOpExecutor **);

/* Which input types an operator takes (bit per OT_ALL index) and how its
 * result type is chosen: SAME, FLOAT (integers -> float32), EXACT (out must
 * be self's type). */
enum { R_SAME, R_FLOAT, R_EXACT };
#define B(i) (1u << (i))
#define M_ALL 0x3ffu
#define M_FLT (B(0) | B(1) | B(2) | B(3))
#define M_F3 (B(0) | B(1) | B(2))

struct uop {
    const char *name;
    u_build build;
    ot_phase2 run;
    u_build_ip build_ip;
    ot_phase2 run_ip;
    unsigned mask;
    int res;
    double lo, hi;
    double (*ref)(double);
};

static double r_neg(double x)
{
    return -x;
}
static double r_abs(double x)
{
    return fabs(x);
}
static double r_exp2(double x)
{
    return exp2(x);
}
static double r_rsqrt(double x)
{
    return 1 / sqrt(x);
}
static double r_sign(double x)
{
    return (x > 0) - (x < 0);
}
static double r_relu(double x)
{
    return x > 0 ? x : 0;
}
static double r_silu(double x)
{
    return x / (1 + exp(-x));
}
static double r_gelu(double x)
{
    return 0.5 * x * (1 + tanh(sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
}
static double r_sigmoid(double x)
{
    return 1 / (1 + exp(-x));
}

static const struct uop UOPS[] = {
    {"Neg", aclnnNegGetWorkspaceSize, aclnnNeg, aclnnInplaceNegGetWorkspaceSize, aclnnInplaceNeg,
     M_FLT | B(4) | B(6) | B(7) | B(8), R_SAME, -10, 10, r_neg},
    {"Abs", aclnnAbsGetWorkspaceSize, aclnnAbs, NULL, NULL, M_ALL, R_SAME, -10, 10, r_abs},
    {"Exp", aclnnExpGetWorkspaceSize, aclnnExp, aclnnInplaceExpGetWorkspaceSize, aclnnInplaceExp,
     M_FLT | B(8) | B(9), R_FLOAT, -3, 3, exp},
    {"Exp2", aclnnExp2GetWorkspaceSize, aclnnExp2, aclnnInplaceExp2GetWorkspaceSize,
     aclnnInplaceExp2, M_ALL, R_FLOAT, -3, 3, r_exp2},
    {"Log", aclnnLogGetWorkspaceSize, aclnnLog, aclnnInplaceLogGetWorkspaceSize, aclnnInplaceLog,
     M_ALL, R_FLOAT, 0.1, 12, log},
    {"Log2", aclnnLog2GetWorkspaceSize, aclnnLog2, aclnnInplaceLog2GetWorkspaceSize,
     aclnnInplaceLog2, M_ALL, R_FLOAT, 0.1, 12, log2},
    {"Log10", aclnnLog10GetWorkspaceSize, aclnnLog10, aclnnInplaceLog10GetWorkspaceSize,
     aclnnInplaceLog10, M_ALL, R_FLOAT, 0.1, 12, log10},
    {"Sqrt", aclnnSqrtGetWorkspaceSize, aclnnSqrt, aclnnInplaceSqrtGetWorkspaceSize,
     aclnnInplaceSqrt, M_ALL, R_FLOAT, 0, 12, sqrt},
    {"Rsqrt", aclnnRsqrtGetWorkspaceSize, aclnnRsqrt, aclnnInplaceRsqrtGetWorkspaceSize,
     aclnnInplaceRsqrt, M_ALL, R_FLOAT, 0.1, 12, r_rsqrt},
    {"Sin", aclnnSinGetWorkspaceSize, aclnnSin, aclnnInplaceSinGetWorkspaceSize, aclnnInplaceSin,
     M_ALL, R_FLOAT, -4, 4, sin},
    {"Cos", aclnnCosGetWorkspaceSize, aclnnCos, aclnnInplaceCosGetWorkspaceSize, aclnnInplaceCos,
     M_ALL, R_FLOAT, -4, 4, cos},
    {"Sign", aclnnSignGetWorkspaceSize, aclnnSign, NULL, NULL, M_ALL, R_SAME, -3, 3, r_sign},
    {"Relu", aclnnReluGetWorkspaceSize, aclnnRelu, aclnnInplaceReluGetWorkspaceSize,
     aclnnInplaceRelu, M_FLT | B(4) | B(5) | B(7) | B(8), R_SAME, -10, 10, r_relu},
    {"Silu", aclnnSiluGetWorkspaceSize, aclnnSilu, NULL, NULL, M_F3, R_SAME, -6, 6, r_silu},
    {"Gelu", aclnnGeluGetWorkspaceSize, aclnnGelu, NULL, NULL, M_F3, R_EXACT, -5, 5, r_gelu},
    {"Sigmoid", aclnnSigmoidGetWorkspaceSize, aclnnSigmoid, aclnnInplaceSigmoidGetWorkspaceSize,
     aclnnInplaceSigmoid, M_FLT, R_SAME, -6, 6, r_sigmoid},
    {"Tanh", aclnnTanhGetWorkspaceSize, aclnnTanh, aclnnInplaceTanhGetWorkspaceSize,
     aclnnInplaceTanh, M_FLT, R_SAME, -4, 4, tanh},
};
#define NUOPS ((int)(sizeof(UOPS) / sizeof(UOPS[0])))

static int g_cases;

static void fill_u(const struct uop *u, ot_tensor *x)
{
    double lo = u->lo, hi = u->hi;
    if (!ot_is_float(x->dt)) {
        if (lo < 1 && (u->ref == log || u->ref == log2 || u->ref == log10 || u->ref == r_rsqrt))
            lo = 1;
        if (x->dt == ACL_UINT8 && lo < 0)
            lo = 0;
    }
    ot_fill(x, lo, hi);
}

static void check_unary(const struct uop *u, aclDataType dt, aclDataType odt, int nd,
                        const int64_t *dims, int li, int lo)
{
    ot_tensor a, o;
    ot_make(&a, dt, nd, dims, li);
    ot_make(&o, odt, nd, dims, lo);
    fill_u(u, &a);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, u->build(a.t, o.t, &ws, &ex));
    ot_run(u->run, ws, ex);
    aclDataType rt = (u->res == R_FLOAT && !ot_is_float(dt)) ? ACL_FLOAT : dt;
    for (int64_t i = 0; i < o.numel; i++) {
        double x = ot_get(&a, i), want = ot_round(rt, u->ref(x)), got = ot_get(&o, i);
        if (!ot_close(odt, rt, got, want)) {
            fprintf(stderr, "%s %s->%s layouts %d%d: [%lld] f(%g) = %g, want %g\n", u->name,
                    ot_dt_name(dt), ot_dt_name(odt), li, lo, (long long)i, x, got, want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&o));
    OT_FREE(&a, &o);
    g_cases++;
}

static void check_unary_inplace(const struct uop *u, aclDataType dt, int layout)
{
    int64_t dims[3] = {3, 5, 7};
    ot_tensor a;
    ot_make(&a, dt, 3, dims, layout);
    fill_u(u, &a);
    double *before = ot_values(&a);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, u->build_ip(a.t, &ws, &ex));
    ot_run(u->run_ip, ws, ex);
    for (int64_t i = 0; i < a.numel; i++) {
        double want = ot_round(dt, u->ref(before[i]));
        if (!ot_close(dt, dt, ot_get(&a, i), want)) {
            fprintf(stderr, "Inplace%s %s: [%lld] f(%g) = %g, want %g\n", u->name, ot_dt_name(dt),
                    (long long)i, before[i], ot_get(&a, i), want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&a));
    free(before);
    ot_free(&a);
    g_cases++;
}

static void test_unary(void)
{
    int64_t s1[1] = {37}, s2[2] = {6, 9}, s4[4] = {2, 3, 1, 5}, s0[2] = {0, 4};
    for (int k = 0; k < NUOPS; k++) {
        const struct uop *u = &UOPS[k];
        for (int d = 0; d < OT_NALL; d++) {
            aclDataType dt = OT_ALL[d];
            int64_t one[2] = {2, 2};
            if (!(u->mask & B(d))) {
                ot_tensor a, o;
                ot_make(&a, dt, 2, one, L_CONTIG);
                ot_make(&o, ot_is_float(dt) ? dt : ACL_FLOAT, 2, one, L_CONTIG);
                uint64_t ws;
                aclOpExecutor *ex;
                CHECK_NN(ACLNN_ERR_PARAM_INVALID, u->build(a.t, o.t, &ws, &ex));
                if (u->build_ip)
                    CHECK_NN(ACLNN_ERR_PARAM_INVALID, u->build_ip(a.t, &ws, &ex));
                OT_FREE(&a, &o);
                continue;
            }
            aclDataType rt = (u->res == R_FLOAT && !ot_is_float(dt)) ? ACL_FLOAT : dt;
            for (int l = 0; l < L_COUNT; l++) {
                check_unary(u, dt, rt, 2, s2, l, (l + 1) % L_COUNT);
                check_unary(u, dt, rt, 4, s4, (l + 2) % L_COUNT, l);
            }
            check_unary(u, dt, rt, 1, s1, L_CONTIG, L_CONTIG);
            check_unary(u, dt, rt, 0, s1, L_CONTIG, L_CONTIG);
            check_unary(u, dt, rt, 2, s0, L_GAP, L_STEP);
            if ((u->mask & B(3)) && ot_is_float(rt) && rt != ACL_DOUBLE) /* wider out (R1) */
                check_unary(u, dt, ACL_DOUBLE, 2, s2, L_TRANS, L_CONTIG);
            if (u->build_ip) {
                if (ot_is_float(dt) || u->res == R_SAME) {
                    for (int l = 0; l < L_COUNT; l++)
                        check_unary_inplace(u, dt, l);
                } else { /* the float result cannot go back into an integer selfRef */
                    ot_tensor a;
                    ot_make(&a, dt, 2, s2, L_CONTIG);
                    uint64_t ws;
                    aclOpExecutor *ex;
                    CHECK_NN(ACLNN_ERR_PARAM_INVALID, u->build_ip(a.t, &ws, &ex));
                    ot_free(&a);
                }
            }
        }
    }
    /* Gelu: out must have self's type. */
    ot_tensor a, o;
    ot_make(&a, ACL_FLOAT16, 2, s2, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 2, s2, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnGelu, a.t, o.t);
    /* float result into an integer out; shape mismatch; NULLs */
    ot_tensor i32, o5;
    ot_make(&i32, ACL_INT32, 2, s2, L_CONTIG);
    int64_t s5[2] = {6, 5};
    ot_make(&o5, ACL_FLOAT, 2, s5, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSqrt, a.t, i32.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNeg, o.t, i32.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnExp, a.t, o5.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnExp, NULL, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnExp, a.t, NULL);
    OT_NULL_OUTS(aclnnExp, a.t, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceExp, NULL);
    OT_FREE(&a, &o, &i32, &o5);
}

/* ---- Cast / InplaceCopy / InplaceZero / InplaceFillScalar ------------------- */

static double range_lo(aclDataType t)
{
    switch ((int)t) {
    case ACL_UINT8:
        return 0;
    case ACL_INT8:
        return -100;
    case ACL_INT16:
        return -1000;
    case ACL_INT32:
    case ACL_INT64:
        return -100000;
    case ACL_BOOL:
        return 0;
    default:
        return -300;
    }
}

/* Reference conversion: floats to integers truncate and saturate (NaN: 0),
 * integers wrap, anything to bool is != 0. */
static double ref_cast(aclDataType from, aclDataType to, double v)
{
    if (to == ACL_BOOL)
        return v != 0;
    if (ot_is_float(from) && !ot_is_float(to)) {
        double lo, hi;
        switch ((int)to) {
        case ACL_INT8:
            lo = -128;
            hi = 127;
            break;
        case ACL_UINT8:
            lo = 0;
            hi = 255;
            break;
        case ACL_INT16:
            lo = -32768;
            hi = 32767;
            break;
        case ACL_INT32:
            lo = -2147483648.0;
            hi = 2147483647.0;
            break;
        default:
            lo = -9.2e18;
            hi = 9.2e18;
            break;
        }
        v = trunc(v);
        return v < lo ? lo : v > hi ? hi : v;
    }
    return ot_round(to, v);
}

static void check_convert(aclDataType from, aclDataType to, bool copy, int lf, int lt)
{
    int64_t sd[3] = {3, 4, 5}, ss[2] = {4, 1};
    ot_tensor src, dst;
    ot_make(&src, from, copy ? 2 : 3, copy ? ss : sd, lf);
    ot_make(&dst, to, 3, sd, lt);
    double lo = range_lo(from);
    ot_fill(&src, lo, lo < 0 ? -lo : 200);
    uint64_t ws;
    aclOpExecutor *ex;
    if (copy) {
        CHECK_NN(ACLNN_SUCCESS, aclnnInplaceCopyGetWorkspaceSize(dst.t, src.t, &ws, &ex));
        ot_run(aclnnInplaceCopy, ws, ex);
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(src.t, to, dst.t, &ws, &ex));
        ot_run(aclnnCast, ws, ex);
    }
    for (int64_t i = 0; i < dst.numel; i++) {
        double x = ot_get(&src, copy ? ot_bcast_index(i, sd, 3, ss, 2) : i);
        double want = ref_cast(from, to, x), got = ot_get(&dst, i);
        bool ok = ot_is_float(to) ? ot_close(to, to, got, ot_round(to, want)) : got == want;
        if (!ok) {
            fprintf(stderr, "%s %s->%s: [%lld] %g -> %g, want %g\n", copy ? "InplaceCopy" : "Cast",
                    ot_dt_name(from), ot_dt_name(to), (long long)i, x, got, want);
            exit(1);
        }
    }
    CHECK(ot_gaps_intact(&dst));
    OT_FREE(&src, &dst);
    g_cases++;
}

/* A float16 -> float32 Cast whose out is 16 MiB or more stores around the
 * cache (ops/engine/ew.c EW6, simd.h K10): every float16 bit pattern, out
 * starting 3 elements past a vector boundary and ending in a tail, exactly
 * as the reference converts it (signs of zeros included), nothing written
 * outside the view. */
static void test_cast_large(void)
{
    const int64_t n = ((int64_t)4 << 20) + 37, off = 3;
    int64_t sh[1] = {n}, sb[1] = {n + off + 5};
    ot_tensor h, back;
    ot_make(&h, ACL_FLOAT16, 1, sh, L_CONTIG);
    ot_make(&back, ACL_FLOAT, 1, sb, L_CONTIG);
    for (int64_t i = 0; i < n; i++) {
        const uint16_t u = (uint16_t)(i * 40503u);
        memcpy((char *)h.buf + i * 2, &u, 2);
    }
    for (int64_t i = 0; i < sb[0]; i++)
        ot_set(&back, i, 7.0);
    int64_t st[1] = {1};
    aclTensor *o = aclCreateTensor(sh, 1, ACL_FLOAT, st, off, ACL_FORMAT_ND, sb, 1, back.buf);
    CHECK(o);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(h.t, ACL_FLOAT, o, &ws, &ex));
    ot_run(aclnnCast, ws, ex);
    for (int64_t i = 0; i < n; i++) {
        uint16_t u;
        memcpy(&u, (char *)h.buf + i * 2, 2);
        const double want = ot_f16_to_d(u), got = ot_get(&back, off + i);
        if (!(isnan(want) ? isnan(got) : got == want && signbit(got) == signbit(want))) {
            fprintf(stderr, "large f16 cast [%lld] 0x%04x -> %g, want %g\n", (long long)i, u, got,
                    want);
            exit(1);
        }
    }
    for (int64_t i = 0; i < off; i++)
        CHECK(ot_get(&back, i) == 7.0);
    for (int64_t i = off + n; i < sb[0]; i++)
        CHECK(ot_get(&back, i) == 7.0);
    aclDestroyTensor(o);
    OT_FREE(&h, &back);
    g_cases++;
}

static void test_convert(void)
{
    for (int f = 0; f < OT_NALL; f++)
        for (int t = 0; t < OT_NALL; t++) {
            check_convert(OT_ALL[f], OT_ALL[t], false, (f + t) % L_COUNT, t % L_COUNT);
            check_convert(OT_ALL[f], OT_ALL[t], true, f % L_COUNT, (f + t + 1) % L_COUNT);
        }
    /* saturation, NaN and overflow */
    int64_t s[1] = {6};
    ot_tensor a, o8, oh;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 1, s}, {&o8, ACL_INT8, 1, s}, {&oh, ACL_FLOAT16, 1, s});
    double v[6] = {1e10, -1e10, NAN, -3.9, 3.9, 1e6};
    for (int i = 0; i < 6; i++)
        ot_set(&a, i, v[i]);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(a.t, ACL_INT8, o8.t, &ws, &ex));
    ot_run(aclnnCast, ws, ex);
    double want8[6] = {127, -128, 0, -3, 3, 127};
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&o8, i) == want8[i]);
    CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(a.t, ACL_FLOAT16, oh.t, &ws, &ex));
    ot_run(aclnnCast, ws, ex);
    CHECK(isinf(ot_get(&oh, 0)) && isnan(ot_get(&oh, 2)) && isinf(ot_get(&oh, 5)));
    /* float16 edge values through the vector (F16C) and scalar paths alike:
     * 64 elements, specials spread over the run. */
    {
        int64_t s64[1] = {64};
        ot_tensor f, h, back;
        OT_MAKE_CONTIG({&f, ACL_FLOAT, 1, s64}, {&h, ACL_FLOAT16, 1, s64},
                       {&back, ACL_FLOAT, 1, s64});
        double sp[] = {65504,   65519, 65520, 1e6,    -1e6,
                       6e-8,    3e-8,  1e-5,  -0.0,   0.1,
                       1.0 / 3, 2049,  4097,  -65535, 5.9604644775390625e-08,
                       NAN};
        for (int i = 0; i < 64; i++)
            ot_set(&f, i, i < 16 ? sp[i] : i < 48 ? sp[i % 16] * 0.5 : (i - 48) * 1.37);
        CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(f.t, ACL_FLOAT16, h.t, &ws, &ex));
        ot_run(aclnnCast, ws, ex);
        CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(h.t, ACL_FLOAT, back.t, &ws, &ex));
        ot_run(aclnnCast, ws, ex);
        for (int i = 0; i < 64; i++) {
            double x = ot_get(&f, i), want = ot_round(ACL_FLOAT16, x), got = ot_get(&back, i);
            if (!(isnan(want) ? isnan(got) : got == want && signbit(got) == signbit(want))) {
                fprintf(stderr, "f16 cast [%d] %g -> %g, want %g\n", i, x, got, want);
                exit(1);
            }
        }
        OT_FREE(&f, &h, &back);
    }
    /* errors: dtype differs from out's, shapes, broadcast direction, NULLs */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCast, a.t, ACL_INT32, o8.t);
    int64_t s23[2] = {2, 3};
    ot_tensor b;
    ot_make(&b, ACL_FLOAT, 2, s23, L_CONTIG);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCast, b.t, ACL_INT8, o8.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceCopy, a.t, b.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnCast, NULL, ACL_INT8, o8.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceCopy, a.t, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceZero, NULL);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnInplaceFillScalar, a.t, NULL);
    aclTensor *u16 = aclCreateTensor(s, 1, ACL_UINT16, NULL, 0, ACL_FORMAT_ND, s, 1, a.buf);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnInplaceZero, u16);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnCast, u16, ACL_INT8, o8.t);
    aclDestroyTensor(u16);
    OT_FREE(&a, &b, &o8, &oh);

    /* Zero and FillScalar on every type and layout. */
    for (int d = 0; d < OT_NALL; d++)
        for (int l = 0; l < L_COUNT; l++) {
            int64_t sd[3] = {2, 3, 7};
            ot_tensor x;
            ot_make(&x, OT_ALL[d], 3, sd, l);
            ot_fill(&x, 1, 9);
            CHECK_NN(ACLNN_SUCCESS, aclnnInplaceZeroGetWorkspaceSize(x.t, &ws, &ex));
            ot_run(aclnnInplaceZero, ws, ex);
            for (int64_t i = 0; i < x.numel; i++)
                CHECK(ot_get(&x, i) == 0);
            float fv = 2.75f;
            int64_t iv = -3;
            aclScalar *sf = aclCreateScalar(&fv, ACL_FLOAT), *si = aclCreateScalar(&iv, ACL_INT64);
            CHECK_NN(ACLNN_SUCCESS, aclnnInplaceFillScalarGetWorkspaceSize(x.t, sf, &ws, &ex));
            aclDestroyScalar(sf);
            ot_run(aclnnInplaceFillScalar, ws, ex);
            for (int64_t i = 0; i < x.numel; i++)
                CHECK(ot_get(&x, i) == ref_cast(ACL_FLOAT, x.dt, 2.75));
            CHECK_NN(ACLNN_SUCCESS, aclnnInplaceFillScalarGetWorkspaceSize(x.t, si, &ws, &ex));
            aclDestroyScalar(si);
            ot_run(aclnnInplaceFillScalar, ws, ex);
            for (int64_t i = 0; i < x.numel; i++)
                CHECK(ot_get(&x, i) == ref_cast(ACL_INT64, x.dt, -3));
            CHECK(ot_gaps_intact(&x));
            ot_free(&x);
            g_cases += 3;
        }
}

/* ---- MaxN / MinN -------------------------------------------------------------------------- */

static void check_listn(bool max, const aclDataType *dts, int n, aclDataType odt, int layout)
{
    int64_t shapes[3][3] = {{3, 1, 5}, {4, 5, 0}, {1, 1, 1}};
    int nds[3] = {3, 2, 1};
    int64_t so[3] = {3, 4, 5};
    ot_tensor t[3], o;
    aclTensorList *tl = ot_make_list(t, n, dts, nds, shapes, layout);
    ot_make(&o, odt, 3, so, layout);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS,
             (max ? aclnnMaxNGetWorkspaceSize : aclnnMinNGetWorkspaceSize)(tl, o.t, &ws, &ex));
    ot_run(max ? aclnnMaxN : aclnnMinN, ws, ex);
    for (int64_t i = 0; i < o.numel; i++) {
        double want = 0;
        for (int k = 0; k < n; k++) {
            double v = ot_get(&t[k], ot_bcast_index(i, so, 3, shapes[k], nds[k]));
            want = k == 0 ? v : max ? (v > want ? v : want) : (v < want ? v : want);
        }
        CHECK(ot_close(odt, odt, ot_get(&o, i), ot_round(odt, want)));
    }
    ot_free_list(tl, t, n);
    ot_free(&o);
    g_cases++;
}

static void test_listn(void)
{
    for (int d = 0; d < OT_NALL; d++) {
        aclDataType dts[3] = {OT_ALL[d], OT_ALL[d], OT_ALL[d]};
        for (int l = 0; l < L_COUNT; l++) {
            check_listn(true, dts, 3, OT_ALL[d], l);
            check_listn(false, dts, 2, OT_ALL[d], l);
        }
    }
    aclDataType mix[3] = {ACL_INT32, ACL_FLOAT16, ACL_INT8};
    check_listn(true, mix, 3, ACL_FLOAT, L_TRANS);
    check_listn(false, mix, 3, ACL_FLOAT16, L_GAP);
    /* errors: empty list, NULL entry, result not castable, no broadcast */
    int64_t s2[2] = {2, 2}, s3[1] = {3};
    ot_tensor a, o, oi;
    OT_MAKE_CONTIG({&a, ACL_FLOAT, 2, s2}, {&o, ACL_FLOAT, 2, s2}, {&oi, ACL_INT32, 2, s2});
    aclTensorList *empty = aclCreateTensorList(NULL, 0);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxN, empty, o.t);
    aclDestroyTensorList(empty);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMaxN, NULL, o.t);
    aclTensor *x = aclCreateTensor(s2, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, s2, 2, a.buf);
    aclTensor *y = aclCreateTensor(s3, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, s3, 1, a.buf);
    aclTensor *pair[2] = {x, y};
    aclTensorList *bad = aclCreateTensorList((const aclTensor *const *)pair, 2);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMinN, bad, o.t);
    aclDestroyTensorList(bad);
    aclTensor *z = aclCreateTensor(s2, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, s2, 2, a.buf);
    aclTensorList *one = aclCreateTensorList((const aclTensor *const *)&z, 1);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMaxN, one, oi.t);
    aclDestroyTensorList(one);
    OT_FREE(&a, &o, &oi);
}

/* EU10: Silu and Gelu in float32 through the vector exp, over several of
 * its blocks (256), with arguments past its clamp (88), infinities, NaN and
 * signed zeros against the double formulas. */
static void test_vexp(void)
{
    static const double special[] = {INFINITY, -INFINITY, NAN, 88.1, -88.1, 87.5,  -87.5,
                                     89,       -89,       100, -100, 1e-3,  -1e-3, 0.0,
                                     -0.0,     20,        -20, -9.9, -10.5};
    const int64_t n = 1000, dims[1] = {n};
    for (int k = 0; k < 2; k++) {
        const struct uop *u = NULL;
        for (size_t i = 0; i < sizeof(UOPS) / sizeof(UOPS[0]); i++)
            if (UOPS[i].ref == (k ? r_gelu : r_silu))
                u = &UOPS[i];
        CHECK(u);
        ot_tensor a, o;
        ot_make(&a, ACL_FLOAT, 1, dims, L_CONTIG);
        ot_make(&o, ACL_FLOAT, 1, dims, L_CONTIG);
        ot_fill(&a, -100, 100);
        for (size_t i = 0; i < sizeof(special) / sizeof(special[0]); i++)
            ot_set(&a, (int64_t)(i * 53 % n), special[i]); /* spread over the blocks */
        uint64_t ws;
        aclOpExecutor *ex;
        CHECK_NN(ACLNN_SUCCESS, u->build(a.t, o.t, &ws, &ex));
        ot_run(u->run, ws, ex);
        for (int64_t i = 0; i < n; i++) {
            const double x = ot_get(&a, i), want = ot_round(ACL_FLOAT, u->ref(x)),
                         got = ot_get(&o, i);
            if (!ot_close(ACL_FLOAT, ACL_FLOAT, got, want)) {
                fprintf(stderr, "%s float32 [%lld] f(%g) = %g, want %g\n", u->name, (long long)i, x,
                        got, want);
                exit(1);
            }
        }
        OT_FREE(&a, &o);
        g_cases++;
    }
}

int main(void)
{
    ot_init();
    test_unary();
    test_vexp();
    test_convert();
    test_cast_large();
    test_listn();
    ot_fini();
    printf("ops_unary: %d cases passed\n", g_cases);
    return 0;
}
