/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_cross_entropy_loss_grad.h: CrossEntropyLossGrad, the gradient of
 * CrossEntropyLoss with respect to its input, from the forward's logProbOut.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCrossEntropyLossGrad: gradLoss (reductionOptional "none": [N], "mean" (also NULL) /
 * "sum": 0-d), logProb [N, C] and out [N, C] of one type (FLOAT, FLOAT16, BFLOAT16); target
 * [N] INT64; weightOptional [C] FLOAT; the z-loss inputs, when given, of logProb's type, take
 * no part: lseSquareScaleForZloss must be 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCrossEntropyLossGradGetWorkspaceSize(
    const aclTensor *gradLoss, const aclTensor *logProb, const aclTensor *target,
    const aclTensor *weightOptional, const aclTensor *gradZlossOptional,
    const aclTensor *lseForZlossOptional, char *reductionOptional, int64_t ignoreIndex,
    double labelSmoothing, double lseSquareScaleForZloss, const aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCrossEntropyLossGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_GRAD_H */
