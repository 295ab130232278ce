/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GaussianNllLossGrad: the gradients of GaussianNllLoss (pointwise.c PW5) with respect to input
 * and var (ops-nn's experimental/loss/gaussian_nll_loss_grad, its documented formula).
 *
 *  GNG1. gradOutput, input, target, var, gradInput, gradVar of one type (FLOAT, FLOAT16,
 *      BFLOAT16). target: input's shape, or its rank with exactly one dim of 1 where input's
 *      is not; var: input's shape, it with the last dim 1, it without the last dim, or one
 *      element; gradOutput: input's shape with reduction "none", one element with "sum" and
 *      "mean"; gradInput input's shape, gradVar var's. eps > 0. full does not enter the
 *      gradients. Empty inputs write zeros to gradVar and nothing else.
 *  GNG2. With d = input - target and v = max(var, eps) per element (target and var broadcast):
 *      gradInput = g d / v, the element's var gradient g 0.5 (1 / v - d^2 / v^2), both times
 *      1 / numel(input) with "mean" (g: gradOutput's element); the clamp passes the gradient
 *      (CANN: "clamp is transparent"). gradVar sums the var gradients of the elements that
 *      read each var element. In double, rounded to the outputs' type once.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_gaussian_nll_loss_grad.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

enum { GNG_NONE, GNG_MEAN, GNG_SUM };

struct gng_plan {
    struct ops_tensor go, x, t, v, gx, gv;
    int64_t tst[OPS_MAX_DIMS]; /* target's, var's and gradOutput's element strides over */
    int64_t vst[OPS_MAX_DIMS]; /* input's dims (0: broadcast), in their views' elements */
    int64_t vix[OPS_MAX_DIMS]; /* var's row-major index strides over input's dims */
    int64_t gst[OPS_MAX_DIMS];
    int reduction;
    double eps;
};

static int32_t gng_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gng_plan *p = e->plan;
    const struct ops_tensor *x = &p->x, *gx = &p->gx, *gv = &p->gv;
    const int nd = x->ndim;
    const int64_t n = x->numel;
    double *gvs = calloc((size_t)gv->numel + 1, sizeof(double));
    double *gxs = malloc((size_t)(n ? n : 1) * sizeof(double));
    if (!gvs || !gxs) {
        free(gvs);
        free(gxs);
        return ACL_ERROR_BAD_ALLOC;
    }
    ops_load_fn lx = ops_loader(CK_F64, x->dt), lt = ops_loader(CK_F64, p->t.dt);
    ops_load_fn lv = ops_loader(CK_F64, p->v.dt), lg = ops_loader(CK_F64, p->go.dt);
    const int64_t es = ops_dt_size(x->dt);
    const double scale = p->reduction == GNG_MEAN && n ? 1.0 / (double)n : 1.0;
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t i = 0; i < n; i++) {
        int64_t ox = 0, ot = 0, ov = 0, og = 0, vi = 0;
        for (int d = 0; d < nd; d++) {
            ox += idx[d] * x->strides[d];
            ot += idx[d] * p->tst[d];
            ov += idx[d] * p->vst[d];
            og += idx[d] * p->gst[d];
            vi += idx[d] * p->vix[d];
        }
        double xv, tv, vv, g;
        lx(&xv, ops_base(x, addr) + ox * es, 0, 1);
        lt(&tv, ops_base(&p->t, addr) + ot * es, 0, 1);
        lv(&vv, ops_base(&p->v, addr) + ov * es, 0, 1);
        lg(&g, ops_base(&p->go, addr) + og * es, 0, 1);
        double d = xv - tv, v = vv > p->eps ? vv : p->eps; /* GNG2 (NaN var stays NaN) */
        if (vv != vv)
            v = vv;
        gxs[i] = g * d / v * scale;
        gvs[vi] += g * 0.5 * (1 / v - d * d / (v * v)) * scale;
        ops_odo_next(idx, x->dims, nd);
    }
    ops_scatter_nd(gxs, CK_F64, ops_base(gx, addr), gx->dt, gx->ndim, gx->dims, gx->strides);
    ops_scatter_nd(gvs, CK_F64, ops_base(gv, addr), gv->dt, gv->ndim, gv->dims, gv->strides);
    free(gvs);
    free(gxs);
    return 0;
}

aclnnStatus aclnnGaussianNllLossGradGetWorkspaceSize(const aclTensor *gradOutput,
                                                     const aclTensor *input,
                                                     const aclTensor *target, const aclTensor *var,
                                                     bool full, float eps, const char *reduction,
                                                     aclTensor *gradInput, aclTensor *gradVar, WS)
{
    static const char name[] = "aclnnGaussianNllLossGrad";
    (void)full; /* GNG1: not in the gradients */
    OPS_CHECK_NULLS(name, gradOutput, input, target, var, reduction, gradInput, gradVar,
                    workspaceSize, executor);
    const aclTensor *all[6] = {gradOutput, input, target, var, gradInput, gradVar};
    static const char *const what[6] = {"gradOutput", "input",     "target",
                                        "var",        "gradInput", "gradVar"};
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < 6; i++)
        if ((rc = ops_check_dims(all[i], name, what[i])))
            return rc;
    if ((rc = ops_need_dt(name, "input", input->dtype, OPS_DT_GaussianNllLossGrad, &dt)))
        return rc;
    for (int i = 0; i < 6; i++)
        if (all[i]->dtype != input->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, input %s (they must match)",
                           name, what[i], ops_dt_name(all[i]->dtype), ops_dt_name(input->dtype));
    if (!(eps > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: eps is %g, it must be > 0", name, (double)eps);
    int red = !strcmp(reduction, "none")   ? GNG_NONE
              : !strcmp(reduction, "mean") ? GNG_MEAN
              : !strcmp(reduction, "sum")  ? GNG_SUM
                                           : -1;
    if (red < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: reduction is \"%s\", none, mean or sum are supported", name, reduction);
    const int nd = (int)input->ndim;
    const int64_t *xd = input->dims;
    /* GNG1: target's rank, equal dims but at most one 1 */
    int ones = 0;
    bool tok = (int)target->ndim == nd;
    for (int d = 0; tok && d < nd; d++) {
        if (target->dims[d] == xd[d])
            continue;
        tok = target->dims[d] == 1 && ++ones == 1;
    }
    if (!tok)
        return ops_shape_err(name, "target", target, xd, nd);
    int64_t vn = ops_numel(var->dims, (int)var->ndim);
    bool v_same = ops_shape_is(var, xd, nd), v_one = vn == 1;
    bool v_last1 = nd >= 1 && (int)var->ndim == nd && var->dims[nd - 1] == 1 &&
                   !memcmp(var->dims, xd, (size_t)(nd - 1) * sizeof(int64_t));
    bool v_less = nd >= 1 && (int)var->ndim == nd - 1 &&
                  !memcmp(var->dims, xd, (size_t)(nd - 1) * sizeof(int64_t));
    if (!v_same && !v_one && !v_last1 && !v_less)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: var must have input's shape, its last dim 1, no last dim or one "
                       "element",
                       name);
    int64_t gn = ops_numel(gradOutput->dims, (int)gradOutput->ndim);
    if (red == GNG_NONE ? !ops_shape_is(gradOutput, xd, nd) : gn != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradOutput must have input's shape with reduction none, one element "
                       "otherwise",
                       name);
    if ((rc = ops_check_shape(name, xd, nd, gradInput, "gradInput")) ||
        (rc = ops_check_shape(name, var->dims, (int)var->ndim, gradVar, "gradVar")))
        return rc;
    OPS_PLAN(e, p, name, 4, 2, struct gng_plan, NULL, {&p->go, gradOutput, "gradOutput"},
             {&p->x, input, "input"}, {&p->t, target, "target"}, {&p->v, var, "var"},
             {&p->gx, gradInput, "gradInput"}, {&p->gv, gradVar, "gradVar"});
    /* GNG2: each operand's strides over input's dims, 0 where it broadcasts */
    int64_t vrow = 1;
    for (int d = nd - 1; d >= 0; d--) {
        p->tst[d] = target->dims[d] == xd[d] ? p->t.strides[d] : 0;
        p->gst[d] = red == GNG_NONE ? p->go.strides[d] : 0;
        bool vread = !v_one && (d < (int)var->ndim) && var->dims[d] == xd[d];
        p->vst[d] = vread ? p->v.strides[d] : 0;
        p->vix[d] = vread ? vrow : 0;
        if (d < (int)var->ndim)
            vrow *= var->dims[d];
    }
    p->reduction = red;
    p->eps = (double)eps;
    e->run = gng_run; /* an empty input still zeroes gradVar (GNG1) */
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(GaussianNllLossGrad)
