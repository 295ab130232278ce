/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dynamic_quant_v2.h: Per-token dynamic quantisation, symmetric
 * (scaleOut = max|row| / dtypeMax) or, with offsetOut, asymmetric (scaleOut =
 * (max - min) / (dtypeMax - dtypeMin), offsetOut = dtypeMax - max / scaleOut),
 * into INT8, INT4 or INT32 (eight INT4 a word), the rows multiplied by
 * smoothScalesOptional (per expert with groupIndexOptional) first.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DYNAMIC_QUANT_V2_H
#define CPUACL_ACLNNOP_ACLNN_DYNAMIC_QUANT_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDynamicQuantV2: dstType 2 (INT8), 29 (INT4) or 3 (INT32), yOut's type; the float8
 * types are refused by cpuacl (161002). groupIndexOptional holds each expert's cumulative
 * row end (INT32 or INT64); offsetOut NULL selects the symmetric form. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDynamicQuantV2GetWorkspaceSize(const aclTensor *x, const aclTensor *smoothScalesOptional, const aclTensor *groupIndexOptional, int64_t dstType, const aclTensor *yOut, const aclTensor *scaleOut, const aclTensor *offsetOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDynamicQuantV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DYNAMIC_QUANT_V2_H */
