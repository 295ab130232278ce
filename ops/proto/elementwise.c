/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/elementwise.c: the elementwise types of the table: Add, AddV2, Sub,
 * Mul, Div, RealDiv, Maximum, Minimum, Pow, FloorMod, TruncateMod, LeftShift,
 * RightShift (broadcast); the comparisons Equal, NotEqual, Greater, GreaterEqual,
 * Less, LessEqual, LogicalAnd, LogicalOr (broadcast, y bool); SelectV2 (three
 * operands broadcast); Relu, Sigmoid, Tanh, Exp, Log, Sqrt, Rsqrt, Neg, Abs,
 * Square, Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh, Erf,
 * Ceil, Floor, Round, Sign, Softsign, LogicalNot, LeakyRelu, Elu, Gelu, GeluV2,
 * Selu, Inv, Reciprocal, Softplus, BNLL, Shrink, Tril, Triu, Identity, Celu,
 * Log1pV2, Relu6, Relu6D, Threshold, HardSigmoid (same shape); ClipByValueV2
 * (bounds broadcast to x); AddMatMatElements(Plus) (c * beta + alpha * a * b);
 * SoftsignGrad (gradients, features broadcast); IsNan, IsPosInf, IsNegInf
 * (same shape, y bool); ApproximateEqual (x1, x2 of one shape, y bool); BiasAdd. Their shape rules and kernels (one aclnn
 * executor each, or a copy).
 */
#include <math.h>
#include <string.h>

#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_acos.h"
#include "aclnnop/aclnn_acosh.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_addcmul.h"
#include "aclnnop/aclnn_asin.h"
#include "aclnnop/aclnn_asinh.h"
#include "aclnnop/aclnn_atan.h"
#include "aclnnop/aclnn_atanh.h"
#include "aclnnop/aclnn_ceil.h"
#include "aclnnop/aclnn_celu.h"
#include "aclnnop/aclnn_clamp.h"
#include "aclnnop/aclnn_cos.h"
#include "aclnnop/aclnn_cosh.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_eq_tensor.h"
#include "aclnnop/aclnn_erf.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_floor.h"
#include "aclnnop/aclnn_fmod_tensor.h"
#include "aclnnop/aclnn_ge_tensor.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_gt_scalar.h"
#include "aclnnop/aclnn_gt_tensor.h"
#include "aclnnop/aclnn_hardsigmoid.h"
#include "aclnnop/aclnn_is_neg_inf.h"
#include "aclnnop/aclnn_isclose.h"
#include "aclnnop/aclnn_is_pos_inf.h"
#include "aclnnop/aclnn_le_tensor.h"
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_left_shift.h"
#include "aclnnop/aclnn_log.h"
#include "aclnnop/aclnn_log1p.h"
#include "aclnnop/aclnn_logical_and.h"
#include "aclnnop/aclnn_logical_not.h"
#include "aclnnop/aclnn_logical_or.h"
#include "aclnnop/aclnn_lt_tensor.h"
#include "aclnnop/aclnn_maximum.h"
#include "aclnnop/aclnn_minimum.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_ne_tensor.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_pow_tensor_tensor.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_remainder.h"
#include "aclnnop/aclnn_right_shift.h"
#include "aclnnop/aclnn_round.h"
#include "aclnnop/aclnn_rsqrt.h"
#include "aclnnop/aclnn_s_where.h"
#include "aclnnop/aclnn_shrink.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sign.h"
#include "aclnnop/aclnn_sin.h"
#include "aclnnop/aclnn_sinh.h"
#include "aclnnop/aclnn_softplus.h"
#include "aclnnop/aclnn_reciprocal.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_softsign.h"
#include "aclnnop/aclnn_softsign_backward.h"
#include "aclnnop/aclnn_sqrt.h"
#include "aclnnop/aclnn_sub.h"
#include "aclnnop/aclnn_tan.h"
#include "aclnnop/aclnn_tanh.h"
#include "aclnnop/aclnn_tril.h"
#include "aclnnop/aclnn_triu.h"
#include "ops/proto/proto_pvt.h"

/* ---- shape rules ------------------------------------------------------------------- */

/* x1, x2 of one type, broadcast. */
enum proto_status proto_infer_binary(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 2);
    if (st)
        return st;
    op->out[0].dtype = op->in[0].dtype;
    return proto_broadcast(op, &op->in[0], &op->in[1], &op->out[0]);
}

/* SoftsignGrad: gradients and features of one type and one shape (no broadcast); y like
 * them. */
enum proto_status proto_infer_same2(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 2);
    if (st)
        return st;
    const struct core_op_val *a = &op->in[0], *b = &op->in[1];
    bool same = a->nd == b->nd;
    for (int32_t d = 0; same && d < a->nd; d++)
        same = a->dims[d] == b->dims[d];
    if (!same) {
        char s1[96], s2[96];
        return proto_fail(op, PROTO_INPUT, "the inputs' shapes %s and %s differ",
                          proto_shape_str(s1, sizeof(s1), a), proto_shape_str(s2, sizeof(s2), b));
    }
    proto_out_like(&op->out[0], a, a->dtype);
    return PROTO_OK;
}

/* Equal: x1, x2 of one type, broadcast; y bool. */
enum proto_status proto_infer_compare(struct proto_op *op)
{
    enum proto_status st = proto_infer_binary(op);
    op->out[0].dtype = ACL_BOOL;
    return st;
}

/* IsNan, IsPosInf, IsNegInf: y bool, x's shape. */
enum proto_status proto_infer_predicate(struct proto_op *op)
{
    proto_out_like(&op->out[0], &op->in[0], ACL_BOOL);
    return PROTO_OK;
}

/* SelectV2: condition bool; then and else of one type; the three broadcast. */
enum proto_status proto_infer_select(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 1, 3);
    if (st)
        return st;
    struct core_op_val ce;
    if ((st = proto_broadcast(op, &op->in[0], &op->in[1], &ce)))
        return st;
    op->out[0].dtype = op->in[1].dtype;
    return proto_broadcast(op, &ce, &op->in[2], &op->out[0]);
}

/* Tril, Triu: y like x, x of rank 2 or more (the last two dims the matrices). */
enum proto_status proto_infer_tri(struct proto_op *op)
{
    if (op->in[0].nd < 2)
        return proto_fail(op, PROTO_INPUT, "x has rank %d, expected 2 or more", (int)op->in[0].nd);
    return proto_infer_unary(op);
}

/* Trilu: Tril's rule; k, when given, one int32 or int64 value (a const or fed at run time:
 * y's shape is x's whatever k holds). */
enum proto_status proto_infer_trilu(struct proto_op *op)
{
    const struct core_op_val *k = proto_in(op, 1);
    if (k && ((k->dtype != ACL_INT32 && k->dtype != ACL_INT64) || proto_numel(k) != 1))
        return proto_fail(op, PROTO_INPUT, "input k must hold one int32 or int64 value");
    return proto_infer_tri(op);
}

/* x1, x2 of any types the kernel promotes (IR: Promote({"T1", "T2"})). */
enum proto_status proto_infer_binary_promote(struct proto_op *op)
{
    int a = ops_dt_index(op->in[0].dtype), b = ops_dt_index(op->in[1].dtype);
    int p = a >= 0 && b >= 0 ? ops_promote(a, b) : -1;
    if (p < 0) {
        char n1[16], n2[16];
        return proto_fail(
            op, PROTO_DTYPE, "input %s has type %s, %s has %s: no common type",
            proto_input_label(op, 0, n1, sizeof(n1)), proto_dtype_name(op->in[0].dtype),
            proto_input_label(op, 1, n2, sizeof(n2)), proto_dtype_name(op->in[1].dtype));
    }
    op->out[0].dtype = ops_dt_acl(p);
    return proto_broadcast(op, &op->in[0], &op->in[1], &op->out[0]);
}

/* y like x. */
enum proto_status proto_infer_unary(struct proto_op *op)
{
    proto_out_like(&op->out[0], &op->in[0], op->in[0].dtype);
    return PROTO_OK;
}

/* Exp and Log: y like x; the IR's base/scale/shift (y = f(shift + scale *
 * x) in base `base`, -1 = e) run only at their defaults. */
enum proto_status proto_infer_exp_log(struct proto_op *op)
{
    double base = proto_attr_f(op, "base"), scale = proto_attr_f(op, "scale"),
           shift = proto_attr_f(op, "shift");
    if (base != -1.0 || scale != 1.0 || shift != 0.0)
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "attributes base %g, scale %g, shift %g: only base -1 (e), scale 1, "
                          "shift 0 are supported",
                          base, scale, shift);
    return proto_infer_unary(op);
}

/* Celu: max(0, x) + min(0, alpha * (exp(x / alpha) - 1)); the IR's three alphas (negative
 * region scale alpha1, slope alpha2, positive region factor alpha3) run when they are one
 * value (ONNX's Celu, the default 1.0 for all three). */
enum proto_status proto_infer_celu(struct proto_op *op)
{
    double a1 = proto_attr_f(op, "alpha1"), a2 = proto_attr_f(op, "alpha2"),
           a3 = proto_attr_f(op, "alpha3");
    if (a1 != a2 || a1 != a3)
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "attributes alpha1 %g, alpha2 %g, alpha3 %g: only one value for the "
                          "three is supported",
                          a1, a2, a3);
    if (a1 == 0)
        return proto_fail(op, PROTO_ATTR, "attribute alpha1 is 0, expected a nonzero value");
    return proto_infer_unary(op);
}

/* HardSigmoid: max(0, min(1, alpha * x + beta)); aclnnHardsigmoid's alpha 1/6 and beta 0.5,
 * the IR's defaults (0.16666666 is 1/6 within float rounding), are the ones supported. */
enum proto_status proto_infer_hard_sigmoid(struct proto_op *op)
{
    double al = proto_attr_f(op, "alpha"), be = proto_attr_f(op, "beta");
    if (fabs(al - 1.0 / 6.0) > 1e-6 || be != 0.5)
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "attributes alpha %g, beta %g: only alpha 1/6 and beta 0.5 are supported",
                          al, be);
    return proto_infer_unary(op);
}

/* ClipByValueV2: x, clip_value_min, clip_value_max of one type; the bounds broadcast to x's
 * shape, y x's shape. */
enum proto_status proto_infer_clip_by_value(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 3);
    if (st)
        return st;
    const struct core_op_val *x = &op->in[0];
    for (int k = 1; k < 3; k++) {
        struct core_op_val bc = *x;
        bool ok = proto_broadcast(op, x, &op->in[k], &bc) == PROTO_OK && bc.nd == x->nd;
        for (int i = 0; ok && i < x->nd; i++)
            ok = bc.dims[i] == x->dims[i];
        if (!ok) {
            char s1[96], s2[96];
            return proto_fail(op, PROTO_INPUT, "input %s %s does not broadcast to x %s",
                              k == 1 ? "clip_value_min" : "clip_value_max",
                              proto_shape_str(s1, sizeof(s1), &op->in[k]),
                              proto_shape_str(s2, sizeof(s2), x));
        }
    }
    proto_out_like(&op->out[0], x, x->dtype);
    return PROTO_OK;
}

/* AddMatMatElements(Plus): c, a, b of one type and shape; beta and alpha of that type, one
 * value each (any shape of one element); the output c's shape. */
enum proto_status proto_infer_add_mat_mat(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 5);
    if (st)
        return st;
    const struct core_op_val *c = &op->in[0];
    for (int k = 1; k < 3; k++) {
        bool ok = op->in[k].nd == c->nd;
        for (int i = 0; ok && i < c->nd; i++)
            ok = op->in[k].dims[i] == c->dims[i];
        if (!ok) {
            char s1[96], s2[96];
            return proto_fail(op, PROTO_INPUT, "input %s %s differs from c %s", k == 1 ? "a" : "b",
                              proto_shape_str(s1, sizeof(s1), &op->in[k]),
                              proto_shape_str(s2, sizeof(s2), c));
        }
    }
    for (int k = 3; k < 5; k++)
        if (proto_numel(&op->in[k]) != 1) {
            char s1[96];
            return proto_fail(op, PROTO_INPUT, "input %s %s is not one value",
                              k == 3 ? "beta" : "alpha",
                              proto_shape_str(s1, sizeof(s1), &op->in[k]));
        }
    proto_out_like(&op->out[0], c, c->dtype);
    return PROTO_OK;
}

/* ApproximateEqual: x1 and x2 of one type and shape; y bool, true where |x1 - x2| < tolerance. */
enum proto_status proto_infer_approximate_equal(struct proto_op *op)
{
    if (!(proto_attr_f(op, "tolerance") >= 0))
        return proto_fail(op, PROTO_ATTR, "attribute tolerance is %g, expected a value >= 0",
                          proto_attr_f(op, "tolerance"));
    enum proto_status st = proto_infer_same2(op);
    op->out[0].dtype = ACL_BOOL;
    return st;
}

/* GeluV2: y like x; approximate "none" (x Phi(x) with erf) or "tanh". */
enum proto_status proto_infer_gelu_v2(struct proto_op *op)
{
    const char *a = proto_attr_s(op, "approximate");
    if (strcmp(a, "none") && strcmp(a, "tanh"))
        return proto_fail(op, PROTO_ATTR, "attribute approximate is '%s', expected none or tanh",
                          a);
    return proto_infer_unary(op);
}

/* BiasAdd: bias [C] over the channel dim of x (data_format NHWC: the last,
 * NCHW: dim 1). */
enum proto_status proto_infer_bias_add(struct proto_op *op)
{
    const char *fmt = proto_attr_s(op, "data_format");
    bool nchw = !strcmp(fmt, "NCHW");
    if (!nchw && strcmp(fmt, "NHWC"))
        return proto_fail(op, PROTO_ATTR, "attribute data_format is '%s', expected NHWC or NCHW",
                          fmt);
    enum proto_status st = proto_same_dtype(op, 0, 2);
    if (st)
        return st;
    const struct core_op_val *x = &op->in[0], *b = &op->in[1];
    int c = nchw ? 1 : x->nd - 1;
    if (x->nd < 2 || b->nd != 1 || b->dims[0] != x->dims[c]) {
        char s1[96], s2[96];
        return proto_fail(op, PROTO_INPUT, "bias %s does not match the channels of x %s (%s)",
                          proto_shape_str(s1, sizeof(s1), b), proto_shape_str(s2, sizeof(s2), x),
                          fmt);
    }
    proto_out_like(&op->out[0], x, x->dtype);
    return PROTO_OK;
}

/* ---- kernels ------------------------------------------------------------------------ */

/* alpha = 1 of a type every input type takes (an integral one for
 * integers and bool, EB2 of ops/elementwise/binary.c). */
static aclScalar *one_for(aclDataType t)
{
    if (ops_dt_in(t, DTM_FLOAT)) {
        float f = 1.0f;
        return aclCreateScalar(&f, ACL_FLOAT);
    }
    int64_t i = 1;
    return aclCreateScalar(&i, ACL_INT64);
}

typedef aclnnStatus (*alpha_fn)(const aclTensor *self, const aclTensor *other,
                                const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize,
                                aclOpExecutor **executor);

/* y = x1 + alpha * x2 (fn: aclnnAdd or aclnnSub), alpha = 1, x2 the tensor given. */
static enum proto_status alpha_step(const struct proto_op *op, struct proto_plan_builder *b,
                                    alpha_fn fn, aclTensor *x2)
{
    aclScalar *alpha = one_for(op->out[0].dtype);
    enum proto_status ps =
        PROTO_STEP(b, fn, proto_operand(b, PIN(0)), x2, alpha, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(alpha);
    return ps;
}

enum proto_status proto_build_add(const struct proto_op *op, struct proto_plan_builder *b)
{
    return alpha_step(op, b, aclnnAddGetWorkspaceSize, proto_operand(b, PIN(1)));
}

/* One executor from (x, y) or (x1, x2, y). */
#define UNARY(name, fn)                                                                            \
    enum proto_status proto_build_##name(const struct proto_op *op, struct proto_plan_builder *b)  \
    {                                                                                              \
        return PROTO_STEP(b, fn##GetWorkspaceSize, proto_operand(b, PIN(0)),                       \
                          proto_operand(b, POUT(op, 0)));                                          \
    }
#define BINARY(name, fn)                                                                           \
    enum proto_status proto_build_##name(const struct proto_op *op, struct proto_plan_builder *b)  \
    {                                                                                              \
        return PROTO_STEP(b, fn##GetWorkspaceSize, proto_operand(b, PIN(0)),                       \
                          proto_operand(b, PIN(1)), proto_operand(b, POUT(op, 0)));                \
    }

UNARY(relu, aclnnRelu)
UNARY(sigmoid, aclnnSigmoid)
UNARY(tanh, aclnnTanh)
UNARY(exp, aclnnExp)
UNARY(log, aclnnLog)
UNARY(sqrt, aclnnSqrt)
UNARY(rsqrt, aclnnRsqrt)
UNARY(neg, aclnnNeg)
UNARY(abs, aclnnAbs)
UNARY(gelu, aclnnGelu)
UNARY(sin, aclnnSin)
UNARY(cos, aclnnCos)
BINARY(mul, aclnnMul)
BINARY(real_div, aclnnDiv)
BINARY(maximum, aclnnMaximum)
BINARY(minimum, aclnnMinimum)
BINARY(pow, aclnnPowTensorTensor)
BINARY(equal, aclnnEqTensor)
UNARY(tan, aclnnTan)
UNARY(asin, aclnnAsin)
UNARY(acos, aclnnAcos)
UNARY(atan, aclnnAtan)
UNARY(sinh, aclnnSinh)
UNARY(cosh, aclnnCosh)
UNARY(asinh, aclnnAsinh)
UNARY(acosh, aclnnAcosh)
UNARY(atanh, aclnnAtanh)
UNARY(erf, aclnnErf)
UNARY(ceil, aclnnCeil)
UNARY(floor, aclnnFloor)
UNARY(sign, aclnnSign)
UNARY(softsign, aclnnSoftsign)
UNARY(selu, aclnnSelu)
UNARY(reciprocal, aclnnReciprocal)
BINARY(softsign_grad, aclnnSoftsignBackward)
UNARY(logical_not, aclnnLogicalNot)
UNARY(is_pos_inf, aclnnIsPosInf)
UNARY(is_neg_inf, aclnnIsNegInf)
BINARY(not_equal, aclnnNeTensor)
BINARY(greater, aclnnGtTensor)
BINARY(greater_equal, aclnnGeTensor)
BINARY(less, aclnnLtTensor)
BINARY(less_equal, aclnnLeTensor)
BINARY(logical_and, aclnnLogicalAnd)
BINARY(logical_or, aclnnLogicalOr)
BINARY(floor_mod, aclnnRemainderTensorTensor)
BINARY(truncate_mod, aclnnFmodTensor)
BINARY(left_shift, aclnnLeftShift)
BINARY(right_shift, aclnnRightShift)

UNARY(log1p, aclnnLog1p)

/* A scalar of value v in a type x's type takes: float for floating x, int64 for integers. */
static aclScalar *scalar_for(aclDataType t, double v)
{
    if (ops_dt_in(t, DTM_FLOAT)) {
        float f = (float)v;
        return aclCreateScalar(&f, ACL_FLOAT);
    }
    int64_t i = (int64_t)v;
    return aclCreateScalar(&i, ACL_INT64);
}

/* Relu6: min(max(x, 0), 6); Relu6D: min(max(x, 0), 6 * scale). */
enum proto_status proto_build_relu6(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct proto_attr *s = op->def->nattr ? proto_attr(op, "scale") : NULL;
    double hi = 6.0 * (s ? s->f : 1.0);
    aclDataType t = op->in[0].dtype;
    aclScalar *lo = scalar_for(t, 0.0), *up = scalar_for(t, hi);
    enum proto_status ps = PROTO_STEP(b, aclnnClampGetWorkspaceSize, proto_operand(b, PIN(0)), lo,
                                      up, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(lo);
    aclDestroyScalar(up);
    return ps;
}

UNARY(hard_sigmoid, aclnnHardsigmoid)

/* ClipByValueV2: min(max(x, clip_value_min), clip_value_max). */
enum proto_status proto_build_clip_by_value(const struct proto_op *op,
                                            struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnClampTensorGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_operand(b, PIN(1)), proto_operand(b, PIN(2)),
                      proto_operand(b, POUT(op, 0)));
}

/* Threshold: 1 where x > threshold, else 0, in x's type (aclnnGtScalar writes the truth
 * value in out's type). */
enum proto_status proto_build_threshold(const struct proto_op *op, struct proto_plan_builder *b)
{
    aclScalar *t = scalar_for(op->in[0].dtype, proto_attr_f(op, "threshold"));
    enum proto_status ps = PROTO_STEP(b, aclnnGtScalarGetWorkspaceSize, proto_operand(b, PIN(0)),
                                      t, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(t);
    return ps;
}

/* AddMatMatElements(Plus): y = a * b; y = y * alpha; y = y + c * beta (aclnnAddcmul, value 1).
 * Each step reads an element of y before writing it, so y may be its own operand. */
enum proto_status proto_build_add_mat_mat(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *c = &op->in[0];
    int64_t one[PROTO_MAX_DIMS];
    for (int i = 0; i < c->nd; i++)
        one[i] = 1;
    enum proto_status ps =
        PROTO_STEP(b, aclnnMulGetWorkspaceSize, proto_operand(b, PIN(1)), proto_operand(b, PIN(2)),
                   proto_operand(b, POUT(op, 0)));
    if (ps)
        return ps;
    ps = PROTO_STEP(b, aclnnMulGetWorkspaceSize, proto_operand(b, POUT(op, 0)),
                    proto_tensor(b, PIN(4), c->dtype, one, c->nd, NULL),
                    proto_operand(b, POUT(op, 0)));
    if (ps)
        return ps;
    aclScalar *v = scalar_for(c->dtype, 1.0);
    ps = PROTO_STEP(b, aclnnAddcmulGetWorkspaceSize, proto_operand(b, POUT(op, 0)),
                    proto_operand(b, PIN(0)), proto_tensor(b, PIN(3), c->dtype, one, c->nd, NULL),
                    v, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(v);
    return ps;
}

/* ApproximateEqual: aclnnIsClose with rtol 0 and atol the double just below tolerance, so that
 * its |x1 - x2| <= atol is the IR's strict |x1 - x2| < tolerance (exactly for integers and
 * double; float32 compares in float, where atol rounds back to tolerance's float and a
 * difference equal to it counts as equal). tolerance 0: atol -1, nothing is equal. */
enum proto_status proto_build_approximate_equal(const struct proto_op *op,
                                                struct proto_plan_builder *b)
{
    double tol = proto_attr_f(op, "tolerance");
    return PROTO_STEP(b, aclnnIsCloseGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_operand(b, PIN(1)), 0.0, tol > 0 ? nextafter(tol, 0.0) : -1.0, false,
                      proto_operand(b, POUT(op, 0)));
}

/* Celu: one alpha (proto_infer_celu). */
enum proto_status proto_build_celu(const struct proto_op *op, struct proto_plan_builder *b)
{
    aclScalar *a = scalar_for(op->in[0].dtype, proto_attr_f(op, "alpha1"));
    enum proto_status ps = PROTO_STEP(b, aclnnCeluGetWorkspaceSize, proto_operand(b, PIN(0)), a,
                                      proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(a);
    return ps;
}

/* Div: x1 / x2; on integers the quotient floors, as CANN's Div kernel computes it (ops-math
 * div_aicpu.cpp: lhs / rhs, minus 1 when the signs differ and a remainder is left), and keeps
 * the type: aclnnDivMod's mode 2 (aclnnDiv would give a float quotient). A division by zero
 * gives 0 there, where CANN's kernel fails. */
enum proto_status proto_build_div(const struct proto_op *op, struct proto_plan_builder *b)
{
    if (ops_dt_in(op->out[0].dtype, DTM_FLOAT))
        return PROTO_STEP(b, aclnnDivGetWorkspaceSize, proto_operand(b, PIN(0)),
                          proto_operand(b, PIN(1)), proto_operand(b, POUT(op, 0)));
    return PROTO_STEP(b, aclnnDivModGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_operand(b, PIN(1)), 2, proto_operand(b, POUT(op, 0)));
}

/* IsNan: x != x (NaN is the one value unequal to itself). */
enum proto_status proto_build_is_nan(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnNeTensorGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_operand(b, PIN(0)), proto_operand(b, POUT(op, 0)));
}

/* SelectV2: result = condition ? then : else. */
enum proto_status proto_build_select(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnSWhereGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_operand(b, PIN(1)), proto_operand(b, PIN(2)),
                      proto_operand(b, POUT(op, 0)));
}

/* Round: half to even, at `decimals` digits. */
enum proto_status proto_build_round(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnRoundDecimalsGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_attr_i(op, "decimals"), proto_operand(b, POUT(op, 0)));
}

/* Tril, Triu: the lower / upper triangle from `diagonal`, the rest 0. */
enum proto_status proto_build_tril(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnTrilGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_attr_i(op, "diagonal"), proto_operand(b, POUT(op, 0)));
}

enum proto_status proto_build_triu(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnTriuGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_attr_i(op, "diagonal"), proto_operand(b, POUT(op, 0)));
}

/* Trilu with k fed at run time: each row's kept columns are one run (upper: j >= i + k;
 * else j <= i + k), copied; the rest zeroed (every type's zero is all bits 0). x and y may
 * be one buffer: each byte is read before it is written. */
struct trilu_arg {
    int64_t mats, rows, cols;
    size_t es;
    bool upper;
    aclDataType kdt;
    uint32_t k, y;
};

static int32_t trilu_step(void *const *operands, const void *arg)
{
    const struct trilu_arg *a = arg;
    int64_t k;
    if (a->kdt == ACL_INT32) {
        int32_t w;
        memcpy(&w, operands[a->k], sizeof(w));
        k = w;
    } else {
        memcpy(&k, operands[a->k], sizeof(k));
    }
    /* clamped so that i + k cannot overflow: beyond +-cols or rows nothing changes */
    k = k < -a->rows ? -a->rows : k > a->cols ? a->cols : k;
    const char *x = operands[PIN(0)];
    char *y = operands[a->y];
    size_t row = (size_t)a->cols * a->es;
    for (int64_t m = 0; m < a->mats; m++)
        for (int64_t i = 0; i < a->rows; i++) {
            size_t off = ((size_t)m * (size_t)a->rows + (size_t)i) * row;
            int64_t lo = a->upper ? i + k : 0, hi = a->upper ? a->cols : i + k + 1;
            lo = lo < 0 ? 0 : lo > a->cols ? a->cols : lo;
            hi = hi < lo ? lo : hi > a->cols ? a->cols : hi;
            memset(y + off, 0, (size_t)lo * a->es);
            if (hi > lo && x + off != y + off)
                memmove(y + off + (size_t)lo * a->es, x + off + (size_t)lo * a->es,
                        (size_t)(hi - lo) * a->es);
            memset(y + off + (size_t)hi * a->es, 0, (size_t)(a->cols - hi) * a->es);
        }
    return 0;
}

/* Trilu: Triu (upper) or Tril of x from k (0 when absent). k a const or absent: aclnnTriu /
 * aclnnTril (every type of the row; aclnnTrilu takes fewer); k fed at run time: trilu_step
 * reads it at each launch. */
enum proto_status proto_build_trilu(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *k = proto_in(op, 1), *x = &op->in[0];
    bool upper = proto_attr_i(op, "upper") != 0;
    int64_t kv = 0;
    if (!k || k->data) {
        if (k)
            proto_const_ints(k, &kv, 1);
        return upper ? PROTO_STEP(b, aclnnTriuGetWorkspaceSize, proto_operand(b, PIN(0)), kv,
                                  proto_operand(b, POUT(op, 0)))
                     : PROTO_STEP(b, aclnnTrilGetWorkspaceSize, proto_operand(b, PIN(0)), kv,
                                  proto_operand(b, POUT(op, 0)));
    }
    struct trilu_arg a = {.rows = x->dims[x->nd - 2],
                          .cols = x->dims[x->nd - 1],
                          .es = (size_t)aclDataTypeSize(x->dtype),
                          .upper = upper,
                          .kdt = k->dtype,
                          .k = proto_in_index(op, 1),
                          .y = POUT(op, 0)};
    a.mats = a.rows && a.cols ? proto_numel(x) / (a.rows * a.cols) : 0;
    return proto_step_fn(b, trilu_step, &a, sizeof(a));
}

/* Shrink: x < -lambd: x + bias; x > lambd: x - bias; else 0. */
enum proto_status proto_build_shrink(const struct proto_op *op, struct proto_plan_builder *b)
{
    float v[2] = {(float)proto_attr_f(op, "lambd"), (float)proto_attr_f(op, "bias")};
    aclScalar *l = aclCreateScalar(&v[0], ACL_FLOAT), *bs = aclCreateScalar(&v[1], ACL_FLOAT);
    enum proto_status ps = PROTO_STEP(b, aclnnShrinkGetWorkspaceSize, proto_operand(b, PIN(0)), l,
                                      bs, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(l);
    aclDestroyScalar(bs);
    return ps;
}

enum proto_status proto_build_gelu_v2(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t tanh_form = !strcmp(proto_attr_s(op, "approximate"), "tanh");
    return PROTO_STEP(b, aclnnGeluV2GetWorkspaceSize, proto_operand(b, PIN(0)), tanh_form,
                      proto_operand(b, POUT(op, 0)));
}

enum proto_status proto_build_sub(const struct proto_op *op, struct proto_plan_builder *b)
{
    return alpha_step(op, b, aclnnSubGetWorkspaceSize, proto_operand(b, PIN(1)));
}

/* Square: x * x (one executor reading the operand twice). */
enum proto_status proto_build_square(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnMulGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_operand(b, PIN(0)), proto_operand(b, POUT(op, 0)));
}

enum proto_status proto_build_leaky_relu(const struct proto_op *op, struct proto_plan_builder *b)
{
    float slope = (float)proto_attr_f(op, "negative_slope");
    aclScalar *s = aclCreateScalar(&slope, ACL_FLOAT);
    enum proto_status ps = PROTO_STEP(b, aclnnLeakyReluGetWorkspaceSize, proto_operand(b, PIN(0)),
                                      s, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(s);
    return ps;
}

/* Elu: scale * (x > 0 ? x : alpha * (exp(input_scale * x) - 1)). */
enum proto_status proto_build_elu(const struct proto_op *op, struct proto_plan_builder *b)
{
    float v[3] = {(float)proto_attr_f(op, "alpha"), (float)proto_attr_f(op, "scale"),
                  (float)proto_attr_f(op, "input_scale")};
    aclScalar *s[3];
    for (int i = 0; i < 3; i++)
        s[i] = aclCreateScalar(&v[i], ACL_FLOAT);
    enum proto_status ps = PROTO_STEP(b, aclnnEluGetWorkspaceSize, proto_operand(b, PIN(0)), s[0],
                                      s[1], s[2], proto_operand(b, POUT(op, 0)));
    for (int i = 0; i < 3; i++)
        aclDestroyScalar(s[i]);
    return ps;
}

/* Softplus: log(1 + exp(x)) (beta 1; above threshold 20, x). */
enum proto_status proto_build_softplus(const struct proto_op *op, struct proto_plan_builder *b)
{
    float v[2] = {1.0f, 20.0f};
    aclScalar *beta = aclCreateScalar(&v[0], ACL_FLOAT), *thr = aclCreateScalar(&v[1], ACL_FLOAT);
    enum proto_status ps = PROTO_STEP(b, aclnnSoftplusGetWorkspaceSize, proto_operand(b, PIN(0)),
                                      beta, thr, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(beta);
    aclDestroyScalar(thr);
    return ps;
}

/* Identity (and Reshape, shape.c): a copy of the bytes. */
enum proto_status proto_build_copy(const struct proto_op *op, struct proto_plan_builder *b)
{
    return proto_step_copy(b, PIN(0), POUT(op, 0), proto_bytes(&op->out[0]));
}

/* BiasAdd: x + bias viewed as [C, 1, ..., 1] (NCHW) or [C] (NHWC). */
enum proto_status proto_build_bias_add(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t d[PROTO_MAX_DIMS];
    int nd = 1;
    d[0] = op->in[1].dims[0];
    if (!strcmp(proto_attr_s(op, "data_format"), "NCHW"))
        for (int i = 2; i < op->in[0].nd; i++)
            d[nd++] = 1;
    return alpha_step(op, b, aclnnAddGetWorkspaceSize,
                      proto_tensor(b, PIN(1), op->in[1].dtype, d, nd, NULL));
}
