/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unary elementwise operators on the engine (engine/ew.c): the math functions
 * (Neg, Abs, Exp ... Sign, trigonometric and hyperbolic functions, Erf, Floor
 * ... , the tests IsFinite ... and BitwiseNot), the activations without
 * parameters (Relu, Silu, Gelu, Sigmoid, Tanh, Mish, Selu; those with
 * parameters are in activation/activation.c), all generated from their rows
 * in table.h (EW_UNARY_OPS); and LogicalNot.
 *
 * Semantics follow AscendCL's operators (ops-math / ops-nn op_api sources):
 *  EU4. Float math functions of integer/bool inputs compute in float32; a
 *      float input's type is the result type (float16 exp rounds to float16
 *      even into a float32 out). In-place forms need a floating selfRef.
 *  EU6. Integer Neg/Abs/Square wrap (two's complement: -INT64_MIN is INT64_MIN).
 *  EU7. BitwiseNot takes integers and bool; a bool's not is the logical not.
 *  EU8. Signbit, IsFinite, IsPosInf, IsNegInf test self in its own type and
 *      write 1 / 0 in out's type (any type); integers are finite, never inf.
 *  EU9. Floor, Ceil, Trunc, Round keep an integer self; Round and RoundDecimals round half to
 *      even (torch.round), as rint does in the default rounding mode.
 *  EU10. Silu and Gelu (tanh form) in float32 take their exponentials from
 *      simd.h's vector exp (K3, about 2 ulp against libm's expf), a block of
 *      arguments at a time: ggml-cann's decode step runs them on every
 *      layer's row, a scalar expf per element before. The vector exp clamps
 *      its argument at 88, so arguments past 88 take expf (silu(-inf) stays
 *      NaN as x / (1 + e^-x) gives it, and the results are libm's there).
 * Kernels compute float16/bfloat16 in float32 (the engine converts).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/engine/public.h"
#include "ops/engine/simd.h"
#include "ops/elementwise/kernels.h"
#include "ops/elementwise/table.h"

#pragma GCC optimize("O3")

/* ---- unary kernels ---------------------------------------------------------- */

/* erfinv: Giles' single-precision approximation ("Approximating the erfinv
 * function", 2010), then Newton steps on erf (one for float, two for double);
 * +-1 give +-inf, beyond them NaN. Named erfinvf / erfinv as F() makes them. */
static inline double erfinv_guess(double x)
{
    double w = -log((1.0 - x) * (1.0 + x)), p;
    if (w < 5.0) {
        w -= 2.5;
        p = 2.81022636e-08;
        p = 3.43273939e-07 + p * w;
        p = -3.5233877e-06 + p * w;
        p = -4.39150654e-06 + p * w;
        p = 0.00021858087 + p * w;
        p = -0.00125372503 + p * w;
        p = -0.00417768164 + p * w;
        p = 0.246640727 + p * w;
        p = 1.50140941 + p * w;
    } else {
        w = sqrt(w) - 3.0;
        p = -0.000200214257;
        p = 0.000100950558 + p * w;
        p = 0.00134934322 + p * w;
        p = -0.00367342844 + p * w;
        p = 0.00573950773 + p * w;
        p = -0.0076224613 + p * w;
        p = 0.00943887047 + p * w;
        p = 1.00167406 + p * w;
        p = 2.83297682 + p * w;
    }
    return p * x;
}
static inline double erfinv_newton(double x, int steps)
{
    if (!(fabs(x) <= 1.0))
        return NAN;
    if (fabs(x) == 1.0)
        return copysign(INFINITY, x);
    double y = erfinv_guess(x);
    for (int i = 0; i < steps; i++)
        y -= (erf(y) - x) / (1.1283791670955126 * exp(-y * y)); /* 2 / sqrt(pi) */
    return y;
}
static inline float erfinvf(float x)
{
    return (float)erfinv_newton(x, 1);
}
static inline double erfinv(double x)
{
    return erfinv_newton(x, 2);
}

/* lgamma through lgamma_r / lgammaf_r: the plain functions write the global
 * signgam, a data race between workers. Named lgamf / lgam for F(). */
static inline float lgamf(float x)
{
    int sign;
    return lgammaf_r(x, &sign);
}
static inline double lgam(double x)
{
    int sign;
    return lgamma_r(x, &sign);
}

/* digamma (torch.digamma's values): +-0 give -+inf, negative integers NaN,
 * other x < 0 the reflection psi(1 - x) - pi / tan(pi x); then the recurrence
 * psi(x) = psi(x + 1) - 1 / x up to x >= 10 and the asymptotic series (its
 * first omitted term is below 1e-15 there). Named digamf / digam for F(). */
static double digam(double x)
{
    if (x == 0)
        return copysign(INFINITY, -x);
    if (isnan(x) || x == INFINITY)
        return x;
    if (x == -INFINITY)
        return NAN;
    double r = 0;
    if (x < 0) {
        if (x == floor(x))
            return NAN;
        double f = x - floor(x); /* pi / tan(pi x) from the fraction: exact period */
        r = -EW_PI / tan(EW_PI * f);
        x = 1 - x;
    }
    for (; x < 10; x += 1)
        r -= 1 / x;
    double y = 1 / (x * x);
    double s = y * (1.0 / 12 - y * (1.0 / 120 - y * (1.0 / 252 - y * (1.0 / 240 - y / 132))));
    return r + log(x) - 0.5 / x - s;
}
static inline float digamf(float x)
{
    return (float)digam(x);
}

enum uop {
#define X(Name, ...) UOP_##Name,
    EW_UNARY_OPS(X)
#undef X
        UOP_COUNT
};

/* The float and double kernels, f32_<header> and f64_<header>, from each
 * row's FORMULA (T, F and C as table.h says). */
#define X(Name, header, FORMS, IN, OUT, INPLACE, RESULT, FORMULA, I64)                             \
    EW_KERN1(KNAME(header), T, FORMULA)
#define T float
#define F EW_F32_FN
#define C(c) c##f
#define KNAME(header) f32_##header
EW_UNARY_OPS(X)
#undef T
#undef F
#undef C
#undef KNAME
#define T double
#define F EW_F64_FN
#define C(c) c
#define KNAME(header) f64_##header
EW_UNARY_OPS(X)
#undef T
#undef F
#undef C
#undef KNAME
#undef X

/* The integer kernels the rows name (two's complement: EU6). */
EW_KERN1(i64_neg, int64_t, (int64_t)(0 - (uint64_t)x))
EW_KERN1(i64_abs, int64_t, x < 0 ? (int64_t)(0 - (uint64_t)x) : x)
EW_KERN1(i64_sign, int64_t, (x > 0) - (x < 0))
EW_KERN1(i64_relu, int64_t, x > 0 ? x : 0)
EW_KERN1(i64_id, int64_t, x)
EW_KERN1(i64_square, int64_t, (int64_t)((uint64_t)x *(uint64_t)x))
EW_KERN1(i64_signbit, int64_t, x < 0)
EW_KERN1(i64_one, int64_t, ((void)x, 1))
EW_KERN1(i64_zero, int64_t, ((void)x, 0))
EW_KERN1(i64_bnot, int64_t, ~x)
EW_KERN1(i64_bool_not, int64_t, x == 0) /* BitwiseNot of a bool (EU7) */

/* EU10: out = x / (1 + e^t) with t = arg(x), e^t by simd.h's vector exp per
 * block of UN_EXPB elements (t where it exceeds the vector exp's clamp:
 * expf). out may be x itself: each x is read before its out is written. */
#define UN_EXPB 256
#define UN_EXP_DIV(NAME, ARG)                                                                      \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        (void)p;                                                                                   \
        float *o = o_, t[UN_EXPB];                                                                 \
        const float *a = in[0];                                                                    \
        const struct ks_ops *ks = ks_get();                                                        \
        for (int64_t i = 0; i < n; i += UN_EXPB) {                                                 \
            const int64_t m = n - i < UN_EXPB ? n - i : UN_EXPB;                                   \
            for (int64_t j = 0; j < m; j++) {                                                      \
                const float x = a[i + j];                                                          \
                t[j] = (ARG);                                                                      \
            }                                                                                      \
            ks->exp_sum_to(t, t, m, 0.0f, NULL);                                                   \
            for (int64_t j = 0; j < m; j++) {                                                      \
                const float x = a[i + j], u = (ARG);                                               \
                if (!(u <= 88.0f) && u == u) /* past the clamp (NaN stays NaN) */                  \
                    t[j] = expf(u);                                                                \
            }                                                                                      \
            for (int64_t j = 0; j < m; j++)                                                        \
                o[i + j] = a[i + j] / (1.0f + t[j]);                                               \
        }                                                                                          \
    }
UN_EXP_DIV(f32_silu_vexp, -x)
UN_EXP_DIV(f32_gelu_vexp, -2.0f * (float)EW_GELU_K * (x + 0.044715f * x * x * x))

static const ew_kern_fn g_un[UOP_COUNT][3] = {
#define X(Name, header, FORMS, IN, OUT, INPLACE, RESULT, FORMULA, I64)                             \
    [UOP_##Name] = {f32_##header, f64_##header, I64},
    EW_UNARY_OPS(X)
#undef X
};

/* ---- unary operators ---------------------------------------------------------------- */

/* The kernel of uop for compute column col: the table's, or EU10's. */
static ew_kern_fn un_kern(int uop, int col)
{
    if (col == 0 && uop == UOP_Silu)
        return f32_silu_vexp;
    if (col == 0 && uop == UOP_Gelu)
        return f32_gelu_vexp;
    return g_un[uop][col];
}

enum ures { UR_SAME, UR_FLOAT, UR_EXACT /* out must have self's type */, UR_BOOL };

struct urule {
    unsigned in_mask, out_mask, inplace_mask;
    int res;
};

static const struct urule g_urule[UOP_COUNT] = {
#define X(Name, header, FORMS, IN, OUT, INPLACE, RESULT, FORMULA, I64)                             \
    [UOP_##Name] = {IN, OUT, INPLACE, RESULT},
    EW_UNARY_OPS(X)
#undef X
};

static aclnnStatus unary_op(const char *name, int uop, const aclTensor *self, const aclTensor *out,
                            bool inplace, uint64_t *ws, aclOpExecutor **ex)
{
    const struct urule *r = &g_urule[uop];
    OPS_CHECK_NULLS(name, self, out, ws, ex);
    const struct ops_p1key k = {
        name, 2ull << 56 | (uint64_t)uop | (uint64_t)inplace << 8, 2, 0, {self, out}, {NULL}};
    if (ops_p1_hit(&k, ws, ex))
        return ACLNN_SUCCESS;
    aclnnStatus rc;
    int sdt, outdt;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, inplace ? "selfRef" : "self", self->dtype,
                          inplace ? r->inplace_mask : r->in_mask, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, r->out_mask, &outdt)))
        return rc;
    int res = sdt;
    if (r->res == UR_FLOAT && !ops_dt_is_float(sdt))
        res = DT_F32;
    if (r->res == UR_BOOL)
        res = DT_BOOL; /* 1 / 0, exact in every type: computed in self's (EU8) */
    if (r->res == UR_EXACT ? outdt != sdt : !ops_can_cast(res, outdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: result type %s cannot be written to out type %s", name,
                       ops_dt_name(ops_dt_acl(res)), ops_dt_name(out->dtype));
    if ((rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    struct ew_build b = {
        .name = name, .nin = 1, .in = {self}, .out = out, .ck = ops_ck_for(res), .rt = res};
    if (r->res == UR_BOOL) {
        b.ck = ops_ck_for(sdt);
        b.rt = DT_NONE;
    }
    b.kern = un_kern(uop, ew_col(b.ck));
    if (uop == UOP_BitwiseNot && sdt == DT_BOOL)
        b.kern = i64_bool_not;
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
}

#define UNARY(OP, UOPV)                                                                            \
    aclnnStatus aclnn##OP##GetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)             \
    {                                                                                              \
        return unary_op("aclnn" #OP, UOPV, self, out, false, workspaceSize, executor);             \
    }                                                                                              \
    PHASE2(OP)
#define UNARY_INPLACE(OP, UOPV, CONST)                                                             \
    UNARY(OP, UOPV)                                                                                \
    aclnnStatus aclnnInplace##OP##GetWorkspaceSize(CONST aclTensor *selfRef, WS)                   \
    {                                                                                              \
        return unary_op("aclnnInplace" #OP, UOPV, selfRef, selfRef, true, workspaceSize,           \
                        executor);                                                                 \
    }                                                                                              \
    PHASE2(Inplace##OP)

/* The entry points of each row: EW_OUT gives aclnnName, EW_INPLACE also aclnnInplaceName. */
#define EW_OUT(Name) UNARY(Name, UOP_##Name)
#define EW_INPLACE(Name) UNARY_INPLACE(Name, UOP_##Name, )
#define EW_INPLACE_C(Name) UNARY_INPLACE(Name, UOP_##Name, const)
#define X(Name, header, FORMS, ...) FORMS(Name)
EW_UNARY_OPS(X)
#undef X

/* LogicalNot: out = (self == 0) as 1/0 in out's type (NaN is nonzero). */
#define KLNOT(NAME, T) EW_KERN1(NAME, T, (T)(x == 0))
KLNOT(f32_lnot, float)
KLNOT(f64_lnot, double)
KLNOT(i64_lnot, int64_t)

static aclnnStatus lnot_op(const char *name, const aclTensor *self, const aclTensor *out,
                           bool inplace, uint64_t *ws, aclOpExecutor **ex)
{
    const char *what = inplace ? "selfRef" : "self";
    OPS_CHECK_NULLS(name, self, out, ws, ex);
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, what)) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, what, self->dtype, OPS_DT_LogicalNot, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_LogicalNot, &odt)) ||
        (rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    struct ew_build b = {
        .name = name, .nin = 1, .in = {self}, .out = out, .ck = ops_ck_for(sdt), .rt = DT_NONE};
    b.kern = b.ck == CK_F32 ? f32_lnot : b.ck == CK_F64 ? f64_lnot : i64_lnot;
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnLogicalNotGetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)
{
    return lnot_op("aclnnLogicalNot", self, out, false, workspaceSize, executor);
}
aclnnStatus aclnnInplaceLogicalNotGetWorkspaceSize(aclTensor *selfRef, WS)
{
    return lnot_op("aclnnInplaceLogicalNot", selfRef, selfRef, true, workspaceSize, executor);
}
PHASE2(LogicalNot)
PHASE2(InplaceLogicalNot)

/* RoundDecimals: self * 10^decimals rounded half to even, scaled back (torch.round's decimals:
 * a negative count rounds to tens, hundreds...); p->f[0] = 10^|decimals|, p->i[0] its sign. */
#define KROUNDD(NAME, T, RINT)                                                                     \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], s = (T)p->f[0];                                                        \
        if (p->i[0] >= 0)                                                                          \
            for (int64_t i = 0; i < n; i++)                                                        \
                o[i] = RINT(a[i] * s) / s;                                                         \
        else                                                                                       \
            for (int64_t i = 0; i < n; i++)                                                        \
                o[i] = RINT(a[i] / s) * s;                                                         \
    }
KROUNDD(f32_roundd, float, rintf)
KROUNDD(f64_roundd, double, rint)

static aclnnStatus roundd_op(const char *name, const aclTensor *self, int64_t decimals,
                             const aclTensor *out, bool inplace, uint64_t *ws, aclOpExecutor **ex)
{
    const char *what = inplace ? "selfRef" : "self";
    OPS_CHECK_NULLS(name, self, out, ws, ex);
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, what)) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, what, self->dtype, OPS_DT_RoundDecimals, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, DTM_ALL, &odt)) ||
        (rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    if (!ops_can_cast(sdt, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s cannot be written to out type %s", name,
                       ops_dt_name(self->dtype), ops_dt_name(out->dtype));
    struct ew_build b = {
        .name = name, .nin = 1, .in = {self}, .out = out, .ck = ops_ck_for(sdt), .rt = sdt};
    if (b.ck == CK_I64 && decimals >= 0) {
        b.kern = i64_id; /* integers have no fraction to round */
    } else {
        if (b.ck == CK_I64) { /* round integers to tens...: in double, then back */
            b.ck = CK_F64;
            b.rt = DT_F64;
        }
        b.kern = b.ck == CK_F32 ? f32_roundd : f64_roundd;
        b.p.f[0] = pow(10.0, (double)(decimals < 0 ? -decimals : decimals));
        b.p.i[0] = decimals;
    }
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnRoundDecimalsGetWorkspaceSize(const aclTensor *self, int64_t decimals,
                                               aclTensor *out, WS)
{
    return roundd_op("aclnnRoundDecimals", self, decimals, out, false, workspaceSize, executor);
}
aclnnStatus aclnnInplaceRoundDecimalsGetWorkspaceSize(aclTensor *selfRef, int64_t decimals, WS)
{
    return roundd_op("aclnnInplaceRoundDecimals", selfRef, decimals, selfRef, true, workspaceSize,
                     executor);
}
PHASE2(RoundDecimals)
PHASE2(InplaceRoundDecimals)

/* NanToNum: NaN, +inf and -inf replaced by nan, posinf, neginf (p->f[0..2], already in
 * self's type: a value beyond its range became inf as a Cast makes it); integers and bool
 * have none of them and stay. */
#define KNAN2NUM(NAME, T)                                                                          \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], nv = (T)p->f[0], pv = (T)p->f[1], mv = (T)p->f[2];                     \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i];                                                                            \
            o[i] = x != x ? nv : x == (T)INFINITY ? pv : x == -(T)INFINITY ? mv : x;               \
        }                                                                                          \
    }
KNAN2NUM(f32_nan2num, float)
KNAN2NUM(f64_nan2num, double)

static aclnnStatus nan2num_op(const char *name, const aclTensor *self, float nan, float posinf,
                              float neginf, const aclTensor *out, bool inplace, uint64_t *ws,
                              aclOpExecutor **ex)
{
    const char *what = inplace ? "selfRef" : "self";
    OPS_CHECK_NULLS(name, self, out, ws, ex);
    aclnnStatus rc;
    int sdt, odt;
    if ((rc = ops_check_dims(self, name, what)) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, what, self->dtype, OPS_DT_NanToNum, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_NanToNum, &odt)) ||
        (rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    if (inplace ? sdt != odt : !ops_can_cast(sdt, odt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s cannot be written to out type %s", name,
                       ops_dt_name(self->dtype), ops_dt_name(out->dtype));
    struct ew_build b = {
        .name = name, .nin = 1, .in = {self}, .out = out, .ck = ops_ck_for(sdt), .rt = sdt};
    if (b.ck == CK_I64) {
        b.kern = i64_id;
    } else {
        double v[3] = {nan, posinf, neginf};
        ops_round_f64(v, 3, sdt); /* the replacements in self's type */
        memcpy(b.p.f, v, sizeof(v));
        b.kern = b.ck == CK_F32 ? f32_nan2num : f64_nan2num;
    }
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnNanToNumGetWorkspaceSize(const aclTensor *self, float nan, float posinf,
                                          float neginf, aclTensor *out, WS)
{
    return nan2num_op("aclnnNanToNum", self, nan, posinf, neginf, out, false, workspaceSize,
                      executor);
}
aclnnStatus aclnnInplaceNanToNumGetWorkspaceSize(aclTensor *selfRef, float nan, float posinf,
                                                 float neginf, WS)
{
    return nan2num_op("aclnnInplaceNanToNum", selfRef, nan, posinf, neginf, selfRef, true,
                      workspaceSize, executor);
}
PHASE2(NanToNum)
PHASE2(InplaceNanToNum)

/* ---- the kernels for other families (kernels.h) ------------------------------------------ */

ew_kern_fn ew_unary_kernel(const char *header, int col)
{
    static const char *const names[UOP_COUNT] = {
#define X(Name, header, ...) [UOP_##Name] = #header,
        EW_UNARY_OPS(X)
#undef X
    };
    int k = ew_name_index(names, UOP_COUNT, header);
    return k < 0 ? NULL : un_kern(k, col);
}
