/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_erfinv.h: out = the inverse error function of self: NaN outside [-1, 1], +-inf at +-1.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ERFINV_H
#define CPUACL_ACLNNOP_ACLNN_ERFINV_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnErfinv: integer / bool inputs give a FLOAT result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnErfinvGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnErfinv(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceErfinv: Erfinv written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceErfinvGetWorkspaceSize(const aclTensor *selfRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceErfinv(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ERFINV_H */
