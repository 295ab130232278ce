/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_matmul.h: Matrix product with NumPy/PyTorch matmul semantics
 * (1-D operands, broadcast batch dimensions).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MATMUL_H
#define CPUACL_ACLNNOP_ACLNN_MATMUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMatmul: cubeMathType: 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION (computed in
 * float32), 2 USE_FP16 (float32 inputs rounded to float16 first), 3 USE_HF32
 * (computed in float32). Products accumulate in float32 through the BLAS. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMatmulGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMatmul(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnMatmulWeightNz: aclnnMatmul with mat2 in the layout aclnnTransMatmulWeight
 * leaves, which in cpuacl is ND: the same product. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMatmulWeightNzGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMatmulWeightNz(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MATMUL_H */
