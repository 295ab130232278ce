/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_randperm.h: a random permutation of 0 .. n-1.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. The numbers come from
 * Philox4x32-10 keyed by seed, its counter starting at offset: equal seed and
 * offset give equal numbers (not the NPU's bits).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RANDPERM_H
#define CPUACL_ACLNNOP_ACLNN_RANDPERM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRandperm: out (1-d, n elements; FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8, UINT8, INT16,
 * INT32, INT64) gets a uniformly random permutation of 0 .. n-1. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRandpermGetWorkspaceSize(int64_t n, int64_t seed, int64_t offset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRandperm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RANDPERM_H */
