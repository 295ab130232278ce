/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_add_rms_norm_dynamic_quant.h: x = x1 + x2 normalised by its RMS times gamma,
 * optionally scaled by smooth scales, quantised to INT8 with a scale per row.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_DYNAMIC_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_DYNAMIC_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAddRmsNormDynamicQuantGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, const aclTensor *smoothScale1Optional, const aclTensor *smoothScale2Optional, double epsilon, aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut, aclTensor *scale1Out, aclTensor *scale2Out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddRmsNormDynamicQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADD_RMS_NORM_DYNAMIC_QUANT_H */
