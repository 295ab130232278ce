/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_leaky_relu_grad_v2.h: LeakyReluGradV2, the gradient of LeakyRelu with the slope as an attribute.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_GRAD_V2_H
#define CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_GRAD_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLeakyReluGradV2: dx = x > 0 ? dy : negativeSlope dy. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeakyReluGradV2GetWorkspaceSize(const aclTensor *dy, const aclTensor *x, double negativeSlope, aclTensor *dx, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeakyReluGradV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_GRAD_V2_H */
