/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_logical_not.h: logical negation.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOGICAL_NOT_H
#define CPUACL_ACLNNOP_ACLNN_LOGICAL_NOT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLogicalNot: out = (self == 0), written as 1/0 in out's type; out
 * shaped like self. The in-place form writes selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogicalNotGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogicalNot(CPUACL_ACLNN_LAUNCH_PARAMS);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceLogicalNotGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceLogicalNot(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOGICAL_NOT_H */
