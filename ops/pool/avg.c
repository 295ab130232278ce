/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Average pooling's entry points, each a description handed to pool_build
 * (pool.c): AvgPool2d and AvgPool3d with their gradients, AdaptiveAvgPool2d/3d
 * and their gradients, GlobalAveragePool; AveragePoolingGrad (ops-nn's experimental op, AV1).
 */
#include <string.h>

#include "aclnnop/aclnn_adaptive_avg_pool2d.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "aclnnop/aclnn_average_pooling_grad.h"
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

/* AV1: AveragePoolingGrad (ops-nn's experimental op): AvgPool2dBackward with the window as
 * scalars and asymmetric pads (top, bottom, left, right); origInputShape ([N, C, H, W]) must be
 * out's shape, which stands for the pooled input (the backward reads only its shape). With
 * countIncludePad (and no divisorOverride) every window divides by kernelH x kernelW, as its
 * example's reference does: unlike torch, also a ceil-mode window reaching past the padding. */
aclnnStatus aclnnAveragePoolingGradGetWorkspaceSize(
    const aclIntArray *origInputShape, const aclTensor *gradOutput, int64_t kernelH,
    int64_t kernelW, int64_t strideH, int64_t strideW, int64_t padTop, int64_t padBottom,
    int64_t padLeft, int64_t padRight, bool ceilMode, bool countIncludePad, int64_t divisorOverride,
    const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnAveragePoolingGrad";
    OPS_CHECK_NULLS(op, origInputShape, gradOutput, out, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(out, op, "out")) ||
        (rc = ops_check_dims(gradOutput, op, "gradOutput")) ||
        (rc = ops_need_dt(op, "out", out->dtype, OPS_DT_AveragePoolingGrad, &dt)))
        return rc;
    if (gradOutput->dtype != out->dtype) /* named here: pool_build would name origInputShape */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput type %s differs from out's %s", op,
                       ops_dt_name(gradOutput->dtype), ops_dt_name(out->dtype));
    if (origInputShape->n != 4 || out->ndim != 4 ||
        memcmp(origInputShape->v, out->dims, 4 * sizeof(int64_t)) != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: origInputShape must hold 4 values [N, C, H, W], out's shape", op);
    if (kernelH < 1 || kernelW < 1 || strideH < 1 || strideW < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: kernelH %lld, kernelW %lld, strideH %lld, strideW %lld must be >= 1",
                       op, (long long)kernelH, (long long)kernelW, (long long)strideH,
                       (long long)strideW);
    if (padTop < 0 || padBottom < 0 || padLeft < 0 || padRight < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: padTop/padBottom/padLeft/padRight must be "
                       ">= 0",
                       op);
    struct pool_spec s = pool_spec_of(op, POOL_AVG, 2, OPS_DT_AveragePoolingGrad, out, gradOutput,
                                      (aclTensor *)out, "out");
    s.x_name = "origInputShape";
    s.ceil = ceilMode, s.include_pad = countIncludePad, s.divisor = divisorOverride;
    if (countIncludePad && divisorOverride == 0) /* AV1: the whole kernel, as CANN's example */
        s.divisor = kernelH * kernelW;
    s.k[0] = kernelH, s.k[1] = kernelW, s.s[0] = strideH, s.s[1] = strideW;
    s.plo[0] = padTop, s.phi[0] = padBottom, s.plo[1] = padLeft, s.phi[1] = padRight;
    s.d[0] = s.d[1] = 1;
    return pool_build(&s, workspaceSize, executor);
}
PHASE2(AveragePoolingGrad)
