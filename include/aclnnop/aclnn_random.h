/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_random.h: fill a tensor with uniformly distributed integers.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The numbers come from
 * Philox4x32-10 keyed by seed, its counter starting at offset: equal seed and
 * offset give equal numbers (not the NPU's bits).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RANDOM_H
#define CPUACL_ACLNNOP_ACLNN_RANDOM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceRandom: selfRef[i] an integer drawn uniformly from [from, to) (from < to),
 * converted to selfRef's type. Every supported type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRandomGetWorkspaceSize(const aclTensor *selfRef, int64_t from, int64_t to, int64_t seed, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRandom(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceRandomTensor: as InplaceRandom with the seed and base offset in INT64 device
 * tensors. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRandomTensorGetWorkspaceSize(const aclTensor *selfRef, int64_t from, int64_t to, const aclTensor *seedTensor, const aclTensor *offsetTensor, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRandomTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceRandomWithoutFromTo: integers from [0, 2^digits] for a floating type (digits:
 * 24 FLOAT, 11 FLOAT16, 8 BFLOAT16), [0, max] for an integer type, {0, 1} for BOOL. No DOUBLE. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRandomWithoutFromToGetWorkspaceSize(const aclTensor *selfRef, int64_t seed, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRandomWithoutFromTo(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceRandomWithoutFromToTensor: the same with the seed and base offset in INT64
 * device tensors. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRandomWithoutFromToTensorGetWorkspaceSize(const aclTensor *selfRef, const aclTensor *seedTensor, const aclTensor *offsetTensor, int64_t offset, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceRandomWithoutFromToTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RANDOM_H */
