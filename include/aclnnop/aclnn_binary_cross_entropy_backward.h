/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_binary_cross_entropy_backward.h: the gradient of the binary cross entropy.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBinaryCrossEntropyBackward: out = gradOutput * weight * (self - target) / max(self (1 -
 * self), 1e-12). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *target, const aclTensor *weightOptional, int64_t reduction, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_BACKWARD_H */
