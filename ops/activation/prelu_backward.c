/* SPDX-License-Identifier: Apache-2.0 */
/*
 * PreluBackward: the gradients of Prelu (activation.c AC10) with respect to self and to the
 * weight, whose gradient sums over every element a weight entry scales, so it is not an
 * elementwise row: one pass over self in double.
 *
 *  PB1. gradInput = self > 0 ? gradOutput : weight[c] gradOutput and gradWeight[c] = the sum of
 *      gradOutput self where self <= 0 (CANN's formulas, torch's _prelu_kernel_backward), c
 *      the element's channel (dim 1 of a self of 2 or more dims) when weight has C elements,
 *      else 0 (one weight).
 *  PB2. weight has 1 element, or C elements (1-d, or self's rank with 1 everywhere but dim 1);
 *      gradWeight has weight's shape; gradOutput broadcasts to self's shape; gradInput has
 *      self's shape; every tensor has self's type (FLOAT, FLOAT16, BFLOAT16). Gathered into
 *      double through the view converters (any strides), rounded once.
 */
#include <stdlib.h>

#include "aclnnop/aclnn_prelu_backward.h"
#include "ops/activation/table.h"
#include "ops/engine/engine.h"

struct pb_plan {
    struct ops_tensor g, x, w, gi, gw;
    int64_t C, S; /* the channels the weight covers (1: one weight), elements per channel row */
    int64_t gst[OPS_MAX_DIMS]; /* gradOutput's strides read as self's shape (0: broadcast) */
};

static int32_t pb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct pb_plan *p = e->plan;
    const int64_t n = p->x.numel, C = p->C;
    double *buf = malloc((size_t)(2 * n + 2 * C + 1) * sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    double *x = buf, *g = x + n, *w = g + n, *gw = w + C;
    ops_gather_nd(x, CK_F64, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    ops_gather_nd(g, CK_F64, ops_base(&p->g, addr), p->g.dt, p->x.ndim, p->x.dims, p->gst);
    ops_gather_nd(w, CK_F64, ops_base(&p->w, addr), p->w.dt, p->w.ndim, p->w.dims, p->w.strides);
    for (int64_t c = 0; c < C; c++)
        gw[c] = 0.0;
    for (int64_t i = 0; i < n; i++) {
        const int64_t c = C > 1 ? (i / p->S) % C : 0;
        if (x[i] > 0)
            continue;
        gw[c] += g[i] * x[i];
        g[i] *= w[c];
    }
    ops_scatter_nd(g, CK_F64, ops_base(&p->gi, addr), p->gi.dt, p->gi.ndim, p->gi.dims,
                   p->gi.strides);
    ops_scatter_nd(gw, CK_F64, ops_base(&p->gw, addr), p->gw.dt, p->gw.ndim, p->gw.dims,
                   p->gw.strides);
    free(buf);
    return 0;
}

aclnnStatus aclnnPreluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                               const aclTensor *weight, aclTensor *gradInput,
                                               aclTensor *gradWeight, WS)
{
    const char *name = "aclnnPreluBackward";
    OPS_CHECK_NULLS(name, gradOutput, self, weight, gradInput, gradWeight, workspaceSize, executor);
    aclnnStatus rc;
    const aclTensor *all[5] = {gradOutput, self, weight, gradInput, gradWeight};
    static const char *const an[5] = {"gradOutput", "self", "weight", "gradInput", "gradWeight"};
    int dt;
    if ((rc = ops_need_dt(name, "self", self->dtype, OPS_DT_PreluBackward, &dt)))
        return rc;
    for (int i = 0; i < 5; i++) {
        if ((rc = ops_check_dims(all[i], name, an[i])))
            return rc;
        if (all[i]->dtype != self->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, self %s", name, an[i],
                           ops_dt_name(all[i]->dtype), ops_dt_name(self->dtype));
    }
    const int nd = (int)self->ndim;
    const int64_t wn = ops_numel(weight->dims, (int)weight->ndim);
    const int64_t ch = nd < 2 ? 1 : self->dims[1];
    bool ok = wn == 1 || (wn == ch && weight->ndim == 1);
    if (!ok && wn == ch && (int)weight->ndim == nd) { /* [1, C, 1, ...] */
        ok = true;
        for (int d = 0; d < nd; d++)
            ok = ok && weight->dims[d] == (d == 1 ? ch : 1);
    }
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight has %lld elements; it must have 1 or self's channel count %lld",
                       name, (long long)wn, (long long)ch);
    if ((rc = ops_check_shape(name, weight->dims, (int)weight->ndim, gradWeight, "gradWeight")) ||
        (rc = ops_check_shape(name, self->dims, nd, gradInput, "gradInput")))
        return rc;
    int64_t bd[OPS_MAX_DIMS];
    int bn;
    bool bok =
        ops_broadcast(self->dims, nd, gradOutput->dims, (int)gradOutput->ndim, bd, &bn) && bn == nd;
    for (int d = 0; bok && d < nd; d++)
        bok = bd[d] == self->dims[d];
    if (!bok)
        return ops_shape_err(name, "gradOutput", gradOutput, self->dims, nd);
    OPS_PLAN(e, p, name, 3, 2, struct pb_plan, NULL, {&p->g, gradOutput, "gradOutput"},
             {&p->x, self, "self"}, {&p->w, weight, "weight"}, {&p->gi, gradInput, "gradInput"},
             {&p->gw, gradWeight, "gradWeight"});
    p->C = wn == 1 ? 1 : ch;
    p->S = nd > 2 ? ops_numel(self->dims + 2, nd - 2) : 1;
    const int lead = nd - (int)gradOutput->ndim;
    for (int d = 0; d < nd; d++) {
        const int gd = d - lead;
        p->gst[d] = gd < 0 || gradOutput->dims[gd] == 1 ? 0 : gradOutput->strides[gd];
    }
    e->run = p->x.numel || wn ? pb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(PreluBackward)
