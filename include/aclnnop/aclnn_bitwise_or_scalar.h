/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_bitwise_or_scalar.h: elementwise self | other with an integer or bool scalar.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BITWISE_OR_SCALAR_H
#define CPUACL_ACLNNOP_ACLNN_BITWISE_OR_SCALAR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBitwiseOrScalar: out: self's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBitwiseOrScalarGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBitwiseOrScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceBitwiseOrScalar: BitwiseOrScalar written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBitwiseOrScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceBitwiseOrScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BITWISE_OR_SCALAR_H */
