/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_assign_sub.h: varOut = var - value, broadcast.
 *
 * Declared as ops-math's experimental/math/assign_sub defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ASSIGN_SUB_H
#define CPUACL_ACLNNOP_ACLNN_ASSIGN_SUB_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAssignSub: varOut may be var itself. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAssignSubGetWorkspaceSize(const aclTensor *var, const aclTensor *value, aclTensor *varOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAssignSub(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ASSIGN_SUB_H */
