/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_add_rms_norm.h: FusedAddRmsNorm, RmsNorm of x1 scale + x2.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_ADD_RMS_NORM_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_ADD_RMS_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFusedAddRmsNorm: xOut = x1 scale + x2; yOut = RmsNorm(xOut) gamma (gamma over the
 * trailing dims, rstdOut FLOAT one value per row), as aclnnAddRmsNorm. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, double epsilon, double scale, const aclTensor *yOut, const aclTensor *rstdOut, const aclTensor *xOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedAddRmsNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_ADD_RMS_NORM_H */
