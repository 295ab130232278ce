/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_binary_cross_entropy.h: the binary cross entropy of probabilities.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_H
#define CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBinaryCrossEntropy: -weight * (target log(self) + (1 - target) log(1 - self)), each log
 * clamped at -100; weight optional; then reduction. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyGetWorkspaceSize(const aclTensor *self, const aclTensor *target, const aclTensor *weight, int64_t reduction, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropy(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_H */
