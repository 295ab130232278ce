/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_remainder.h: elementwise self - floor(self / other) * other (the sign of other), broadcast.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REMAINDER_H
#define CPUACL_ACLNNOP_ACLNN_REMAINDER_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRemainderTensorTensor: tensor self and other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRemainderTensorTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRemainderTensorTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnRemainderTensorScalar: a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRemainderTensorScalarGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRemainderTensorScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnRemainderScalarTensor: a scalar self. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRemainderScalarTensorGetWorkspaceSize(const aclScalar *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRemainderScalarTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceRemainderTensorTensor: RemainderTensorTensor written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRemainderTensorTensorGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRemainderTensorTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceRemainderTensorScalar: RemainderTensorScalar written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRemainderTensorScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRemainderTensorScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REMAINDER_H */
