/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_unique_dim.h: the distinct slices of a tensor along one dim (ops-nn
 * index/unique_with_counts_ext2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UNIQUE_DIM_H
#define CPUACL_ACLNNOP_ACLNN_UNIQUE_DIM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUniqueDim: the distinct slices of self along dim (torch.unique(dim=)) into valueOut
 * (self's type), ascending when sorted, else in the order of first occurrence; countsOut (INT64)
 * each slice's count; inverseOut (INT64) each slice's position when returnInverse. The launch
 * sets the view shapes: valueOut self's with dim cut to K, countsOut [K], inverseOut (when
 * returnInverse) [self.shape[dim]]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUniqueDimGetWorkspaceSize(const aclTensor *self, bool sorted, bool returnInverse, int64_t dim, aclTensor *valueOut, aclTensor *inverseOut, aclTensor *countsOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUniqueDim(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UNIQUE_DIM_H */
