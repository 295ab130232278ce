/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_weight_quant_batch_matmul_nz.h: matrix product with a
 * quantised weight, y = x @ ((weight + antiquantOffset) * antiquantScale)
 * + bias: aclnn_weight_quant_batch_matmul_v2.h's types and shapes.
 * WeightQuantBatchMatmulV2 with the weight in the layout aclnnTransMatmulWeight
 * leaves (ND in cpuacl): the same product.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("matmul") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_NZ_H
#define CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_NZ_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantBatchMatmulNzGetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffsetOptional, const aclTensor *quantScaleOptional,
    const aclTensor *quantOffsetOptional, const aclTensor *biasOptional, int antiquantGroupSize,
    const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantBatchMatmulNz(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_NZ_H */
