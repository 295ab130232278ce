/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_uniform.h: fill a tensor with uniformly distributed numbers.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The numbers come from
 * Philox4x32-10 keyed by seed, its counter starting at offset: equal seed and
 * offset give equal numbers (not the NPU's bits).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UNIFORM_H
#define CPUACL_ACLNNOP_ACLNN_UNIFORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceUniform: selfRef[i] = from + (to - from) * u[i], u uniform in [0, 1) (from <=
 * to); integer types keep the value rounded toward zero. FLOAT, FLOAT16, BFLOAT16, DOUBLE,
 * INT8, UINT8, INT16, INT32, INT64. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceUniformGetWorkspaceSize(const aclTensor *selfRef, double from, double to, uint64_t seed, uint64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceUniform(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceUniformTensor: as InplaceUniform with the seed and base offset in INT64 device
 * tensors (as aclnnInplaceNormalTensor). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceUniformTensorGetWorkspaceSize(const aclTensor *selfRef, double from, double to, const aclTensor *seedTensor, const aclTensor *offsetTensor, uint64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceUniformTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UNIFORM_H */
