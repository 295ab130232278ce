/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_pow.h: Powers with a scalar base or exponent.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_POW_H
#define CPUACL_ACLNNOP_ACLNN_POW_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnPowTensorScalar: out = self ^ exponent. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPowTensorScalarGetWorkspaceSize(const aclTensor *self, const aclScalar *exponent, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPowTensorScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplacePowTensorScalar: selfRef = selfRef ^ exponent. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplacePowTensorScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *exponent, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplacePowTensorScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnPowScalarTensor: out = self ^ exponent (out has exponent's shape). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPowScalarTensorGetWorkspaceSize(const aclScalar *self, const aclTensor *exponent, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPowScalarTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnPow: y = x ^ exponent, both tensors, broadcast (ops-math's experimental/math/pow;
 * as aclnnPowTensorTensor). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPowGetWorkspaceSize(const aclTensor *x, const aclTensor *exponent, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPow(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_POW_H */
