/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The negative log-likelihood loss: NLLLoss (self [N, C] or [C]), NLLLoss2d
 * (self [N, C, H, W]) and their gradients, over one plan that sees self as
 * [N, C, S] and target as [N, S] (S = 1, or H x W).
 *
 *  NL1. loss[n, s] = -weight[t] * self[n, t, s] with t = target[n, s]; an
 *      element whose t is ignoreIndex contributes 0 and no weight.
 *      totalWeightOut = the sum of weight[t] over the other elements.
 *      reduction 0 (none): out has target's shape; 1 (mean): sum / totalWeight
 *      (NaN when it is 0, as torch); 2 (sum).
 *  NL2. The gradient is zero but at [n, t, s]: -weight[t] * gradOutput (the
 *      element of gradOutput at [n, s] under none, its one element otherwise),
 *      divided by totalWeight under mean.
 *  NL3. A target outside [0, C) that is not ignoreIndex fails the launch with
 *      ACL_ERROR_RT_AICORE_EXCEPTION (the stream's error, as an out-of-range
 *      index of Gather); the phase-1 checks cannot see the values.
 *  NL4. Everything is gathered into double buffers through the view
 *      converters, so any strides work; results are rounded once to the
 *      outs' types.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

struct nll_plan {
    struct ops_tensor g, x, t, w, tw, out, tw_out;
    bool has_w, backward;
    int reduction;
    int64_t ignore, N, C, S;
};

/* The [N, C, S] offset of x-like views (self, the gradient's out). */
static int64_t nll_off3(const struct ops_tensor *v, int64_t n, int64_t c, int64_t s, bool batched,
                        bool spatial)
{
    int d = 0;
    int64_t off = 0;
    if (batched)
        off += n * v->strides[d++];
    off += c * v->strides[d++];
    if (spatial) /* H x W, row-major */
        off += (s / v->dims[d + 1]) * v->strides[d] + (s % v->dims[d + 1]) * v->strides[d + 1];
    return off;
}

static int32_t nll_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct nll_plan *p = e->plan;
    const int64_t NS = p->N * p->S;
    const bool batched = p->x.ndim >= 2, spatial = p->x.ndim == 4;
    double *w = malloc((size_t)(p->C + 2 * NS + 1) * sizeof(double));
    int64_t *tg = malloc((size_t)(NS + 1) * sizeof(int64_t));
    if (!w || !tg) {
        free(w);
        free(tg);
        return ACL_ERROR_BAD_ALLOC;
    }
    double *val = w + p->C, *g = val + NS;
    for (int64_t c = 0; c < p->C; c++)
        w[c] = 1.0;
    if (p->has_w)
        ops_gather_nd(w, CK_F64, ops_base(&p->w, addr), p->w.dt, 1, p->w.dims, p->w.strides);
    ops_gather_nd(tg, CK_I64, ops_base(&p->t, addr), p->t.dt, p->t.ndim, p->t.dims, p->t.strides);
    int32_t rc = 0;
    double tw = 0, sum = 0;
    for (int64_t i = 0; i < NS && !rc; i++) {
        int64_t t = tg[i];
        if (t == p->ignore)
            continue;
        if (t < 0 || t >= p->C)
            rc = ACL_ERROR_RT_AICORE_EXCEPTION; /* NL3 */
        else
            tw += w[t];
    }
    if (rc)
        goto done;
    if (!p->backward) {
        for (int64_t i = 0; i < NS; i++) {
            int64_t t = tg[i], n = i / p->S, s = i % p->S;
            double x = 0;
            if (t != p->ignore)
                ops_loader(CK_F64, p->x.dt)(
                    &x, ops_elem(&p->x, addr, nll_off3(&p->x, n, t, s, batched, spatial)), 0, 1);
            val[i] = t == p->ignore ? 0.0 : -w[t] * x;
            sum += val[i];
        }
        if (p->reduction == 0) {
            ops_scatter_nd(val, CK_F64, ops_base(&p->out, addr), p->out.dt, p->out.ndim,
                           p->out.dims, p->out.strides);
        } else {
            double r = p->reduction == 1 ? sum / tw : sum;
            ops_storer(CK_F64, p->out.dt)(ops_base(&p->out, addr), 0, &r, 1);
        }
        ops_storer(CK_F64, p->tw_out.dt)(ops_base(&p->tw_out, addr), 0, &tw, 1);
        goto done;
    }
    /* NL2: zero the gradient, then one element per target */
    double div = 1, zero = 0;
    if (p->reduction == 1)
        ops_loader(CK_F64, p->tw.dt)(&div, ops_base(&p->tw, addr), 0, 1);
    if (p->reduction == 0)
        ops_gather_nd(g, CK_F64, ops_base(&p->g, addr), p->g.dt, p->g.ndim, p->g.dims,
                      p->g.strides);
    else
        ops_loader(CK_F64, p->g.dt)(g, ops_base(&p->g, addr), 0, 1);
    ops_store_fn st = ops_storer(CK_F64, p->out.dt);
    int64_t idx[OPS_MAX_DIMS] = {0};
    do
        st(ops_elem(&p->out, addr, ops_odo_off(idx, p->out.strides, p->out.ndim)), 0, &zero, 1);
    while (ops_odo_next(idx, p->out.dims, p->out.ndim));
    for (int64_t i = 0; i < NS; i++) {
        int64_t t = tg[i], n = i / p->S, s = i % p->S;
        if (t == p->ignore)
            continue;
        double v = -w[t] * g[p->reduction == 0 ? i : 0] / div;
        st(ops_elem(&p->out, addr, nll_off3(&p->out, n, t, s, batched, spatial)), 0, &v, 1);
    }
done:
    free(w);
    free(tg);
    return rc;
}

/* Checks and plan for all four: rank 1 or 2 (NLLLoss) or 4 (NLLLoss2d). */
static aclnnStatus nll_build(const char *name, bool two_d, const aclTensor *grad,
                             const aclTensor *self, const aclTensor *target,
                             const aclTensor *weight, int64_t reduction, int64_t ignoreIndex,
                             const aclTensor *totalWeight, aclTensor *out, aclTensor *tw_out,
                             unsigned types, unsigned ttypes, WS)
{
    aclnnStatus rc;
    const aclTensor *all[] = {grad, self, target, weight, totalWeight, out, tw_out};
    for (int i = 0; i < 7; i++)
        if (all[i] && (rc = ops_check_dims(all[i], name, "tensor")))
            return rc;
    if (reduction < 0 || reduction > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: reduction %lld is not one of 0 (none), 1 (mean), 2 (sum)", name,
                       (long long)reduction);
    const aclTensor *fl[] = {grad, self, weight, totalWeight, out, tw_out};
    static const char *const fln[] = {"gradOutput",  "self", "weight",
                                      "totalWeight", "out",  "totalWeightOut"};
    for (int i = 0; i < 6; i++)
        if (fl[i] && !ops_dt_in(fl[i]->dtype, types))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s type %s is not supported (FLOAT, FLOAT16, BFLOAT16)", name,
                           fln[i], ops_dt_name(fl[i]->dtype));
    if (!ops_dt_in(target->dtype, ttypes))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: target type %s is not supported (INT64, INT32, UINT8)", name,
                       ops_dt_name(target->dtype));
    int nd = (int)self->ndim;
    if (two_d ? nd != 4 : nd != 1 && nd != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self must be %s, got %d dims", name,
                       two_d ? "4-d [N, C, H, W]" : "1-d [C] or 2-d [N, C]", nd);
    const int cdim = nd == 1 ? 0 : 1;
    int64_t C = self->dims[cdim], tshape[3];
    int tnd = 0;
    if (nd >= 2)
        tshape[tnd++] = self->dims[0];
    for (int d = 2; d < nd; d++)
        tshape[tnd++] = self->dims[d];
    if ((rc = ops_check_shape(name, tshape, tnd, target, "target")))
        return rc;
    if (weight && (weight->ndim != 1 || weight->dims[0] != C))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight must be 1-d with C = %lld elements",
                       name, (long long)C);
    if (totalWeight && ops_numel(totalWeight->dims, (int)totalWeight->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: totalWeight must hold one element", name);
    if (grad) {
        if (reduction == 0 && nd >= 2) {
            if ((rc = ops_check_shape(name, tshape, tnd, grad, "gradOutput")))
                return rc;
        } else if (ops_numel(grad->dims, (int)grad->ndim) != 1) {
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput must hold one element here",
                           name);
        }
        if ((rc = ops_check_shape(name, self->dims, nd, out, "out")))
            return rc;
    } else {
        if (reduction == 0 && nd >= 2) {
            if ((rc = ops_check_shape(name, tshape, tnd, out, "out")))
                return rc;
        } else if (ops_numel(out->dims, (int)out->ndim) != 1) {
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out must hold one element here", name);
        }
        if (ops_numel(tw_out->dims, (int)tw_out->ndim) != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: totalWeightOut must hold one element",
                           name);
    }
    OPS_PLAN(e, p, name, 5, 2, struct nll_plan, NULL, {&p->g, grad, "gradOutput"},
             {&p->x, self, "self"}, {&p->t, target, "target"}, {&p->w, weight, "weight"},
             {&p->tw, totalWeight, "totalWeight"}, {&p->out, out, "out"},
             {&p->tw_out, tw_out, "totalWeightOut"});
    p->has_w = weight != NULL;
    p->backward = grad != NULL;
    p->reduction = (int)reduction;
    p->ignore = ignoreIndex;
    p->N = nd >= 2 ? self->dims[0] : 1;
    p->C = C;
    p->S = nd == 4 ? self->dims[2] * self->dims[3] : 1;
    e->run = (p->N > 0 && p->S > 0 && C > 0) || (!grad && reduction) ? nll_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnNLLLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                         const aclTensor *weight, int64_t reduction,
                                         int64_t ignoreIndex, aclTensor *out,
                                         aclTensor *totalWeightOut, WS)
{
    const char *name = "aclnnNLLLoss";
    OPS_CHECK_NULLS(name, self, target, weight, out, totalWeightOut, workspaceSize, executor);
    return nll_build(name, false, NULL, self, target, weight, reduction, ignoreIndex, NULL, out,
                     totalWeightOut, OPS_DT_NLLLoss, OPS_DT2_NLLLoss, workspaceSize, executor);
}
PHASE2(NLLLoss)

aclnnStatus aclnnNLLLoss2dGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                           const aclTensor *weight, int64_t reduction,
                                           int64_t ignoreIndex, aclTensor *out,
                                           aclTensor *totalWeightOut, WS)
{
    const char *name = "aclnnNLLLoss2d";
    OPS_CHECK_NULLS(name, self, target, weight, out, totalWeightOut, workspaceSize, executor);
    return nll_build(name, true, NULL, self, target, weight, reduction, ignoreIndex, NULL, out,
                     totalWeightOut, OPS_DT_NLLLoss2d, OPS_DT2_NLLLoss2d, workspaceSize, executor);
}
PHASE2(NLLLoss2d)

aclnnStatus aclnnNLLLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                 const aclTensor *target, const aclTensor *weight,
                                                 int64_t reduction, int64_t ignoreIndex,
                                                 const aclTensor *totalWeight, aclTensor *out, WS)
{
    const char *name = "aclnnNLLLossBackward";
    OPS_CHECK_NULLS(name, gradOutput, self, target, weight, totalWeight, out, workspaceSize,
                    executor);
    return nll_build(name, false, gradOutput, self, target, weight, reduction, ignoreIndex,
                     totalWeight, out, NULL, OPS_DT_NLLLossBackward, OPS_DT2_NLLLossBackward,
                     workspaceSize, executor);
}
PHASE2(NLLLossBackward)

aclnnStatus aclnnNLLLoss2dBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                   const aclTensor *self, const aclTensor *target,
                                                   const aclTensor *weight, int64_t reduction,
                                                   int64_t ignoreIndex, aclTensor *totalWeight,
                                                   aclTensor *out, WS)
{
    const char *name = "aclnnNLLLoss2dBackward";
    OPS_CHECK_NULLS(name, gradOutput, self, target, weight, totalWeight, out, workspaceSize,
                    executor);
    return nll_build(name, true, gradOutput, self, target, weight, reduction, ignoreIndex,
                     totalWeight, out, NULL, OPS_DT_NLLLoss2dBackward, OPS_DT2_NLLLoss2dBackward,
                     workspaceSize, executor);
}
PHASE2(NLLLoss2dBackward)
