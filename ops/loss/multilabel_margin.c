/* SPDX-License-Identifier: Apache-2.0 */
/*
 * MultilabelMarginLoss (torch.nn.functional.multilabel_margin_loss), self [N, C] or [C].
 *
 *  ML1. Per sample: the labels are target's values before its first -1 (all C when there is
 *      none); isTarget[k] = 1 where k is a label, else 0; the loss is the sum over the labels
 *      j (a repeated label counts again, as torch) and the non-labels i of
 *      max(0, 1 - (x[j] - x[i])), divided by C. reduction 0 (none): out [N] ([] for a 1-d
 *      self); 1 (mean): the sum over samples / N (0 when N is 0, torch's); 2 (sum).
 *  ML2. A label outside [0, C) fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION before
 *      anything is written (as NLLLoss's NL3).
 *  ML3. self and target are gathered into double / int64 rows through the view converters, so
 *      any strides work; out and isTarget (self's type) are rounded once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_multilabel_margin_loss.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

struct mlm_plan {
    struct ops_tensor x, t, out, ist;
    int64_t N, C;
    int reduction;
};

static int32_t mlm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mlm_plan *p = e->plan;
    const int64_t N = p->N, C = p->C, NC = N * C;
    double *x = malloc((size_t)(2 * NC + N + 1) * sizeof(double));
    int64_t *t = malloc((size_t)(NC + 1) * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || !t) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    double *ist = x + NC, *loss = ist + NC;
    ops_gather_nd(x, CK_F64, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    ops_gather_nd(t, CK_I64, ops_base(&p->t, addr), p->t.dt, p->t.ndim, p->t.dims, p->t.strides);
    for (int64_t k = 0; k < NC; k++)
        ist[k] = 0.0;
    for (int64_t n = 0; n < N && !rc; n++)
        for (int64_t j = 0; j < C; j++) {
            int64_t y = t[n * C + j];
            if (y < 0)
                break;
            if (y >= C) {
                rc = ACL_ERROR_RT_AICORE_EXCEPTION; /* ML2 */
                break;
            }
            ist[n * C + y] = 1.0;
        }
    if (rc)
        goto done;
    double sum = 0;
    for (int64_t n = 0; n < N; n++) {
        const double *xr = x + n * C, *ir = ist + n * C;
        const int64_t *tr = t + n * C;
        double l = 0;
        for (int64_t j = 0; j < C && tr[j] >= 0; j++)
            for (int64_t i = 0; i < C; i++)
                if (ir[i] == 0.0)
                    l += fmax(0.0, 1.0 - (xr[tr[j]] - xr[i]));
        loss[n] = C ? l / (double)C : 0.0;
        sum += loss[n];
    }
    if (p->reduction == 0) {
        ops_scatter_nd(loss, CK_F64, ops_base(&p->out, addr), p->out.dt, p->out.ndim, p->out.dims,
                       p->out.strides);
    } else {
        double r = p->reduction == 1 ? (N ? sum / (double)N : 0.0) : sum; /* torch's 0 of none */
        ops_storer(CK_F64, p->out.dt)(ops_base(&p->out, addr), 0, &r, 1);
    }
    ops_scatter_nd(ist, CK_F64, ops_base(&p->ist, addr), p->ist.dt, p->ist.ndim, p->ist.dims,
                   p->ist.strides);
done:
    free(x);
    free(t);
    return rc;
}

aclnnStatus aclnnMultilabelMarginLossGetWorkspaceSize(const aclTensor *self,
                                                      const aclTensor *target, int64_t reduction,
                                                      aclTensor *out, aclTensor *isTarget, WS)
{
    const char *name = "aclnnMultilabelMarginLoss";
    OPS_CHECK_NULLS(name, self, target, out, isTarget, workspaceSize, executor);
    aclnnStatus rc;
    int sdt, tdt, odt, idt;
    if ((rc = ops_check_dims(self, name, "self")) ||
        (rc = ops_check_dims(target, name, "target")) || (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_check_dims(isTarget, name, "isTarget")) ||
        (rc = ops_need_dt(name, "self", self->dtype, OPS_DT_MultilabelMarginLoss, &sdt)) ||
        (rc = ops_need_dt(name, "target", target->dtype, OPS_DT2_MultilabelMarginLoss, &tdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_MultilabelMarginLoss, &odt)) ||
        (rc = ops_need_dt(name, "isTarget", isTarget->dtype, OPS_DT_MultilabelMarginLoss, &idt)))
        return rc;
    if (odt != sdt || idt != sdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out (%s) and isTarget (%s) must have self's "
                       "type %s",
                       name, ops_dt_name(out->dtype), ops_dt_name(isTarget->dtype),
                       ops_dt_name(self->dtype));
    if (reduction < 0 || reduction > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: reduction %lld is not one of 0 (none), 1 (mean), 2 (sum)", name,
                       (long long)reduction);
    const int nd = (int)self->ndim;
    if (nd != 1 && nd != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self must be 1-d [C] or 2-d [N, C], got %d "
                       "dims",
                       name, nd);
    if ((rc = ops_check_shape(name, self->dims, nd, target, "target")) ||
        (rc = ops_check_shape(name, self->dims, nd, isTarget, "isTarget")))
        return rc;
    const int64_t N = nd == 2 ? self->dims[0] : 1;
    if (reduction == 0) {
        if ((rc = ops_check_shape(name, self->dims, nd - 1, out, "out")))
            return rc;
    } else if (ops_numel(out->dims, (int)out->ndim) != 1) {
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out must hold one element under reduction "
                       "%lld",
                       name, (long long)reduction);
    }
    OPS_PLAN(e, p, name, 2, 2, struct mlm_plan, NULL, {&p->x, self, "self"},
             {&p->t, target, "target"}, {&p->out, out, "out"}, {&p->ist, isTarget, "isTarget"});
    p->N = N;
    p->C = self->dims[nd - 1];
    p->reduction = (int)reduction;
    /* a reduced loss of no samples still writes its out (0, torch's, for the mean too) */
    e->run = N * p->C > 0 || reduction != 0 ? mlm_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MultilabelMarginLoss)
