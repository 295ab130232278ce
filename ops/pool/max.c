/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Max pooling's entry points, each a description handed to pool_build
 * (pool.c): aclnnMaxPool (ONNX-style, asymmetric pads), MaxPool2dWithIndices
 * and MaxPool2dWithMask with their gradients, MaxPool3dWithArgmax and its
 * gradient, AdaptiveMaxPool2d/3d and their gradients, GlobalMaxPool.
 */
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
