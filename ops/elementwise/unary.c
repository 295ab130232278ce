/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Unary elementwise operators on the engine (engine/ew.c): the math functions
 * (Neg, Abs, Exp, Exp2, Log, Log2, Log10, Sqrt, Rsqrt, Sin, Cos, Sign), the
 * activations without parameters (Relu, Silu, Gelu, Sigmoid, Tanh; those with
 * parameters are in activation/activation.c) and LogicalNot.
 *
 * Semantics follow AscendCL's operators (ops-math / ops-nn op_api sources):
 *  S4. Float math functions of integer/bool inputs compute in float32; a
 *      float input's type is the result type (float16 exp rounds to float16
 *      even into a float32 out). In-place forms need a floating selfRef.
 *  S6. Integer Neg/Abs wrap (two's complement: -INT64_MIN is INT64_MIN).
 * Kernels compute float16/bfloat16 in float32 (the engine converts).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/engine/public.h"

#pragma GCC optimize("O3")

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
UNARY_KERNELS(K32, float, EW_F32_FN, F32_C)
UNARY_KERNELS(K64, double, EW_F64_FN, F64_C)

EW_KERN1(i64_neg, int64_t, (int64_t)(0 - (uint64_t)x))
EW_KERN1(i64_abs, int64_t, x < 0 ? (int64_t)(0 - (uint64_t)x) : x)
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
    b.kern = g_un[uop][ew_col(b.ck)];
    return ops_p1_keep(&k, ew_build_exec(&b, ws, ex), ex);
}

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
