/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_quant_matmul.h: The INT8 matrix product of the first quantised-matmul
 * interface: out = (x1 @ x2 + bias) * deqScale, deqScale the words of
 * aclnnTransQuantParam. (CANN's header also declares aclnnQuantMatmul, of a float
 * deqScale, which cpuacl does not provide.)
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_H
#define CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnQuantMatmulV2: x1 [(b,) m, k], x2 [(b,) k, n] INT8 (adjX1 / adjX2: transposed);
 * bias INT32 [n]; deqScale UINT64 / INT64 [1] or [n]; out FLOAT16 (or as
 * aclnnQuantMatmulV3's). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *deqScale, bool adjX1, bool adjX2, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnQuantMatmulV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_QUANT_MATMUL_H */
