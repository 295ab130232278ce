/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_prelu_backward.h: PreluBackward, the gradients of Prelu.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PRELU_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_PRELU_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnPreluBackward: gradInput = self > 0 ? gradOutput : weight gradOutput; gradWeight (weight's
 * shape) = the sums of gradOutput self where self <= 0, per channel (dim 1) when weight has
 * self's channel count, else over everything. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPreluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *weight, aclTensor *gradInput, aclTensor *gradWeight, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPreluBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PRELU_BACKWARD_H */
