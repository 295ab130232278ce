/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mul.h: out = self * other, with type promotion and
 * broadcasting.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MUL_H
#define CPUACL_ACLNNOP_ACLNN_MUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMuls: out = self * other for a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMulsGetWorkspaceSize(const aclTensor *self, const aclScalar *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMuls(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnMul: out = self * other; self and other broadcast together. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMulGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMul(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceMuls: selfRef *= other for a scalar other. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMulsGetWorkspaceSize(aclTensor *selfRef, const aclScalar *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMuls(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceMul: selfRef *= other; other broadcasts to selfRef's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMulGetWorkspaceSize(aclTensor *selfRef, const aclTensor *other, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMul(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MUL_H */
