/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batchmatmul_quant.h: A FLOAT16 matrix product quantised to INT8:
 * out = round((x1 @ x2 + bias) * scale + offset), scale and offset from quantParam's
 * words (aclnnTransQuantParam).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCHMATMUL_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_BATCHMATMUL_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBatchMatmulQuant: x1, x2 FLOAT16 2-D (transposed by the flags), bias FLOAT16 [n]
 * or NULL, quantParam UINT64 1 word or at least n (the first n read), out INT8 [m, n]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchMatmulQuantGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *quantParam, const aclTensor *bias, bool transposeX1, bool transposeX2, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchMatmulQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCHMATMUL_QUANT_H */
