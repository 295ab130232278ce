/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The pointwise losses and their gradients: MseLoss (and MseLossOut), L1Loss, SmoothL1Loss,
 * SoftMarginLoss, KlDiv, BinaryCrossEntropy, BinaryCrossEntropyWithLogits
 * (each a formula per element followed by a reduction) and their *Backward
 * (a derivative per element times the incoming gradient). One plan and one
 * kernel serve all of them; a row of `kinds` below is the formula.
 *
 *  PW1. self, target and the optional weight / posWeight (and gradOutput for
 *      a gradient) broadcast together (right-aligned, as torch); each is
 *      gathered into a double buffer of the broadcast shape, so any strides
 *      and any mix of the float types work; the result is rounded once to
 *      the out's type.
 *  PW2. reduction 0 (none): out has the broadcast shape; 1 (mean): the sum
 *      over the broadcast elements divided by their count; 2 (sum); 3
 *      (batchmean, KlDiv only): the sum divided by self's first dim. A
 *      reduced out holds one element (shape (), (1,) or any other of one
 *      element). The mean of no elements is NaN, as torch's.
 *  PW3. A gradient's out has the broadcast shape (self's, in the usual call);
 *      gradOutput broadcasts (it is one element under a reduction); mean
 *      divides by the element count, batchmean by self's first dim.
 *  PW4. The formulas are torch's: BCE clamps each log at -100 and its gradient
 *      divides by max(x(1-x), 1e-12); BCEWithLogits is the stable
 *      (1-t)x + lw(log1p(exp(-|x|)) + max(-x, 0)) with lw = (posWeight-1)t + 1;
 *      KlDiv is t(log t - x) (0 where t = 0) or exp(t)(t - x) with logTarget;
 *      SmoothL1 with beta = 0 is L1.
 *  PW5. The later versions (ops-nn's experimental folder) are rows on the same plan: HuberLoss
 *      (0.5 d^2 for |d| <= delta, else delta (|d| - delta / 2), no reduction) and HuberLossGrad
 *      (its derivative: no incoming gradient), HingeLoss max(0, 1 - t x) and HingeLossGrad
 *      (t x < 1 ? -t g : 0), HingeEmbeddingLoss (torch's: x where t != -1 plus
 *      max(margin - x, 0) where t != 1), L2Loss sum(x^2) / 2, MseLossGrad, BinaryCrossEntropyV2
 *      (no weight, no reduction); a reduction given as a string is "none", "mean" or "sum".
 *      GaussianNllLoss: var in the weight's place, v = max(var, eps), 0.5 (log v + d^2 / v)
 *      plus 0.5 log(2 pi) when full (torch's); a var of input's shape without its last dim
 *      is read with a trailing dim of 1 (torch's unsqueeze), NULL reduction is "mean".
 *      BinaryCrossEntropyGradV2 is BinaryCrossEntropyBackward with the weight required.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_mse_loss_out.h"
#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "aclnnop/aclnn_soft_margin_loss.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_v2.h"
#include "aclnnop/aclnn_hinge_embedding_loss.h"
#include "aclnnop/aclnn_hinge_loss.h"
#include "aclnnop/aclnn_hinge_loss_grad.h"
#include "aclnnop/aclnn_huber_loss.h"
#include "aclnnop/aclnn_huber_loss_grad.h"
#include "aclnnop/aclnn_l2_loss.h"
#include "aclnnop/aclnn_mse_loss_grad.h"
#include "aclnnop/aclnn_gaussian_nll_loss.h"
#include "aclnnop/aclnn_binary_cross_entropy_grad_v2.h"
#include "ops/engine/engine.h"
#include "ops/loss/table.h"

#pragma GCC optimize("O3")

enum loss_kind {
    LK_MSE,
    LK_L1,
    LK_SMOOTH_L1,
    LK_SOFT_MARGIN,
    LK_KLDIV,
    LK_KLDIV_TARGET, /* gradient with respect to target */
    LK_BCE,
    LK_BCE_LOGITS,
    LK_HUBER,       /* beta = delta */
    LK_HINGE,       /* max(0, 1 - t x) */
    LK_HINGE_EMB,   /* beta = margin */
    LK_HALF_SQUARE, /* x^2 / 2 (L2Loss, target absent) */
    LK_GAUSS_NLL    /* w = var, beta = eps, log_target = full */
};

enum { LR_NONE, LR_MEAN, LR_SUM, LR_BATCHMEAN };

/* Operands in slot order: the gradient first when there is one. */
enum { LO_G, LO_X, LO_T, LO_W, LO_PW, LO_N };

struct loss_plan {
    struct ops_tensor in[LO_N], out;
    bool has[LO_N];
    int kind, reduction;
    bool backward, log_target;
    double beta;
    int nd;
    int64_t dims[OPS_MAX_DIMS]; /* the broadcast shape */
    int64_t n, batch;           /* its element count; self's first dim (batchmean) */
};

/* One element's loss (PW4). */
static double loss_fwd(const struct loss_plan *p, double x, double t, double w, double pw)
{
    double d = x - t;
    switch (p->kind) {
    case LK_MSE:
        return d * d;
    case LK_L1:
        return fabs(d);
    case LK_SMOOTH_L1:
        if (p->beta == 0)
            return fabs(d);
        return fabs(d) < p->beta ? 0.5 * d * d / p->beta : fabs(d) - 0.5 * p->beta;
    case LK_SOFT_MARGIN:
        return log1p(exp(-t * x));
    case LK_KLDIV:
        if (p->log_target)
            return exp(t) * (t - x);
        return t > 0 ? t * (log(t) - x) : t == 0 ? 0.0 : NAN;
    case LK_BCE:
        return -w * (t * fmax(log(x), -100.0) + (1 - t) * fmax(log1p(-x), -100.0));
    case LK_BCE_LOGITS: {
        double lw = p->has[LO_PW] ? (pw - 1) * t + 1 : 1.0;
        return w * ((1 - t) * x + lw * (log1p(exp(-fabs(x))) + fmax(-x, 0.0)));
    }
    case LK_HUBER:
        return fabs(d) <= p->beta ? 0.5 * d * d : p->beta * (fabs(d) - 0.5 * p->beta);
    case LK_HINGE:
        return fmax(0.0, 1 - t * x);
    case LK_HINGE_EMB:
        return (t != 1 ? fmax(p->beta - x, 0.0) : 0.0) + (t != -1 ? x : 0.0);
    case LK_HALF_SQUARE:
        return 0.5 * x * x;
    case LK_GAUSS_NLL: {
        double v = fmax(w, p->beta);
        return 0.5 * (log(v) + d * d / v) + (p->log_target ? 0.9189385332046727 : 0.0);
    }
    }
    return NAN;
}

/* One element's derivative with respect to self (target for LK_KLDIV_TARGET). */
static double loss_bwd(const struct loss_plan *p, double x, double t, double w, double pw)
{
    double d = x - t;
    switch (p->kind) {
    case LK_MSE:
        return 2 * d;
    case LK_L1:
        return (d > 0) - (d < 0);
    case LK_SMOOTH_L1:
        if (p->beta == 0 || fabs(d) >= p->beta)
            return (d > 0) - (d < 0);
        return d / p->beta;
    case LK_SOFT_MARGIN:
        return -t / (1 + exp(t * x));
    case LK_KLDIV:
        return p->log_target ? -exp(t) : -t;
    case LK_KLDIV_TARGET:
        if (p->log_target)
            return exp(t) * (t + 1 - x);
        return t > 0 ? log(t) + 1 - x : 0.0;
    case LK_BCE:
        return w * d / fmax((1 - x) * x, 1e-12);
    case LK_BCE_LOGITS: {
        double s = 1 / (1 + exp(-x));
        if (!p->has[LO_PW])
            return w * (s - t);
        return w * (((pw - 1) * t + 1) * s - pw * t);
    }
    case LK_HUBER:
        return fabs(d) <= p->beta ? d : p->beta * ((d > 0) - (d < 0));
    case LK_HINGE:
        return t * x < 1 ? -t : 0.0;
    case LK_HINGE_EMB:
    case LK_HALF_SQUARE:
    case LK_GAUSS_NLL:
        break;
    }
    return NAN;
}

/* Strides that read t as the broadcast shape (0 along the dims it repeats). */
static void bcast_strides(const struct ops_tensor *t, int nd, const int64_t *dims, int64_t *st)
{
    int lead = nd - t->ndim;
    for (int d = 0; d < nd; d++) {
        int sd = d - lead;
        st[d] = sd < 0 || (t->dims[sd] == 1 && dims[d] != 1) ? 0 : t->strides[sd];
    }
}

static int32_t loss_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct loss_plan *p = e->plan;
    const int64_t n = p->n;
    double *buf = calloc((size_t)(LO_N * n + 1), sizeof(double));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    const double *v[LO_N];
    for (int i = 0; i < LO_N; i++) {
        double *b = buf + i * n;
        v[i] = b;
        if (!p->has[i]) {
            for (int64_t k = 0; k < n; k++)
                b[k] = 1.0; /* an absent weight or gradient */
            continue;
        }
        int64_t st[OPS_MAX_DIMS];
        bcast_strides(&p->in[i], p->nd, p->dims, st);
        ops_gather_nd(b, CK_F64, ops_base(&p->in[i], addr), p->in[i].dt, p->nd, p->dims, st);
    }
    double *res = buf; /* the gradient's buffer: element k is read before it is written */
    double sum = 0;
    double div = p->reduction == LR_MEAN        ? (double)n
                 : p->reduction == LR_BATCHMEAN ? (double)p->batch
                                                : 1.0;
    for (int64_t k = 0; k < n; k++) {
        double x = v[LO_X][k], t = v[LO_T][k], w = v[LO_W][k], pw = v[LO_PW][k];
        if (p->backward) {
            res[k] = v[LO_G][k] * loss_bwd(p, x, t, w, pw) / div;
        } else {
            double l = loss_fwd(p, x, t, w, pw);
            if (p->reduction == LR_NONE)
                res[k] = l;
            else
                sum += l;
        }
    }
    if (p->backward || p->reduction == LR_NONE) {
        ops_scatter_nd(res, CK_F64, ops_base(&p->out, addr), p->out.dt, p->nd, p->dims,
                       p->out.strides);
    } else {
        double r = sum / div;
        ops_storer(CK_F64, p->out.dt)(ops_base(&p->out, addr), 0, &r, 1);
    }
    free(buf);
    return 0;
}

/* The operands of one call, by LO_* position (NULL: absent). */
struct loss_args {
    const char *name;
    int kind;
    int64_t reduction;
    bool backward, log_target;
    double beta;
    const aclTensor *t[LO_N];
    const aclTensor *out;
};

static const char *const loss_what[LO_N] = {"gradOutput", "self", "target", "weight", "posWeight"};

static aclnnStatus loss_build(const struct loss_args *a, unsigned types, WS)
{
    const char *name = a->name;
    aclnnStatus rc;
    for (int i = 0; i < LO_N; i++)
        if (a->t[i] && (rc = ops_check_dims(a->t[i], name, loss_what[i])))
            return rc;
    if ((rc = ops_check_dims(a->out, name, "out")))
        return rc;
    int maxr = a->kind == LK_KLDIV || a->kind == LK_KLDIV_TARGET ? LR_BATCHMEAN : LR_SUM;
    if (a->reduction < 0 || a->reduction > maxr)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: reduction %lld is not one of 0 (none), 1 "
                       "(mean), 2 (sum)%s",
                       name, (long long)a->reduction,
                       maxr == LR_BATCHMEAN ? ", 3 (batchmean)" : "");
    for (int i = 0; i < LO_N; i++)
        if (a->t[i] && !ops_dt_in(a->t[i]->dtype, types))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s type %s is not supported (FLOAT, FLOAT16, BFLOAT16)", name,
                           loss_what[i], ops_dt_name(a->t[i]->dtype));
    if (!ops_dt_in(a->out->dtype, types))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out type %s is not supported (FLOAT, FLOAT16, BFLOAT16)", name,
                       ops_dt_name(a->out->dtype));
    /* PW1: the broadcast shape of every operand */
    int64_t dims[OPS_MAX_DIMS];
    int nd = 0;
    for (int i = 0; i < LO_N; i++) {
        const aclTensor *t = a->t[i];
        if (!t)
            continue;
        int64_t nb[OPS_MAX_DIMS];
        int nn;
        if (!ops_broadcast(dims, nd, t->dims, (int)t->ndim, nb, &nn)) {
            char s1[96], s2[96];
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape %s does not broadcast with %s",
                           name, loss_what[i], ops_shape_str(s1, sizeof(s1), t->dims, t->ndim),
                           ops_shape_str(s2, sizeof(s2), dims, nd));
        }
        for (int d = 0; d < nn; d++)
            dims[d] = nb[d];
        nd = nn;
    }
    if (a->backward || a->reduction == LR_NONE) {
        if ((rc = ops_check_shape(name, dims, nd, a->out, "out")))
            return rc;
    } else if (ops_numel(a->out->dims, (int)a->out->ndim) != 1) {
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: out must hold one element under reduction %lld", name,
                       (long long)a->reduction);
    }
    OPS_PLAN(e, p, name, LO_N, 1, struct loss_plan, NULL, {&p->in[LO_G], a->t[LO_G], "gradOutput"},
             {&p->in[LO_X], a->t[LO_X], "self"}, {&p->in[LO_T], a->t[LO_T], "target"},
             {&p->in[LO_W], a->t[LO_W], "weight"}, {&p->in[LO_PW], a->t[LO_PW], "posWeight"},
             {&p->out, a->out, "out"});
    for (int i = 0; i < LO_N; i++)
        p->has[i] = a->t[i] != NULL;
    p->kind = a->kind;
    p->reduction = (int)a->reduction;
    p->backward = a->backward;
    p->log_target = a->log_target;
    p->beta = a->beta;
    p->nd = nd;
    for (int d = 0; d < nd; d++)
        p->dims[d] = dims[d];
    p->n = ops_numel(dims, nd);
    p->batch = a->t[LO_X]->ndim ? a->t[LO_X]->dims[0] : 1;
    /* a reduced forward of no elements still writes its out (0 or NaN) */
    e->run = p->n || (!a->backward && a->reduction != LR_NONE) ? loss_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* ---- the entry points --------------------------------------------------------------------- */

#define LOSS_FWD(Name, types, KIND, ...)                                                           \
    {                                                                                              \
        const char *name = "aclnn" #Name;                                                          \
        struct loss_args a = {name, KIND, reduction, false, __VA_ARGS__};                          \
        return loss_build(&a, (types), workspaceSize, executor);                                   \
    }

aclnnStatus aclnnMseLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                         int64_t reduction, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnMseLoss", self, target, out, workspaceSize, executor);
    LOSS_FWD(MseLoss, OPS_DT_MseLoss, LK_MSE, false, 0, {NULL, self, target}, out)
}
PHASE2(MseLoss)

/* MseLossOut: CANN's second entry of loss/mse_loss, the same loss. */
aclnnStatus aclnnMseLossOutGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                            int64_t reduction, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnMseLossOut", self, target, out, workspaceSize, executor);
    LOSS_FWD(MseLossOut, OPS_DT_MseLossOut, LK_MSE, false, 0, {NULL, self, target}, out)
}
PHASE2(MseLossOut)

aclnnStatus aclnnL1LossGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                        int64_t reduction, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnL1Loss", self, target, out, workspaceSize, executor);
    LOSS_FWD(L1Loss, OPS_DT_L1Loss, LK_L1, false, 0, {NULL, self, target}, out)
}
PHASE2(L1Loss)

aclnnStatus aclnnSmoothL1LossGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                              int64_t reduction, float beta, aclTensor *result, WS)
{
    OPS_CHECK_NULLS("aclnnSmoothL1Loss", self, target, result, workspaceSize, executor);
    if (!(beta >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnSmoothL1Loss: beta %g must be >= 0",
                       (double)beta);
    LOSS_FWD(SmoothL1Loss, OPS_DT_SmoothL1Loss, LK_SMOOTH_L1, false, beta, {NULL, self, target},
             result)
}
PHASE2(SmoothL1Loss)

aclnnStatus aclnnSoftMarginLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                                int64_t reduction, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnSoftMarginLoss", self, target, out, workspaceSize, executor);
    LOSS_FWD(SoftMarginLoss, OPS_DT_SoftMarginLoss, LK_SOFT_MARGIN, false, 0, {NULL, self, target},
             out)
}
PHASE2(SoftMarginLoss)

aclnnStatus aclnnKlDivGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                       int64_t reduction, bool logTarget, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnKlDiv", self, target, out, workspaceSize, executor);
    LOSS_FWD(KlDiv, OPS_DT_KlDiv, LK_KLDIV, logTarget, 0, {NULL, self, target}, out)
}
PHASE2(KlDiv)

aclnnStatus aclnnBinaryCrossEntropyGetWorkspaceSize(const aclTensor *self, const aclTensor *target,
                                                    const aclTensor *weight, int64_t reduction,
                                                    aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnBinaryCrossEntropy", self, target, out, workspaceSize, executor);
    LOSS_FWD(BinaryCrossEntropy, OPS_DT_BinaryCrossEntropy, LK_BCE, false, 0,
             {NULL, self, target, weight}, out)
}
PHASE2(BinaryCrossEntropy)

aclnnStatus aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(const aclTensor *self,
                                                              const aclTensor *target,
                                                              const aclTensor *weightOptional,
                                                              const aclTensor *posWeightOptional,
                                                              int64_t reduction, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnBinaryCrossEntropyWithLogits", self, target, out, workspaceSize,
                    executor);
    LOSS_FWD(BinaryCrossEntropyWithLogits, OPS_DT_BinaryCrossEntropyWithLogits, LK_BCE_LOGITS,
             false, 0, {NULL, self, target, weightOptional, posWeightOptional}, out)
}
PHASE2(BinaryCrossEntropyWithLogits)

#define LOSS_BWD(Name, types, KIND, ...)                                                           \
    {                                                                                              \
        const char *name = "aclnn" #Name;                                                          \
        struct loss_args a = {name, KIND, reduction, true, __VA_ARGS__};                           \
        return loss_build(&a, (types), workspaceSize, executor);                                   \
    }

aclnnStatus aclnnMseLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                 const aclTensor *target, int64_t reduction,
                                                 aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnMseLossBackward", gradOutput, self, target, out, workspaceSize, executor);
    LOSS_BWD(MseLossBackward, OPS_DT_MseLossBackward, LK_MSE, false, 0, {gradOutput, self, target},
             out)
}
PHASE2(MseLossBackward)

aclnnStatus aclnnL1LossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                const aclTensor *target, int64_t reduction,
                                                aclTensor *gradInput, WS)
{
    OPS_CHECK_NULLS("aclnnL1LossBackward", gradOutput, self, target, gradInput, workspaceSize,
                    executor);
    LOSS_BWD(L1LossBackward, OPS_DT_L1LossBackward, LK_L1, false, 0, {gradOutput, self, target},
             gradInput)
}
PHASE2(L1LossBackward)

aclnnStatus aclnnSmoothL1LossBackwardGetWorkspaceSize(const aclTensor *gradOut,
                                                      const aclTensor *self,
                                                      const aclTensor *target, int64_t reduction,
                                                      float beta, aclTensor *gradInput, WS)
{
    OPS_CHECK_NULLS("aclnnSmoothL1LossBackward", gradOut, self, target, gradInput, workspaceSize,
                    executor);
    if (!(beta >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnSmoothL1LossBackward: beta %g must be >= 0",
                       (double)beta);
    LOSS_BWD(SmoothL1LossBackward, OPS_DT_SmoothL1LossBackward, LK_SMOOTH_L1, false, beta,
             {gradOut, self, target}, gradInput)
}
PHASE2(SmoothL1LossBackward)

aclnnStatus aclnnSoftMarginLossBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                        const aclTensor *self,
                                                        const aclTensor *target, int64_t reduction,
                                                        aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnSoftMarginLossBackward", gradOutput, self, target, out, workspaceSize,
                    executor);
    LOSS_BWD(SoftMarginLossBackward, OPS_DT_SoftMarginLossBackward, LK_SOFT_MARGIN, false, 0,
             {gradOutput, self, target}, out)
}
PHASE2(SoftMarginLossBackward)

aclnnStatus aclnnKlDivBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                               const aclTensor *target, int64_t reduction,
                                               bool logTarget, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnKlDivBackward", gradOutput, self, target, out, workspaceSize, executor);
    LOSS_BWD(KlDivBackward, OPS_DT_KlDivBackward, LK_KLDIV, logTarget, 0,
             {gradOutput, self, target}, out)
}
PHASE2(KlDivBackward)

aclnnStatus aclnnKlDivTargetBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                     const aclTensor *self, const aclTensor *target,
                                                     int64_t reduction, bool logTarget,
                                                     aclTensor *gradTarget, WS)
{
    OPS_CHECK_NULLS("aclnnKlDivTargetBackward", gradOutput, self, target, gradTarget, workspaceSize,
                    executor);
    LOSS_BWD(KlDivTargetBackward, OPS_DT_KlDivTargetBackward, LK_KLDIV_TARGET, logTarget, 0,
             {gradOutput, self, target}, gradTarget)
}
PHASE2(KlDivTargetBackward)

aclnnStatus aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                            const aclTensor *self,
                                                            const aclTensor *target,
                                                            const aclTensor *weightOptional,
                                                            int64_t reduction, aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnBinaryCrossEntropyBackward", gradOutput, self, target, out, workspaceSize,
                    executor);
    LOSS_BWD(BinaryCrossEntropyBackward, OPS_DT_BinaryCrossEntropyBackward, LK_BCE, false, 0,
             {gradOutput, self, target, weightOptional}, out)
}
PHASE2(BinaryCrossEntropyBackward)

aclnnStatus aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *target,
    const aclTensor *weightOptional, const aclTensor *posWeightOptional, int64_t reduction,
    aclTensor *out, WS)
{
    OPS_CHECK_NULLS("aclnnBinaryCrossEntropyWithLogitsBackward", gradOutput, self, target, out,
                    workspaceSize, executor);
    LOSS_BWD(BinaryCrossEntropyWithLogitsBackward, OPS_DT_BinaryCrossEntropyWithLogitsBackward,
             LK_BCE_LOGITS, false, 0, {gradOutput, self, target, weightOptional, posWeightOptional},
             out)
}
PHASE2(BinaryCrossEntropyWithLogitsBackward)

/* ---- the later versions (ops-nn's experimental folder, PW5) --------------------------------- */

/* "none", "mean", "sum" -> 0, 1, 2; -1 otherwise (refused by loss_build). */
static int64_t loss_reduction(const char *r)
{
    return !r                       ? -1
           : strcmp(r, "none") == 0 ? LR_NONE
           : strcmp(r, "mean") == 0 ? LR_MEAN
           : strcmp(r, "sum") == 0  ? LR_SUM
                                    : -1;
}

aclnnStatus aclnnHuberLossGetWorkspaceSize(const aclTensor *predictions, const aclTensor *targets,
                                           double delta, aclTensor *loss, WS)
{
    OPS_CHECK_NULLS("aclnnHuberLoss", predictions, targets, loss, workspaceSize, executor);
    if (!(delta > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnHuberLoss: delta %g must be > 0", delta);
    int64_t reduction = LR_NONE;
    LOSS_FWD(HuberLoss, OPS_DT_HuberLoss, LK_HUBER, false, delta, {NULL, predictions, targets},
             loss)
}
PHASE2(HuberLoss)

aclnnStatus aclnnHuberLossGradGetWorkspaceSize(const aclTensor *predictions,
                                               const aclTensor *targets, double delta,
                                               aclTensor *gradOutput, WS)
{
    OPS_CHECK_NULLS("aclnnHuberLossGrad", predictions, targets, gradOutput, workspaceSize,
                    executor);
    if (!(delta > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclnnHuberLossGrad: delta %g must be > 0", delta);
    int64_t reduction = LR_NONE;
    LOSS_BWD(HuberLossGrad, OPS_DT_HuberLossGrad, LK_HUBER, false, delta,
             {NULL, predictions, targets}, gradOutput)
}
PHASE2(HuberLossGrad)

/* A forward loss of two tensors without reduction: (A, B, OUT). */
#define LOSS_PAIR(Name, TYPES, KIND, A, B, OUT)                                                    \
    aclnnStatus aclnn##Name##GetWorkspaceSize(const aclTensor *A, const aclTensor *B,              \
                                              aclTensor *OUT, WS)                                  \
    {                                                                                              \
        OPS_CHECK_NULLS("aclnn" #Name, A, B, OUT, workspaceSize, executor);                        \
        int64_t reduction = LR_NONE;                                                               \
        LOSS_FWD(Name, TYPES, KIND, false, 0, {NULL, A, B}, OUT)                                   \
    }                                                                                              \
    PHASE2(Name)
LOSS_PAIR(HingeLoss, OPS_DT_HingeLoss, LK_HINGE, predict, target, loss)

aclnnStatus aclnnHingeLossGradGetWorkspaceSize(const aclTensor *predict, const aclTensor *target,
                                               const aclTensor *gradOutput, aclTensor *gradInput,
                                               WS)
{
    OPS_CHECK_NULLS("aclnnHingeLossGrad", predict, target, gradOutput, gradInput, workspaceSize,
                    executor);
    int64_t reduction = LR_NONE;
    LOSS_BWD(HingeLossGrad, OPS_DT_HingeLossGrad, LK_HINGE, false, 0, {gradOutput, predict, target},
             gradInput)
}
PHASE2(HingeLossGrad)

aclnnStatus aclnnHingeEmbeddingLossGetWorkspaceSize(const aclTensor *input, const aclTensor *target,
                                                    double margin, char *reduction_,
                                                    aclTensor *loss, WS)
{
    OPS_CHECK_NULLS("aclnnHingeEmbeddingLoss", input, target, reduction_, loss, workspaceSize,
                    executor);
    int64_t reduction = loss_reduction(reduction_);
    LOSS_FWD(HingeEmbeddingLoss, OPS_DT_HingeEmbeddingLoss, LK_HINGE_EMB, false, margin,
             {NULL, input, target}, loss)
}
PHASE2(HingeEmbeddingLoss)

aclnnStatus aclnnL2LossGetWorkspaceSize(const aclTensor *x, aclTensor *y, WS)
{
    OPS_CHECK_NULLS("aclnnL2Loss", x, y, workspaceSize, executor);
    int64_t reduction = LR_SUM;
    LOSS_FWD(L2Loss, OPS_DT_L2Loss, LK_HALF_SQUARE, false, 0, {NULL, x}, y)
}
PHASE2(L2Loss)

aclnnStatus aclnnMseLossGradGetWorkspaceSize(const aclTensor *predict, const aclTensor *label,
                                             const aclTensor *dout, char *reduction_, aclTensor *y,
                                             WS)
{
    OPS_CHECK_NULLS("aclnnMseLossGrad", predict, label, dout, reduction_, y, workspaceSize,
                    executor);
    int64_t reduction = loss_reduction(reduction_);
    LOSS_BWD(MseLossGrad, OPS_DT_MseLossGrad, LK_MSE, false, 0, {dout, predict, label}, y)
}
PHASE2(MseLossGrad)

LOSS_PAIR(BinaryCrossEntropyV2, OPS_DT_BinaryCrossEntropyV2, LK_BCE, x, y, z)

aclnnStatus aclnnGaussianNllLossGetWorkspaceSize(const aclTensor *input, const aclTensor *target,
                                                 const aclTensor *var, bool full, double eps,
                                                 char *reductionOptional, const aclTensor *out, WS)
{
    const char *name = "aclnnGaussianNllLoss";
    OPS_CHECK_NULLS(name, input, target, var, out, workspaceSize, executor);
    if (!(eps > 0) || isinf(eps))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: eps %g must be finite and > 0", name, eps);
    int64_t reduction = reductionOptional ? loss_reduction(reductionOptional) : LR_MEAN;
    if (input->dtype != target->dtype || input->dtype != var->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: target (%s) and var (%s) must have input's "
                       "type %s",
                       name, ops_dt_name(target->dtype), ops_dt_name(var->dtype),
                       ops_dt_name(input->dtype));
    /* var of input's shape less its last dim: read as [..., 1] (torch's unsqueeze(-1)) */
    aclTensor vv = *var;
    int nd = (int)input->ndim;
    if (nd >= 1 && (int)var->ndim == nd - 1 && nd <= OPS_MAX_DIMS &&
        memcmp(var->dims, input->dims, (size_t)(nd - 1) * sizeof(int64_t)) == 0 &&
        input->dims[nd - 1] != 1) {
        vv.ndim = (uint32_t)nd;
        vv.dims[nd - 1] = 1;
        vv.strides[nd - 1] = 1;
    }
    LOSS_FWD(GaussianNllLoss, OPS_DT_GaussianNllLoss, LK_GAUSS_NLL, full, eps,
             {NULL, input, target, &vv}, out)
}
PHASE2(GaussianNllLoss)

aclnnStatus aclnnBinaryCrossEntropyGradV2GetWorkspaceSize(const aclTensor *grad,
                                                          const aclTensor *logits,
                                                          const aclTensor *labels,
                                                          const aclTensor *weight,
                                                          int64_t reduction, const aclTensor *z, WS)
{
    OPS_CHECK_NULLS("aclnnBinaryCrossEntropyGradV2", grad, logits, labels, weight, z, workspaceSize,
                    executor);
    LOSS_BWD(BinaryCrossEntropyGradV2, OPS_DT_BinaryCrossEntropyGradV2, LK_BCE, false, 0,
             {grad, logits, labels, weight}, z)
}
PHASE2(BinaryCrossEntropyGradV2)
