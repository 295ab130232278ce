/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/grad.c: the gradient types of the table, each two inputs of one
 * type and one shape (the rule same2 of elementwise.c) and one aclnn backward
 * executor:
 *   SigmoidGrad (y, dy)              z = dy * y * (1 - y), y the forward's output
 *   ReluGrad (gradients, features)   gradients where features > 0, else 0
 *   Relu6Grad (gradients, features)  gradients where 0 < features < 6, else 0
 *   EluGrad (grads, activations)     grads where activations > 0, else
 *                                    grads * (activations + 1) (alpha 1, the
 *                                    forward's output)
 *   SoftplusGrad (gradients, features)  gradients * sigmoid(features)
 *   SeluGrad (gradients, outputs)    gradients * scale where outputs > 0, else
 *                                    gradients * (outputs + scale * alpha)
 *   SqrtGrad (y, dy)                 dy / (2 y), y = sqrt(x)
 *   AcosGrad (y, dy)                 -dy / sqrt(1 - y^2), y the forward's input
 *   AsinGrad (y, dy)                 dy / sqrt(1 - y^2), y the forward's input
 *   AcoshGrad (y, dy)                dy / sinh(y), y = acosh(x)
 *   AsinhGrad (y, dy)                dy / cosh(y), y = asinh(x)
 *   AtanGrad (y, dy)                 dy / (1 + y^2), y the forward's input
 *                                    (three steps: Mul, Adds, Div)
 *   InvGrad (x, grad)                -grad * x^2, x = 1 / the forward's input
 *                                    (three steps: Mul, Mul, Neg)
 * and ApplyGradientDescent (var - alpha * delta: one Addcmul of value -1; the
 * output var is the update, the input var keeps its buffer).
 */
#include "aclnnop/aclnn_acos_grad_v2.h"
#include "aclnnop/aclnn_acosh_grad.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_addcmul.h"
#include "aclnnop/aclnn_asin_grad.h"
#include "aclnnop/aclnn_asinh_grad.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_hardtanh_backward.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "aclnnop/aclnn_sqrt_backward.h"
#include "aclnnop/aclnn_threshold_backward.h"
#include "ops/proto/proto_pvt.h"

/* One executor fn(in0, in1, out). */
#define GRAD2(name, fn)                                                                            \
    enum proto_status proto_build_##name(const struct proto_op *op, struct proto_plan_builder *b)  \
    {                                                                                              \
        return PROTO_STEP(b, fn##GetWorkspaceSize, proto_operand(b, PIN(0)),                       \
                          proto_operand(b, PIN(1)), proto_operand(b, POUT(op, 0)));                \
    }

/* IR (y, dy) -> aclnnSigmoidBackward (gradOutput = dy, output = y). */
enum proto_status proto_build_sigmoid_grad(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnSigmoidBackwardGetWorkspaceSize, proto_operand(b, PIN(1)),
                      proto_operand(b, PIN(0)), proto_operand(b, POUT(op, 0)));
}

GRAD2(selu_grad, aclnnSeluBackward)
GRAD2(sqrt_grad, aclnnSqrtBackward)
GRAD2(acos_grad, aclnnAcosGradV2)
GRAD2(asin_grad, aclnnAsinGrad)
GRAD2(acosh_grad, aclnnAcoshGrad)
GRAD2(asinh_grad, aclnnAsinhGrad)

/* A float scalar v (the backward executors cast it to the tensors' type). */
static aclScalar *fscalar(float v)
{
    return aclCreateScalar(&v, ACL_FLOAT);
}

enum proto_status proto_build_relu_grad(const struct proto_op *op, struct proto_plan_builder *b)
{
    aclScalar *t = fscalar(0.0f);
    enum proto_status ps =
        PROTO_STEP(b, aclnnThresholdBackwardGetWorkspaceSize, proto_operand(b, PIN(0)),
                   proto_operand(b, PIN(1)), t, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(t);
    return ps;
}

enum proto_status proto_build_relu6_grad(const struct proto_op *op, struct proto_plan_builder *b)
{
    aclScalar *lo = fscalar(0.0f), *hi = fscalar(6.0f);
    enum proto_status ps =
        PROTO_STEP(b, aclnnHardtanhBackwardGetWorkspaceSize, proto_operand(b, PIN(0)),
                   proto_operand(b, PIN(1)), lo, hi, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(lo);
    aclDestroyScalar(hi);
    return ps;
}

/* EluGrad: aclnnEluBackward from the result (isResult), alpha = scale = input_scale = 1. */
enum proto_status proto_build_elu_grad(const struct proto_op *op, struct proto_plan_builder *b)
{
    aclScalar *one = fscalar(1.0f);
    enum proto_status ps = PROTO_STEP(b, aclnnEluBackwardGetWorkspaceSize,
                                      proto_operand(b, PIN(0)), one, one, one, true,
                                      proto_operand(b, PIN(1)), proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(one);
    return ps;
}

/* SoftplusGrad: beta 1; above threshold 20 sigmoid(x) is 1 within 2e-9. */
enum proto_status proto_build_softplus_grad(const struct proto_op *op,
                                            struct proto_plan_builder *b)
{
    aclScalar *beta = fscalar(1.0f), *thr = fscalar(20.0f);
    enum proto_status ps =
        PROTO_STEP(b, aclnnSoftplusBackwardGetWorkspaceSize, proto_operand(b, PIN(0)),
                   proto_operand(b, PIN(1)), beta, thr, proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(beta);
    aclDestroyScalar(thr);
    return ps;
}

/* AtanGrad: z = y * y; z = z + 1; z = dy / z. Each step reads an element of z before it
 * writes it, so z may be its own operand. */
enum proto_status proto_build_atan_grad(const struct proto_op *op, struct proto_plan_builder *b)
{
    enum proto_status ps =
        PROTO_STEP(b, aclnnMulGetWorkspaceSize, proto_operand(b, PIN(0)), proto_operand(b, PIN(0)),
                   proto_operand(b, POUT(op, 0)));
    if (ps)
        return ps;
    aclScalar *one = fscalar(1.0f);
    ps = PROTO_STEP(b, aclnnAddsGetWorkspaceSize, proto_operand(b, POUT(op, 0)), one, one,
                    proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(one);
    if (ps)
        return ps;
    return PROTO_STEP(b, aclnnDivGetWorkspaceSize, proto_operand(b, PIN(1)),
                      proto_operand(b, POUT(op, 0)), proto_operand(b, POUT(op, 0)));
}

/* InvGrad: y = x * x; y = y * grad; y = -y (in place as AtanGrad). */
enum proto_status proto_build_inv_grad(const struct proto_op *op, struct proto_plan_builder *b)
{
    enum proto_status ps =
        PROTO_STEP(b, aclnnMulGetWorkspaceSize, proto_operand(b, PIN(0)), proto_operand(b, PIN(0)),
                   proto_operand(b, POUT(op, 0)));
    if (ps)
        return ps;
    ps = PROTO_STEP(b, aclnnMulGetWorkspaceSize, proto_operand(b, POUT(op, 0)),
                    proto_operand(b, PIN(1)), proto_operand(b, POUT(op, 0)));
    if (ps)
        return ps;
    return PROTO_STEP(b, aclnnNegGetWorkspaceSize, proto_operand(b, POUT(op, 0)),
                      proto_operand(b, POUT(op, 0)));
}

/* ApplyGradientDescent: var and delta of one shape, alpha one value, all of one type; the
 * output var's shape. */
enum proto_status proto_infer_apply_gradient_descent(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 3);
    if (st)
        return st;
    const struct core_op_val *v = &op->in[0], *a = &op->in[1], *d = &op->in[2];
    bool ok = v->nd == d->nd && proto_numel(a) == 1;
    for (int i = 0; ok && i < v->nd; i++)
        ok = v->dims[i] == d->dims[i];
    if (!ok) {
        char s1[96], s2[96], s3[96];
        return proto_fail(op, PROTO_INPUT,
                          "var %s, alpha %s, delta %s: delta must be var's shape and alpha one "
                          "value",
                          proto_shape_str(s1, sizeof(s1), v), proto_shape_str(s2, sizeof(s2), a),
                          proto_shape_str(s3, sizeof(s3), d));
    }
    proto_out_like(&op->out[0], v, v->dtype);
    return PROTO_OK;
}

enum proto_status proto_build_apply_gradient_descent(const struct proto_op *op,
                                                     struct proto_plan_builder *b)
{
    const struct core_op_val *v = &op->in[0];
    int64_t one[PROTO_MAX_DIMS];
    for (int i = 0; i < v->nd; i++)
        one[i] = 1;
    aclScalar *m = fscalar(-1.0f);
    enum proto_status ps = PROTO_STEP(
        b, aclnnAddcmulGetWorkspaceSize, proto_operand(b, PIN(0)),
        proto_tensor(b, PIN(1), v->dtype, one, v->nd, NULL), proto_operand(b, PIN(2)), m,
        proto_operand(b, POUT(op, 0)));
    aclDestroyScalar(m);
    return ps;
}
