/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_bitwise_or_tensor.h: elementwise self | other for integer and bool tensors, broadcast.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BITWISE_OR_TENSOR_H
#define CPUACL_ACLNNOP_ACLNN_BITWISE_OR_TENSOR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBitwiseOrTensor: out: the broadcast shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBitwiseOrTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBitwiseOrTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceBitwiseOrTensor: BitwiseOrTensor written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBitwiseOrTensorGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBitwiseOrTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BITWISE_OR_TENSOR_H */
