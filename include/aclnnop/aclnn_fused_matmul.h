/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_matmul.h: The float matrix product with an element-wise operation fused
 * after it (add, mul, relu, gelu, a cast to FLOAT).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Matrix products") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_MATMUL_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_MATMUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedMatmulGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *bias, const aclTensor *x3, const char *fusedOpType, int8_t cubeMathType, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedMatmul(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_MATMUL_H */
