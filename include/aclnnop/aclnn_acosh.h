/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_acosh.h: out = acosh(self); integer / bool inputs give a FLOAT result.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ACOSH_H
#define CPUACL_ACLNNOP_ACLNN_ACOSH_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAcosh: out: self's shape; NaN below 1. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcoshGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcosh(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceAcosh: Acosh written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAcoshGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAcosh(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ACOSH_H */
