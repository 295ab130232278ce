/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_quant_matmul.h: The INT8 quantised matrix product with a GELU fused after
 * its dequantisation.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Matrix products") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_QUANT_MATMUL_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_QUANT_MATMUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedQuantMatmulGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScaleOptional, const aclTensor *x1OffsetOptional, const aclTensor *x2OffsetOptional, const aclTensor *yOffsetOptional, const aclTensor *biasOptional, const aclTensor *x3Optional, const char *fusedOpType, int64_t groupSizeOptional, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedQuantMatmul(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_QUANT_MATMUL_H */
