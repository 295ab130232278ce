/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batch_matmul.h: Batched matrix product of two 3-D tensors.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCH_MATMUL_H
#define CPUACL_ACLNNOP_ACLNN_BATCH_MATMUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBatchMatMul: out[b,m,n] = self[b,m,k] @ mat2[b,k,n]; a batch of 1 broadcasts.
 * cubeMathType: 0 KEEP_DTYPE, 1 ALLOW_FP32_DOWN_PRECISION (computed in
 * float32), 2 USE_FP16 (float32 inputs rounded to float16 first), 3 USE_HF32
 * (computed in float32). Products accumulate in float32 through the BLAS. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchMatMulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchMatMul(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnBatchMatMulWeightNz: aclnnBatchMatMul with mat2 in the layout
 * aclnnTransMatmulWeight leaves, which in cpuacl is ND: the same product. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchMatMulWeightNzGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchMatMulWeightNz(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCH_MATMUL_H */
