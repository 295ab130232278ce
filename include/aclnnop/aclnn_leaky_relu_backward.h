/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_leaky_relu_backward.h: the gradient of leaky ReLU.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLeakyReluBackward: out = self > 0 ? gradOutput : negativeSlope gradOutput (self the input, or the result when selfIsResult, which needs negativeSlope >= 0). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeakyReluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclScalar *negativeSlope, bool selfIsResult, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeakyReluBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_BACKWARD_H */
