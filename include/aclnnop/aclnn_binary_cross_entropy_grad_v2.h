/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_binary_cross_entropy_grad_v2.h: BinaryCrossEntropyGradV2, the gradient of binary cross entropy.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_GRAD_V2_H
#define CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_GRAD_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBinaryCrossEntropyGradV2: z = grad weight (logits - labels) / max(logits (1 - logits),
 * 1e-12), / n under reduction 1 (mean); reduction 0 none, 1 mean, 2 sum. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyGradV2GetWorkspaceSize(const aclTensor *grad, const aclTensor *logits, const aclTensor *labels, const aclTensor *weight, int64_t reduction, const aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBinaryCrossEntropyGradV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BINARY_CROSS_ENTROPY_GRAD_V2_H */
