/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_bucketize.h: torch.bucketize (ops-nn index/bucketize_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BUCKETIZE_H
#define CPUACL_ACLNNOP_ACLNN_BUCKETIZE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBucketize: each element of self (FLOAT, FLOAT16, BFLOAT16, INT8, INT16, INT32, INT64,
 * UINT8) to the index of its bucket among boundaries (1-d, ascending, not empty, any of those
 * types): the first j with self <= boundaries[j] (right: self < boundaries[j]), or their count;
 * out of self's shape, INT32 when outInt32 else INT64. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBucketizeGetWorkspaceSize(const aclTensor *self, const aclTensor *boundaries, const bool outInt32, const bool right, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBucketize(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BUCKETIZE_H */
