/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ApplyFusedEmaAdam (ops/optim/table.h): an Adam / AdamW step that also keeps an exponential
 * moving average of the parameter, five tensors of one shape updated in place.
 *
 *  EA1. CANN's formulas: with c1, c2 = 1 - beta1^step, 1 - beta2^step when biasCorrection,
 *      else 1; g = grad + weightDecay var (mode 0, L2) or grad (mode 1, AdamW);
 *      m = beta1 m + (1 - beta1) g; v = beta2 v + (1 - beta2) g^2;
 *      u = (m / c1) / (sqrt(v / c2) + eps) (+ weightDecay var in mode 1);
 *      var = var - lr u; s = emaDecay s + (1 - emaDecay) var (the new var).
 *  EA2. grad, varRef, mRef, vRef, sRef of one shape and one type (FLOAT, FLOAT16, BFLOAT16);
 *      step INT64, its first element read when the step runs (CANN documents [1]; its example
 *      passes four elements); mode 0 or 1, else 161002.
 *  EA3. In double from the stored values, each tensor rounded once when stored; the whole
 *      of every tensor is read before any is written, so views that share memory read the
 *      old values.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_apply_fused_ema_adam.h"
#include "ops/engine/engine.h"
#include "ops/optim/table.h"

#define EMA "aclnnApplyFusedEmaAdam"

enum { EA_G, EA_VAR, EA_M, EA_V, EA_S, EA_STEP, EA_N };

struct ea_plan {
    struct ops_tensor t[EA_N];
    double lr, ema, b1, b2, eps, wd;
    bool l2, bias;
};

static int32_t ea_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ea_plan *p = e->plan;
    const struct ops_tensor *t = p->t;
    const int64_t n = t[EA_G].numel;
    double *buf[5] = {NULL};
    int64_t *st = malloc((size_t)(t[EA_STEP].numel + 1) * sizeof(int64_t));
    int32_t rc = ACL_SUCCESS;
    for (int k = 0; k < 5; k++)
        buf[k] = malloc((size_t)(n + 1) * sizeof(double));
    for (int k = 0; k < 5; k++)
        if (!buf[k] || !st) {
            rc = ACL_ERROR_BAD_ALLOC;
            goto out;
        }
    for (int k = 0; k < 5; k++) /* EA3: everything read first */
        ops_gather_nd(buf[k], CK_F64, ops_base(&t[k], addr), t[k].dt, t[k].ndim, t[k].dims,
                      t[k].strides);
    ops_gather_nd(st, CK_I64, ops_base(&t[EA_STEP], addr), t[EA_STEP].dt, t[EA_STEP].ndim,
                  t[EA_STEP].dims, t[EA_STEP].strides);
    const double step = (double)st[0];
    const double c1 = p->bias ? 1.0 - pow(p->b1, step) : 1.0;
    const double c2 = p->bias ? 1.0 - pow(p->b2, step) : 1.0;
    double *g = buf[EA_G], *var = buf[EA_VAR], *m = buf[EA_M], *v = buf[EA_V], *s = buf[EA_S];
    for (int64_t i = 0; i < n; i++) { /* EA1 */
        const double gi = p->l2 ? g[i] + p->wd * var[i] : g[i];
        m[i] = p->b1 * m[i] + (1.0 - p->b1) * gi;
        v[i] = p->b2 * v[i] + (1.0 - p->b2) * gi * gi;
        double u = (m[i] / c1) / (sqrt(v[i] / c2) + p->eps);
        if (!p->l2)
            u += p->wd * var[i];
        var[i] -= p->lr * u;
        s[i] = p->ema * s[i] + (1.0 - p->ema) * var[i];
    }
    for (int k = EA_VAR; k <= EA_S; k++)
        ops_scatter_nd(buf[k], CK_F64, ops_base(&t[k], addr), t[k].dt, t[k].ndim, t[k].dims,
                       t[k].strides);
out:
    for (int k = 0; k < 5; k++)
        free(buf[k]);
    free(st);
    return rc;
}

aclnnStatus aclnnApplyFusedEmaAdamGetWorkspaceSize(const aclTensor *grad, aclTensor *varRef,
                                                   aclTensor *mRef, aclTensor *vRef,
                                                   aclTensor *sRef, const aclTensor *step,
                                                   double lr, double emaDecay, double beta1,
                                                   double beta2, double eps, int64_t mode,
                                                   bool biasCorrection, double weightDecay, WS)
{
    OPS_CHECK_NULLS(EMA, workspaceSize, executor, grad, varRef, mRef, vRef, sRef, step);
    const aclTensor *ts[EA_N] = {grad, varRef, mRef, vRef, sRef, step};
    static const char *const nm[EA_N] = {"grad", "varRef", "mRef", "vRef", "sRef", "step"};
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < EA_N; i++)
        if ((rc = ops_check_dims(ts[i], EMA, nm[i])))
            return rc;
    if ((rc = ops_need_dt(EMA, "grad", grad->dtype, OPS_DT_ApplyFusedEmaAdam, &dt)) ||
        (rc = ops_need_dt(EMA, "step", step->dtype, OPS_DT2_ApplyFusedEmaAdam, &dt)))
        return rc;
    for (int i = EA_VAR; i <= EA_S; i++) {
        if (ts[i]->dtype != grad->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, not grad's type %s", EMA, nm[i],
                           ops_dt_name(ts[i]->dtype), ops_dt_name(grad->dtype));
        if ((rc = ops_check_shape(EMA, grad->dims, (int)grad->ndim, ts[i], nm[i])))
            return rc;
    }
    if (ops_numel(step->dims, (int)step->ndim) < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: step is empty", EMA);
    if (mode != 0 && mode != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: mode is %lld (0: L2, 1: AdamW)", EMA,
                       (long long)mode);
    OPS_PLAN(e, p, EMA, 2, 4, struct ea_plan, NULL, {&p->t[EA_G], grad, "grad"},
             {&p->t[EA_STEP], step, "step"}, {&p->t[EA_VAR], varRef, "varRef"},
             {&p->t[EA_M], mRef, "mRef"}, {&p->t[EA_V], vRef, "vRef"}, {&p->t[EA_S], sRef, "sRef"});
    p->lr = lr, p->ema = emaDecay, p->b1 = beta1, p->b2 = beta2, p->eps = eps;
    p->wd = weightDecay, p->l2 = mode == 0, p->bias = biasCorrection;
    e->run = ea_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ApplyFusedEmaAdam)
