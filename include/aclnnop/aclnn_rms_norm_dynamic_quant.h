/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rms_norm_dynamic_quant.h: RmsNorm (gamma, optional beta), optionally
 * scaled by smooth scales, quantised with a scale per row.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RMS_NORM_DYNAMIC_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_RMS_NORM_DYNAMIC_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormDynamicQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, const aclTensor *smoothScalesOptional, const aclTensor *betaOptional, double epsilon, int64_t dstType, const aclTensor *yOut, const aclTensor *scaleOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormDynamicQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RMS_NORM_DYNAMIC_QUANT_H */
