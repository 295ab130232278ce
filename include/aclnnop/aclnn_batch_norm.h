/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batch_norm.h: batch normalisation over the channel dim.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCH_NORM_H
#define CPUACL_ACLNNOP_ACLNN_BATCH_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBatchNorm: input [N, C, *]; training: normalise with the batch's mean and biased
 * variance, update runningMean / runningVar with momentum (unbiased variance), saveMean /
 * saveInvstd get the batch's; inference: normalise with the running statistics. weight, bias
 * optional. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormGetWorkspaceSize(const aclTensor *input, const aclTensor *weight, const aclTensor *bias, aclTensor *runningMean, aclTensor *runningVar, bool training, double momentum, double eps, aclTensor *output, aclTensor *saveMean, aclTensor *saveInvstd, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCH_NORM_H */
