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

static aclnnStatus avg_win(struct pool_spec *s, const aclIntArray *kernelSize,
                           const aclIntArray *stride, const aclIntArray *padding,
                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    aclnnStatus rc = pool_window(s, kernelSize, stride, padding, NULL);
    return rc ? rc : pool_build(s, workspaceSize, executor);
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
    struct pool_spec s = {.op = op,
                          .kind = POOL_AVG,
                          .sp = 2,
                          .ceil = ceilMode,
                          .include_pad = countIncludePad,
                          .divisor = divisorOverride,
                          .dt_mask = OPS_DT_AvgPool2d,
                          .x = self,
                          .y = out,
                          .x_name = "self",
                          .y_name = "out"};
    return rc ? rc : avg_win(&s, kernelSize, strides, paddings, workspaceSize, executor);
}

aclnnStatus aclnnAvgPool3dGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                           const aclIntArray *stride, const aclIntArray *padding,
                                           bool ceilMode, bool countIncludePad,
                                           int64_t divisorOverride, aclTensor *out,
                                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnAvgPool3d";
    OPS_CHECK_NULLS(op, self, kernelSize, padding, out, workspaceSize, executor);
    struct pool_spec s = {.op = op,
                          .kind = POOL_AVG,
                          .sp = 3,
                          .ceil = ceilMode,
                          .include_pad = countIncludePad,
                          .divisor = divisorOverride,
                          .dt_mask = OPS_DT_AvgPool3d,
                          .x = self,
                          .y = out,
                          .x_name = "self",
                          .y_name = "out"};
    return avg_win(&s, kernelSize, stride, padding, workspaceSize, executor);
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
    struct pool_spec s = {.op = op,
                          .kind = POOL_AVG,
                          .backward = true,
                          .sp = 2,
                          .ceil = ceilMode,
                          .include_pad = countIncludePad,
                          .divisor = divisorOverride,
                          .dt_mask = OPS_DT_AvgPool2dBackward,
                          .x = self,
                          .gy = gradOutput,
                          .y = gradInput,
                          .x_name = "self",
                          .gy_name = "gradOutput",
                          .y_name = "gradInput"};
    return rc ? rc : avg_win(&s, kernelSize, stride, padding, workspaceSize, executor);
}

aclnnStatus aclnnAvgPool3dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclIntArray *kernelSize,
    const aclIntArray *stride, const aclIntArray *padding, bool ceilMode, bool countIncludePad,
    int64_t divisorOverride, aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnAvgPool3dBackward";
    OPS_CHECK_NULLS(op, gradOutput, self, kernelSize, padding, output, workspaceSize, executor);
    struct pool_spec s = {.op = op,
                          .kind = POOL_AVG,
                          .backward = true,
                          .sp = 3,
                          .ceil = ceilMode,
                          .include_pad = countIncludePad,
                          .divisor = divisorOverride,
                          .dt_mask = OPS_DT_AvgPool3dBackward,
                          .x = self,
                          .gy = gradOutput,
                          .y = output,
                          .x_name = "self",
                          .gy_name = "gradOutput",
                          .y_name = "output"};
    return avg_win(&s, kernelSize, stride, padding, workspaceSize, executor);
}

#define ADAPTIVE_AVG(Name, SP, DT, BDT)                                                            \
    aclnnStatus aclnn##Name##GetWorkspaceSize(const aclTensor *self,                               \
                                              const aclIntArray *outputSize, aclTensor *out,       \
                                              uint64_t *workspaceSize, aclOpExecutor **executor)   \
    {                                                                                              \
        static const char op[] = "aclnn" #Name;                                                    \
        OPS_CHECK_NULLS(op, self, outputSize, out, workspaceSize, executor);                       \
        struct pool_spec s = {.op = op,                                                            \
                              .kind = POOL_AVG,                                                    \
                              .adaptive = true,                                                    \
                              .sp = SP,                                                            \
                              .dt_mask = DT,                                                       \
                              .x = self,                                                           \
                              .y = out,                                                            \
                              .x_name = "self",                                                    \
                              .y_name = "out"};                                                    \
        aclnnStatus rc = pool_arr(op, outputSize, "outputSize", SP, NULL, 1, s.out);               \
        return rc ? rc : pool_build(&s, workspaceSize, executor);                                  \
    }                                                                                              \
    PHASE2(Name)                                                                                   \
    aclnnStatus aclnn##Name##BackwardGetWorkspaceSize(                                             \
        const aclTensor *gradOutput, const aclTensor *self, aclTensor *out,                        \
        uint64_t *workspaceSize, aclOpExecutor **executor)                                         \
    {                                                                                              \
        static const char op[] = "aclnn" #Name "Backward";                                         \
        OPS_CHECK_NULLS(op, gradOutput, self, out, workspaceSize, executor);                       \
        struct pool_spec s = {.op = op,                                                            \
                              .kind = POOL_AVG,                                                    \
                              .backward = true,                                                    \
                              .adaptive = true,                                                    \
                              .sp = SP,                                                            \
                              .out = {1, 1, 1},                                                    \
                              .dt_mask = BDT,                                                      \
                              .x = self,                                                           \
                              .gy = gradOutput,                                                    \
                              .y = out,                                                            \
                              .x_name = "self",                                                    \
                              .gy_name = "gradOutput",                                             \
                              .y_name = "out"};                                                    \
        if (gradOutput->ndim == self->ndim && self->ndim >= SP)                                    \
            for (int i = 0; i < SP; i++)                                                           \
                s.out[i] = gradOutput->dims[self->ndim - SP + i];                                  \
        return pool_build(&s, workspaceSize, executor);                                            \
    }                                                                                              \
    PHASE2(Name##Backward)

ADAPTIVE_AVG(AdaptiveAvgPool2d, 2, OPS_DT_AdaptiveAvgPool2d, OPS_DT_AdaptiveAvgPool2dBackward)
ADAPTIVE_AVG(AdaptiveAvgPool3d, 3, OPS_DT_AdaptiveAvgPool3d, OPS_DT_AdaptiveAvgPool3dBackward)

aclnnStatus aclnnGlobalAveragePoolGetWorkspaceSize(const aclTensor *self, aclTensor *out,
                                                   uint64_t *workspaceSize,
                                                   aclOpExecutor **executor)
{
    static const char op[] = "aclnnGlobalAveragePool";
    OPS_CHECK_NULLS(op, self, out, workspaceSize, executor);
    if (self->ndim < 3 || self->ndim > 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self must have 3 to 5 dims [N, C, spatial...], got %d", op,
                       (int)self->ndim);
    struct pool_spec s = {.op = op,
                          .kind = POOL_AVG,
                          .adaptive = true,
                          .sp = (int)self->ndim - 2,
                          .out = {1, 1, 1},
                          .dt_mask = OPS_DT_GlobalAveragePool,
                          .x = self,
                          .y = out,
                          .x_name = "self",
                          .y_name = "out"};
    return pool_build(&s, workspaceSize, executor);
}

PHASE2(AvgPool2d)
PHASE2(AvgPool3d)
PHASE2(AvgPool2dBackward)
PHASE2(AvgPool3dBackward)
PHASE2(GlobalAveragePool)
