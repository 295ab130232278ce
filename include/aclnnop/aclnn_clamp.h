/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_clamp.h: Clamp every element into [min, max] (Clamp, ClampMin,
 * ClampMax, InplaceClampMax).
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

/* aclnnClamp: out = min(max(self, clipValueMin), clipValueMax), computed in
 * out's type; either bound may be NULL (no bound), not both. A NaN element
 * or bound gives NaN. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin, const aclScalar *clipValueMax, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClamp(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnClampMin: out = max(self, clipValueMin), as aclnnClamp without an upper bound. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMinGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMin(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnClampMax: out = min(self, clipValueMax), as aclnnClamp without a lower bound. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMaxGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMax, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClampMax(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceClampMax: ClampMax written back into selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceClampMaxGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *clipValueMax, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceClampMax(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CLAMP_H */
