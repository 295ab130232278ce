/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_average_pooling_grad.h: AveragePoolingGrad (ops-nn's experimental folder),
 * the input gradient of a 2-d average pooling of NCHW with asymmetric pads.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AVERAGE_POOLING_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_AVERAGE_POOLING_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAveragePoolingGrad: origInputShape [N, C, H, W] (out's shape); gradOutput [N, C, Ho, Wo]
 * and out of one type (FLOAT, FLOAT16); each out cell sums the gradOutput cells whose window
 * covers it, each divided by its divisor (divisorOverride when not 0, else the window's cells,
 * the padded ones too when countIncludePad). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAveragePoolingGradGetWorkspaceSize(
    const aclIntArray *origInputShape, const aclTensor *gradOutput, int64_t kernelH,
    int64_t kernelW, int64_t strideH, int64_t strideW, int64_t padTop, int64_t padBottom,
    int64_t padLeft, int64_t padRight, bool ceilMode, bool countIncludePad,
    int64_t divisorOverride, const aclTensor *out, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAveragePoolingGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_AVERAGE_POOLING_GRAD_H */
