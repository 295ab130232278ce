/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/loss.c: the loss types of the table: NLLLoss (x [C], [N, C] or
 * [N, C, d1, ..., dk], target of x's shape without C, optional weight [C];
 * reduction none, mean or sum; ignore_index). Its shape rule and kernel:
 * aclnnNLLLoss for x of rank 1 or 2, aclnnNLLLoss2d on the views [N, C, D, 1]
 * of x and [N, D, 1] of target and y (D = d1 * ... * dk) for higher ranks.
 * The loss gradients SmoothL1LossGrad (sigma), SoftMarginLossGrad
 * (reduction) and SigmoidCrossEntropyWithLogitsGrad: predict and label of one shape, dout broadcast to it, the
 * gradient predict's shape; aclnnSmoothL1LossBackward (reduction none, beta
 * sigma), aclnnSoftMarginLossBackward and
 * aclnnBinaryCrossEntropyWithLogitsBackward (reduction none, no weights).
 */
#include <string.h>

#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"
#include "ops/proto/proto_pvt.h"

/* reduction as aclnn's number (0 none, 1 mean, 2 sum); -1 for another name. */
static int nll_reduction(const struct proto_op *op)
{
    const char *r = proto_attr_s(op, "reduction");
    return !strcmp(r, "none") ? 0 : !strcmp(r, "mean") ? 1 : !strcmp(r, "sum") ? 2 : -1;
}

enum proto_status proto_infer_nll_loss(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0], *t = &op->in[1], *w = proto_in(op, 2);
    if (nll_reduction(op) < 0)
        return proto_fail(op, PROTO_ATTR, "attribute reduction is '%s', expected none, mean or sum",
                          proto_attr_s(op, "reduction"));
    if (t->dtype != ACL_INT32 && t->dtype != ACL_INT64 && t->dtype != ACL_UINT8)
        return proto_fail(op, PROTO_DTYPE,
                          "input target has type %s, expected int32, int64 or uint8",
                          proto_dtype_name(t->dtype));
    if (w && w->dtype != x->dtype)
        return proto_fail(op, PROTO_DTYPE, "input weight has type %s, x has %s",
                          proto_dtype_name(w->dtype), proto_dtype_name(x->dtype));
    /* target = x's dims without dim 1 (C); for x [C], a scalar */
    bool ok = x->nd >= 1 && t->nd == (x->nd == 1 ? 0 : x->nd - 1);
    for (int i = 0, j = 0; ok && i < x->nd; i++)
        if (i != 1 && x->nd > 1)
            ok = t->dims[j++] == x->dims[i];
    int64_t c = x->nd == 1 ? x->dims[0] : x->dims[x->nd > 1];
    if (ok && w)
        ok = w->nd == 1 && w->dims[0] == c;
    if (!ok) {
        char s1[96], s2[96];
        return proto_fail(op, PROTO_INPUT,
                          "target %s (and weight) do not match x %s: target is x's shape without "
                          "dim 1, weight [C]",
                          proto_shape_str(s1, sizeof(s1), t), proto_shape_str(s2, sizeof(s2), x));
    }
    if (nll_reduction(op) == 0)
        proto_out_like(&op->out[0], t, x->dtype);
    else
        op->out[0].dtype = x->dtype, op->out[0].nd = 0;
    op->out[1].dtype = x->dtype;
    op->out[1].nd = 0;
    return PROTO_OK;
}

enum proto_status proto_build_nll_loss(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *x = &op->in[0];
    int64_t red = nll_reduction(op), ign = proto_attr_i(op, "ignore_index");
    const struct core_op_val *w = proto_in(op, 2);
    aclTensor *wt = w ? proto_operand(b, PIN(2)) : NULL;
    aclTensor *tw = proto_operand(b, POUT(op, 1));
    if (x->nd <= 2)
        return PROTO_STEP(b, aclnnNLLLossGetWorkspaceSize, proto_operand(b, PIN(0)),
                          proto_operand(b, PIN(1)), wt, red, ign, proto_operand(b, POUT(op, 0)),
                          tw);
    int64_t d = 1;
    for (int i = 2; i < x->nd; i++)
        d *= x->dims[i];
    int64_t xd[4] = {x->dims[0], x->dims[1], d, 1}, td[3] = {x->dims[0], d, 1};
    aclTensor *y = red ? proto_operand(b, POUT(op, 0))
                       : proto_tensor(b, POUT(op, 0), op->out[0].dtype, td, 3, NULL);
    return PROTO_STEP(b, aclnnNLLLoss2dGetWorkspaceSize,
                      proto_tensor(b, PIN(0), x->dtype, xd, 4, NULL),
                      proto_tensor(b, PIN(1), op->in[1].dtype, td, 3, NULL), wt, red, ign, y, tw);
}

/* SmoothL1LossGrad, SoftMarginLossGrad: predict, label, dout of one type; label predict's
 * shape; dout broadcast to it (SoftMarginLossGrad's reduction mean or sum: one value). */
enum proto_status proto_infer_loss_grad(struct proto_op *op)
{
    const struct proto_attr *r =
        op->def->nattr && !strcmp(op->def->attr[0].name, "reduction") ? proto_attr(op, "reduction")
                                                                       : NULL;
    if (r && nll_reduction(op) < 0)
        return proto_fail(op, PROTO_ATTR, "attribute reduction is '%s', expected none, mean or sum",
                          r->s);
    if (!r && op->def->nattr && proto_attr_f(op, "sigma") <= 0)
        return proto_fail(op, PROTO_ATTR, "attribute sigma is %g, expected a positive value",
                          proto_attr_f(op, "sigma"));
    enum proto_status st = proto_same_dtype(op, 0, 3);
    if (st)
        return st;
    const struct core_op_val *p = &op->in[0], *l = &op->in[1], *d = &op->in[2];
    bool ok = p->nd == l->nd;
    for (int i = 0; ok && i < p->nd; i++)
        ok = p->dims[i] == l->dims[i];
    struct core_op_val bc = *p;
    if (ok && proto_broadcast(op, p, d, &bc) == PROTO_OK) {
        ok = bc.nd == p->nd;
        for (int i = 0; ok && i < p->nd; i++)
            ok = bc.dims[i] == p->dims[i];
    } else {
        ok = false;
    }
    if (!ok) {
        char s1[96], s2[96], s3[96];
        return proto_fail(op, PROTO_INPUT,
                          "predict %s, label %s, dout %s: label must be predict's shape and dout "
                          "broadcast to it",
                          proto_shape_str(s1, sizeof(s1), p), proto_shape_str(s2, sizeof(s2), l),
                          proto_shape_str(s3, sizeof(s3), d));
    }
    proto_out_like(&op->out[0], p, p->dtype);
    return PROTO_OK;
}

enum proto_status proto_build_smooth_l1_loss_grad(const struct proto_op *op,
                                                  struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnSmoothL1LossBackwardGetWorkspaceSize, proto_operand(b, PIN(2)),
                      proto_operand(b, PIN(0)), proto_operand(b, PIN(1)), 0,
                      (float)proto_attr_f(op, "sigma"), proto_operand(b, POUT(op, 0)));
}

enum proto_status proto_build_soft_margin_loss_grad(const struct proto_op *op,
                                                    struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnSoftMarginLossBackwardGetWorkspaceSize, proto_operand(b, PIN(2)),
                      proto_operand(b, PIN(0)), proto_operand(b, PIN(1)),
                      (int64_t)nll_reduction(op), proto_operand(b, POUT(op, 0)));
}

/* SigmoidCrossEntropyWithLogitsGrad: dout * (sigmoid(predict) - target). */
enum proto_status proto_build_sigmoid_ce_logits_grad(const struct proto_op *op,
                                                     struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize,
                      proto_operand(b, PIN(2)), proto_operand(b, PIN(0)),
                      proto_operand(b, PIN(1)), NULL, NULL, (int64_t)0,
                      proto_operand(b, POUT(op, 0)));
}
