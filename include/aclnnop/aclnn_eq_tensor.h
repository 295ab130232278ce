/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_eq_tensor.h: elementwise self == other, broadcast.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EQ_TENSOR_H
#define CPUACL_ACLNNOP_ACLNN_EQ_TENSOR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEqTensor: out = (self == other) as 1 / 0 in out's type, compared in the promoted type; NaN equals nothing. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEqTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEqTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceEqTensor: EqTensor written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceEqTensorGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceEqTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EQ_TENSOR_H */
