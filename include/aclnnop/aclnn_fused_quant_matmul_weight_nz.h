/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_quant_matmul_weight_nz.h: FusedQuantMatmul with x2 in the layout
 * aclnnTransMatmulWeight leaves (ND in cpuacl).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Matrix products") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_QUANT_MATMUL_WEIGHT_NZ_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_QUANT_MATMUL_WEIGHT_NZ_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedQuantMatmulWeightNzGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScaleOptional, const aclTensor *x1OffsetOptional, const aclTensor *x2OffsetOptional, const aclTensor *yOffsetOptional, const aclTensor *biasOptional, const aclTensor *x3Optional, const char *fusedOpType, int64_t groupSizeOptional, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedQuantMatmulWeightNz(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_QUANT_MATMUL_WEIGHT_NZ_H */
