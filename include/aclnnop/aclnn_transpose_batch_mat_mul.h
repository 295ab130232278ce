/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_transpose_batch_mat_mul.h: A batched matrix product of permuted
 * 3-D operands with a permuted result: out = permute(permute(x1, permX1) @
 * permute(x2, permX2), permY).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("matmul") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRANSPOSE_BATCH_MAT_MUL_H
#define CPUACL_ACLNNOP_ACLNN_TRANSPOSE_BATCH_MAT_MUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTransposeBatchMatMul: permX1 [0, 1, 2] or [1, 0, 2], permX2 [0, 1, 2] or
 * [0, 2, 1], permY [1, 0, 2]; bias is reserved (NULL); scale (an INT8 out) and
 * batchSplitFactor other than 1 are refused by cpuacl (161002). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransposeBatchMatMulGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *scale, const aclIntArray *permX1, const aclIntArray *permX2, const aclIntArray *permY, int8_t cubeMathType, const int32_t batchSplitFactor, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransposeBatchMatMul(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnTransposeBatchMatMulWeightNz: x2 in the layout aclnnTransMatmulWeight
 * leaves, which in cpuacl is ND: the same product. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransposeBatchMatMulWeightNzGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *scale, const aclIntArray *permX1, const aclIntArray *permX2, const aclIntArray *permY, int8_t cubeMathType, const int32_t batchSplitFactor, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTransposeBatchMatMulWeightNz(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRANSPOSE_BATCH_MAT_MUL_H */
