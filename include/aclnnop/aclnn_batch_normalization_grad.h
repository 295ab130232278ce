/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batch_normalization_grad.h: BatchNormalizationGrad (ops-nn's experimental
 * folder), the training-mode gradients of BatchNorm from the saved statistics.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCH_NORMALIZATION_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_BATCH_NORMALIZATION_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBatchNormalizationGrad: input [N, C, *] (FLOAT, FLOAT16, BFLOAT16), gradOutput and
 * gradInput its shape; weight, bias, saveMean, saveInvstd, gradWeight, gradBias [C]; bias
 * takes no part; epsilon is accepted and unused (the saved invstd already holds it). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormalizationGradGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *input, const aclTensor *weight,
    const aclTensor *bias, const aclTensor *saveMean, const aclTensor *saveInvstd, double epsilon,
    aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormalizationGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCH_NORMALIZATION_GRAD_H */
