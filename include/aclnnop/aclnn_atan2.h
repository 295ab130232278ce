/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_atan2.h: elementwise atan2(self, other), the angle of (other, self), broadcast.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ATAN2_H
#define CPUACL_ACLNNOP_ACLNN_ATAN2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAtan2: integer / bool inputs give a FLOAT result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAtan2GetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAtan2(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceAtan2: Atan2 written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAtan2GetWorkspaceSize(aclTensor *selfRef, aclTensor *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAtan2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ATAN2_H */
