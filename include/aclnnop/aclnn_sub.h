/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sub.h: out = self - alpha * other, with type promotion and
 * broadcasting (not for bool).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SUB_H
#define CPUACL_ACLNNOP_ACLNN_SUB_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSub: As aclnnAdd, subtracting. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSubGetWorkspaceSize(const aclTensor *self, const aclTensor *other, const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSub(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnSubs: As aclnnAdds, subtracting. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSubsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSubs(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceSub: selfRef -= alpha * other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSubGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSub(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceSubs: selfRef -= alpha * other for a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSubsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, const aclScalar *alpha, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceSubs(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SUB_H */
