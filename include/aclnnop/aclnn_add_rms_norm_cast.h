/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_add_rms_norm_cast.h: AddRmsNorm whose output is written as FLOAT (y1Out)
 * and in the input type (y2Out).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_CAST_H
#define CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_CAST_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAddRmsNormCastGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, double epsilon, const aclTensor *y1Out, const aclTensor *y2Out, const aclTensor *rstdOut, const aclTensor *xOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddRmsNormCast(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_CAST_H */
