/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dynamic_quant.h: Per-row symmetric quantisation to INT8 with the scales
 * computed: scaleOut = max|x * smooth| / 127 per row, yOut = round(x * smooth / scale).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DYNAMIC_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_DYNAMIC_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnDynamicQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *smoothScalesOptional, const aclTensor *yOut, const aclTensor *scaleOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDynamicQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DYNAMIC_QUANT_H */
