/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ne_tensor.h: elementwise self != other, broadcast.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NE_TENSOR_H
#define CPUACL_ACLNNOP_ACLNN_NE_TENSOR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNeTensor: out = (self != other) as 1 / 0 in out's type; NaN differs from everything. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNeTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNeTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceNeTensor: NeTensor written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceNeTensorGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceNeTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NE_TENSOR_H */
