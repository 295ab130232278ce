/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CrossEntropyLoss (torch.nn.functional.cross_entropy over input [N, C], class targets), its
 * gradient CrossEntropyLossGrad, and ops-nn's experimental CrossEntropyGrad.
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
 *  CE5. CrossEntropyLossGrad (CANN's documented formula, torch's cross_entropy backward): with
 *      p = exp(logProb), y = target[n], g = gradLoss[n] ("none") or gradLoss, divided by the
 *      sum of w[y] over the rows not ignored under "mean": nll = g (1 - labelSmoothing) w[y],
 *      s = g labelSmoothing / C; out[n, c] = p nll - [c = y] nll + s (p sum(w) - w[c]); rows
 *      with y = ignoreIndex get 0. The z-loss inputs take no part (lseSquareScaleForZloss must
 *      be 0: with it 0, CANN's z-loss term is 0). In double, rounded once.
 *  CE6. CrossEntropyGrad (ops-nn's experimental op): out = softmax(logits) - one_hot(target),
 *      per row in double (the maximum subtracted first); a target outside [0, C) fails the
 *      launch as CE3's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_cross_entropy_grad.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
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

/* The attributes CrossEntropyLoss and its gradient share: weightOptional FLOAT,
 * reductionOptional "mean" (or NULL: 1), "sum" (2) or "none" (0) into *reduction,
 * labelSmoothing in [0, 1]. */
static aclnnStatus ce_attrs(const char *name, const aclTensor *weightOptional,
                            const char *reductionOptional, double labelSmoothing, int *reduction)
{
    if (weightOptional && weightOptional->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weightOptional has type %s; it must be FLOAT",
                       name, ops_dt_name(weightOptional->dtype));
    *reduction = !reductionOptional || strcmp(reductionOptional, "mean") == 0 ? 1
                 : strcmp(reductionOptional, "sum") == 0                      ? 2
                 : strcmp(reductionOptional, "none") == 0                     ? 0
                                                                              : -1;
    if (*reduction < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: reductionOptional is \"%s\" (\"mean\", \"sum\" or \"none\")", name,
                       reductionOptional);
    if (!(labelSmoothing >= 0 && labelSmoothing <= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: labelSmoothing %g is outside [0, 1]", name,
                       labelSmoothing);
    return ACLNN_SUCCESS;
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
    int reduction;
    if ((rc = ce_attrs(name, weightOptional, reductionOptional, labelSmoothing, &reduction)))
        return rc;
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

/* ---- CrossEntropyLossGrad (CE5) and CrossEntropyGrad (CE6) ----------------------------------- */

struct ceg_plan {
    struct ops_tensor g, lp, t, w, out;
    bool has_w, logits; /* logits: CrossEntropyGrad (lp holds logits, no g / w) */
    int reduction;      /* 0 none, 1 mean, 2 sum */
    int64_t N, C, ignore;
    double smoothing;
};

static int32_t ceg_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ceg_plan *p = e->plan;
    const int64_t N = p->N, C = p->C;
    double *x = malloc((size_t)(N * C + C + N + 1) * sizeof(double));
    int64_t *t = malloc((size_t)(N + 1) * sizeof(int64_t));
    int32_t rc = 0;
    if (!x || !t) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    double *w = x + N * C, *g = w + C;
    ops_gather_nd(x, CK_F64, ops_base(&p->lp, addr), p->lp.dt, p->lp.ndim, p->lp.dims,
                  p->lp.strides);
    ops_gather_nd(t, CK_I64, ops_base(&p->t, addr), p->t.dt, p->t.ndim, p->t.dims, p->t.strides);
    for (int64_t n = 0; n < N; n++)
        if ((p->logits || t[n] != p->ignore) && (t[n] < 0 || t[n] >= C)) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION; /* CE3 */
            goto done;
        }
    if (p->logits) { /* CE6: softmax(logits) - one_hot(target) */
        for (int64_t n = 0; n < N; n++) {
            double *r = x + n * C, mx = -INFINITY, se = 0;
            for (int64_t c = 0; c < C; c++)
                mx = r[c] > mx ? r[c] : mx;
            for (int64_t c = 0; c < C; c++)
                se += (r[c] = exp(r[c] - mx));
            for (int64_t c = 0; c < C; c++)
                r[c] /= se;
            r[t[n]] -= 1;
        }
    } else { /* CE5 */
        for (int64_t c = 0; c < C; c++)
            w[c] = 1.0;
        if (p->has_w)
            ops_gather_nd(w, CK_F64, ops_base(&p->w, addr), p->w.dt, 1, p->w.dims, p->w.strides);
        if (p->reduction == 0)
            ops_gather_nd(g, CK_F64, ops_base(&p->g, addr), p->g.dt, p->g.ndim, p->g.dims,
                          p->g.strides);
        else
            ops_loader(CK_F64, p->g.dt)(g, ops_base(&p->g, addr), 0, 1);
        double wsum = 0, wall = 0;
        for (int64_t n = 0; n < N; n++)
            wsum += t[n] == p->ignore ? 0 : w[t[n]];
        for (int64_t c = 0; c < C; c++)
            wall += w[c];
        for (int64_t n = 0; n < N; n++) {
            double *r = x + n * C;
            if (t[n] == p->ignore) {
                for (int64_t c = 0; c < C; c++)
                    r[c] = 0;
                continue;
            }
            double gn = p->reduction == 0 ? g[n] : g[0];
            if (p->reduction == 1)
                gn /= wsum;
            const double nll = gn * (1 - p->smoothing) * w[t[n]];
            const double sm = gn * p->smoothing / (double)C;
            for (int64_t c = 0; c < C; c++) {
                const double pr = exp(r[c]);
                r[c] = pr * nll + sm * (pr * wall - w[c]);
            }
            r[t[n]] -= nll;
        }
    }
    ops_scatter_nd(x, CK_F64, ops_base(&p->out, addr), p->out.dt, p->out.ndim, p->out.dims,
                   p->out.strides);
done:
    free(x);
    free(t);
    return rc;
}

/* A per-row tensor: [N], or one element (0-d, as CANN's docs, or [1], as the forward's
 * lossOut) when scalar (reduction "mean" / "sum"). */
static aclnnStatus ceg_shape(const char *name, const char *what, const aclTensor *t,
                             const aclTensor *lp, bool scalar)
{
    if (!scalar)
        return ops_check_shape(name, lp->dims, 1, t, what);
    if (ops_numel(t->dims, (int)t->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s must hold one element under \"mean\" / \"sum\"", name, what);
    return ACLNN_SUCCESS;
}

/* The z-loss inputs of CrossEntropyLossGrad: logProb's type, and [N] (gradZloss 0-d unless
 * "none"), when given. */
static aclnnStatus ceg_zloss(const char *name, const char *what, const aclTensor *z,
                             const aclTensor *lp, bool scalar)
{
    aclnnStatus rc;
    if (!z)
        return ACLNN_SUCCESS;
    if ((rc = ops_check_dims(z, name, what)))
        return rc;
    if (z->dtype != lp->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from logProb's %s", name,
                       what, ops_dt_name(z->dtype), ops_dt_name(lp->dtype));
    return ceg_shape(name, what, z, lp, scalar);
}

aclnnStatus aclnnCrossEntropyLossGradGetWorkspaceSize(
    const aclTensor *gradLoss, const aclTensor *logProb, const aclTensor *target,
    const aclTensor *weightOptional, const aclTensor *gradZlossOptional,
    const aclTensor *lseForZlossOptional, char *reductionOptional, int64_t ignoreIndex,
    double labelSmoothing, double lseSquareScaleForZloss, const aclTensor *out, WS)
{
    const char *name = "aclnnCrossEntropyLossGrad";
    OPS_CHECK_NULLS(name, gradLoss, logProb, target, out, workspaceSize, executor);
    aclnnStatus rc;
    int xdt, tdt, gdt, odt;
    if ((rc = ops_check_dims(gradLoss, name, "gradLoss")) ||
        (rc = ops_check_dims(logProb, name, "logProb")) ||
        (rc = ops_check_dims(target, name, "target")) || (rc = ops_check_dims(out, name, "out")) ||
        (weightOptional && (rc = ops_check_dims(weightOptional, name, "weightOptional"))) ||
        (rc = ops_need_dt(name, "logProb", logProb->dtype, OPS_DT_CrossEntropyLossGrad, &xdt)) ||
        (rc = ops_need_dt(name, "target", target->dtype, OPS_DT2_CrossEntropyLossGrad, &tdt)) ||
        (rc = ops_need_dt(name, "gradLoss", gradLoss->dtype, OPS_DT_CrossEntropyLossGrad, &gdt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_CrossEntropyLossGrad, &odt)))
        return rc;
    if (gdt != xdt || odt != xdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradLoss (%s) and out (%s) must have logProb's type %s", name,
                       ops_dt_name(gradLoss->dtype), ops_dt_name(out->dtype),
                       ops_dt_name(logProb->dtype));
    int reduction;
    if ((rc = ce_attrs(name, weightOptional, reductionOptional, labelSmoothing, &reduction)))
        return rc;
    if (lseSquareScaleForZloss != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the z-loss (lseSquareScaleForZloss %g) is not supported", name,
                       lseSquareScaleForZloss);
    if (logProb->ndim != 2 || logProb->dims[1] <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: logProb must be [N, C] with C > 0", name);
    if ((rc = ops_check_shape(name, logProb->dims, 1, target, "target")) ||
        (rc = ops_check_shape(name, logProb->dims, 2, out, "out")) ||
        (weightOptional &&
         (rc = ops_check_shape(name, logProb->dims + 1, 1, weightOptional, "weightOptional"))) ||
        (rc = ceg_shape(name, "gradLoss", gradLoss, logProb, reduction != 0)) ||
        (rc = ceg_zloss(name, "gradZlossOptional", gradZlossOptional, logProb, reduction != 0)) ||
        (rc = ceg_zloss(name, "lseForZlossOptional", lseForZlossOptional, logProb, false)))
        return rc;
    OPS_PLAN(e, p, name, 4, 1, struct ceg_plan, NULL, {&p->g, gradLoss, "gradLoss"},
             {&p->lp, logProb, "logProb"}, {&p->t, target, "target"},
             {&p->w, weightOptional, "weightOptional"}, {&p->out, out, "out"});
    p->has_w = weightOptional != NULL;
    p->reduction = reduction;
    p->N = logProb->dims[0];
    p->C = logProb->dims[1];
    p->ignore = ignoreIndex;
    p->smoothing = labelSmoothing;
    e->run = p->N > 0 ? ceg_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(CrossEntropyLossGrad)

aclnnStatus aclnnCrossEntropyGradGetWorkspaceSize(const aclTensor *logits, const aclTensor *target,
                                                  aclTensor *gradInput, WS)
{
    const char *name = "aclnnCrossEntropyGrad";
    OPS_CHECK_NULLS(name, logits, target, gradInput, workspaceSize, executor);
    aclnnStatus rc;
    int xdt, tdt, odt;
    if ((rc = ops_check_dims(logits, name, "logits")) ||
        (rc = ops_check_dims(target, name, "target")) ||
        (rc = ops_check_dims(gradInput, name, "gradInput")) ||
        (rc = ops_need_dt(name, "logits", logits->dtype, OPS_DT_CrossEntropyGrad, &xdt)) ||
        (rc = ops_need_dt(name, "target", target->dtype, OPS_DT2_CrossEntropyGrad, &tdt)) ||
        (rc = ops_need_dt(name, "gradInput", gradInput->dtype, OPS_DT_CrossEntropyGrad, &odt)))
        return rc;
    if (odt != xdt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradInput type %s differs from logits' %s",
                       name, ops_dt_name(gradInput->dtype), ops_dt_name(logits->dtype));
    if (logits->ndim != 2 || logits->dims[1] <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: logits must be [N, C] with C > 0", name);
    if ((rc = ops_check_shape(name, logits->dims, 1, target, "target")) ||
        (rc = ops_check_shape(name, logits->dims, 2, gradInput, "gradInput")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct ceg_plan, NULL, {&p->lp, logits, "logits"},
             {&p->t, target, "target"}, {&p->out, gradInput, "gradInput"});
    p->logits = true;
    p->N = logits->dims[0];
    p->C = logits->dims[1];
    e->run = p->N > 0 ? ceg_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(CrossEntropyGrad)
