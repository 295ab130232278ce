/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fast_batch_norm_backward.h: FastBatchNormBackward, BatchNormBackward with an algorithm version.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FAST_BATCH_NORM_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_FAST_BATCH_NORM_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFastBatchNormBackward: aclnnBatchNormBackward; version (0 or 1) picks CANN's kernel
 * algorithm and does not change the result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFastBatchNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input, const aclTensor *weight, const aclTensor *runningMean, const aclTensor *runningVar, const aclTensor *saveMean, const aclTensor *saveInvstd, bool training, double eps, const aclBoolArray *outputMask, int version, aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFastBatchNormBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FAST_BATCH_NORM_BACKWARD_H */
