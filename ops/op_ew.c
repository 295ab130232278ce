/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Elementwise operators on the engine in ew.c: the Add/Sub/Mul/Div family
 * (tensor and scalar forms, in place), Maximum/Minimum, MaxN/MinN, the Pow
 * forms, the unary math and activation functions, and Cast / InplaceCopy /
 * InplaceZero / InplaceFillScalar.
 *
 * Semantics follow AscendCL's operators (ops-math / ops-nn op_api sources):
 *  S1. Inputs promote by ops_promote (tensor with scalar: ops_promote_scalar);
 *      the operator computes in the promoted type, then casts to out's type,
 *      which the promoted type must be able to cast to (ops_can_cast).
 *  S2. Add/Sub: out = self +/- alpha * other; alpha must cast to the
 *      promoted type (an integral alpha for bool). Sub rejects bool.
 *  S3. Div/Divs divide integer and bool inputs as float32 (true division);
 *      DivMod with mode 1 (toward zero) / 2 (floor) keeps integer types, and
 *      an integer division by zero gives 0.
 *  S4. Float math functions of integer/bool inputs compute in float32; a
 *      float input's type is the result type (float16 exp rounds to float16
 *      even into a float32 out). In-place forms need a floating selfRef.
 *  S5. Maximum/Minimum/MaxN/MinN propagate NaN.
 *  S6. Integer arithmetic wraps (two's complement); integer pow with a
 *      negative exponent gives 1 for base 1, +-1 for base -1, else 0.
 * Kernels compute float16/bfloat16 in float32 (the engine converts).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/ew_build.h"
#include "ops/ops.h"
#include "ops/op_public.h"

#pragma GCC optimize("O3")

/* ---- binary kernels -------------------------------------------------------- */

enum bop {
    BOP_ADD,
    BOP_ADD1,
    BOP_SUB,
    BOP_SUB1,
    BOP_MUL,
    BOP_DIV,
    BOP_DIV_TRUNC,
    BOP_DIV_FLOOR,
    BOP_MAX,
    BOP_MIN,
    BOP_POW,
    BOP_COUNT
};

#define KBIN(NAME, T, AL, EXPR)                                                                    \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0], *b = in[1];                                                            \
        const T al = (T)(AL);                                                                      \
        (void)al;                                                                                  \
        (void)p;                                                                                   \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i], y = b[i];                                                                  \
            o[i] = (EXPR);                                                                         \
        }                                                                                          \
    }

typedef uint64_t u64;
#define WRAP(e) ((int64_t)(e))

/* The float binary kernels, one list for both precisions: K(name, T, alpha,
 * expression of x, y and al), F(fn) the math function for T (UNARY_KERNELS
 * below has the same form). */
#define BINARY_KERNELS(K, T, F)                                                                    \
    K(add, T, p->f[0], x + al * y)                                                                 \
    K(add1, T, 1, x + y)                                                                           \
    K(sub, T, p->f[0], x - al * y)                                                                 \
    K(sub1, T, 1, x - y)                                                                           \
    K(mul, T, 1, (x) * (y))                                                                        \
    K(div, T, 1, x / y)                                                                            \
    K(divt, T, 1, F(trunc)(x / y))                                                                 \
    K(divf, T, 1, F(floor)(x / y))                                                                 \
    K(max, T, 1, (x > y || x != x) ? x : y)                                                        \
    K(min, T, 1, (x < y || x != x) ? x : y)                                                        \
    K(pow, T, 1, F(pow)(x, y))
#define F32_FN(fn) fn##f
#define F64_FN(fn) fn
#define KB32(NAME, T, AL, EXPR) KBIN(f32_##NAME, T, AL, EXPR)
#define KB64(NAME, T, AL, EXPR) KBIN(f64_##NAME, T, AL, EXPR)
BINARY_KERNELS(KB32, float, F32_FN)
BINARY_KERNELS(KB64, double, F64_FN)

static inline int64_t mulw(int64_t x, int64_t y)
{
    return WRAP((u64)x * (u64)y);
}

static inline int64_t idiv_trunc(int64_t x, int64_t y)
{
    if (y == 0)
        return 0;
    if (y == -1)
        return WRAP(0 - (u64)x); /* INT64_MIN / -1 wraps instead of trapping */
    return x / y;
}
static inline int64_t idiv_floor(int64_t x, int64_t y)
{
    if (y == 0)
        return 0;
    if (y == -1)
        return WRAP(0 - (u64)x);
    int64_t q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0)))
        q--;
    return q;
}
static inline int64_t ipow(int64_t x, int64_t y)
{
    if (y < 0)
        return x == 1 ? 1 : x == -1 ? ((y & 1) ? -1 : 1) : 0;
    u64 r = 1, b = (u64)x;
    while (y) {
        if (y & 1)
            r *= b;
        b *= b;
        y >>= 1;
    }
    return WRAP(r);
}

KBIN(i64_add, int64_t, p->i[0], WRAP((u64)x + (u64)al * (u64)y))
KBIN(i64_add1, int64_t, 1, WRAP((u64)x + (u64)y))
KBIN(i64_sub, int64_t, p->i[0], WRAP((u64)x - (u64)al * (u64)y))
KBIN(i64_sub1, int64_t, 1, WRAP((u64)x - (u64)y))
KBIN(i64_mul, int64_t, 1, mulw(x, y))
KBIN(i64_divt, int64_t, 1, idiv_trunc(x, y))
KBIN(i64_divf, int64_t, 1, idiv_floor(x, y))
KBIN(i64_max, int64_t, 1, x > y ? x : y)
KBIN(i64_min, int64_t, 1, x < y ? x : y)
KBIN(i64_pow, int64_t, 1, ipow(x, y))

static const ew_kern_fn g_bin[BOP_COUNT][3] = {
    [BOP_ADD] = {f32_add, f64_add, i64_add},
    [BOP_ADD1] = {f32_add1, f64_add1, i64_add1},
    [BOP_SUB] = {f32_sub, f64_sub, i64_sub},
    [BOP_SUB1] = {f32_sub1, f64_sub1, i64_sub1},
    [BOP_MUL] = {f32_mul, f64_mul, i64_mul},
    [BOP_DIV] = {f32_div, f64_div, NULL},
    [BOP_DIV_TRUNC] = {f32_divt, f64_divt, i64_divt},
    [BOP_DIV_FLOOR] = {f32_divf, f64_divf, i64_divf},
    [BOP_MAX] = {f32_max, f64_max, i64_max},
    [BOP_MIN] = {f32_min, f64_min, i64_min},
    [BOP_POW] = {f32_pow, f64_pow, i64_pow},
};

/* MaxN / MinN over p->nin inputs. */
#define KVAR(NAME, T, BETTER)                                                                      \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        const T *a = in[0];                                                                        \
        for (int64_t i = 0; i < n; i++) {                                                          \
            T x = a[i];                                                                            \
            for (int k = 1; k < p->nin; k++) {                                                     \
                T y = ((const T *)in[k])[i];                                                       \
                x = (BETTER) ? x : y;                                                              \
            }                                                                                      \
            o[i] = x;                                                                              \
        }                                                                                          \
    }
KVAR(f32_maxn, float, x > y || x != x)
KVAR(f32_minn, float, x < y || x != x)
KVAR(f64_maxn, double, x > y || x != x)
KVAR(f64_minn, double, x < y || x != x)
KVAR(i64_maxn, int64_t, x > y)
KVAR(i64_minn, int64_t, x < y)

/* Sum (AccumulateNV2) over p->nin inputs; integers wrap (unsigned adds). */
#define KSUMN(NAME, T, ADD)                                                                        \
    static void NAME(void *o_, const void *const *in, int64_t n, const struct ew_params *p)        \
    {                                                                                              \
        T *o = o_;                                                                                 \
        for (int64_t i = 0; i < n; i++)                                                            \
            o[i] = ((const T *)in[0])[i];                                                          \
        for (int k = 1; k < p->nin; k++) {                                                         \
            const T *y = in[k];                                                                    \
            for (int64_t i = 0; i < n; i++)                                                        \
                o[i] = ADD(o[i], y[i]);                                                            \
        }                                                                                          \
    }
#define PLAIN_ADD(a, b) ((a) + (b))
#define WRAP_ADD(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
KSUMN(f32_sumn, float, PLAIN_ADD)
KSUMN(f64_sumn, double, PLAIN_ADD)
KSUMN(i64_sumn, int64_t, WRAP_ADD)

/* ---- unary kernels ---------------------------------------------------------- */

enum uop {
    UOP_NEG,
    UOP_ABS,
    UOP_EXP,
    UOP_EXP2,
    UOP_LOG,
    UOP_LOG2,
    UOP_LOG10,
    UOP_SQRT,
    UOP_RSQRT,
    UOP_SIN,
    UOP_COS,
    UOP_SIGN,
    UOP_RELU,
    UOP_SILU,
    UOP_GELU,
    UOP_SIGMOID,
    UOP_TANH,
    UOP_COUNT
};

#define GELU_K 0.7978845608028654 /* sqrt(2 / pi) */

/* The unary kernels, one list for both precisions: K(name, T, expression of
 * x), F(fn) the math function for T (expf or exp), C(c) a constant of type T. */
/* gelu: 0.5 x (1 + tanh(u)) == x / (1 + e^(-2u)): no cancellation for x << 0 */
#define UNARY_KERNELS(K, T, F, C)                                                                  \
    K(neg, T, -x)                                                                                  \
    K(abs, T, F(fabs)(x))                                                                          \
    K(exp, T, F(exp)(x))                                                                           \
    K(exp2, T, F(exp2)(x))                                                                         \
    K(log, T, F(log)(x))                                                                           \
    K(log2, T, F(log2)(x))                                                                         \
    K(log10, T, F(log10)(x))                                                                       \
    K(sqrt, T, F(sqrt)(x))                                                                         \
    K(rsqrt, T, C(1.0) / F(sqrt)(x))                                                               \
    K(sin, T, F(sin)(x))                                                                           \
    K(cos, T, F(cos)(x))                                                                           \
    K(sign, T, x != x ? x : (T)((x > 0) - (x < 0)))                                                \
    K(relu, T, (x > 0 || x != x) ? x : C(0.0))                                                     \
    K(silu, T, x / (C(1.0) + F(exp)(-x)))                                                          \
    K(gelu, T, x / (C(1.0) + F(exp)(C(-2.0) * (T)GELU_K * (x + C(0.044715) * x * x * x))))         \
    K(sigmoid, T, C(1.0) / (C(1.0) + F(exp)(-x)))                                                  \
    K(tanh, T, F(tanh)(x))
#define F32_C(c) c##f
#define F64_C(c) c
#define K32(NAME, T, EXPR) EW_KERN1(f32_##NAME, T, EXPR)
#define K64(NAME, T, EXPR) EW_KERN1(f64_##NAME, T, EXPR)
UNARY_KERNELS(K32, float, F32_FN, F32_C)
UNARY_KERNELS(K64, double, F64_FN, F64_C)

EW_KERN1(i64_neg, int64_t, WRAP(0 - (u64)x))
EW_KERN1(i64_abs, int64_t, x < 0 ? WRAP(0 - (u64)x) : x)
EW_KERN1(i64_sign, int64_t, (x > 0) - (x < 0))
EW_KERN1(i64_relu, int64_t, x > 0 ? x : 0)

#define U3(n)                                                                                      \
    {                                                                                              \
        f32_##n, f64_##n, NULL                                                                     \
    }
static const ew_kern_fn g_un[UOP_COUNT][3] = {
    [UOP_NEG] = {f32_neg, f64_neg, i64_neg},
    [UOP_ABS] = {f32_abs, f64_abs, i64_abs},
    [UOP_EXP] = U3(exp),
    [UOP_EXP2] = U3(exp2),
    [UOP_LOG] = U3(log),
    [UOP_LOG2] = U3(log2),
    [UOP_LOG10] = U3(log10),
    [UOP_SQRT] = U3(sqrt),
    [UOP_RSQRT] = U3(rsqrt),
    [UOP_SIN] = U3(sin),
    [UOP_COS] = U3(cos),
    [UOP_SIGN] = {f32_sign, f64_sign, i64_sign},
    [UOP_RELU] = {f32_relu, f64_relu, i64_relu},
    [UOP_SILU] = U3(silu),
    [UOP_GELU] = U3(gelu),
    [UOP_SIGMOID] = U3(sigmoid),
    [UOP_TANH] = U3(tanh),
};

static inline int ck_col(int ck)
{
    return ck == CK_F32 ? 0 : ck == CK_F64 ? 1 : 2;
}

/* ---- building executors --------------------------------------------------------- */

enum bkind { BK_ADD, BK_SUB, BK_MUL, BK_DIV, BK_MAX, BK_MIN, BK_POW };

/* The binary family. Exactly one of self/selfS and one of other/otherS is
 * given; out is NULL for in-place forms (self is then written). */
static aclnnStatus binary_op(const char *name, int kind, const aclTensor *self,
                             const aclScalar *selfS, const aclTensor *other,
                             const aclScalar *otherS, const aclScalar *alpha, int mode,
                             const aclTensor *out, bool inplace, uint64_t *ws, aclOpExecutor **ex)
{
    if (!self && !selfS)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: self is NULL", name);
    if (!other && !otherS)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: other is NULL", name);
    if ((kind == BK_ADD || kind == BK_SUB) && !alpha)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: alpha is NULL", name);
    OPS_CHECK_NULLS(name, out, ws, ex);
    const struct ops_p1key k = {name,
                                1ull << 56 | (uint64_t)kind | (uint64_t)inplace << 8 |
                                    (uint64_t)(uint32_t)mode << 16,
                                3,
                                3,
                                {self, other, out},
                                {selfS, otherS, alpha}};
    if (ops_p1_hit(&k, ws, ex))
        return ACLNN_SUCCESS;
    aclnnStatus rc;
    const aclTensor *tens[2] = {self, other};
    for (int k = 0; k < 2; k++)
        if (tens[k] && (rc = ops_check_dims(tens[k], name, k ? "other" : "self")))
            return rc;
    if ((rc = ops_check_dims(out, name, "out")))
        return rc;

    int sdt, odt, outdt, adt = DT_NONE;
    if ((rc = ops_need_dt(name, "self", self ? self->dtype : selfS->dtype, DTM_ALL, &sdt)) ||
        (rc = ops_need_dt(name, "other", other ? other->dtype : otherS->dtype, DTM_ALL, &odt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, DTM_ALL, &outdt)))
        return rc;
    int prom;
    if (self && other)
        prom = ops_promote(sdt, odt);
    else if (self)
        prom = ops_promote_scalar(sdt, odt, outdt);
    else
        prom = ops_promote_scalar(odt, sdt, outdt);
    if (prom < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s and %s do not promote", name,
                       ops_dt_name(ops_dt_acl(sdt)), ops_dt_name(ops_dt_acl(odt)));
    int res = prom;
    int bop;
    switch (kind) {
    case BK_ADD:
    case BK_SUB:
        if (kind == BK_SUB && prom == DT_BOOL)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: subtraction of bool is not supported",
                           name);
        if ((rc = ops_need_dt(name, "alpha", alpha->dtype, DTM_ALL, &adt)))
            return rc;
        if (prom == DT_BOOL ? ops_dt_is_float(adt) : !ops_can_cast(adt, prom))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: alpha of type %s cannot cast to %s", name,
                           ops_dt_name(alpha->dtype), ops_dt_name(ops_dt_acl(prom)));
        break;
    case BK_DIV:
        if (mode < 0 || mode > 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: mode %d is not 0, 1 or 2", name, mode);
        if (!ops_dt_is_float(prom) && mode == 0)
            res = DT_F32;
        if (prom == DT_BOOL)
            res = DT_F32;
        break;
    case BK_POW:
        if (sdt == DT_BOOL && odt == DT_BOOL)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self and exponent cannot both be bool",
                           name);
        break;
    default:
        break;
    }
    if (!ops_can_cast(res, outdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: result type %s cannot cast to out type %s",
                       name, ops_dt_name(ops_dt_acl(res)), ops_dt_name(out->dtype));

    if ((rc = ops_check_broadcast(name, self, other, out, inplace ? "selfRef" : "out")))
        return rc;

    struct ew_build b = {.name = name, .nin = 2, .in = {self, other}, .out = out, .cdt = prom};
    if (selfS)
        ops_scalar_to(b.cval, prom, selfS);
    if (otherS)
        ops_scalar_to(b.cval, prom, otherS);
    b.ck = ops_ck_for(res);
    b.rt = res;
    switch (kind) {
    case BK_ADD:
    case BK_SUB: {
        bool one;
        if (b.ck == CK_I64) {
            b.p.i[0] = ops_scalar_i64(alpha);
            if (prom == DT_BOOL)
                b.p.i[0] = b.p.i[0] != 0;
            one = b.p.i[0] == 1;
        } else {
            b.p.f[0] = ops_scalar_f64(alpha);
            one = b.p.f[0] == 1.0;
        }
        bop = kind == BK_ADD ? (one ? BOP_ADD1 : BOP_ADD) : (one ? BOP_SUB1 : BOP_SUB);
        break;
    }
    case BK_MUL:
        bop = BOP_MUL;
        break;
    case BK_DIV:
        bop = mode == 0 ? BOP_DIV : mode == 1 ? BOP_DIV_TRUNC : BOP_DIV_FLOOR;
        break;
    case BK_MAX:
        bop = BOP_MAX;
        break;
    case BK_MIN:
        bop = BOP_MIN;
        break;
    default:
        bop = BOP_POW;
        break;
    }
    b.kern = g_bin[bop][ck_col(b.ck)];
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
}

/* ---- unary operators ---------------------------------------------------------------- */

enum ures { UR_SAME, UR_FLOAT, UR_EXACT /* out must have self's type */ };

struct urule {
    unsigned in_mask, out_mask, inplace_mask;
    int res;
};

#define DTM_F DTM_FLOAT
static const struct urule g_urule[UOP_COUNT] = {
    [UOP_NEG] = {DTM_FLOAT | DTM(DT_I8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64), DTM_ALL,
                 DTM_FLOAT | DTM(DT_I8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64), UR_SAME},
    [UOP_ABS] = {DTM_ALL, DTM_ALL, DTM_ALL, UR_SAME},
    [UOP_EXP] = {DTM_F | DTM(DT_BOOL) | DTM(DT_I64), DTM_F, DTM_F, UR_FLOAT},
    [UOP_EXP2] = {DTM_ALL, DTM_F, DTM_F, UR_FLOAT},
    [UOP_LOG] = {DTM_ALL, DTM_F, DTM_F, UR_FLOAT},
    [UOP_LOG2] = {DTM_ALL, DTM_F, DTM_F, UR_FLOAT},
    [UOP_LOG10] = {DTM_ALL, DTM_F, DTM_F, UR_FLOAT},
    [UOP_SQRT] = {DTM_ALL, DTM_F, DTM_F, UR_FLOAT},
    [UOP_RSQRT] = {DTM_ALL, DTM_F, DTM_F, UR_FLOAT},
    [UOP_SIN] = {DTM_ALL, DTM_F, DTM_F, UR_FLOAT},
    [UOP_COS] = {DTM_ALL, DTM_F, DTM_F, UR_FLOAT},
    [UOP_SIGN] = {DTM_ALL, DTM_ALL, DTM_ALL, UR_SAME},
    [UOP_RELU] = {DTM_FLOAT | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I32) | DTM(DT_I64), DTM_ALL,
                  DTM_FLOAT | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I32) | DTM(DT_I64), UR_SAME},
    [UOP_SILU] = {DTM_F3, DTM_F3, DTM_F3, UR_SAME},
    [UOP_GELU] = {DTM_F3, DTM_F3, DTM_F3, UR_EXACT},
    [UOP_SIGMOID] = {DTM_F, DTM_F, DTM_F, UR_SAME},
    [UOP_TANH] = {DTM_F, DTM_F, DTM_F, UR_SAME},
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
    if (r->res == UR_EXACT ? outdt != sdt : !ops_can_cast(res, outdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: result type %s cannot be written to out type %s", name,
                       ops_dt_name(ops_dt_acl(res)), ops_dt_name(out->dtype));
    if ((rc = ops_check_shape(name, self->dims, (int)self->ndim, out, "out")))
        return rc;
    struct ew_build b = {
        .name = name, .nin = 1, .in = {self}, .out = out, .ck = ops_ck_for(res), .rt = res};
    b.kern = g_un[uop][ck_col(b.ck)];
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
}

/* ---- Cast / InplaceCopy / InplaceZero / InplaceFillScalar ------------------------------ */

static int convert_ck(int from, int to)
{
    if (from == to)
        return ops_ck_raw(from);
    if (from == DT_F64 || to == DT_F64)
        return CK_F64;
    if (ops_dt_is_float(from) || ops_dt_is_float(to))
        return CK_F32;
    return CK_I64;
}

static aclnnStatus convert_op(const char *name, const aclTensor *src, const aclTensor *dst,
                              bool broadcast, uint64_t *ws, aclOpExecutor **ex)
{
    const struct ops_p1key k = {name, 3ull << 56 | (uint64_t)broadcast, 2, 0, {src, dst}, {NULL}};
    if (ops_p1_hit(&k, ws, ex))
        return ACLNN_SUCCESS;
    aclnnStatus rc;
    int sdt, ddt;
    if ((rc = ops_check_dims(src, name, "src")) || (rc = ops_check_dims(dst, name, "out")) ||
        (rc = ops_need_dt(name, "self", src->dtype, DTM_ALL, &sdt)) ||
        (rc = ops_need_dt(name, "out", dst->dtype, DTM_ALL, &ddt)))
        return rc;
    if (broadcast) {
        int64_t bs[OPS_MAX_DIMS];
        int nb;
        if (!ops_broadcast(dst->dims, (int)dst->ndim, src->dims, (int)src->ndim, bs, &nb) ||
            (rc = ops_check_shape(name, bs, nb, dst, "selfRef")))
            return rc ? rc
                      : ops_err(ACLNN_ERR_PARAM_INVALID,
                                "%s: src does not broadcast to selfRef's shape", name);
    } else if ((rc = ops_check_shape(name, src->dims, (int)src->ndim, dst, "out"))) {
        return rc;
    }
    struct ew_build b = {
        .name = name, .nin = 1, .in = {src}, .out = dst, .ck = convert_ck(sdt, ddt), .rt = DT_NONE};
    b.kern = ew_copy_kern[b.ck];
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
}

static aclnnStatus fill_op(const char *name, const aclTensor *self, const aclScalar *value,
                           uint64_t *ws, aclOpExecutor **ex)
{
    aclnnStatus rc;
    int dt, vdt;
    if ((rc = ops_check_dims(self, name, "selfRef")) ||
        (rc = ops_need_dt(name, "selfRef", self->dtype, DTM_ALL, &dt)))
        return rc;
    struct ew_build b = {.name = name, .nin = 1, .in = {NULL}, .out = self, .cdt = dt};
    if (value) {
        if ((rc = ops_need_dt(name, "value", value->dtype, DTM_ALL, &vdt)))
            return rc;
        ops_scalar_to(b.cval, dt, value);
    }
    b.ck = ops_ck_raw(dt);
    b.rt = DT_NONE;
    b.kern = ew_copy_kern[b.ck];
    return ew_build_exec(&b, ws, ex);
}

/* MaxN / MinN / Sum over a tensor list. */
enum listn_kind { LN_MAX, LN_MIN, LN_SUM };

static aclnnStatus listn_op(const char *name, int kind, const aclTensorList *tensors,
                            const aclTensor *out, uint64_t *ws, aclOpExecutor **ex)
{
    OPS_CHECK_NULLS(name, tensors, out, ws, ex);
    if (tensors->n == 0 || tensors->n > 64)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %llu tensors (1 to 64 are supported)", name,
                       (unsigned long long)tensors->n);
    aclnnStatus rc;
    int prom = DT_NONE, outdt, n = (int)tensors->n;
    int64_t bs[OPS_MAX_DIMS];
    int nb = 0;
    for (int k = 0; k < n; k++) {
        const aclTensor *t = tensors->v[k];
        int dt;
        if (!t)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: tensors[%d] is NULL", name, k);
        if ((rc = ops_check_dims(t, name, "tensors[]")) ||
            (rc = ops_need_dt(name, "tensors[]", t->dtype, DTM_ALL, &dt)))
            return rc;
        if (kind == LN_SUM && t->dtype != out->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tensors[%d] is %s but out is %s (Sum "
                           "needs one type)", name, k, ops_dt_name(t->dtype),
                           ops_dt_name(out->dtype));
        prom = k ? ops_promote(prom, dt) : dt;
        if (k == 0) {
            nb = (int)t->ndim;
            memcpy(bs, t->dims, (size_t)nb * sizeof(int64_t));
        } else if (!ops_broadcast(bs, nb, t->dims, (int)t->ndim, bs, &nb)) {
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: tensors[%d] does not broadcast", name, k);
        }
    }
    if ((rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "out", out->dtype, DTM_ALL, &outdt)))
        return rc;
    if (!ops_can_cast(prom, outdt))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: result type %s cannot cast to out type %s",
                       name, ops_dt_name(ops_dt_acl(prom)), ops_dt_name(out->dtype));
    if ((rc = ops_check_shape(name, bs, nb, out, "out")))
        return rc;

    struct aclOpExecutor *e = ops_exec_new(name, (uint16_t)n, 1);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    uint16_t cnt = (uint16_t)n;
    ops_exec_ir(e, &cnt, 1);
    struct ops_tensor *tin = calloc((size_t)n, sizeof(*tin));
    const struct ops_tensor **pin = calloc((size_t)n, sizeof(*pin));
    struct ops_tensor tout;
    struct ew_plan *pl = malloc(sizeof(*pl));
    rc = tin && pin && pl ? ACLNN_SUCCESS
                          : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    for (int k = 0; k < n && !rc; k++) {
        rc = ops_tensor_from(&tin[k], tensors->v[k], ops_exec_slot(e, tensors->v[k]), name,
                             "tensors[]");
        pin[k] = &tin[k];
    }
    if (!rc)
        rc = ops_tensor_from(&tout, out, ops_exec_slot(e, out), name, "out");
    int ck = ops_ck_for(prom);
    int col = ck == CK_F32 ? 0 : ck == CK_F64 ? 1 : 2;
    static const ew_kern_fn kerns[3][3] = {
        [LN_MAX] = {f32_maxn, f64_maxn, i64_maxn},
        [LN_MIN] = {f32_minn, f64_minn, i64_minn},
        [LN_SUM] = {f32_sumn, f64_sumn, i64_sumn},
    };
    if (!rc && ew_plan_init(pl, ck, kerns[kind][col], &tout, pin, n))
        rc = ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    free(tin);
    free(pin);
    if (rc) {
        free(pl);
        ops_exec_discard(e);
        return rc;
    }
    pl->rt = (int8_t)prom;
    e->plan = pl;
    e->fini = ew_exec_fini;
    e->run = pl->numel ? ew_exec_run : NULL;
    return ops_exec_done(e, ws, ex);
}

/* ---- the public entry points ------------------------------------------------------------ */

/* The four entry points of a binary family: OP (tensor, tensor), OP##s
 * (tensor, scalar) and their in-place forms. SELFREF is the in-place self's
 * declared type (AscendCL's headers make Add's const), EXTRA the parameters
 * after other, ALPHA and MODE what binary_op gets for them. */
#define BINARY4(OP, KIND, SELFREF, EXTRA, ALPHA, MODE)                                             \
    aclnnStatus aclnn##OP##GetWorkspaceSize(const aclTensor *self,                                 \
                                            const aclTensor *other EXTRA aclTensor *out, WS)       \
    {                                                                                              \
        return binary_op("aclnn" #OP, KIND, self, NULL, other, NULL, ALPHA, MODE, out, false,      \
                         workspaceSize, executor);                                                 \
    }                                                                                              \
    aclnnStatus aclnn##OP##sGetWorkspaceSize(const aclTensor *self,                                \
                                             const aclScalar *other EXTRA aclTensor *out, WS)      \
    {                                                                                              \
        return binary_op("aclnn" #OP "s", KIND, self, NULL, NULL, other, ALPHA, MODE, out, false,  \
                         workspaceSize, executor);                                                 \
    }                                                                                              \
    aclnnStatus aclnnInplace##OP##GetWorkspaceSize(SELFREF *selfRef,                               \
                                                   const aclTensor *other EXTRA WS)                \
    {                                                                                              \
        OPS_CHECK_NULL("aclnnInplace" #OP, selfRef);                                               \
        return binary_op("aclnnInplace" #OP, KIND, selfRef, NULL, other, NULL, ALPHA, MODE,        \
                         selfRef, true, workspaceSize, executor);                                  \
    }                                                                                              \
    aclnnStatus aclnnInplace##OP##sGetWorkspaceSize(SELFREF *selfRef,                              \
                                                    const aclScalar *other EXTRA WS)               \
    {                                                                                              \
        OPS_CHECK_NULL("aclnnInplace" #OP "s", selfRef);                                           \
        return binary_op("aclnnInplace" #OP "s", KIND, selfRef, NULL, NULL, other, ALPHA, MODE,    \
                         selfRef, true, workspaceSize, executor);                                  \
    }                                                                                              \
    PHASE2(OP)                                                                                     \
    PHASE2(OP##s)                                                                                  \
    PHASE2(Inplace##OP)                                                                            \
    PHASE2(Inplace##OP##s)

#define PLAIN ,
#define WITH_ALPHA , const aclScalar *alpha,
#define WITH_MODE , int mode,
BINARY4(Add, BK_ADD, const aclTensor, WITH_ALPHA, alpha, 0)
BINARY4(Sub, BK_SUB, aclTensor, WITH_ALPHA, alpha, 0)
BINARY4(Mul, BK_MUL, aclTensor, PLAIN, NULL, 0)
BINARY4(Div, BK_DIV, aclTensor, PLAIN, NULL, 0)
BINARY4(DivMod, BK_DIV, aclTensor, WITH_MODE, NULL, mode)

aclnnStatus aclnnMaximumGetWorkspaceSize(const aclTensor *self, const aclTensor *other,
                                         aclTensor *out, WS)
{
    return binary_op("aclnnMaximum", BK_MAX, self, NULL, other, NULL, NULL, 0, out, false,
                     workspaceSize, executor);
}
aclnnStatus aclnnMinimumGetWorkspaceSize(const aclTensor *self, const aclTensor *other,
                                         aclTensor *out, WS)
{
    return binary_op("aclnnMinimum", BK_MIN, self, NULL, other, NULL, NULL, 0, out, false,
                     workspaceSize, executor);
}
PHASE2(Maximum)
PHASE2(Minimum)

aclnnStatus aclnnMaxNGetWorkspaceSize(const aclTensorList *tensors, aclTensor *out, WS)
{
    return listn_op("aclnnMaxN", LN_MAX, tensors, out, workspaceSize, executor);
}
aclnnStatus aclnnMinNGetWorkspaceSize(const aclTensorList *tensors, aclTensor *out, WS)
{
    return listn_op("aclnnMinN", LN_MIN, tensors, out, workspaceSize, executor);
}
PHASE2(MaxN)
PHASE2(MinN)

aclnnStatus aclnnSumGetWorkspaceSize(const aclTensorList *tensors, aclTensor *out, WS)
{
    return listn_op("aclnnSum", LN_SUM, tensors, out, workspaceSize, executor);
}
PHASE2(Sum)

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
        (rc = ops_need_dt(name, what, self->dtype, DTM_ALL, &sdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, DTM_ALL, &odt)) ||
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

aclnnStatus aclnnPowTensorScalarGetWorkspaceSize(const aclTensor *self, const aclScalar *exponent,
                                                 aclTensor *out, WS)
{
    return binary_op("aclnnPowTensorScalar", BK_POW, self, NULL, NULL, exponent, NULL, 0, out,
                     false, workspaceSize, executor);
}
aclnnStatus aclnnInplacePowTensorScalarGetWorkspaceSize(aclTensor *selfRef,
                                                        const aclScalar *exponent, WS)
{
    OPS_CHECK_NULL("aclnnInplacePowTensorScalar", selfRef);
    return binary_op("aclnnInplacePowTensorScalar", BK_POW, selfRef, NULL, NULL, exponent, NULL, 0,
                     selfRef, true, workspaceSize, executor);
}
aclnnStatus aclnnPowScalarTensorGetWorkspaceSize(const aclScalar *self, const aclTensor *exponent,
                                                 aclTensor *out, WS)
{
    return binary_op("aclnnPowScalarTensor", BK_POW, NULL, self, exponent, NULL, NULL, 0, out,
                     false, workspaceSize, executor);
}
aclnnStatus aclnnPowTensorTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *exponent,
                                                 aclTensor *out, WS)
{
    return binary_op("aclnnPowTensorTensor", BK_POW, self, NULL, exponent, NULL, NULL, 0, out,
                     false, workspaceSize, executor);
}
aclnnStatus aclnnInplacePowTensorTensorGetWorkspaceSize(const aclTensor *selfRef,
                                                        const aclTensor *exponent, WS)
{
    OPS_CHECK_NULL("aclnnInplacePowTensorTensor", selfRef);
    return binary_op("aclnnInplacePowTensorTensor", BK_POW, selfRef, NULL, exponent, NULL, NULL, 0,
                     selfRef, true, workspaceSize, executor);
}
PHASE2(PowTensorScalar)
PHASE2(InplacePowTensorScalar)
PHASE2(PowScalarTensor)
PHASE2(PowTensorTensor)
PHASE2(InplacePowTensorTensor)

#define UNARY(OP, UOPV)                                                                            \
    aclnnStatus aclnn##OP##GetWorkspaceSize(const aclTensor *self, aclTensor *out, WS)             \
    {                                                                                              \
        return unary_op("aclnn" #OP, UOPV, self, out, false, workspaceSize, executor);             \
    }                                                                                              \
    PHASE2(OP)
#define UNARY_INPLACE(OP, UOPV)                                                                    \
    UNARY(OP, UOPV)                                                                                \
    aclnnStatus aclnnInplace##OP##GetWorkspaceSize(aclTensor *selfRef, WS)                         \
    {                                                                                              \
        return unary_op("aclnnInplace" #OP, UOPV, selfRef, selfRef, true, workspaceSize,           \
                        executor);                                                                 \
    }                                                                                              \
    PHASE2(Inplace##OP)

UNARY_INPLACE(Neg, UOP_NEG)
UNARY(Abs, UOP_ABS)
UNARY_INPLACE(Exp, UOP_EXP)
UNARY_INPLACE(Exp2, UOP_EXP2)
UNARY_INPLACE(Log, UOP_LOG)
UNARY_INPLACE(Log2, UOP_LOG2)
UNARY_INPLACE(Log10, UOP_LOG10)
UNARY_INPLACE(Sqrt, UOP_SQRT)
UNARY_INPLACE(Rsqrt, UOP_RSQRT)
UNARY_INPLACE(Sin, UOP_SIN)
UNARY_INPLACE(Cos, UOP_COS)
UNARY(Sign, UOP_SIGN)
UNARY_INPLACE(Relu, UOP_RELU)
UNARY(Silu, UOP_SILU)
UNARY(Gelu, UOP_GELU)
UNARY_INPLACE(Sigmoid, UOP_SIGMOID)
UNARY_INPLACE(Tanh, UOP_TANH)

aclnnStatus aclnnCastGetWorkspaceSize(const aclTensor *self, const aclDataType dtype,
                                      aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnCast", self, out, workspaceSize, executor);
    if (out->dtype != dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnCast: out has type %s, dtype is %s",
                       ops_dt_name(out->dtype), ops_dt_name(dtype));
    return convert_op("aclnnCast", self, out, false, workspaceSize, executor);
}
PHASE2(Cast)

aclnnStatus aclnnInplaceCopyGetWorkspaceSize(aclTensor *selfRef, const aclTensor *src, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceCopy", selfRef, src, workspaceSize, executor);
    return convert_op("aclnnInplaceCopy", src, selfRef, true, workspaceSize, executor);
}
PHASE2(InplaceCopy)

aclnnStatus aclnnInplaceZeroGetWorkspaceSize(aclTensor *selfRef, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceZero", selfRef, workspaceSize, executor);
    return fill_op("aclnnInplaceZero", selfRef, NULL, workspaceSize, executor);
}
PHASE2(InplaceZero)

aclnnStatus aclnnInplaceFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *value, WS)
{
    OPS_CHECK_NULLS("aclnnInplaceFillScalar", selfRef, value, workspaceSize, executor);
    return fill_op("aclnnInplaceFillScalar", selfRef, value, workspaceSize, executor);
}
PHASE2(InplaceFillScalar)
