/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_swi_glu_quant_v2.h: SwiGLU (swish of one half of each row times
 * the other) followed by a per-row quantisation: dynamic (scaleOut = dtypeMax /
 * max|act * smoothScales|, yOut = round(act * smoothScales * scaleOut)) or
 * static (yOut = round(act * smoothScales + offsets)), the smooth scales and
 * offsets chosen per MoE group by groupIndexOptional.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SWI_GLU_QUANT_V2_H
#define CPUACL_ACLNNOP_ACLNN_SWI_GLU_QUANT_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSwiGluQuantV2: groupListType 0 (cumulative ends) or 1 (counts); dstType 2 (INT8)
 * or 29 (INT4, two a byte, yOut contiguous). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwiGluQuantV2GetWorkspaceSize(const aclTensor *x, const aclTensor *smoothScalesOptional, const aclTensor *offsetsOptional, const aclTensor *groupIndexOptional, bool activateLeft, char *quantModeOptional, int64_t groupListType, int64_t dstType, const aclTensor *yOut, const aclTensor *scaleOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwiGluQuantV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SWI_GLU_QUANT_V2_H */
