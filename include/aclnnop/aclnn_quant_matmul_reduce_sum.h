/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_quant_matmul_reduce_sum.h: The INT8 batched product with x2 in the layout
 * aclnnTransMatmulWeight leaves (ND in cpuacl), each batch scaled per token and channel, summed
 * over the batch.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("matmul") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_REDUCE_SUM_H
#define CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_REDUCE_SUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale, const aclTensor *x1Offset, const aclTensor *x2Offset, const aclTensor *yOffset, const aclTensor *bias, bool transposeX1, bool transposeX2, int64_t groupSize, const aclIntArray *dims, bool keepDims, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulReduceSumWeightNz(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_REDUCE_SUM_H */
