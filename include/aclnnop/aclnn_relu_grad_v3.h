/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_relu_grad_v3.h: ReluGradV3, the gradient of Relu from its input.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RELU_GRAD_V3_H
#define CPUACL_ACLNNOP_ACLNN_RELU_GRAD_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReluGradV3: z = x > 0 ? y : 0 (x the forward input, y the gradient). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReluGradV3GetWorkspaceSize(const aclTensor *x, const aclTensor *y, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReluGradV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RELU_GRAD_V3_H */
