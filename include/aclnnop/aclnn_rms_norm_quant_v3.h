/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rms_norm_quant_v3.h: RmsNorm of x (gamma, optional beta), then y = round(v *
 * scale + offset) (divMode: v / scale) to INT8; rstd when outputRstd.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RMS_NORM_QUANT_V3_H
#define CPUACL_ACLNNOP_ACLNN_RMS_NORM_QUANT_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormQuantV3GetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, const aclTensor *scale, const aclTensor *offsetOptional, const aclTensor *betaOptional, double epsilon, bool divMode, bool outputRstd, aclTensor *y, aclTensor *rstd, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormQuantV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RMS_NORM_QUANT_V3_H */
