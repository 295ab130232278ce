/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ClippedSwiglu and ClippedSwigluV2: the clamped SwiGLU of GPT-OSS with MoE groups (ops-nn's
 * activation/clipped_swiglu, its documented formula and its kernel test's golden).
 *
 *  CSW1. x FLOAT, FLOAT16 or BFLOAT16 of 1 to 8 dims, out of its type and shape but dim halved
 *      (x's size there even); dim in [-rank, rank); limit > 0; groupIndexOptional (NULL or
 *      1-d INT64 of at most 8192 elements); V2's clampMode 0 or 1. An empty x runs nothing.
 *  CSW2. x is read as [pre, cut] (pre the product of the dims before dim, cut of dim and those
 *      after); the first G = min(sum(groupIndex), pre) rows (all without groupIndex) split into
 *      A and B: the even and odd columns (interleaved) or the two halves. clampMode 0:
 *      y = min(A, limit) sigmoid(alpha min(A, limit)) (clamp(B, -limit, limit) + bias);
 *      clampMode 1: y = min(A sigmoid(A), limit) clamp(B, -limit, limit) (alpha and bias not
 *      used, as documented). Rows from G on are 0 (the golden's zeros). A negative
 *      groupIndex element fails the launch before any write (ACL_ERROR_RT_AICORE_EXCEPTION).
 *      Computed in double, rounded to out's type once.
 *  CSW4. SwigluGroup is the clampMode-0 form on the halves of the last dim with alpha 1 and bias
 *      0, clamping only when clampLimit is not -1.0 (then it must be > 0), each row times
 *      weightOptional's element (FLOAT, bs = numel / last elements); rows past the groups 0 (an
 *      open guess: CANN's golden fills groupIndex to cover every row). As CANN documents, a 0-d
 *      x, an odd last dim, a bad clampLimit, weight or groupIndex (type, size, empty) return
 *      ACLNN_ERR_INNER_TILING_ERROR (561002); x and out types 161002.
 *  CSW3. ClippedSwigluGrad: gradY of x's shape with dim halved, gradXOut of x's, all one NPU
 *      float type; non-empty. Over the same rows and split, with x0' = min(x0, limit), x1' =
 *      clamp(x1, -limit, limit), s = sigmoid(alpha x0'): grad x0 = gradY (x1' + bias) s
 *      (1 + alpha x0' (1 - s)) where x0 <= limit, else 0; grad x1 = gradY x0' s where
 *      -limit <= x1 <= limit, else 0; written back in the split's places, rows from G on 0
 *      (CANN's documented steps). As CANN documents, mismatched shapes and a limit <= 0 return
 *      ACLNN_ERR_INNER_TILING_ERROR (561002), unsupported types 161002.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_clipped_swiglu.h"
#include "aclnnop/aclnn_clipped_swiglu_grad.h"
#include "aclnnop/aclnn_clipped_swiglu_v2.h"
#include "aclnnop/aclnn_swiglu_group.h"
#include "ops/activation/table.h"
#include "ops/engine/engine.h"

#define CSW_MAX_GROUPS 8192 /* CSW1 */

struct csw_plan {
    struct ops_tensor x, gi, out, gy, w; /* gy: the gradient's gradY (CSW3); w: SwigluGroup's */
    bool has_gi, interleaved, grad, has_w;
    int clamp_mode;
    double alpha, limit, bias;
    int64_t pre, cut;
};

static int32_t csw_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct csw_plan *p = e->plan;
    const int64_t pre = p->pre, cut = p->cut, h = cut / 2;
    double *x = malloc((size_t)(pre * cut) * sizeof(double));
    /* forward: y [pre, h]; gradient: y [pre, cut] and gy [pre, h] */
    double *y = calloc((size_t)(pre * (p->grad ? cut : h)), sizeof(double));
    double *gy = p->grad ? malloc((size_t)(pre * h) * sizeof(double)) : NULL;
    int64_t *g = p->has_gi ? malloc((size_t)(p->gi.numel + 1) * sizeof(int64_t)) : NULL;
    double *w = p->has_w ? malloc((size_t)pre * sizeof(double)) : NULL;
    int32_t rc = 0;
    if (!x || !y || (p->has_gi && !g) || (p->grad && !gy) || (p->has_w && !w)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    int64_t rows = pre;
    if (p->has_gi) {
        const struct ops_tensor *t = &p->gi;
        ops_gather_nd(g, CK_I64, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
        int64_t sum = 0;
        for (int64_t i = 0; i < t->numel; i++) {
            if (g[i] < 0) { /* CSW2: checked before any write */
                rc = ACL_ERROR_RT_AICORE_EXCEPTION;
                goto done;
            }
            sum = sum + g[i] < pre ? sum + g[i] : pre; /* (no overflow: capped at pre) */
        }
        rows = sum;
    }
    ops_gather_nd(x, CK_F64, ops_base(&p->x, addr), p->x.dt, p->x.ndim, p->x.dims, p->x.strides);
    if (p->grad) {
        ops_gather_nd(gy, CK_F64, ops_base(&p->gy, addr), p->gy.dt, p->gy.ndim, p->gy.dims,
                      p->gy.strides);
        for (int64_t r = 0; r < rows; r++)
            for (int64_t j = 0; j < h; j++) { /* CSW3 */
                int64_t i0 = r * cut + (p->interleaved ? 2 * j : j);
                int64_t i1 = r * cut + (p->interleaved ? 2 * j + 1 : h + j);
                double a = x[i0], b = x[i1], l = p->limit, g1 = gy[r * h + j];
                double ac = a < l ? a : l, bc = b < -l ? -l : b > l ? l : b;
                double sg = 1 / (1 + exp(-p->alpha * ac));
                y[i0] = a <= l ? g1 * (bc + p->bias) * sg * (1 + p->alpha * ac * (1 - sg)) : 0;
                y[i1] = b >= -l && b <= l ? g1 * ac * sg : 0;
            }
    } else {
        if (p->has_w) /* CSW4 */
            ops_gather_nd(w, CK_F64, ops_base(&p->w, addr), p->w.dt, p->w.ndim, p->w.dims,
                          p->w.strides);
        for (int64_t r = 0; r < rows; r++) {
            const double *xr = x + r * cut;
            double *yr = y + r * h;
            for (int64_t j = 0; j < h; j++) {
                double a = p->interleaved ? xr[2 * j] : xr[j];
                double b = p->interleaved ? xr[2 * j + 1] : xr[h + j];
                b = b < -p->limit ? -p->limit : b > p->limit ? p->limit : b;
                if (p->clamp_mode == 0) {
                    a = a > p->limit ? p->limit : a;
                    yr[j] = a / (1 + exp(-p->alpha * a)) * (b + p->bias);
                } else {
                    double s = a / (1 + exp(-a));
                    yr[j] = (s > p->limit ? p->limit : s) * b;
                }
                if (p->has_w)
                    yr[j] *= w[r];
            }
        }
    }
    ops_scatter_nd(y, CK_F64, ops_base(&p->out, addr), p->out.dt, p->out.ndim, p->out.dims,
                   p->out.strides);
done:
    free(x);
    free(y);
    free(gy);
    free(g);
    free(w);
    return rc;
}

static aclnnStatus csw_op(const char *name, const aclTensor *x, const aclTensor *groupIndex,
                          int64_t dim, double alpha, double limit, double bias, bool interleaved,
                          int64_t clampMode, const aclTensor *out, unsigned types, unsigned gtypes,
                          WS)
{
    aclnnStatus rc;
    int dt, gdt, d;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(out, name, "out")) ||
        (groupIndex && (rc = ops_check_dims(groupIndex, name, "groupIndexOptional"))) ||
        (rc = ops_need_dt(name, "x", x->dtype, types, &dt)) ||
        (groupIndex &&
         (rc = ops_need_dt(name, "groupIndexOptional", groupIndex->dtype, gtypes, &gdt))))
        return rc;
    if (out->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, x %s (they must match)", name,
                       ops_dt_name(out->dtype), ops_dt_name(x->dtype));
    int nd = (int)x->ndim;
    if ((rc = ops_wrap_halved_dim(name, x, dim, &d)))
        return rc;
    if (!(limit > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: limit is %g, it must be > 0", name, limit);
    if (clampMode != 0 && clampMode != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: clampMode is %lld, 0 or 1 are supported", name,
                       (long long)clampMode);
    if (groupIndex && (groupIndex->ndim != 1 || groupIndex->dims[0] > CSW_MAX_GROUPS))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: groupIndexOptional must be 1-d of at most %d elements", name,
                       CSW_MAX_GROUPS);
    int64_t want[OPS_MAX_DIMS];
    for (int i = 0; i < nd; i++)
        want[i] = i == d ? x->dims[i] / 2 : x->dims[i];
    if ((rc = ops_check_shape(name, want, nd, out, "out")))
        return rc;
    OPS_PLAN(e, p, name, 2, 1, struct csw_plan, NULL, {&p->x, x, "x"},
             {&p->gi, groupIndex, "groupIndexOptional"}, {&p->out, out, "out"});
    p->has_gi = groupIndex != NULL;
    p->interleaved = interleaved;
    p->clamp_mode = (int)clampMode;
    p->alpha = alpha;
    p->limit = limit;
    p->bias = bias;
    p->pre = ops_numel(x->dims, d);
    p->cut = ops_numel(x->dims + d, nd - d);
    e->run = p->pre && p->cut ? csw_run : NULL; /* CSW1: an empty x runs nothing */
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnClippedSwigluGetWorkspaceSize(const aclTensor *x,
                                               const aclTensor *groupIndexOptional, int64_t dim,
                                               double alpha, double limit, double bias,
                                               bool interleaved, const aclTensor *out, WS)
{
    static const char name[] = "aclnnClippedSwiglu";
    OPS_CHECK_NULLS(name, x, out, workspaceSize, executor);
    return csw_op(name, x, groupIndexOptional, dim, alpha, limit, bias, interleaved, 0, out,
                  OPS_DT_ClippedSwiglu, OPS_DT2_ClippedSwiglu, workspaceSize, executor);
}
PHASE2(ClippedSwiglu)

aclnnStatus aclnnClippedSwigluV2GetWorkspaceSize(const aclTensor *x,
                                                 const aclTensor *groupIndexOptional, int64_t dim,
                                                 double alpha, double limit, double bias,
                                                 bool interleaved, int64_t clampMode,
                                                 const aclTensor *out, WS)
{
    static const char name[] = "aclnnClippedSwigluV2";
    OPS_CHECK_NULLS(name, x, out, workspaceSize, executor);
    return csw_op(name, x, groupIndexOptional, dim, alpha, limit, bias, interleaved, clampMode, out,
                  OPS_DT_ClippedSwigluV2, OPS_DT2_ClippedSwigluV2, workspaceSize, executor);
}
PHASE2(ClippedSwigluV2)

aclnnStatus aclnnSwigluGroupGetWorkspaceSize(const aclTensor *x, const aclTensor *weightOptional,
                                             const aclTensor *groupIndexOptional, double clampLimit,
                                             const aclTensor *out, WS)
{
    static const char name[] = "aclnnSwigluGroup";
    OPS_CHECK_NULLS(name, x, out, workspaceSize, executor);
    const aclTensor *w = weightOptional, *gi = groupIndexOptional;
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, name, "x")) || (rc = ops_check_dims(out, name, "out")) ||
        (w && (rc = ops_check_dims(w, name, "weightOptional"))) ||
        (gi && (rc = ops_check_dims(gi, name, "groupIndexOptional"))) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_SwigluGroup, &dt)))
        return rc;
    if (out->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out is %s, x %s (they must match)", name,
                       ops_dt_name(out->dtype), ops_dt_name(x->dtype));
    /* CSW4: the rest fails as CANN's tiling does */
    int nd = (int)x->ndim;
    if (nd < 1 || x->dims[nd - 1] % 2)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: x must have at least 1 dim and an even last dim", name);
    if (clampLimit != -1.0 && !(clampLimit > 0))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: clampLimit is %g, it must be -1.0 (no clamp) or > 0", name, clampLimit);
    int64_t bs = ops_numel(x->dims, nd - 1);
    if (w && (w->dtype != ACL_FLOAT || ops_numel(w->dims, (int)w->ndim) != bs))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: weightOptional must be FLOAT with %lld elements (x's tokens)", name,
                       (long long)bs);
    if (gi && (!ops_dt_in(gi->dtype, OPS_DT2_SwigluGroup) || gi->ndim != 1 || !gi->dims[0]))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: groupIndexOptional must be a non-empty 1-d INT64 tensor", name);
    int64_t want[OPS_MAX_DIMS];
    for (int i = 0; i < nd; i++)
        want[i] = i == nd - 1 ? x->dims[i] / 2 : x->dims[i];
    if (!ops_shape_is(out, want, nd))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: out must be x's shape with the last dim halved", name);
    if (!bs || !x->dims[nd - 1])
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR, "%s: x is empty, which CANN does not take",
                       name);
    OPS_PLAN(e, p, name, 3, 1, struct csw_plan, NULL, {&p->x, x, "x"}, {&p->w, w, "weightOptional"},
             {&p->gi, gi, "groupIndexOptional"}, {&p->out, out, "out"});
    p->has_gi = gi != NULL;
    p->has_w = w != NULL;
    p->alpha = 1;
    p->limit = clampLimit > 0 ? clampLimit : INFINITY;
    p->bias = 0;
    p->pre = bs;
    p->cut = x->dims[nd - 1];
    e->run = csw_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(SwigluGroup)

aclnnStatus aclnnClippedSwigluGradGetWorkspaceSize(const aclTensor *gradY, const aclTensor *x,
                                                   const aclTensor *groupIndexOptional, int64_t dim,
                                                   double alpha, double limit, double bias,
                                                   bool interleaved, const aclTensor *gradXOut, WS)
{
    static const char name[] = "aclnnClippedSwigluGrad";
    OPS_CHECK_NULLS(name, gradY, x, gradXOut, workspaceSize, executor);
    const aclTensor *gi = groupIndexOptional;
    aclnnStatus rc;
    int dt, gdt, d;
    if ((rc = ops_check_dims(gradY, name, "gradY")) || (rc = ops_check_dims(x, name, "x")) ||
        (rc = ops_check_dims(gradXOut, name, "gradXOut")) ||
        (gi && (rc = ops_check_dims(gi, name, "groupIndexOptional"))) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_ClippedSwigluGrad, &dt)) ||
        (gi && (rc = ops_need_dt(name, "groupIndexOptional", gi->dtype, OPS_DT2_ClippedSwigluGrad,
                                 &gdt))))
        return rc;
    if (gradY->dtype != x->dtype || gradXOut->dtype != x->dtype)
        return ops_err(
            ACLNN_ERR_PARAM_INVALID, "%s: gradY, x and gradXOut must share one type (%s, %s, %s)",
            name, ops_dt_name(gradY->dtype), ops_dt_name(x->dtype), ops_dt_name(gradXOut->dtype));
    /* CSW3: shapes and attributes fail as CANN's tiling does */
    int nd = (int)x->ndim;
    if (nd < 1 || dim < -nd || dim >= nd)
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: dim %lld is out of range for x of %d dims", name, (long long)dim, nd);
    d = (int)(dim < 0 ? dim + nd : dim);
    if (x->dims[d] % 2 || !(limit > 0) || (gi && (gi->ndim != 1 || gi->dims[0] > CSW_MAX_GROUPS)))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: x's size %lld at dim %d must be even, limit (%g) > 0, "
                       "groupIndexOptional 1-d of at most %d",
                       name, (long long)x->dims[d], d, limit, CSW_MAX_GROUPS);
    int64_t want[OPS_MAX_DIMS];
    for (int i = 0; i < nd; i++)
        want[i] = i == d ? x->dims[i] / 2 : x->dims[i];
    if (!ops_shape_is(gradY, want, nd) || !ops_shape_is(gradXOut, x->dims, nd))
        return ops_err(ACLNN_ERR_INNER_TILING_ERROR,
                       "%s: gradY must be x's shape with dim %d halved and gradXOut x's shape",
                       name, d);
    if (!ops_numel(x->dims, nd))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x is empty, which CANN does not take", name);
    OPS_PLAN(e, p, name, 3, 1, struct csw_plan, NULL, {&p->gy, gradY, "gradY"}, {&p->x, x, "x"},
             {&p->gi, gi, "groupIndexOptional"}, {&p->out, gradXOut, "gradXOut"});
    p->grad = true;
    p->has_gi = gi != NULL;
    p->interleaved = interleaved;
    p->alpha = alpha;
    p->limit = limit;
    p->bias = bias;
    p->pre = ops_numel(x->dims, d);
    p->cut = ops_numel(x->dims + d, nd - d);
    e->run = csw_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ClippedSwigluGrad)
