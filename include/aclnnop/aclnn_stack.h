/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_stack.h: Join same-shaped tensors along a new dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_STACK_H
#define CPUACL_ACLNNOP_ACLNN_STACK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnStack: out has the tensors' shape with a new dim of len(tensors) at dim
 * (in [-ndim-1, ndim]); the tensors' promoted type must cast to out's. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnStackGetWorkspaceSize(const aclTensorList *tensors, int64_t dim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnStack(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_STACK_H */
