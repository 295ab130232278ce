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
 */
#include "aclnnop/aclnn_acos_grad_v2.h"
#include "aclnnop/aclnn_acosh_grad.h"
#include "aclnnop/aclnn_asin_grad.h"
#include "aclnnop/aclnn_asinh_grad.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_hardtanh_backward.h"
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
