/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_add_rms_norm.h: xOut = x1 + x2, yOut = RmsNorm(xOut) * gamma over
 * the trailing dims gamma spans, rstdOut = 1 / sqrt(mean(xOut^2) + eps).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Tensors may be non-contiguous views of up to 8 dims.
 * docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_H
#define CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAddRmsNormGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, double epsilon, aclTensor *yOut, aclTensor *rstdOut, aclTensor *xOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddRmsNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_H */
