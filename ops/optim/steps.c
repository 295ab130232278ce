/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The optimizer steps of ops-nn's experimental optim folder that write several tensors, each
 * one formula per element: TensorFlow's fused AdamApplyOne, AdamApplyOneWithDecay and
 * AdamApplyOneWithDecayAssign (BERT graphs, every coefficient a tensor of its own) and
 * ApplyAdagradD. Each is a few plans of the elementwise engine (ops/engine/ew.c) in one
 * executor: the engine broadcasts the coefficient tensors, reads views of any strides,
 * computes FLOAT16 / BFLOAT16 in float32 and rounds once. (The one-output steps are
 * descent.c's.)
 *
 *  AA1. With g = input0, v = input1, m = input2, var = input3, lr = input4:
 *      output0 = v mul2_x + g^2 mul3_x (the new second moment),
 *      output1 = m mul0_x + g mul1_x (the new first moment),
 *      output2 = var - lr (output1 / (sqrt(output0) + add2_y)) (WithDecay: lr times that
 *      ratio plus mul4_x var).
 *  AA2. The plans run var's first, each recomputing the moments from the inputs, so outputs
 *      that alias their inputs (output0 on input1, ...) still read the old values. The Assign
 *      form also writes the three results back into input1, input2, input3 afterwards (its
 *      name's assignment; a no-op where the outputs are those tensors).
 *  AA3. Every tensor has input0's type (FLOAT, FLOAT16) and broadcasts to input0's shape, the
 *      outputs' shape.
 *  AG1. ApplyAdagradD (TensorFlow's ApplyAdagrad): with updateSlots accum += grad^2; var -=
 *      lr grad / sqrt(accum), both in place (var's plan first, from the old accum); var,
 *      accum, grad one shape, lr one element, all of var's type (FLOAT, FLOAT16, BFLOAT16);
 *      useLocking changes nothing (one stream orders the launches).
 *  AD1. ApplyAdamD (TensorFlow's ApplyAdam): lr' = lr sqrt(1 - beta2Power) / (1 - beta1Power),
 *      mOut = beta1 m + (1 - beta1) grad, vOut = beta2 v + (1 - beta2) grad^2, varOut = var -
 *      lr' n / (epsilon + sqrt(vOut)) with n = mOut (useNesterov: mOut beta1 + (1 - beta1)
 *      grad); varOut's plan first, each recomputing the moments, so outputs on their inputs
 *      work; var, m, v, grad and the outs one shape, the coefficients one element each, one
 *      type (FLOAT, FLOAT16).
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_adam_apply_one.h"
#include "aclnnop/aclnn_adam_apply_one_with_decay.h"
#include "aclnnop/aclnn_adam_apply_one_with_decay_assign.h"
#include "aclnnop/aclnn_apply_adagrad_d.h"
#include "aclnnop/aclnn_apply_adam_d.h"
#include "ops/engine/engine.h"
#include "ops/optim/table.h"

#pragma GCC optimize("O3")

/* The operands by position (AA1); mul4_x only with decay. */
enum { A_G, A_V, A_M, A_VAR, A_LR, A_MUL0, A_MUL1, A_MUL2, A_MUL3, A_EPS, A_MUL4, A_N };
static const char *const g_aa_name[A_N] = {"input0", "input1", "input2", "input3",
                                           "input4", "mul0_x", "mul1_x", "mul2_x",
                                           "mul3_x", "add2_y", "mul4_x"};

/* in: g, v, mul2, mul3 */
static void f32_aa_v(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *g = in[0], *v = in[1], *b2 = in[2], *c2 = in[3];
    for (int64_t i = 0; i < n; i++)
        o[i] = v[i] * b2[i] + g[i] * g[i] * c2[i];
}

/* in: g, m, mul0, mul1 */
static void f32_aa_m(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *g = in[0], *m = in[1], *b1 = in[2], *c1 = in[3];
    for (int64_t i = 0; i < n; i++)
        o[i] = m[i] * b1[i] + g[i] * c1[i];
}

/* in: the A_* operands in order (A_N of them with decay, p->nin) */
static void f32_aa_var(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    float *o = o_;
    const float *const *a = (const float *const *)in;
    const bool decay = p->nin > A_MUL4;
    for (int64_t i = 0; i < n; i++) {
        float g = a[A_G][i];
        float v = a[A_V][i] * a[A_MUL2][i] + g * g * a[A_MUL3][i];
        float m = a[A_M][i] * a[A_MUL0][i] + g * a[A_MUL1][i];
        float r = m / (sqrtf(v) + a[A_EPS][i]);
        if (decay)
            r += a[A_MUL4][i] * a[A_VAR][i];
        o[i] = a[A_VAR][i] - a[A_LR][i] * r;
    }
}

static void f32_aa_copy(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *x = in[0];
    for (int64_t i = 0; i < n; i++)
        o[i] = x[i];
}

/* Up to six plans run in order by one executor (AA2). */
struct aa_plan {
    int n;
    struct ew_plan pl[6];
};

static int32_t aa_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct aa_plan *g = e->plan;
    for (int i = 0; i < g->n; i++) {
        int32_t rc = ew_run(&g->pl[i], addr);
        if (rc)
            return rc;
    }
    return 0;
}

static void aa_fini(struct aclOpExecutor *e)
{
    struct aa_plan *g = e->plan;
    if (g) {
        for (int i = 0; i < g->n; i++)
            ew_plan_fini(&g->pl[i]);
        free(g);
    }
}

static aclnnStatus aa_build(const char *name, unsigned types, const aclTensor *const *in, int nin,
                            const aclTensor *const *out, bool assign, uint64_t *ws,
                            aclOpExecutor **ex)
{
    aclnnStatus rc;
    int dt;
    static const char *const oname[3] = {"output0", "output1", "output2"};
    for (int k = 0; k < nin; k++)
        if (!in[k])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, g_aa_name[k]);
    for (int k = 0; k < 3; k++)
        if (!out[k])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, oname[k]);
    OPS_CHECK_NULLS(name, ws, ex);
    if ((rc = ops_check_dims(in[A_G], name, "input0")) ||
        (rc = ops_need_dt(name, "input0", in[A_G]->dtype, types, &dt)))
        return rc;
    const int nd = (int)in[A_G]->ndim;
    const int64_t *dims = in[A_G]->dims;
    for (int k = 0; k < nin + 3; k++) {
        const aclTensor *t = k < nin ? in[k] : out[k - nin];
        const char *what = k < nin ? g_aa_name[k] : oname[k - nin];
        if ((rc = ops_check_dims(t, name, what)))
            return rc;
        if (t->dtype != in[A_G]->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, input0 %s", name, what,
                           ops_dt_name(t->dtype), ops_dt_name(in[A_G]->dtype));
        int64_t bd[OPS_MAX_DIMS];
        int bn;
        bool ok = k < nin ? ops_broadcast(dims, nd, t->dims, (int)t->ndim, bd, &bn) && bn == nd
                          : ops_same_shape(t, in[A_G]);
        for (int d = 0; ok && d < nd; d++)
            ok = k >= nin || bd[d] == dims[d];
        if (!ok)
            return ops_shape_err(name, what, t, dims, nd);
    }
    if (assign) /* the moments and var are written back: they have input0's shape */
        for (int k = A_V; k <= A_VAR; k++)
            if (!ops_same_shape(in[k], in[A_G]))
                return ops_shape_err(name, g_aa_name[k], in[k], dims, nd);
    struct aclOpExecutor *e = ops_exec_new(name, (uint16_t)nin, 3);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor ti[A_N], to[3];
    struct aa_plan *g = calloc(1, sizeof(*g));
    rc = g ? ACLNN_SUCCESS : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    for (int k = 0; k < nin && !rc; k++)
        rc = ops_tensor_from(&ti[k], in[k], ops_exec_slot(e, in[k]), name, g_aa_name[k]);
    for (int k = 0; k < 3 && !rc; k++)
        rc = ops_tensor_from(&to[k], out[k], ops_exec_slot(e, out[k]), name, oname[k]);
    if (rc) {
        free(g);
        ops_exec_discard(e);
        return rc;
    }
    const struct ops_tensor *all[A_N], *iv[4] = {&ti[A_G], &ti[A_V], &ti[A_MUL2], &ti[A_MUL3]},
                                       *im[4] = {&ti[A_G], &ti[A_M], &ti[A_MUL0], &ti[A_MUL1]};
    for (int k = 0; k < nin; k++)
        all[k] = &ti[k];
    /* AA2: var first, then the moments; Assign copies the results back */
    struct {
        ew_kern_fn k;
        const struct ops_tensor *out, *const *in;
        int nin;
    } steps[6] = {{f32_aa_var, &to[2], all, nin},      {f32_aa_v, &to[0], iv, 4},
                  {f32_aa_m, &to[1], im, 4},           {f32_aa_copy, &ti[A_V], &all[0], 1},
                  {f32_aa_copy, &ti[A_M], &all[0], 1}, {f32_aa_copy, &ti[A_VAR], &all[0], 1}};
    const struct ops_tensor *src[3] = {&to[0], &to[1], &to[2]};
    for (int s = 3; s < 6; s++)
        steps[s].in = &src[s - 3];
    int nsteps = assign ? 6 : 3;
    for (int s = 0; s < nsteps; s++) {
        if (ew_plan_init(&g->pl[s], CK_F32, steps[s].k, steps[s].out, steps[s].in, steps[s].nin)) {
            g->n = s; /* the plans made so far */
            e->plan = g;
            e->fini = aa_fini;
            ops_exec_discard(e);
            return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
        }
        g->pl[s].rt = (int8_t)dt;
        g->pl[s].p.nin = steps[s].nin;
    }
    g->n = nsteps;
    e->plan = g;
    e->fini = aa_fini;
    e->run = g->pl[0].numel ? aa_run : NULL;
    return ops_exec_done(e, ws, ex);
}

aclnnStatus aclnnAdamApplyOneGetWorkspaceSize(const aclTensor *input0, const aclTensor *input1,
                                              const aclTensor *input2, const aclTensor *input3,
                                              const aclTensor *input4, const aclTensor *mul0_x,
                                              const aclTensor *mul1_x, const aclTensor *mul2_x,
                                              const aclTensor *mul3_x, const aclTensor *add2_y,
                                              const aclTensor *output0, const aclTensor *output1,
                                              const aclTensor *output2, WS)
{
    const aclTensor *in[A_N] = {input0, input1, input2, input3, input4, mul0_x,
                                mul1_x, mul2_x, mul3_x, add2_y, NULL},
                    *out[3] = {output0, output1, output2};
    return aa_build("aclnnAdamApplyOne", OPS_DT_AdamApplyOne, in, A_MUL4, out, false, workspaceSize,
                    executor);
}
PHASE2(AdamApplyOne)

aclnnStatus aclnnAdamApplyOneWithDecayGetWorkspaceSize(
    const aclTensor *input0, const aclTensor *input1, const aclTensor *input2,
    const aclTensor *input3, const aclTensor *input4, const aclTensor *mul0_x,
    const aclTensor *mul1_x, const aclTensor *mul2_x, const aclTensor *mul3_x,
    const aclTensor *mul4_x, const aclTensor *add2_y, const aclTensor *output0,
    const aclTensor *output1, const aclTensor *output2, WS)
{
    const aclTensor *in[A_N] = {input0, input1, input2, input3, input4, mul0_x,
                                mul1_x, mul2_x, mul3_x, add2_y, mul4_x},
                    *out[3] = {output0, output1, output2};
    return aa_build("aclnnAdamApplyOneWithDecay", OPS_DT_AdamApplyOneWithDecay, in, A_N, out, false,
                    workspaceSize, executor);
}
PHASE2(AdamApplyOneWithDecay)

aclnnStatus aclnnAdamApplyOneWithDecayAssignGetWorkspaceSize(
    const aclTensor *input0, const aclTensor *input1, const aclTensor *input2,
    const aclTensor *input3, const aclTensor *input4, const aclTensor *mul0_x,
    const aclTensor *mul1_x, const aclTensor *mul2_x, const aclTensor *mul3_x,
    const aclTensor *mul4_x, const aclTensor *add2_y, const aclTensor *output0,
    const aclTensor *output1, const aclTensor *output2, WS)
{
    const aclTensor *in[A_N] = {input0, input1, input2, input3, input4, mul0_x,
                                mul1_x, mul2_x, mul3_x, add2_y, mul4_x},
                    *out[3] = {output0, output1, output2};
    return aa_build("aclnnAdamApplyOneWithDecayAssign", OPS_DT_AdamApplyOneWithDecayAssign, in, A_N,
                    out, true, workspaceSize, executor);
}
PHASE2(AdamApplyOneWithDecayAssign)

/* in: var, accum, lr, grad (AG1; p->i[0]: updateSlots) */
static void f32_adagrad_var(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    float *o = o_;
    const float *v = in[0], *a = in[1], *lr = in[2], *g = in[3];
    const bool upd = p->i[0] != 0;
    for (int64_t i = 0; i < n; i++)
        o[i] = v[i] - lr[i] * g[i] / sqrtf(upd ? a[i] + g[i] * g[i] : a[i]);
}

/* in: accum, grad */
static void f32_adagrad_accum(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *a = in[0], *g = in[1];
    for (int64_t i = 0; i < n; i++)
        o[i] = a[i] + g[i] * g[i];
}

aclnnStatus aclnnApplyAdagradDGetWorkspaceSize(const aclTensor *var, const aclTensor *accum,
                                               const aclTensor *lr, const aclTensor *grad,
                                               bool updateSlots, bool useLocking, WS)
{
    const char *name = "aclnnApplyAdagradD";
    (void)useLocking;
    OPS_CHECK_NULLS(name, var, accum, lr, grad, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    const aclTensor *t[4] = {var, accum, lr, grad};
    static const char *const tn[4] = {"var", "accum", "lr", "grad"};
    if ((rc = ops_need_dt(name, "var", var->dtype, OPS_DT_ApplyAdagradD, &dt)))
        return rc;
    for (int k = 0; k < 4; k++) {
        if ((rc = ops_check_dims(t[k], name, tn[k])))
            return rc;
        if (t[k]->dtype != var->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, var %s", name, tn[k],
                           ops_dt_name(t[k]->dtype), ops_dt_name(var->dtype));
        if (k != 2 && !ops_same_shape(t[k], var))
            return ops_shape_err(name, tn[k], t[k], var->dims, (int)var->ndim);
    }
    if (ops_numel(lr->dims, (int)lr->ndim) != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: lr must hold one element (it has %lld)", name,
                       (long long)ops_numel(lr->dims, (int)lr->ndim));
    struct aclOpExecutor *e = ops_exec_new(name, 4, 2);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor ti[4];
    struct aa_plan *g = calloc(1, sizeof(*g));
    rc = g ? ACLNN_SUCCESS : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    for (int k = 0; k < 4 && !rc; k++)
        rc = ops_tensor_from(&ti[k], t[k], ops_exec_slot(e, t[k]), name, tn[k]);
    if (rc) {
        free(g);
        ops_exec_discard(e);
        return rc;
    }
    const struct ops_tensor *iv[4] = {&ti[0], &ti[1], &ti[2], &ti[3]}, *ia[2] = {&ti[1], &ti[3]};
    const int n = updateSlots ? 2 : 1;
    for (int s = 0; s < n; s++) {
        if (s == 0 ? ew_plan_init(&g->pl[0], CK_F32, f32_adagrad_var, &ti[0], iv, 4)
                   : ew_plan_init(&g->pl[1], CK_F32, f32_adagrad_accum, &ti[1], ia, 2)) {
            g->n = s;
            e->plan = g;
            e->fini = aa_fini;
            ops_exec_discard(e);
            return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
        }
        g->pl[s].rt = (int8_t)dt;
        g->pl[s].p.nin = s == 0 ? 4 : 2;
        g->pl[s].p.i[0] = updateSlots;
    }
    g->n = n;
    e->plan = g;
    e->fini = aa_fini;
    e->run = g->pl[0].numel ? aa_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ApplyAdagradD)

/* ApplyAdamD's operands (AD1) and its three kernels */
enum { D_VAR, D_M, D_V, D_B1P, D_B2P, D_LR, D_B1, D_B2, D_EPS, D_G, D_N };

static void f32_adamd_var(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    float *o = o_;
    const float *const *a = (const float *const *)in;
    const bool nesterov = p->i[0] != 0;
    for (int64_t i = 0; i < n; i++) {
        const float g = a[D_G][i], b1 = a[D_B1][i], b2 = a[D_B2][i];
        const float m = b1 * a[D_M][i] + (1 - b1) * g, v = b2 * a[D_V][i] + (1 - b2) * g * g;
        const float lr = a[D_LR][i] * sqrtf(1 - a[D_B2P][i]) / (1 - a[D_B1P][i]);
        const float num = nesterov ? m * b1 + (1 - b1) * g : m;
        o[i] = a[D_VAR][i] - lr * num / (a[D_EPS][i] + sqrtf(v));
    }
}

/* in: the moment, its beta, grad; p->i[0]: 1 for the second moment (grad^2) */
static void f32_adamd_moment(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    float *o = o_;
    const float *x = in[0], *b = in[1], *g = in[2];
    const bool sq = p->i[0] != 0;
    for (int64_t i = 0; i < n; i++)
        o[i] = b[i] * x[i] + (1 - b[i]) * (sq ? g[i] * g[i] : g[i]);
}

aclnnStatus aclnnApplyAdamDGetWorkspaceSize(const aclTensor *var, const aclTensor *m,
                                            const aclTensor *v, const aclTensor *beta1Power,
                                            const aclTensor *beta2Power, const aclTensor *lr,
                                            const aclTensor *beta1, const aclTensor *beta2,
                                            const aclTensor *epsilon, const aclTensor *grad,
                                            bool useLocking, bool useNesterov, aclTensor *varOut,
                                            aclTensor *mOut, aclTensor *vOut, WS)
{
    const char *name = "aclnnApplyAdamD";
    (void)useLocking;
    const aclTensor *t[D_N + 3] = {var,   m,       v,    beta1Power, beta2Power, lr,  beta1,
                                   beta2, epsilon, grad, varOut,     mOut,       vOut};
    static const char *const tn[D_N + 3] = {"var",    "m",     "v",     "beta1Power", "beta2Power",
                                            "lr",     "beta1", "beta2", "epsilon",    "grad",
                                            "varOut", "mOut",  "vOut"};
    for (int k = 0; k < D_N + 3; k++)
        if (!t[k])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", name, tn[k]);
    OPS_CHECK_NULLS(name, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_need_dt(name, "var", var->dtype, OPS_DT_ApplyAdamD, &dt)))
        return rc;
    for (int k = 0; k < D_N + 3; k++) {
        if ((rc = ops_check_dims(t[k], name, tn[k])))
            return rc;
        if (t[k]->dtype != var->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, var %s", name, tn[k],
                           ops_dt_name(t[k]->dtype), ops_dt_name(var->dtype));
        const bool one = k >= D_B1P && k <= D_EPS;
        if (one && ops_numel(t[k]->dims, (int)t[k]->ndim) != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must hold one element", name, tn[k]);
        if (!one && !ops_same_shape(t[k], var))
            return ops_shape_err(name, tn[k], t[k], var->dims, (int)var->ndim);
    }
    struct aclOpExecutor *e = ops_exec_new(name, D_N, 3);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ops_tensor ti[D_N + 3];
    struct aa_plan *g = calloc(1, sizeof(*g));
    rc = g ? ACLNN_SUCCESS : ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
    for (int k = 0; k < D_N + 3 && !rc; k++)
        rc = ops_tensor_from(&ti[k], t[k], ops_exec_slot(e, t[k]), name, tn[k]);
    if (rc) {
        free(g);
        ops_exec_discard(e);
        return rc;
    }
    const struct ops_tensor *all[D_N], *im[3] = {&ti[D_M], &ti[D_B1], &ti[D_G]},
                                       *iv[3] = {&ti[D_V], &ti[D_B2], &ti[D_G]};
    for (int k = 0; k < D_N; k++)
        all[k] = &ti[k];
    /* AD1: varOut first, then vOut and mOut from the old moments */
    struct {
        ew_kern_fn k;
        const struct ops_tensor *out, *const *in;
        int nin;
        int64_t i0;
    } steps[3] = {{f32_adamd_var, &ti[D_N], all, D_N, useNesterov},
                  {f32_adamd_moment, &ti[D_N + 2], iv, 3, 1},
                  {f32_adamd_moment, &ti[D_N + 1], im, 3, 0}};
    for (int s = 0; s < 3; s++) {
        if (ew_plan_init(&g->pl[s], CK_F32, steps[s].k, steps[s].out, steps[s].in, steps[s].nin)) {
            g->n = s;
            e->plan = g;
            e->fini = aa_fini;
            ops_exec_discard(e);
            return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", name);
        }
        g->pl[s].rt = (int8_t)dt;
        g->pl[s].p.nin = steps[s].nin;
        g->pl[s].p.i[0] = steps[s].i0;
    }
    g->n = 3;
    e->plan = g;
    e->fini = aa_fini;
    e->run = g->pl[0].numel ? aa_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ApplyAdamD)
