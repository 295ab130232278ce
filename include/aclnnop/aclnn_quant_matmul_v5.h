/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_quant_matmul_v5.h: The quantised matrix product with its parameters named
 * per operand: with groupSize 0 aclnnQuantMatmulWeightNz's product; with groupSize =
 * gm << 32 | gn << 16 | gk the per-block form, out = sum over k-blocks of the INT8 block
 * products times x1Scale and x2Scale of the block, plus bias.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_V5_H
#define CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_V5_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnQuantMatmulV5: yScale, x1Offset, yOffset and the INT4-in-INT32 / float8 / MX
 * forms are refused by cpuacl (161002). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulV5GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *x1Scale, const aclTensor *x2Scale, const aclTensor *yScale, const aclTensor *x1Offset, const aclTensor *x2Offset, const aclTensor *yOffset, const aclTensor *bias, bool transposeX1, bool transposeX2, int64_t groupSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulV5(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_V5_H */
