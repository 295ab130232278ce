/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_add_relu.h: relu(self + alpha other).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADD_RELU_H
#define CPUACL_ACLNNOP_ACLNN_ADD_RELU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAddRelu: out = max(self + alpha other, 0), self and other broadcast; floating and integer types. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddReluGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddRelu(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceAddRelu: in place into selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddReluGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, aclScalar *alpha, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddRelu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADD_RELU_H */
