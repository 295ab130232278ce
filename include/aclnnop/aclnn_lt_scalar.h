/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_lt_scalar.h: elementwise comparison of a tensor with a scalar: self < other.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LT_SCALAR_H
#define CPUACL_ACLNNOP_ACLNN_LT_SCALAR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLtScalar: out = (self < other) as 1 / 0 in out's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLtScalarGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLtScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceLtScalar: LtScalar written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceLtScalarGetWorkspaceSize(const aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceLtScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LT_SCALAR_H */
