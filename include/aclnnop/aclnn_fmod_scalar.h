/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fmod_scalar.h: elementwise fmod(self, other) with a scalar other (the sign of self).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FMOD_SCALAR_H
#define CPUACL_ACLNNOP_ACLNN_FMOD_SCALAR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFmodScalar: integers keep their type; an integer modulo by zero gives 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFmodScalarGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFmodScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceFmodScalar: FmodScalar written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFmodScalarGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFmodScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FMOD_SCALAR_H */
