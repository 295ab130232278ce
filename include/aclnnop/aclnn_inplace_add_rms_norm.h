/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_inplace_add_rms_norm.h: AddRmsNorm in place: x1Ref gets the normalised
 * output, x2Ref the sum x1 + x2.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INPLACE_ADD_RMS_NORM_H
#define CPUACL_ACLNNOP_ACLNN_INPLACE_ADD_RMS_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddRmsNormGetWorkspaceSize(aclTensor *x1Ref, aclTensor *x2Ref, const aclTensor *gamma, double epsilon, const aclTensor *rstdOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAddRmsNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INPLACE_ADD_RMS_NORM_H */
