/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_frac.h: out = self - trunc(self), the fractional part with self's sign.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FRAC_H
#define CPUACL_ACLNNOP_ACLNN_FRAC_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFrac: out: self's shape; floating types only. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFracGetWorkspaceSize(const aclTensor *input, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFrac(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceFrac: Frac written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFracGetWorkspaceSize(aclTensor *inputRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFrac(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FRAC_H */
