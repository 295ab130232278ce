/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sort_v2.h: sort of a 1-d or 2-d tensor along one dim, carrying a UINT32 index
 * (ops-math experimental/math/sort_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SORT_V2_H
#define CPUACL_ACLNNOP_ACLNN_SORT_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSortV2: y = x (FLOAT, FLOAT16; 1 or 2 dims) sorted along axis (ascending, or
 * descending), dstIndex = index (UINT32, x's shape) in the same order; stable, NaN above every
 * number. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSortV2GetWorkspaceSize(const aclTensor *x, const aclTensor *index, const aclTensor *y, int64_t axis, bool descending, const aclTensor *dstIndex, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSortV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SORT_V2_H */
