/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_normal.h: fill a tensor with normally distributed numbers.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The numbers come from
 * Philox4x32-10 keyed by seed, its counter starting at offset: equal seed and
 * offset give equal numbers (not the NPU's bits).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NORMAL_H
#define CPUACL_ACLNNOP_ACLNN_NORMAL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceNormal: selfRef[i] = mean + std * z[i] (std >= 0). FLOAT, FLOAT16, BFLOAT16,
 * DOUBLE. Equal seed and offset give equal numbers. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceNormalGetWorkspaceSize(const aclTensor *selfRef, float mean, float std, int64_t seed, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceNormal(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceNormalTensor: as InplaceNormal with the seed and a base offset in one-element
 * INT64 device tensors read when the operator runs (the offset used is *offsetTensor +
 * offset). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceNormalTensorGetWorkspaceSize(const aclTensor *selfRef, float mean, float std, const aclTensor *seedTensor, const aclTensor *offsetTensor, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceNormalTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NORMAL_H */
