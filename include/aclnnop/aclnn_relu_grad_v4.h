/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_relu_grad_v4.h: ReluGradV4, the gradient of Relu from its UINT8 mask.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RELU_GRAD_V4_H
#define CPUACL_ACLNNOP_ACLNN_RELU_GRAD_V4_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReluGradV4: out = self != 0 ? gradOutput : 0; threshold must be 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReluGradV4GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclScalar *threshold, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReluGradV4(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RELU_GRAD_V4_H */
