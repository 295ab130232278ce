/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Optimizer steps (ops/optim/table.h): ApplyAdamW, ApplyAdamWV2, FusedAdamw, FusedSgd on one
 * parameterised update. An operator is a list of groups (one per parameter tensor: the
 * fused forms take tensor lists, the others one group); each group holds its tensors by role
 * (the parameter, its gradient, the optimizer's state, one-element tensors with per-launch
 * values), and one kernel per kind updates the group's elements in place.
 *
 * Semantics (torch.optim's AdamW and SGD, which CANN's documents follow):
 *  OP1. AdamW: g = grad (divided by gradScale when given; negated with maximize);
 *      var *= 1 - lr wd; m = b1 m + (1 - b1) g; v = b2 v + (1 - b2) g^2; with amsgrad
 *      max = max(max, v) and vv = max, else vv = v; var -= lr / (1 - b1^t) m /
 *      (sqrt(vv) / sqrt(1 - b2^t) + eps). ApplyAdamW takes b1^t and b2^t (beta1Power,
 *      beta2Power) and lr, wd, b1, b2, eps as one-element tensors; ApplyAdamWV2 and
 *      FusedAdamw the step t as a one-element tensor (not incremented: torch's fused
 *      kernels read the step their caller already counted) and the rest as numbers.
 *      FusedAdamw leaves everything unchanged when foundInfOptional holds 1; its stateSteps[k]
 *      may also have the parameter's shape (CANN's example), a step count per element.
 *  OP2. FusedSgd: g = grad (/ gradScale; negated with maximize) + wd param; with momentum
 *      != 0, buf = g on the first step, else momentum buf + (1 - dampening) g, and g = g +
 *      momentum buf (nesterov) or buf; param -= lr g.
 *  OP3. Each group's tensors have the parameter's shape and a floating type of their own;
 *      the step computes in float32 (double for the hyper-parameters) and rounds once into
 *      each tensor's type. A group is gathered into float32 buffers, updated and scattered
 *      back, so views of any strides work.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_apply_adam_w.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "aclnnop/aclnn_fused_adamw.h"
#include "aclnnop/aclnn_fused_sgd.h"
#include "ops/engine/engine.h"
#include "ops/optim/table.h"

#pragma GCC optimize("O3")

/* The roles of a group's tensors: vectors of the parameter's shape, then one-element ones. */
enum role {
    R_VAR, /* the parameter */
    R_GRAD,
    R_M, /* AdamW's exp_avg; SGD's momentum buffer */
    R_V,
    R_MAX,
    R_NVEC,
    R_STEP = R_NVEC,
    R_B1P,
    R_B2P,
    R_LR,
    R_WD,
    R_B1,
    R_B2,
    R_EPS,
    R_SCALE,
    R_INF,
    R_COUNT
};
static const char *const g_role_name[R_COUNT] = {
    "varRef",          "grad", "mRef",        "vRef",  "maxGradNorm", "step", "beta1Power",
    "beta2Power",      "lr",   "weightDecay", "beta1", "beta2",       "eps",  "gradScaleOptional",
    "foundInfOptional"};

enum kind { K_ADAMW, K_SGD };

/* Hyper-parameters: those given as numbers (hp), then per group those read from tensors. */
enum hp { H_LR, H_B1, H_B2, H_WD, H_EPS, H_MOM, H_DAMP, H_B1P, H_B2P, H_SCALE, H_COUNT };

struct opt_group {
    struct ops_tensor t[R_COUNT];
    uint32_t has;  /* bit per role */
    bool step_vec; /* the step has the parameter's shape: one count per element (FusedAdamw) */
};

struct opt_plan {
    int kind;
    bool amsgrad, maximize, nesterov, first;
    double hp[H_COUNT];
    int ngroups;
    struct opt_group g[]; /* ngroups */
};

/* The one element of t at a launch, as a double. */
static double one_value(const struct ops_tensor *t, void *const *addr)
{
    double v = 0;
    ops_gather_nd(&v, CK_F64, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
    return v;
}

static void adamw(const struct opt_plan *p, const double *h, float *const *b, const float *steps,
                  int64_t n)
{
    float *var = b[R_VAR], *g = b[R_GRAD], *m = b[R_M], *v = b[R_V], *mx = b[R_MAX];
    const double decay = 1.0 - h[H_LR] * h[H_WD];
    double step = h[H_LR] / (1.0 - h[H_B1P]), bc2 = sqrt(1.0 - h[H_B2P]);
    const double b1 = h[H_B1], b2 = h[H_B2], eps = h[H_EPS], scale = h[H_SCALE];
    for (int64_t i = 0; i < n; i++) {
        if (steps) { /* a step count per element */
            step = h[H_LR] / (1.0 - pow(b1, steps[i]));
            bc2 = sqrt(1.0 - pow(b2, steps[i]));
        }
        double gi = g[i] / scale;
        gi = p->maximize ? -gi : gi;
        double mi = b1 * m[i] + (1.0 - b1) * gi, vi = b2 * v[i] + (1.0 - b2) * gi * gi;
        double vv = vi;
        if (p->amsgrad) {
            vv = mx[i] > vi ? mx[i] : vi;
            mx[i] = (float)vv;
        }
        var[i] = (float)(var[i] * decay - step * mi / (sqrt(vv) / bc2 + eps));
        m[i] = (float)mi;
        v[i] = (float)vi;
    }
}

static void sgd(const struct opt_plan *p, const double *h, float *const *b, int64_t n)
{
    float *var = b[R_VAR], *g = b[R_GRAD], *buf = b[R_M];
    const double wd = h[H_WD], mom = h[H_MOM], damp = h[H_DAMP], lr = h[H_LR];
    for (int64_t i = 0; i < n; i++) {
        double gi = g[i] / h[H_SCALE];
        gi = (p->maximize ? -gi : gi) + wd * var[i];
        if (mom != 0.0 && buf) {
            double bi = p->first ? gi : mom * buf[i] + (1.0 - damp) * gi;
            buf[i] = (float)bi;
            gi = p->nesterov ? gi + mom * bi : bi;
        }
        var[i] = (float)(var[i] - lr * gi);
    }
}

static int32_t opt_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct opt_plan *p = e->plan;
    for (int gi = 0; gi < p->ngroups; gi++) {
        const struct opt_group *g = &p->g[gi];
        double h[H_COUNT];
        memcpy(h, p->hp, sizeof(h));
        if (g->has & (1u << R_INF) && one_value(&g->t[R_INF], addr) == 1.0)
            continue; /* OP1: an overflow was found, no step */
        static const struct {
            int role, hp;
        } ones[] = {{R_B1P, H_B1P}, {R_B2P, H_B2P}, {R_LR, H_LR},   {R_WD, H_WD},
                    {R_B1, H_B1},   {R_B2, H_B2},   {R_EPS, H_EPS}, {R_SCALE, H_SCALE}};
        for (size_t k = 0; k < sizeof(ones) / sizeof(ones[0]); k++)
            if (g->has & (1u << ones[k].role))
                h[ones[k].hp] = one_value(&g->t[ones[k].role], addr);
        if (g->has & (1u << R_STEP) && !g->step_vec) {
            double t = one_value(&g->t[R_STEP], addr);
            h[H_B1P] = pow(h[H_B1], t);
            h[H_B2P] = pow(h[H_B2], t);
        }
        int64_t n = g->t[R_VAR].numel;
        if (!n)
            continue;
        float *b[R_NVEC + 1] = {NULL}; /* the vectors, then a per-element step */
        int32_t rc = 0;
        for (int r = 0; r <= R_NVEC && !rc; r++) {
            if (r == R_STEP && !g->step_vec)
                continue;
            if (!(g->has & (1u << r)))
                continue;
            const struct ops_tensor *t = &g->t[r];
            if (!(b[r] = malloc((size_t)n * sizeof(float))))
                rc = ACL_ERROR_BAD_ALLOC;
            else
                ops_gather_nd(b[r], CK_F32, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
        }
        if (!rc) {
            if (p->kind == K_ADAMW)
                adamw(p, h, b, b[R_STEP], n);
            else
                sgd(p, h, b, n);
            for (int r = 0; r < R_NVEC; r++)
                if (b[r] && r != R_GRAD) {
                    const struct ops_tensor *t = &g->t[r];
                    ops_scatter_nd(b[r], CK_F32, ops_base(t, addr), t->dt, t->ndim, t->dims,
                                   t->strides);
                }
        }
        for (int r = 0; r <= R_NVEC; r++)
            free(b[r]);
        if (rc)
            return rc;
    }
    return 0;
}

/* One group's tensors by role (NULL: absent), checked (types, the parameter's shape, one
 * element) and registered in e's slots in role order. */
static aclnnStatus opt_group_add(const char *name, struct aclOpExecutor *e, struct opt_group *g,
                                 const aclTensor *const *ts, unsigned vec_types,
                                 unsigned step_types, int idx)
{
    aclnnStatus rc;
    const aclTensor *var = ts[R_VAR];
    for (int r = 0; r < R_COUNT; r++) {
        const aclTensor *t = ts[r];
        if (!t)
            continue;
        char what[48];
        if (idx >= 0)
            snprintf(what, sizeof(what), "%s[%d]", g_role_name[r], idx);
        else
            snprintf(what, sizeof(what), "%s", g_role_name[r]);
        int dt;
        if ((rc = ops_check_dims(t, name, what)) ||
            (rc = ops_need_dt(name, what, t->dtype, r == R_STEP ? step_types : vec_types, &dt)))
            return rc;
        if (r < R_NVEC) {
            if ((rc = ops_check_shape(name, var->dims, (int)var->ndim, t, what)))
                return rc;
        } else if (r == R_STEP && ops_numel(t->dims, (int)t->ndim) != 1 &&
                   ops_shape_is(t, var->dims, (int)var->ndim)) {
            g->step_vec = true; /* FusedAdamw's stateSteps of the parameter's shape */
        } else if (ops_numel(t->dims, (int)t->ndim) != 1) {
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have one element (it has %lld)",
                           name, what, (long long)ops_numel(t->dims, (int)t->ndim));
        }
        if ((rc = ops_tensor_from(&g->t[r], t, ops_exec_slot(e, t), name, what)))
            return rc;
        g->has |= 1u << r;
    }
    return ACLNN_SUCCESS;
}

static void opt_fini(struct aclOpExecutor *e)
{
    free(e->plan);
}

/* An executor for ngroups groups of ntensors tensors in all; *pp its zeroed plan. */
static struct aclOpExecutor *opt_exec(const char *name, int ngroups, int ntensors,
                                      struct opt_plan **pp)
{
    struct aclOpExecutor *e = ops_exec_new(name, (uint16_t)ntensors, 0);
    if (!e)
        return NULL;
    struct opt_plan *p = calloc(1, sizeof(*p) + (size_t)ngroups * sizeof(struct opt_group));
    if (!p) {
        ops_exec_discard(e);
        ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
        return NULL;
    }
    p->ngroups = ngroups;
    p->hp[H_SCALE] = 1.0;
    e->plan = p;
    e->fini = opt_fini;
    *pp = p;
    return e;
}

static aclnnStatus opt_done(struct aclOpExecutor *e, aclnnStatus rc, uint64_t *ws,
                            aclOpExecutor **ex)
{
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    e->run = opt_run;
    return ops_exec_done(e, ws, ex);
}

/* The kind, flags and hyper-parameters of tmpl into p. */
static void plan_from(struct opt_plan *p, const struct opt_plan *tmpl)
{
    p->kind = tmpl->kind;
    p->amsgrad = tmpl->amsgrad;
    p->maximize = tmpl->maximize;
    p->nesterov = tmpl->nesterov;
    p->first = tmpl->first;
    memcpy(p->hp, tmpl->hp, sizeof(p->hp));
}

static int count_present(const aclTensor *const *ts)
{
    int n = 0;
    for (int r = 0; r < R_COUNT; r++)
        n += ts[r] != NULL;
    return n;
}

/* An AdamW template with its hyper-parameters given as numbers. */
static void adamw_tmpl(struct opt_plan *t, double lr, double b1, double b2, double wd, double eps,
                       bool amsgrad, bool maximize)
{
    memset(t, 0, sizeof(*t));
    t->kind = K_ADAMW;
    t->amsgrad = amsgrad;
    t->maximize = maximize;
    t->hp[H_LR] = lr;
    t->hp[H_B1] = b1;
    t->hp[H_B2] = b2;
    t->hp[H_WD] = wd;
    t->hp[H_EPS] = eps;
    t->hp[H_SCALE] = 1.0;
}

/* One group of tensors by role (ApplyAdamW, ApplyAdamWV2). */
static aclnnStatus single_op(const char *name, const aclTensor *const *ts, unsigned types,
                             unsigned step_types, const struct opt_plan *tmpl, uint64_t *ws,
                             aclOpExecutor **ex)
{
    struct opt_plan *p;
    struct aclOpExecutor *e = opt_exec(name, 1, count_present(ts), &p);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    plan_from(p, tmpl);
    return opt_done(e, opt_group_add(name, e, &p->g[0], ts, types, step_types, -1), ws, ex);
}

aclnnStatus aclnnApplyAdamWGetWorkspaceSize(
    aclTensor *varRef, aclTensor *mRef, aclTensor *vRef, const aclTensor *beta1Power,
    const aclTensor *beta2Power, const aclTensor *lr, const aclTensor *weightDecay,
    const aclTensor *beta1, const aclTensor *beta2, const aclTensor *eps, const aclTensor *grad,
    const aclTensor *maxGradNormOptional, bool amsgrad, bool maximize, WS)
{
    const char *name = "aclnnApplyAdamW";
    OPS_CHECK_NULLS(name, varRef, mRef, vRef, beta1Power, beta2Power, lr, weightDecay, beta1, beta2,
                    eps, grad, workspaceSize, executor);
    if (amsgrad && !maxGradNormOptional)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: amsgrad needs maxGradNormOptional", name);
    const aclTensor *ts[R_COUNT] = {[R_VAR] = varRef,
                                    [R_GRAD] = grad,
                                    [R_M] = mRef,
                                    [R_V] = vRef,
                                    [R_MAX] = amsgrad ? maxGradNormOptional : NULL,
                                    [R_B1P] = beta1Power,
                                    [R_B2P] = beta2Power,
                                    [R_LR] = lr,
                                    [R_WD] = weightDecay,
                                    [R_B1] = beta1,
                                    [R_B2] = beta2,
                                    [R_EPS] = eps};
    const struct opt_plan tmpl = {
        .kind = K_ADAMW, .amsgrad = amsgrad, .maximize = maximize, .hp = {[H_SCALE] = 1.0}};
    return single_op(name, ts, OPS_DT_ApplyAdamW, OPS_DT_ApplyAdamW, &tmpl, workspaceSize,
                     executor);
}
PHASE2(ApplyAdamW)

aclnnStatus aclnnApplyAdamWV2GetWorkspaceSize(aclTensor *varRef, aclTensor *mRef, aclTensor *vRef,
                                              aclTensor *maxGradNormOptionalRef,
                                              const aclTensor *grad, const aclTensor *step,
                                              float lr, float beta1, float beta2, float weightDecay,
                                              float eps, bool amsgrad, bool maximize, WS)
{
    const char *name = "aclnnApplyAdamWV2";
    OPS_CHECK_NULLS(name, varRef, mRef, vRef, grad, step, workspaceSize, executor);
    if (amsgrad && !maxGradNormOptionalRef)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: amsgrad needs maxGradNormOptionalRef", name);
    const aclTensor *ts[R_COUNT] = {[R_VAR] = varRef,
                                    [R_GRAD] = grad,
                                    [R_M] = mRef,
                                    [R_V] = vRef,
                                    [R_MAX] = amsgrad ? maxGradNormOptionalRef : NULL,
                                    [R_STEP] = step};
    struct opt_plan tmpl;
    adamw_tmpl(&tmpl, lr, beta1, beta2, weightDecay, eps, amsgrad, maximize);
    return single_op(name, ts, OPS_DT_ApplyAdamWV2, OPS_DT2_ApplyAdamWV2, &tmpl, workspaceSize,
                     executor);
}
PHASE2(ApplyAdamWV2)

/* The fused forms: lists[role] (NULL: absent) give each group's tensors, lists[R_VAR] the
 * parameters, every list of their length; shared[role] the one-element tensors every group
 * reads; tmpl the kind, flags and hyper-parameters. */
static aclnnStatus fused_op(const char *name, const aclTensorList *const *lists,
                            const aclTensor *const *shared, unsigned types, unsigned step_types,
                            const struct opt_plan *tmpl, uint64_t *ws, aclOpExecutor **ex)
{
    const aclTensorList *params = lists[R_VAR];
    int ng = (int)params->n, per = 0, nsh = 0;
    for (int r = 0; r < R_COUNT; r++) {
        nsh += shared[r] != NULL;
        if (!lists[r])
            continue;
        per++;
        if (lists[r]->n != params->n)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the %s list has %llu tensors, %s %llu",
                           name, g_role_name[r], (unsigned long long)lists[r]->n,
                           g_role_name[R_VAR], (unsigned long long)params->n);
        for (int k = 0; k < ng; k++)
            if (!lists[r]->v[k])
                return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s[%d] is NULL", name, g_role_name[r],
                               k);
    }
    struct opt_plan *p;
    struct aclOpExecutor *e = opt_exec(name, ng > 0 ? ng : 1, ng * per + nsh, &p);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    p->ngroups = ng;
    plan_from(p, tmpl);
    /* the shared tensors once (their slots), copied into every group */
    struct opt_group sh = {0};
    aclnnStatus rc = opt_group_add(name, e, &sh, shared, types, step_types, -1);
    for (int k = 0; k < ng && !rc; k++) {
        const aclTensor *ts[R_COUNT] = {NULL};
        for (int r = 0; r < R_COUNT; r++)
            ts[r] = lists[r] ? lists[r]->v[k] : NULL;
        rc = opt_group_add(name, e, &p->g[k], ts, types, step_types, k);
        for (int r = 0; r < R_COUNT; r++)
            if (sh.has & (1u << r)) {
                p->g[k].t[r] = sh.t[r];
                p->g[k].has |= 1u << r;
            }
    }
    return opt_done(e, rc, ws, ex);
}

aclnnStatus aclnnFusedAdamwGetWorkspaceSize(
    const aclTensorList *paramsRef, const aclTensorList *grads, const aclTensorList *expAvgsRef,
    const aclTensorList *expAvgSqsRef, const aclTensorList *maxExpAvgSqsRef,
    const aclTensorList *stateSteps, const aclTensor *gradScaleOptional,
    const aclTensor *foundInfOptional, double lr, double beta1, double beta2, double weightDecay,
    double eps, bool amsgrad, bool maximize, WS)
{
    const char *name = "aclnnFusedAdamw";
    OPS_CHECK_NULLS(name, paramsRef, grads, expAvgsRef, expAvgSqsRef, stateSteps, workspaceSize,
                    executor);
    if (amsgrad && !maxExpAvgSqsRef)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: amsgrad needs maxExpAvgSqsRef", name);
    const aclTensorList *lists[R_COUNT] = {[R_VAR] = paramsRef,
                                           [R_GRAD] = grads,
                                           [R_M] = expAvgsRef,
                                           [R_V] = expAvgSqsRef,
                                           [R_MAX] = amsgrad ? maxExpAvgSqsRef : NULL,
                                           [R_STEP] = stateSteps};
    const aclTensor *shared[R_COUNT] = {[R_SCALE] = gradScaleOptional, [R_INF] = foundInfOptional};
    struct opt_plan tmpl;
    adamw_tmpl(&tmpl, lr, beta1, beta2, weightDecay, eps, amsgrad, maximize);
    return fused_op(name, lists, shared, OPS_DT_FusedAdamw, OPS_DT2_FusedAdamw, &tmpl,
                    workspaceSize, executor);
}
PHASE2(FusedAdamw)

aclnnStatus aclnnFusedSgdGetWorkspaceSize(const aclTensorList *paramsRef,
                                          const aclTensorList *gradsRef,
                                          const aclTensorList *momentumBufferListOptionalRef,
                                          const aclTensor *gradScaleOptional, float weightDecay,
                                          float momentum, float lr, float dampening, bool nesterov,
                                          bool maximize, bool isFirstStep, WS)
{
    const char *name = "aclnnFusedSgd";
    OPS_CHECK_NULLS(name, paramsRef, gradsRef, workspaceSize, executor);
    if (momentum != 0.0f && !momentumBufferListOptionalRef)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: momentum %g needs momentumBufferListOptionalRef", name, momentum);
    const aclTensorList *lists[R_COUNT] = {[R_VAR] = paramsRef,
                                           [R_GRAD] = gradsRef,
                                           [R_M] = momentum != 0.0f ? momentumBufferListOptionalRef
                                                                    : NULL};
    const aclTensor *shared[R_COUNT] = {[R_SCALE] = gradScaleOptional};
    const struct opt_plan tmpl = {.kind = K_SGD,
                                  .nesterov = nesterov,
                                  .maximize = maximize,
                                  .first = isFirstStep,
                                  .hp = {[H_WD] = weightDecay,
                                         [H_MOM] = momentum,
                                         [H_LR] = lr,
                                         [H_DAMP] = dampening,
                                         [H_SCALE] = 1.0}};
    return fused_op(name, lists, shared, OPS_DT_FusedSgd, OPS_DT_FusedSgd, &tmpl, workspaceSize,
                    executor);
}
PHASE2(FusedSgd)
