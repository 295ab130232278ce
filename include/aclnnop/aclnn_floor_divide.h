/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_floor_divide.h: elementwise floor(self / other), broadcast; integers keep their type.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FLOOR_DIVIDE_H
#define CPUACL_ACLNNOP_ACLNN_FLOOR_DIVIDE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFloorDivide: tensor other; an integer division by zero gives 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFloorDivideGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFloorDivide(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnFloorDivides: scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFloorDividesGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFloorDivides(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceFloorDivide: FloorDivide written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFloorDivideGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFloorDivide(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceFloorDivides: FloorDivides written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFloorDividesGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFloorDivides(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FLOOR_DIVIDE_H */
