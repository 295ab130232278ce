/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Max pooling's entry points, each a description handed to pool_build
 * (pool.c): aclnnMaxPool (ONNX-style, asymmetric pads), MaxPool2dWithIndices
 * and MaxPool2dWithMask with their gradients, MaxPool3dWithArgmax and its
 * gradient, AdaptiveMaxPool2d/3d and their gradients, GlobalMaxPool; MaxPool3D (ops-nn's
 * experimental max_pool3_d: TensorFlow's padding modes, NCDHW or NDHWC).
 *
 *  MX1. MaxPool3D: x and out 5-d of one type (FLOAT, FLOAT16, BFLOAT16) in dataFormatOptional's
 *      layout (NCDHW or NDHWC, NULL: NDHWC; read through pool.c PL8). ksize, strides and
 *      dilationOptional (NULL: 1) hold 1 value (all three dims), 3 (D, H, W) or 5 (the layout's
 *      order, N's and C's 1 for ksize and strides); every spatial value > 0. padding "VALID"
 *      (none; pads and ceilMode ignored), "SAME" (out = ceil(in / stride), the missing
 *      (out - 1) stride + dilation (k - 1) + 1 - in cells split with the smaller half in
 *      front, TensorFlow's rule) or "CALCULATED" (padsOptional: 6 values >= 0, front, back,
 *      top, bottom, left, right, NULL: zeros; ceilMode non-zero rounds up, pool.c PL4). Padded
 *      cells never win (PL3); pool.c's limit of half the kernel per pad side applies.
 *  MX2. MaxPoolWithArgmaxV3 (ops-nn's experimental op): MaxPool2dWithIndices (x (C, H, W) or
 *      (N, C, H, W), argmax the flat H x W position of each maximum) with argmax INT64 only,
 *      messages naming x, y and argmax.
 *  MX3. MaxPoolingGrad (ops-nn's experimental op, its docs' formula for windows that do not
 *      overlap, given element for element): dy, x, y, dx one shape and type (FLOAT, FLOAT16);
 *      dx = dy where x == y, else 0 (a NaN x gets 0). Read through the view converters.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_max_pool3d.h"
#include "aclnnop/aclnn_adaptive_max_pool3d_backward.h"
#include "aclnnop/aclnn_global_max_pool.h"
#include "aclnnop/aclnn_max_pool.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax.h"
#include "aclnnop/aclnn_max_pool3_d.h"
#include "aclnnop/aclnn_max_pool_with_argmax_v3.h"
#include "aclnnop/aclnn_max_pooling_grad.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "ops/engine/engine.h"
#include "ops/pool/pool.h"
#include "ops/pool/pool_pvt.h"
#include "ops/pool/table.h"

aclnnStatus aclnnMaxPoolGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelShape,
                                         const aclIntArray *strides, const int64_t autoPad,
                                         const aclIntArray *pads, const aclIntArray *dilations,
                                         const int64_t ceilMode, aclTensor *out,
                                         uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnMaxPool";
    OPS_CHECK_NULLS(op, self, kernelShape, out, workspaceSize, executor);
    if (autoPad != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: autoPad %lld: only 0 (NOTSET) is supported",
                       op, (long long)autoPad);
    static const int64_t zero[2] = {0, 0}, one[2] = {1, 1};
    int64_t k[2], s[2], d[2], p4[4] = {0, 0, 0, 0};
    aclnnStatus rc;
    if ((rc = pool_arr(op, kernelShape, "kernelShape", 2, NULL, 1, k)) ||
        (rc = pool_arr(op, strides, "strides", 2, k, 1, s)) ||
        (rc = pool_arr(op, dilations, "dilations", 2, one, 1, d)))
        return rc;
    if (pads && pads->n == 4) {
        for (int i = 0; i < 4; i++)
            if ((p4[i] = pads->v[i]) < 0)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: pads[%d] = %lld is negative", op, i,
                               (long long)p4[i]);
    } else {
        int64_t p2[2];
        if ((rc = pool_arr(op, pads, "pads (0, 1, 2 or 4 values)", 2, zero, 0, p2)))
            return rc;
        p4[0] = p4[2] = p2[0];
        p4[1] = p4[3] = p2[1];
    }
    return ops_pool_build(op, 2, self, out, true, k, s, p4, d, ceilMode != 0, false, 0,
                          workspaceSize, executor);
}

/* The windowed max poolings with indices or a mask: forward (gy NULL, ind the output
 * indices) or backward (gy given, ind the forward's). */
static aclnnStatus max_win(const char *op, int sp, enum pool_idx idx, unsigned dt, unsigned dt2,
                           const aclTensor *gy, const aclTensor *self, aclTensor *ind,
                           const aclIntArray *kernelSize, const aclIntArray *stride,
                           const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode,
                           aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    struct pool_spec s = pool_spec_of(op, POOL_MAX, sp, dt, self, gy, y, NULL);
    s.idx = idx, s.idx_mask = dt2, s.ceil = ceilMode;
    if (gy)
        s.ind = ind;
    else
        s.ind_out = ind;
    aclnnStatus rc = pool_window(&s, kernelSize, stride, padding, dilation);
    return rc ? rc : pool_build(&s, workspaceSize, executor);
}

#define MAX_FWD(Name, SP, IDX, DT, DT2)                                                            \
    aclnnStatus aclnn##Name##GetWorkspaceSize(                                                     \
        const aclTensor *self, const aclIntArray *kernelSize, const aclIntArray *stride,           \
        const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode, aclTensor *out,    \
        aclTensor *indices, uint64_t *workspaceSize, aclOpExecutor **executor)                     \
    {                                                                                              \
        static const char op[] = "aclnn" #Name;                                                    \
        OPS_CHECK_NULLS(op, self, kernelSize, stride, padding, dilation, out, indices,             \
                        workspaceSize, executor);                                                  \
        return max_win(op, SP, IDX, DT, DT2, NULL, self, indices, kernelSize, stride, padding,     \
                       dilation, ceilMode, out, workspaceSize, executor);                          \
    }                                                                                              \
    PHASE2(Name)

#define MAX_BWD(Name, SP, IDX, DT, DT2)                                                            \
    aclnnStatus aclnn##Name##GetWorkspaceSize(                                                     \
        const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices,              \
        const aclIntArray *kernelSize, const aclIntArray *stride, const aclIntArray *padding,      \
        const aclIntArray *dilation, bool ceilMode, aclTensor *gradInput, uint64_t *workspaceSize, \
        aclOpExecutor **executor)                                                                  \
    {                                                                                              \
        static const char op[] = "aclnn" #Name;                                                    \
        OPS_CHECK_NULLS(op, gradOutput, self, indices, kernelSize, stride, padding, dilation,      \
                        gradInput, workspaceSize, executor);                                       \
        return max_win(op, SP, IDX, DT, DT2, gradOutput, self, (aclTensor *)indices, kernelSize,   \
                       stride, padding, dilation, ceilMode, gradInput, workspaceSize, executor);   \
    }                                                                                              \
    PHASE2(Name)

MAX_FWD(MaxPool2dWithMask, 2, POOL_IDX_MASK, OPS_DT_MaxPool2dWithMask, OPS_DT2_MaxPool2dWithMask)
MAX_FWD(MaxPool2dWithIndices, 2, POOL_IDX_FLAT, OPS_DT_MaxPool2dWithIndices,
        OPS_DT2_MaxPool2dWithIndices)
MAX_FWD(MaxPool3dWithArgmax, 3, POOL_IDX_FLAT, OPS_DT_MaxPool3dWithArgmax,
        OPS_DT2_MaxPool3dWithArgmax)
MAX_BWD(MaxPool2dWithMaskBackward, 2, POOL_IDX_MASK, OPS_DT_MaxPool2dWithMaskBackward,
        OPS_DT2_MaxPool2dWithMaskBackward)
MAX_BWD(MaxPool2dWithIndicesBackward, 2, POOL_IDX_FLAT, OPS_DT_MaxPool2dWithIndicesBackward,
        OPS_DT2_MaxPool2dWithIndicesBackward)
MAX_BWD(MaxPool3dWithArgmaxBackward, 3, POOL_IDX_FLAT, OPS_DT_MaxPool3dWithArgmaxBackward,
        OPS_DT2_MaxPool3dWithArgmaxBackward)

#define ADAPTIVE_MAX(Name, SP, DT, DT2, BDT, BDT2)                                                 \
    aclnnStatus aclnn##Name##GetWorkspaceSize(                                                     \
        const aclTensor *self, const aclIntArray *outputSize, aclTensor *outputOut,                \
        aclTensor *indicesOut, uint64_t *workspaceSize, aclOpExecutor **executor)                  \
    {                                                                                              \
        static const char op[] = "aclnn" #Name;                                                    \
        OPS_CHECK_NULLS(op, self, outputSize, outputOut, indicesOut, workspaceSize, executor);     \
        return pool_adaptive(op, POOL_MAX, SP, DT, DT2, NULL, self, indicesOut, outputSize,        \
                             outputOut, "outputOut", workspaceSize, executor);                     \
    }                                                                                              \
    PHASE2(Name)                                                                                   \
    aclnnStatus aclnn##Name##BackwardGetWorkspaceSize(                                             \
        const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices,              \
        aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor)                   \
    {                                                                                              \
        static const char op[] = "aclnn" #Name "Backward";                                         \
        OPS_CHECK_NULLS(op, gradOutput, self, indices, gradInput, workspaceSize, executor);        \
        return pool_adaptive(op, POOL_MAX, SP, BDT, BDT2, gradOutput, self, (aclTensor *)indices,  \
                             NULL, gradInput, NULL, workspaceSize, executor);                      \
    }                                                                                              \
    PHASE2(Name##Backward)

ADAPTIVE_MAX(AdaptiveMaxPool2d, 2, OPS_DT_AdaptiveMaxPool2d, OPS_DT2_AdaptiveMaxPool2d,
             OPS_DT_AdaptiveMaxPool2dBackward, OPS_DT2_AdaptiveMaxPool2dBackward)
ADAPTIVE_MAX(AdaptiveMaxPool3d, 3, OPS_DT_AdaptiveMaxPool3d, OPS_DT2_AdaptiveMaxPool3d,
             OPS_DT_AdaptiveMaxPool3dBackward, OPS_DT2_AdaptiveMaxPool3dBackward)

aclnnStatus aclnnGlobalMaxPoolGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                               uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return pool_global("aclnnGlobalMaxPool", POOL_MAX, OPS_DT_GlobalMaxPool, self, out,
                       workspaceSize, executor);
}

PHASE2(MaxPool)
PHASE2(GlobalMaxPool)

/* MX1: the D, H, W values of a ksize / strides / dilation array of 1, 3 or 5 values (5: in the
 * layout's order, whose N and C must be 1 when outer_one). */
static aclnnStatus mp3_arr(const char *op, const aclIntArray *a, const char *what, bool cl,
                           bool outer_one, int64_t *v)
{
    if (a->n == 1) {
        v[0] = v[1] = v[2] = a->v[0];
    } else if (a->n == 3) {
        memcpy(v, a->v, 3 * sizeof(int64_t));
    } else if (a->n == 5) {
        for (int i = 0; i < 3; i++)
            v[i] = a->v[cl ? 1 + i : 2 + i];
        int64_t n = a->v[0], c = a->v[cl ? 4 : 1];
        if (outer_one && (n != 1 || c != 1))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has N %lld and C %lld, both must be 1",
                           op, what, (long long)n, (long long)c);
    } else {
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %llu values, 1, 3 or 5 are needed", op,
                       what, (unsigned long long)a->n);
    }
    for (int i = 0; i < 3; i++)
        if (v[i] <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's spatial value %lld must be > 0", op,
                           what, (long long)v[i]);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnMaxPool3DGetWorkspaceSize(const aclTensor *x, const aclIntArray *ksize,
                                           const aclIntArray *strides, const char *padding,
                                           const aclIntArray *padsOptional,
                                           const aclIntArray *dilationOptional, int64_t ceilMode,
                                           const char *dataFormatOptional, aclTensor *out,
                                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnMaxPool3D";
    OPS_CHECK_NULLS(op, x, ksize, strides, padding, out, workspaceSize, executor);
    const char *fmt = dataFormatOptional ? dataFormatOptional : "NDHWC";
    bool cl = !strcmp(fmt, "NDHWC");
    if (!cl && strcmp(fmt, "NCDHW"))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: dataFormatOptional is \"%s\", NCDHW or NDHWC are supported", op, fmt);
    if (x->ndim != 5 || out->ndim != 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x and out have %u and %u dims, 5 are needed",
                       op, x->ndim, out->ndim);
    static const int ndhwc[5] = {0, 4, 1, 2, 3}; /* N, C, D, H, W of an NDHWC tensor */
    int64_t k[3], st[3], dl[3] = {1, 1, 1}, pads[6] = {0};
    aclnnStatus rc;
    if ((rc = mp3_arr(op, ksize, "ksize", cl, true, k)) ||
        (rc = mp3_arr(op, strides, "strides", cl, true, st)) ||
        (dilationOptional &&
         (rc = mp3_arr(op, dilationOptional, "dilationOptional", cl, false, dl))))
        return rc;
    bool ceil = false;
    if (!strcmp(padding, "CALCULATED")) {
        if (padsOptional && padsOptional->n != 6)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: padsOptional has %llu values, 6 are needed", op,
                           (unsigned long long)padsOptional->n);
        for (int i = 0; padsOptional && i < 6; i++)
            if ((pads[i] = padsOptional->v[i]) < 0)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: padsOptional[%d] is %lld, negative",
                               op, i, (long long)pads[i]);
        ceil = ceilMode != 0;
    } else if (!strcmp(padding, "SAME")) {
        for (int i = 0; i < 3; i++) {
            int64_t in = x->dims[cl ? 1 + i : 2 + i], o = (in + st[i] - 1) / st[i];
            int64_t total = (o - 1) * st[i] + dl[i] * (k[i] - 1) + 1 - in;
            total = total > 0 ? total : 0;
            pads[2 * i] = total / 2;
            pads[2 * i + 1] = total - total / 2;
        }
    } else if (strcmp(padding, "VALID")) {
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: padding is \"%s\", VALID, SAME or CALCULATED are supported", op,
                       padding);
    }
    struct pool_spec s = pool_spec_of(op, POOL_MAX, 3, OPS_DT_MaxPool3D, x, NULL, out, NULL);
    s.x_name = "x";
    s.perm = cl ? ndhwc : NULL;
    s.ceil = ceil;
    for (int i = 0; i < 3; i++) {
        s.k[i] = k[i], s.s[i] = st[i], s.d[i] = dl[i];
        s.plo[i] = pads[2 * i], s.phi[i] = pads[2 * i + 1];
    }
    return pool_build(&s, workspaceSize, executor);
}
PHASE2(MaxPool3D)

/* MX2: MaxPoolWithArgmaxV3 (ops-nn's experimental op) is MaxPool2dWithIndices with INT64
 * argmax, its parameters under the names of its def. */
aclnnStatus aclnnMaxPoolWithArgmaxV3GetWorkspaceSize(const aclTensor *x,
                                                     const aclIntArray *kernelSize,
                                                     const aclIntArray *strides,
                                                     const aclIntArray *pads,
                                                     const aclIntArray *dilations, bool ceilMode,
                                                     aclTensor *y, aclTensor *argmax, WS)
{
    static const char op[] = "aclnnMaxPoolWithArgmaxV3";
    OPS_CHECK_NULLS(op, x, kernelSize, strides, pads, dilations, y, argmax, workspaceSize,
                    executor);
    struct pool_spec s = pool_spec_of(op, POOL_MAX, 2, OPS_DT_MaxPoolWithArgmaxV3, x, NULL, y, "y");
    s.idx = POOL_IDX_FLAT, s.idx_mask = OPS_DT2_MaxPoolWithArgmaxV3, s.ceil = ceilMode;
    s.ind_out = argmax;
    s.x_name = "x", s.ind_name = "argmax";
    aclnnStatus rc = pool_window(&s, kernelSize, strides, pads, dilations);
    return rc ? rc : pool_build(&s, workspaceSize, executor);
}
PHASE2(MaxPoolWithArgmaxV3)

/* ---- MaxPoolingGrad (MX3) ------------------------------------------------------------------ */

struct mpg_plan {
    struct ops_tensor dy, x, y, dx;
};

static int32_t mpg_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct mpg_plan *p = e->plan;
    const int64_t n = p->dx.numel;
    double *v = malloc((size_t)(3 * n) * sizeof(double));
    if (!v)
        return ACL_ERROR_BAD_ALLOC;
    const struct ops_tensor *t[3] = {&p->dy, &p->x, &p->y};
    for (int i = 0; i < 3; i++)
        ops_gather_nd(v + i * n, CK_F64, ops_base(t[i], addr), t[i]->dt, t[i]->ndim, t[i]->dims,
                      t[i]->strides);
    for (int64_t i = 0; i < n; i++)
        v[i] = v[n + i] == v[2 * n + i] ? v[i] : 0.0;
    ops_scatter_nd(v, CK_F64, ops_base(&p->dx, addr), p->dx.dt, p->dx.ndim, p->dx.dims,
                   p->dx.strides);
    free(v);
    return 0;
}

aclnnStatus aclnnMaxPoolingGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *x,
                                                const aclTensor *y, const aclTensor *dx, WS)
{
    static const char op[] = "aclnnMaxPoolingGrad";
    OPS_CHECK_NULLS(op, dy, x, y, dx, workspaceSize, executor);
    const aclTensor *t[4] = {dy, x, y, dx};
    static const char *const tn[4] = {"dy", "x", "y", "dx"};
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < 4; i++)
        if ((rc = ops_check_dims(t[i], op, tn[i])))
            return rc;
    if ((rc = ops_need_dt(op, "dy", dy->dtype, OPS_DT_MaxPoolingGrad, &dt)))
        return rc;
    for (int i = 1; i < 4; i++) {
        if (t[i]->dtype != dy->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s type %s differs from dy's %s", op,
                           tn[i], ops_dt_name(t[i]->dtype), ops_dt_name(dy->dtype));
        if (!ops_same_shape(t[i], dy))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's shape differs from dy's", op, tn[i]);
    }
    if (dy->ndim < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dy must have 1 to 8 dims, got 0", op);
    OPS_PLAN(e, p, op, 3, 1, struct mpg_plan, NULL, {&p->dy, dy, "dy"}, {&p->x, x, "x"},
             {&p->y, y, "y"}, {&p->dx, dx, "dx"});
    e->run = p->dx.numel ? mpg_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(MaxPoolingGrad)
