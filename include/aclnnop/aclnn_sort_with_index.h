/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sort_with_index.h: sort along the last dim, carrying a caller's index with the
 * values (ops-math experimental/math/sort_with_index).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SORT_WITH_INDEX_H
#define CPUACL_ACLNNOP_ACLNN_SORT_WITH_INDEX_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSortWithIndex: valuesOut = x (FLOAT16, FLOAT, BFLOAT16, INT32) sorted along its last dim
 * (axis -1 or rank-1), ascending or descending; indicesOut = index (INT32, x's shape) permuted
 * the same way. NaN goes first in both directions; always stable. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSortWithIndexGetWorkspaceSize(const aclTensor *x, const aclTensor *index, const int64_t axis, const bool descending, const bool stable, aclTensor *valuesOut, aclTensor *indicesOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSortWithIndex(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SORT_WITH_INDEX_H */
