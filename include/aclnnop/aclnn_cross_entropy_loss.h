/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_cross_entropy_loss.h: CrossEntropyLoss, the cross entropy of class targets.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCrossEntropyLoss: input [N, C] (FLOAT, FLOAT16, BFLOAT16), target [N] (INT32, INT64),
 * weightOptional [C] FLOAT; logProbOut = log_softmax(input); lossOut per
 * reductionOptional ("mean" also NULL, "sum", "none": [N]) with ignoreIndex and
 * labelSmoothing as torch's cross_entropy; the z-loss outputs are not computed
 * (returnZloss and lseSquareScaleForZloss must be false / 0). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCrossEntropyLossGetWorkspaceSize(const aclTensor *input, const aclTensor *target, const aclTensor *weightOptional, char *reductionOptional, int64_t ignoreIndex, double labelSmoothing, double lseSquareScaleForZloss, bool returnZloss, const aclTensor *lossOut, const aclTensor *logProbOut, const aclTensor *zlossOut, const aclTensor *lseForZlossOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCrossEntropyLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CROSS_ENTROPY_LOSS_H */
