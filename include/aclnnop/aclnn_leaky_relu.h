/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_leaky_relu.h: the leaky rectified linear unit.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_H
#define CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLeakyRelu: out = self > 0 ? self : negativeSlope * self. self and out
 * FLOAT, FLOAT16 or BFLOAT16 of one shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeakyReluGetWorkspaceSize(const aclTensor *self, const aclScalar *negativeSlope, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLeakyRelu(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceLeakyRelu: LeakyRelu written back into selfRef (also DOUBLE). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceLeakyReluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *negativeSlope, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceLeakyRelu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LEAKY_RELU_H */
