/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rms_norm_quant.h: RmsNorm times gamma plus beta, quantised to INT8:
 * y = round(v / scale + offset).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RMS_NORM_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_RMS_NORM_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *gamma, const aclTensor *beta, const aclTensor *scale, const aclTensor *offset, double epsilon, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RMS_NORM_QUANT_H */
