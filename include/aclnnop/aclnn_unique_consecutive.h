/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_unique_consecutive.h: a tensor without its consecutive repeats (ops-nn
 * index/unique_consecutive).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UNIQUE_CONSECUTIVE_H
#define CPUACL_ACLNNOP_ACLNN_UNIQUE_CONSECUTIVE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUniqueConsecutive: self without consecutive repeats (torch.unique_consecutive): of its
 * elements (dim 1000) or its slices along dim, into valueOut (self's type); inverseOut and
 * countsOut (INT32 or INT64, one type) when returnInverse / returnCounts. The launch sets the
 * outputs' view shapes to the result's extent. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUniqueConsecutiveGetWorkspaceSize(const aclTensor *self, bool returnInverse, bool returnCounts, int64_t dim, aclTensor *valueOut, aclTensor *inverseOut, aclTensor *countsOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUniqueConsecutive(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UNIQUE_CONSECUTIVE_H */
