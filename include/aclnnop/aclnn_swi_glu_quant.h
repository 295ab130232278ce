/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_swi_glu_quant.h: SwiGLU (swish of one half of each row times
 * the other) followed by a per-row quantisation: dynamic (scaleOut = dtypeMax /
 * max|act * smoothScales|, yOut = round(act * smoothScales * scaleOut)) or
 * static (yOut = round(act * smoothScales + offsets)), the smooth scales and
 * offsets chosen per MoE group by groupIndexOptional.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SWI_GLU_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_SWI_GLU_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSwiGluQuant: yOut INT8; quantModeOptional "dynamic" (or NULL) or "static". */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwiGluQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *smoothScalesOptional, const aclTensor *offsetsOptional, const aclTensor *groupIndexOptional, bool activateLeft, char *quantModeOptional, const aclTensor *yOut, const aclTensor *scaleOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwiGluQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SWI_GLU_QUANT_H */
