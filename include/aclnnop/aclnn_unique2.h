/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_unique2.h: the distinct elements of a tensor (ops-nn index/unique_consecutive).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UNIQUE2_H
#define CPUACL_ACLNNOP_ACLNN_UNIQUE2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUnique2: aclnnUnique with countsOut (INT64, valueOut's shape): how often each distinct
 * element occurs, when returnCounts. The launch sets the view shapes of valueOut (and of
 * countsOut when returnCounts) to [K] (read with aclGetViewShape after synchronising). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUnique2GetWorkspaceSize(const aclTensor *self, bool sorted, bool returnInverse, bool returnCounts, aclTensor *valueOut, aclTensor *inverseOut, aclTensor *countsOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUnique2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UNIQUE2_H */
