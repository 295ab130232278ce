/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hardtanh.h: out = min(max(self, clipValueMin), clipValueMax); NaN stays NaN.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HARDTANH_H
#define CPUACL_ACLNNOP_ACLNN_HARDTANH_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHardtanh: out: self's shape; self's type must cast to out's. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardtanhGetWorkspaceSize(const aclTensor *self, const aclScalar *clipValueMin, const aclScalar *clipValueMax, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardtanh(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceHardtanh: Hardtanh written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceHardtanhGetWorkspaceSize(aclTensor *selfRef, const aclScalar *clipValueMin, const aclScalar *clipValueMax, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceHardtanh(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HARDTANH_H */
