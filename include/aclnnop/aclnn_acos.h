/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_acos.h: out = arccos(self); integer / bool inputs give a FLOAT result.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ACOS_H
#define CPUACL_ACLNNOP_ACLNN_ACOS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAcos: out: self's shape; NaN outside [-1, 1]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcosGetWorkspaceSize(const aclTensor *input, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcos(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceAcos: Acos written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAcosGetWorkspaceSize(aclTensor *inputRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAcos(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ACOS_H */
