/* SPDX-License-Identifier: Apache-2.0 */
/*
 * SituGlu and SituGluGrad: the SiTU gated linear unit and its gradient (ops-nn's
 * activation/situ_glu and situ_glu_grad, their documented formulas).
 *
 *  STG1. x (and SituGluGrad's gradY, out) FLOAT, FLOAT16 or BFLOAT16 of one type, 1 to 8 dims;
 *      dim in [-rank, rank) with x's size there even; out (SituGlu) and gradY (SituGluGrad)
 *      of x's shape with dim halved, SituGluGrad's out of x's shape. Empty tensors run nothing.
 *  STG2. x is read as [pre, cut], h = cut / 2: gate the first half and up the second
 *      (activateLeft), or the other way round. t = tanh(gate / beta), s = sigmoid(gate),
 *      situ_a = beta t s; up' = linearBeta tanh(up / linearBeta) when linearBeta > 0, else up;
 *      SituGlu: y = situ_a up'. SituGluGrad: grad gate = gradY up' s ((1 - t^2) + beta t
 *      (1 - s)), grad up = gradY situ_a (1 - tanh^2(up / linearBeta)) when linearBeta > 0, else
 *      gradY situ_a, each written in its half. In double, rounded to out's type once.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_situ_glu.h"
#include "aclnnop/aclnn_situ_glu_grad.h"
#include "ops/activation/table.h"
#include "ops/engine/engine.h"

struct sg_plan {
    struct ops_tensor x, gy, out; /* gy: SituGluGrad's gradY */
    bool grad, left;
    double beta, lbeta;
    int64_t pre, cut;
};

static int32_t sg_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct sg_plan *p = e->plan;
    const int64_t pre = p->pre, cut = p->cut, h = cut / 2;
    double *x = malloc((size_t)(pre * cut) * sizeof(double));
    double *y = malloc((size_t)(pre * (p->grad ? cut : h)) * sizeof(double));
    double *gy = p->grad ? malloc((size_t)(pre * h) * sizeof(double)) : NULL;
    if (!x || !y || (p->grad && !gy)) {
        free(x);
        free(y);
        free(gy);
        return ACL_ERROR_BAD_ALLOC;
    }
    ops_gather_nd(x, CK_F64, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    if (p->grad)
        ops_gather_nd(gy, CK_F64, ops_base(&p->gy, addr), p->gy.dt, p->gy.ndim, p->gy.dims,
                      p->gy.strides);
    const int64_t go = p->left ? 0 : h, uo = p->left ? h : 0; /* gate's and up's halves */
    for (int64_t r = 0; r < pre; r++)
        for (int64_t j = 0; j < h; j++) {
            double gate = x[r * cut + go + j], up = x[r * cut + uo + j];
            double t = tanh(gate / p->beta), s = 1 / (1 + exp(-gate)), sa = p->beta * t * s;
            double tu = p->lbeta > 0 ? tanh(up / p->lbeta) : 0;
            double upp = p->lbeta > 0 ? p->lbeta * tu : up;
            if (!p->grad) {
                y[r * h + j] = sa * upp;
                continue;
            }
            double g = gy[r * h + j];
            y[r * cut + go + j] = g * upp * s * ((1 - t * t) + p->beta * t * (1 - s));
            y[r * cut + uo + j] = g * sa * (p->lbeta > 0 ? 1 - tu * tu : 1);
        }
    ops_scatter_nd(y, CK_F64, ops_base(&p->out, addr), p->out.dt, p->out.ndim, p->out.dims,
                   p->out.strides);
    free(x);
    free(y);
    free(gy);
    return 0;
}

/* STG1 for both: x's type and dim; half (out or gradY) of x's shape with dim halved, full
 * (SituGluGrad's out, or NULL) of x's. */
static aclnnStatus sg_op(const char *name, const aclTensor *gradY, const aclTensor *x, int64_t dim,
                         double beta, double linearBeta, bool activateLeft, const aclTensor *out,
                         unsigned types, WS)
{
    const aclTensor *half = gradY ? gradY : out;
    const char *hname = gradY ? "gradY" : "out";
    aclnnStatus rc;
    int dt, d;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(out, name, "out")) ||
        (gradY && (rc = ops_check_dims(gradY, name, "gradY"))) ||
        (rc = ops_need_dt(name, "x", x->dtype, types, &dt)))
        return rc;
    if (out->dtype != x->dtype || half->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, x %s (they must match)", name,
                       out->dtype != x->dtype ? "out" : hname,
                       ops_dt_name(out->dtype != x->dtype ? out->dtype : half->dtype),
                       ops_dt_name(x->dtype));
    int nd = (int)x->ndim;
    if ((rc = ops_wrap_halved_dim(name, x, dim, &d)))
        return rc;
    int64_t want[OPS_MAX_DIMS];
    for (int i = 0; i < nd; i++)
        want[i] = i == d ? x->dims[i] / 2 : x->dims[i];
    if ((rc = ops_check_shape(name, want, nd, half, hname)) ||
        (gradY && (rc = ops_check_shape(name, x->dims, nd, out, "out"))))
        return rc;
    struct aclOpExecutor *e;
    struct sg_plan *p;
    if (gradY) {
        OPS_PLAN(e2, p2, name, 2, 1, struct sg_plan, NULL, {&p2->gy, gradY, "gradY"},
                 {&p2->x, x, "x"}, {&p2->out, out, "out"});
        e = e2;
        p = p2;
    } else {
        OPS_PLAN(e2, p2, name, 1, 1, struct sg_plan, NULL, {&p2->x, x, "x"},
                 {&p2->out, out, "out"});
        e = e2;
        p = p2;
    }
    p->grad = gradY != NULL;
    p->left = activateLeft;
    p->beta = beta;
    p->lbeta = linearBeta;
    p->pre = ops_numel(x->dims, d);
    p->cut = ops_numel(x->dims + d, nd - d);
    e->run = p->pre && p->cut ? sg_run : NULL; /* STG1 */
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnSituGluGetWorkspaceSize(const aclTensor *x, int64_t dim, double beta,
                                         double linearBeta, bool activateLeft, const aclTensor *out,
                                         WS)
{
    static const char name[] = "aclnnSituGlu";
    OPS_CHECK_NULLS(name, x, out, workspaceSize, executor);
    return sg_op(name, NULL, x, dim, beta, linearBeta, activateLeft, out, OPS_DT_SituGlu,
                 workspaceSize, executor);
}
PHASE2(SituGlu)

aclnnStatus aclnnSituGluGradGetWorkspaceSize(const aclTensor *gradY, const aclTensor *x,
                                             int64_t dim, double beta, double linearBeta,
                                             bool activateLeft, const aclTensor *out, WS)
{
    static const char name[] = "aclnnSituGluGrad";
    OPS_CHECK_NULLS(name, gradY, x, out, workspaceSize, executor);
    return sg_op(name, gradY, x, dim, beta, linearBeta, activateLeft, out, OPS_DT_SituGluGrad,
                 workspaceSize, executor);
}
PHASE2(SituGluGrad)
