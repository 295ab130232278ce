/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Average pooling's entry points, each a description handed to pool_build
 * (pool.c): AvgPool2d and AvgPool3d with their gradients, AdaptiveAvgPool2d/3d
 * and their gradients, GlobalAveragePool.
 */
#include "aclnnop/aclnn_adaptive_avg_pool2d.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "aclnnop/aclnn_avgpool2d.h"
#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "aclnnop/aclnn_avgpool3d.h"
#include "aclnnop/aclnn_avgpool3d_backward.h"
#include "aclnnop/aclnn_global_average_pool.h"
#include "ops/engine/engine.h"
#include "ops/pool/pool_pvt.h"
#include "ops/pool/table.h"

static aclnnStatus cube_math(const char *op, int8_t cubeMathType)
{
    if (cubeMathType < 0 || cubeMathType > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..3", op,
                       (int)cubeMathType);
    return ACLNN_SUCCESS;
}

/* The windowed average poolings: forward (gy NULL) or backward. */
static aclnnStatus avg_win(const char *op, int sp, unsigned dt, const aclTensor *gy,
                           const aclTensor *self, const aclIntArray *kernelSize,
                           const aclIntArray *stride, const aclIntArray *padding, bool ceilMode,
                           bool countIncludePad, int64_t divisorOverride, aclTensor *y,
                           const char *y_name, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    struct pool_spec s = pool_spec_of(op, POOL_AVG, sp, dt, self, gy, y, y_name);
    s.ceil = ceilMode, s.include_pad = countIncludePad, s.divisor = divisorOverride;
    aclnnStatus rc = pool_window(&s, kernelSize, stride, padding, NULL);
    return rc ? rc : pool_build(&s, workspaceSize, executor);
}

aclnnStatus aclnnAvgPool2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                           const aclIntArray *strides, const aclIntArray *paddings,
                                           const bool ceilMode, const bool countIncludePad,
                                           const int64_t divisorOverride, const int8_t cubeMathType,
                                           aclTensor *out, uint64_t *workspaceSize,
                                           aclOpExecutor **executor)
{
    static const char op[] = "aclnnAvgPool2d";
    OPS_CHECK_NULLS(op, self, kernelSize, paddings, out, workspaceSize, executor);
    aclnnStatus rc = cube_math(op, cubeMathType);
    return rc ? rc
              : avg_win(op, 2, OPS_DT_AvgPool2d, NULL, self, kernelSize, strides, paddings,
                        ceilMode, countIncludePad, divisorOverride, out, NULL, workspaceSize,
                        executor);
}

aclnnStatus aclnnAvgPool3dGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                           const aclIntArray *stride, const aclIntArray *padding,
                                           bool ceilMode, bool countIncludePad,
                                           int64_t divisorOverride, aclTensor *out,
                                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnAvgPool3d";
    OPS_CHECK_NULLS(op, self, kernelSize, padding, out, workspaceSize, executor);
    return avg_win(op, 3, OPS_DT_AvgPool3d, NULL, self, kernelSize, stride, padding, ceilMode,
                   countIncludePad, divisorOverride, out, NULL, workspaceSize, executor);
}

aclnnStatus aclnnAvgPool2dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclIntArray *kernelSize,
    const aclIntArray *stride, const aclIntArray *padding, bool ceilMode, bool countIncludePad,
    int64_t divisorOverride, int8_t cubeMathType, aclTensor *gradInput, uint64_t *workspaceSize,
    aclOpExecutor **executor)
{
    static const char op[] = "aclnnAvgPool2dBackward";
    OPS_CHECK_NULLS(op, gradOutput, self, kernelSize, padding, gradInput, workspaceSize, executor);
    aclnnStatus rc = cube_math(op, cubeMathType);
    return rc ? rc
              : avg_win(op, 2, OPS_DT_AvgPool2dBackward, gradOutput, self, kernelSize, stride,
                        padding, ceilMode, countIncludePad, divisorOverride, gradInput, NULL,
                        workspaceSize, executor);
}

aclnnStatus aclnnAvgPool3dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclIntArray *kernelSize,
    const aclIntArray *stride, const aclIntArray *padding, bool ceilMode, bool countIncludePad,
    int64_t divisorOverride, aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnAvgPool3dBackward";
    OPS_CHECK_NULLS(op, gradOutput, self, kernelSize, padding, output, workspaceSize, executor);
    return avg_win(op, 3, OPS_DT_AvgPool3dBackward, gradOutput, self, kernelSize, stride, padding,
                   ceilMode, countIncludePad, divisorOverride, output, "output", workspaceSize,
                   executor);
}

#define ADAPTIVE_AVG(Name, SP, DT, BDT)                                                            \
    aclnnStatus aclnn##Name##GetWorkspaceSize(const aclTensor *self,                               \
                                              const aclIntArray *outputSize, aclTensor *out,       \
                                              uint64_t *workspaceSize, aclOpExecutor **executor)   \
    {                                                                                              \
        static const char op[] = "aclnn" #Name;                                                    \
        OPS_CHECK_NULLS(op, self, outputSize, out, workspaceSize, executor);                       \
        return pool_adaptive(op, POOL_AVG, SP, DT, 0, NULL, self, NULL, outputSize, out, NULL,     \
                             workspaceSize, executor);                                             \
    }                                                                                              \
    PHASE2(Name)                                                                                   \
    aclnnStatus aclnn##Name##BackwardGetWorkspaceSize(                                             \
        const aclTensor *gradOutput, const aclTensor *self, aclTensor *out,                        \
        uint64_t *workspaceSize, aclOpExecutor **executor)                                         \
    {                                                                                              \
        static const char op[] = "aclnn" #Name "Backward";                                         \
        OPS_CHECK_NULLS(op, gradOutput, self, out, workspaceSize, executor);                       \
        return pool_adaptive(op, POOL_AVG, SP, BDT, 0, gradOutput, self, NULL, NULL, out, "out",   \
                             workspaceSize, executor);                                             \
    }                                                                                              \
    PHASE2(Name##Backward)

ADAPTIVE_AVG(AdaptiveAvgPool2d, 2, OPS_DT_AdaptiveAvgPool2d, OPS_DT_AdaptiveAvgPool2dBackward)
ADAPTIVE_AVG(AdaptiveAvgPool3d, 3, OPS_DT_AdaptiveAvgPool3d, OPS_DT_AdaptiveAvgPool3dBackward)

aclnnStatus aclnnGlobalAveragePoolGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                   uint64_t *workspaceSize,
                                                   aclOpExecutor **executor)
{
    return pool_global("aclnnGlobalAveragePool", POOL_AVG, OPS_DT_GlobalAveragePool, self, out,
                       workspaceSize, executor);
}

PHASE2(AvgPool2d)
PHASE2(AvgPool3d)
PHASE2(AvgPool2dBackward)
PHASE2(AvgPool3dBackward)
PHASE2(GlobalAveragePool)
