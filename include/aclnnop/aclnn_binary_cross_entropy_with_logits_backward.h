/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h: the gradient of the binary cross entropy of logits.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_WITH_LOGITS_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_WITH_LOGITS_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBinaryCrossEntropyWithLogitsBackward: out = gradOutput * weight * (lw * sigmoid(self) -
 * posWeight * target). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *target, const aclTensor *weightOptional, const aclTensor *posWeightOptional, int64_t reduction, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyWithLogitsBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_WITH_LOGITS_BACKWARD_H */
