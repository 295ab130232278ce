/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_bincount.h: count occurrences of non-negative integers.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BINCOUNT_H
#define CPUACL_ACLNNOP_ACLNN_BINCOUNT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBincount: out[v] = how many self[i] (1-d, INT8, INT16, INT32, INT64, UINT8) equal v, or
 * with weights (self's shape; any type but BFLOAT16) the sum of their weights[i]; out 1-d
 * (INT32, INT64, FLOAT, DOUBLE) of at least minlength counts, its length the caller's
 * (max(max(self) + 1, minlength)); a negative value or one past out's end fails the launch. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBincountGetWorkspaceSize(const aclTensor *self, const aclTensor *weights, int64_t minlength, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBincount(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BINCOUNT_H */
