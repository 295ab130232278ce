/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CrossEntropyLoss (torch.nn.functional.cross_entropy over input [N, C], class targets).
 *
 *  CE1. Per row n: lse = log sum_c exp(x[n, c]) (the row's maximum subtracted first),
 *      logProbOut[n, c] = x[n, c] - lse; with y = target[n] and w = weightOptional (NULL:
 *      ones), nll = -w[y] logProb[n, y] and smooth = -sum_c w[c] logProb[n, c] / C; the row's
 *      loss (1 - labelSmoothing) nll + labelSmoothing smooth, 0 for y = ignoreIndex.
 *  CE2. reductionOptional "none": lossOut [N]; "sum"; "mean" (also NULL): the sum divided by
 *      the sum of w[y] over the rows not ignored (torch's; NaN when that is 0).
 *  CE3. CANN's z-loss outputs are not computed (its docs: not supported yet): zlossOut and
 *      lseForZlossOut must be given and are left as they are; returnZloss true or a nonzero
 *      lseSquareScaleForZloss is refused (161002). A target outside [0, C) that is not
 *      ignoreIndex fails the launch (ACL_ERROR_RT_AICORE_EXCEPTION, as NLLLoss's NL3).
 *  CE4. input, target and weight are gathered into double through the view converters (any
 *      strides); lossOut and logProbOut (input's type) are rounded once.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

struct ce_plan {
    struct ops_tensor x, t, w, loss, lp;
    bool has_w;
    int reduction; /* 0 none, 1 mean, 2 sum */
    int64_t N, C, ignore;
    double smoothing;
};

static int32_t ce_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ce_plan *p = e->plan;
    const int64_t N = p->N, C = p->C;
    double *x = malloc((size_t)(N * C + C + N + 1) * sizeof(double));
    int64_t *t = malloc((size_t)(N + 1) * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || !t) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    double *w = x + N * C, *loss = w + C;
    ops_gather_nd(x, CK_F64, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    ops_gather_nd(t, CK_I64, ops_base(&p->t, addr), p->t.dt, p->t.ndim, p->t.dims, p->t.strides);
    for (int64_t c = 0; c < C; c++)
        w[c] = 1.0;
    if (p->has_w)
        ops_gather_nd(w, CK_F64, ops_base(&p->w, addr), p->w.dt, 1, p->w.dims, p->w.strides);
    for (int64_t n = 0; n < N; n++)
        if (t[n] != p->ignore && (t[n] < 0 || t[n] >= C)) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION; /* CE3 */
            goto done;
        }
    double sum = 0, wsum = 0;
    for (int64_t n = 0; n < N; n++) {
        double *r = x + n * C, mx = -INFINITY, se = 0;
        for (int64_t c = 0; c < C; c++)
            mx = r[c] > mx ? r[c] : mx;
        for (int64_t c = 0; c < C; c++)
            se += exp(r[c] - mx);
        const double lse = mx + log(se);
        double smooth = 0;
        for (int64_t c = 0; c < C; c++) {
            r[c] -= lse;
            smooth -= w[c] * r[c];
        }
        if (t[n] == p->ignore) {
            loss[n] = 0;
            continue;
        }
        loss[n] = (1 - p->smoothing) * -w[t[n]] * r[t[n]] + p->smoothing * smooth / (double)C;
        sum += loss[n];
        wsum += w[t[n]];
    }
    ops_scatter_nd(x, CK_F64, ops_base(&p->lp, addr), p->lp.dt, p->lp.ndim, p->lp.dims,
                   p->lp.strides);
    if (p->reduction == 0) {
        ops_scatter_nd(loss, CK_F64, ops_base(&p->loss, addr), p->loss.dt, p->loss.ndim,
                       p->loss.dims, p->loss.strides);
    } else {
        double r = p->reduction == 1 ? sum / wsum : sum;
        ops_storer(CK_F64, p->loss.dt)(ops_base(&p->loss, addr), 0, &r, 1);
    }
done:
    free(x);
    free(t);
    return rc;
}

aclnnStatus aclnnCrossEntropyLossGetWorkspaceSize(
    const aclTensor *input, const aclTensor *target, const aclTensor *weightOptional,
    char *reductionOptional, int64_t ignoreIndex, double labelSmoothing,
    double lseSquareScaleForZloss, bool returnZloss, const aclTensor *lossOut,
    const aclTensor *logProbOut, const aclTensor *zlossOut, const aclTensor *lseForZlossOut, WS)
{
    const char *name = "aclnnCrossEntropyLoss";
    OPS_CHECK_NULLS(name, input, target, lossOut, logProbOut, zlossOut, lseForZlossOut,
                    workspaceSize, executor);
    aclnnStatus rc;
    int xdt, tdt, ldt, pdt;
    if ((rc = ops_check_dims(input, name, "input")) ||
        (rc = ops_check_dims(target, name, "target")) ||
        (rc = ops_check_dims(lossOut, name, "lossOut")) ||
        (rc = ops_check_dims(logProbOut, name, "logProbOut")) ||
        (weightOptional && (rc = ops_check_dims(weightOptional, name, "weightOptional"))) ||
        (rc = ops_need_dt(name, "input", input->dtype, OPS_DT_CrossEntropyLoss, &xdt)) ||
        (rc = ops_need_dt(name, "target", target->dtype, OPS_DT2_CrossEntropyLoss, &tdt)) ||
        (rc = ops_need_dt(name, "lossOut", lossOut->dtype, OPS_DT_CrossEntropyLoss, &ldt)) ||
        (rc = ops_need_dt(name, "logProbOut", logProbOut->dtype, OPS_DT_CrossEntropyLoss, &pdt)))
        return rc;
    if (ldt != xdt || pdt != xdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: lossOut (%s) and logProbOut (%s) must have input's type %s", name,
                       ops_dt_name(lossOut->dtype), ops_dt_name(logProbOut->dtype),
                       ops_dt_name(input->dtype));
    if (weightOptional && weightOptional->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weightOptional has type %s; it must be FLOAT",
                       name, ops_dt_name(weightOptional->dtype));
    int reduction = !reductionOptional || strcmp(reductionOptional, "mean") == 0 ? 1
                    : strcmp(reductionOptional, "sum") == 0                      ? 2
                    : strcmp(reductionOptional, "none") == 0                     ? 0
                                                                                 : -1;
    if (reduction < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: reductionOptional is \"%s\" (\"mean\", \"sum\" or \"none\")", name,
                       reductionOptional);
    if (!(labelSmoothing >= 0 && labelSmoothing <= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: labelSmoothing %g is outside [0, 1]", name,
                       labelSmoothing);
    if (returnZloss || lseSquareScaleForZloss != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the z-loss (returnZloss, lseSquareScaleForZloss %g) is not supported",
                       name, lseSquareScaleForZloss);
    if (input->ndim != 2 || input->dims[1] <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input must be [N, C] with C > 0", name);
    const int64_t N = input->dims[0], C = input->dims[1];
    if ((rc = ops_check_shape(name, input->dims, 1, target, "target")) ||
        (rc = ops_check_shape(name, input->dims, 2, logProbOut, "logProbOut")) ||
        (weightOptional &&
         (rc = ops_check_shape(name, input->dims + 1, 1, weightOptional, "weightOptional"))))
        return rc;
    if (reduction == 0) {
        if ((rc = ops_check_shape(name, input->dims, 1, lossOut, "lossOut")))
            return rc;
    } else if (ops_numel(lossOut->dims, (int)lossOut->ndim) != 1) {
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: lossOut must hold one element under \"%s\"",
                       name, reduction == 1 ? "mean" : "sum");
    }
    OPS_PLAN(e, p, name, 3, 2, struct ce_plan, NULL, {&p->x, input, "input"},
             {&p->t, target, "target"}, {&p->w, weightOptional, "weightOptional"},
             {&p->loss, lossOut, "lossOut"}, {&p->lp, logProbOut, "logProbOut"});
    p->has_w = weightOptional != NULL;
    p->reduction = reduction;
    p->N = N;
    p->C = C;
    p->ignore = ignoreIndex;
    p->smoothing = labelSmoothing;
    e->run = N > 0 || reduction != 0 ? ce_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(CrossEntropyLoss)
