/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_pow_tensor_tensor.h: out = self ^ exponent, elementwise with
 * broadcasting (not both bool).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_POW_TENSOR_TENSOR_H
#define CPUACL_ACLNNOP_ACLNN_POW_TENSOR_TENSOR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnPowTensorTensor: self and exponent broadcast together. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPowTensorTensorGetWorkspaceSize(const aclTensor *self, const aclTensor *exponent, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPowTensorTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplacePowTensorTensor: selfRef = selfRef ^ exponent. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplacePowTensorTensorGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *exponent, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplacePowTensorTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_POW_TENSOR_TENSOR_H */
