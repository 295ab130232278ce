/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_linalg_vector_norm.h: LinalgVectorNorm, torch.linalg.vector_norm.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LINALG_VECTOR_NORM_H
#define CPUACL_ACLNNOP_ACLNN_LINALG_VECTOR_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLinalgVectorNorm: the ord-norm of self over dims (empty: all), keepDims as torch;
 * out of type dtype (FLOAT, FLOAT16, BFLOAT16). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinalgVectorNormGetWorkspaceSize(const aclTensor *self, const aclScalar *ord, const aclIntArray *dims, bool keepDims, const aclDataType dtype, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinalgVectorNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LINALG_VECTOR_NORM_H */
