/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Logit and LogitGrad (CANN's loss folder): out = log(z / (1 - z)) with z = x clamped to
 * [eps, 1 - eps] when eps >= 0 (x itself when eps < 0), and its gradient
 * dx = dy / (x (1 - x)), 0 outside [eps, 1 - eps] when eps >= 0, NaN outside [0, 1] when
 * eps < 0 (torch.logit and logit_backward). Every tensor of one shape, any strides: each is
 * gathered into a double buffer and the result rounded once to out's type.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

struct logit_plan {
    struct ops_tensor x, dy, out;
    bool grad;
    double eps;
};

static int32_t logit_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct logit_plan *p = e->plan;
    const int64_t n = p->x.numel;
    double *x = malloc((size_t)n * 2 * sizeof(double));
    if (!x)
        return ACL_ERROR_BAD_ALLOC;
    double *dy = x + n;
    ops_gather_nd(x, CK_F64, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    if (p->grad)
        ops_gather_nd(dy, CK_F64, ops_base(&p->dy, addr), p->dy.dt, p->dy.ndim, p->dy.dims,
                      p->dy.strides);
    const double lo = p->eps, hi = 1.0 - p->eps;
    for (int64_t i = 0; i < n; i++) {
        double v = x[i];
        if (p->grad) {
            if (p->eps >= 0)
                x[i] = v < lo || v > hi ? 0.0 : dy[i] / (v * (1.0 - v));
            else /* outside the domain: NaN, as torch's and CANN's */
                x[i] = v < 0 || v > 1 ? NAN : dy[i] / (v * (1.0 - v));
        } else {
            if (p->eps >= 0)
                v = v < lo ? lo : v > hi ? hi : v;
            x[i] = log(v / (1.0 - v));
        }
    }
    ops_scatter_nd(x, CK_F64, ops_base(&p->out, addr), p->out.dt, p->out.ndim, p->out.dims,
                   p->out.strides);
    free(x);
    return 0;
}

static aclnnStatus logit_build(const char *name, unsigned types, const aclTensor *x,
                               const char *xname, const aclTensor *dy, double eps,
                               const aclTensor *out, const char *oname, WS)
{
    const aclTensor *t[3] = {x, dy, out};
    const char *tn[3] = {xname, "dy", oname};
    aclnnStatus rc;
    for (int i = 0; i < 3; i++) {
        if (!t[i])
            continue;
        if ((rc = ops_check_dims(t[i], name, tn[i])))
            return rc;
        if (!ops_dt_in(t[i]->dtype, types))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s type %s is not supported (FLOAT, FLOAT16, BFLOAT16)", name,
                           tn[i], ops_dt_name(t[i]->dtype));
        if (!ops_same_shape(t[i], x))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape differs from %s's", name, tn[i],
                           xname);
    }
    OPS_PLAN(e, p, name, 2, 1, struct logit_plan, NULL, {&p->x, x, xname}, {&p->dy, dy, "dy"},
             {&p->out, out, oname});
    p->grad = dy != NULL;
    p->eps = eps;
    e->run = p->x.numel ? logit_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnLogitGetWorkspaceSize(const aclTensor *input, double eps, const aclTensor *out,
                                       uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnLogit";
    OPS_CHECK_NULLS(name, input, out, workspaceSize, executor);
    return logit_build(name, OPS_DT_Logit, input, "input", NULL, eps, out, "out", workspaceSize,
                       executor);
}
PHASE2(Logit)

aclnnStatus aclnnLogitGradGetWorkspaceSize(const aclTensor *x, const aclTensor *dy, double eps,
                                           const aclTensor *out, uint64_t *workspaceSize,
                                           aclOpExecutor **executor)
{
    const char *name = "aclnnLogitGrad";
    OPS_CHECK_NULLS(name, x, dy, out, workspaceSize, executor);
    return logit_build(name, OPS_DT_LogitGrad, x, "x", dy, eps, out, "out", workspaceSize,
                       executor);
}
PHASE2(LogitGrad)
