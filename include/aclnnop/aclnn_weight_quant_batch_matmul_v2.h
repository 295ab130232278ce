/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_weight_quant_batch_matmul_v2.h: matrix product with a
 * quantised weight, y = x @ ((weight + antiquantOffset) * antiquantScale)
 * + bias.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. x [m, k] FLOAT16 or BFLOAT16; weight [k, n] INT8 or
 * INT4 (packed two per byte, even element in the low nibble), any strides
 * (a transposed view is the usual case); antiquantScale/antiquantOffset of
 * x's type, shaped (1,)/(1, 1) per tensor, (n,)/(1, n) per channel, or
 * (ceil(k / antiquantGroupSize), n) per group (antiquantGroupSize a multiple
 * of 32 in [32, k - 1], else 0); bias (n,)/(1, n); y [m, n] of x's type.
 * The output quantisation inputs (quantScale, quantOffset) are not
 * supported by cpuacl (ACLNN_ERR_PARAM_INVALID).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_V2_H
#define CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(
    const aclTensor *x, const aclTensor *weight, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffsetOptional, const aclTensor *quantScaleOptional,
    const aclTensor *quantOffsetOptional, const aclTensor *biasOptional, int antiquantGroupSize,
    const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnWeightQuantBatchMatmulV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_WEIGHT_QUANT_BATCH_MATMUL_V2_H */
