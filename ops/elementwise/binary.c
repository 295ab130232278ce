/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Binary elementwise operators on the engine (engine/ew.c): the Add/Sub/Mul/Div
 * family (tensor and scalar forms, in place), DivMod, Maximum/Minimum and the
 * Pow forms.
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
 *  S5. Maximum/Minimum propagate NaN.
 *  S6. Integer arithmetic wraps (two's complement); integer pow with a
 *      negative exponent gives 1 for base 1, +-1 for base -1, else 0.
 * Kernels compute float16/bfloat16 in float32 (the engine converts).
 * (S4, the unary functions' rule, is in elementwise/unary.c.)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/engine/public.h"

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
 * in unary.c has the same form). */
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
#define KB32(NAME, T, AL, EXPR) KBIN(f32_##NAME, T, AL, EXPR)
#define KB64(NAME, T, AL, EXPR) KBIN(f64_##NAME, T, AL, EXPR)
BINARY_KERNELS(KB32, float, EW_F32_FN)
BINARY_KERNELS(KB64, double, EW_F64_FN)

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
    b.kern = g_bin[bop][ew_col(b.ck)];
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
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
