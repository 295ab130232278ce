/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_var.h: Variance over a set of dimensions.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_VAR_H
#define CPUACL_ACLNNOP_ACLNN_VAR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnVar: out = the variance of self over dim (empty: every dim), unbiased
 * divides by N - 1, else N. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnVarGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool unbiased, bool keepdim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnVar(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnVarCorrection: as aclnnVar dividing by max(0, N - correction). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnVarCorrectionGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, int64_t correction, bool keepdim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnVarCorrection(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_VAR_H */
