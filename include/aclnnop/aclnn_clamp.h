/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_clamp.h: out = min(max(self, clipValueMin), clipValueMax) with scalar or tensor bounds.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CLAMP_H
#define CPUACL_ACLNNOP_ACLNN_CLAMP_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnClamp: out = min(max(self, clipValueMin), clipValueMax) in out's type; either bound may be NULL (not both). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin, const aclScalar *clipValueMax, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClamp(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnClampMin: out = max(self, clipValueMin). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMinGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMin(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnClampTensor: tensor bounds, the three broadcast together and promoted; NaN propagates. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *clipValueMin, const aclTensor *clipValueMax, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnClampMinTensor: out = max(self, clipValueMin) broadcast; NaN propagates. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMinTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *clipValueMin, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMinTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceClampMinTensor: ClampMinTensor written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceClampMinTensorGetWorkspaceSize(aclTensor *selfRef, const aclTensor *clipValueMin, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceClampMinTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnClampMax: out = min(self, clipValueMax). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMaxGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMax, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMax(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceClampMax: ClampMax written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceClampMaxGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *clipValueMax, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceClampMax(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnClampMaxTensor: out = min(self, max) broadcast; NaN propagates. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMaxTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *max, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMaxTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceClampMaxTensor: ClampMaxTensor written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceClampMaxTensorGetWorkspaceSize(aclTensor *selfRef, const aclTensor *max, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceClampMaxTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CLAMP_H */
