/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_weight_quant_batch_matmul_v3.h: matrix product with a
 * quantised weight, y = x @ ((weight + antiquantOffset) * antiquantScale)
 * + bias: aclnn_weight_quant_batch_matmul_v2.h's types and shapes.
 * WeightQuantBatchMatmulV2 with innerPrecise (0 high precision, 1 high
 * performance: in cpuacl, for A16W4 per-group calls with x's rows <= 16,
 * x rounded to int8 per group on CPUs with AVX512-VNNI; otherwise as 0).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("matmul") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_V3_H
#define CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffsetOptional, const aclTensor *quantScaleOptional,
    const aclTensor *quantOffsetOptional, const aclTensor *biasOptional, int antiquantGroupSize,
    int innerPrecise, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantBatchMatmulV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_V3_H */
