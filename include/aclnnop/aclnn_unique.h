/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_unique.h: the distinct elements of a tensor (ops-nn index/unique_consecutive).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UNIQUE_H
#define CPUACL_ACLNNOP_ACLNN_UNIQUE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUnique: the distinct elements of self (BOOL, FLOAT, FLOAT16, BFLOAT16, DOUBLE, UINT8, INT8,
 * UINT16, INT16, UINT32, INT32, INT64) into valueOut (self's type, sized for the worst case),
 * ascending when sorted, else in the order of first occurrence; inverseOut (INT64, self's
 * shape) each element's position in valueOut when returnInverse (torch.unique). The launch
 * sets valueOut's view shape to [K] (read with aclGetViewShape after synchronising). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUniqueGetWorkspaceSize(const aclTensor *self, bool sorted, bool returnInverse, aclTensor *valueOut, aclTensor *inverseOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUnique(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UNIQUE_H */
