/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The plain gradient-descent steps of ops-nn's experimental optim folder: ApplyGradientDescent
 * and ApplyProximalGradientDescent (ops/optim/table.h). Each is one formula per element of the
 * parameter, so they are rows on the elementwise engine (ops/engine/ew.c) rather than kinds of
 * optim.c's grouped update: the engine broadcasts the one-element hyper-parameters, reads views
 * of any strides, computes float16 / bfloat16 in float32 and rounds once into the result.
 *
 *  DSC1. ApplyGradientDescent: var = var - alpha delta, in place.
 *  DSC2. ApplyProximalGradientDescent (TensorFlow's ApplyProximalGradientDescent, whose formula
 *      CANN's example states): p = var - alpha delta; varOut = sign(p) / (1 + alpha l2)
 *      max(|p| - alpha l1, 0).
 *  DSC3. var, delta (and varOut) have one shape and one type of FLOAT, FLOAT16, BFLOAT16; alpha,
 *      l1, l2 are one-element tensors of var's type, read by each launch (not at the first
 *      phase), so a repeatable executor sees their new values.
 */
#include <math.h>

#include "aclnnop/aclnn_apply_gradient_descent.h"
#include "aclnnop/aclnn_apply_proximal_gradient_descent.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/optim/table.h"

#pragma GCC optimize("O3")

/* in: var, alpha, delta (DSC1) */
static void f32_gd(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *v = in[0], *a = in[1], *d = in[2];
    for (int64_t i = 0; i < n; i++)
        o[i] = v[i] - a[i] * d[i];
}

/* in: var, alpha, l1, l2, delta (DSC2) */
static void f32_proximal_gd(void *o_, const void *const *in, int64_t n, const struct ew_params *p)
{
    (void)p;
    float *o = o_;
    const float *v = in[0], *a = in[1], *l1 = in[2], *l2 = in[3], *d = in[4];
    for (int64_t i = 0; i < n; i++) {
        float q = v[i] - a[i] * d[i];
        float m = fabsf(q) - a[i] * l1[i];
        float s = (float)((q > 0.0f) - (q < 0.0f));
        o[i] = s / (1.0f + a[i] * l2[i]) * (m > 0.0f ? m : 0.0f);
    }
}

/* DSC3's checks: the vectors (var first) of var's shape and type, the one-element tensors of
 * var's type; then the executor writing out. */
static aclnnStatus gd_build(const char *name, unsigned types, const aclTensor *const *vec,
                            const char *const *vname, int nvec, const aclTensor *const *one,
                            const char *const *oname, int none, const aclTensor *const *order,
                            int nin, const aclTensor *out, ew_kern_fn kern, uint64_t *ws,
                            aclOpExecutor **ex)
{
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(vec[0], name, vname[0])) ||
        (rc = ops_need_dt(name, vname[0], vec[0]->dtype, types, &dt)))
        return rc;
    for (int i = 1; i < nvec; i++) {
        if ((rc = ops_check_dims(vec[i], name, vname[i])))
            return rc;
        if (vec[i]->dtype != vec[0]->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has type %s, %s %s", name, vname[i],
                           ops_dt_name(vec[i]->dtype), vname[0], ops_dt_name(vec[0]->dtype));
        if (!ops_same_shape(vec[i], vec[0]))
            return ops_shape_err(name, vname[i], vec[i], vec[0]->dims, (int)vec[0]->ndim);
    }
    for (int i = 0; i < none; i++) {
        if ((rc = ops_check_dims(one[i], name, oname[i])))
            return rc;
        if (one[i]->dtype != vec[0]->dtype || ops_numel(one[i]->dims, (int)one[i]->ndim) != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s must be one element of %s's type %s (it is %s of %lld)", name,
                           oname[i], vname[0], ops_dt_name(vec[0]->dtype),
                           ops_dt_name(one[i]->dtype),
                           (long long)ops_numel(one[i]->dims, (int)one[i]->ndim));
    }
    struct ew_build b = {
        .name = name, .nin = nin, .out = out, .ck = CK_F32, .rt = dt, .kern = kern};
    for (int i = 0; i < nin; i++)
        b.in[i] = order[i];
    return ew_build_exec(&b, ws, ex);
}

aclnnStatus aclnnApplyGradientDescentGetWorkspaceSize(aclTensor *var, const aclTensor *alpha,
                                                      const aclTensor *delta, WS)
{
    const char *name = "aclnnApplyGradientDescent";
    OPS_CHECK_NULLS(name, var, alpha, delta, workspaceSize, executor);
    const aclTensor *vec[2] = {var, delta}, *one[1] = {alpha}, *order[3] = {var, alpha, delta};
    const char *vn[2] = {"var", "delta"}, *on[1] = {"alpha"};
    return gd_build(name, OPS_DT_ApplyGradientDescent, vec, vn, 2, one, on, 1, order, 3, var,
                    f32_gd, workspaceSize, executor);
}
PHASE2(ApplyGradientDescent)

aclnnStatus aclnnApplyProximalGradientDescentGetWorkspaceSize(
    const aclTensor *var, const aclTensor *alpha, const aclTensor *l1, const aclTensor *l2,
    const aclTensor *delta, const aclTensor *varOut, WS)
{
    const char *name = "aclnnApplyProximalGradientDescent";
    OPS_CHECK_NULLS(name, var, alpha, l1, l2, delta, varOut, workspaceSize, executor);
    const aclTensor *vec[3] = {var, delta, varOut}, *one[3] = {alpha, l1, l2},
                    *order[5] = {var, alpha, l1, l2, delta};
    const char *vn[3] = {"var", "delta", "varOut"}, *on[3] = {"alpha", "l1", "l2"};
    return gd_build(name, OPS_DT_ApplyProximalGradientDescent, vec, vn, 3, one, on, 3, order, 5,
                    varOut, f32_proximal_gd, workspaceSize, executor);
}
PHASE2(ApplyProximalGradientDescent)
