/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_topk.h: the k largest (or smallest) elements along one dim and their indices.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TOPK_H
#define CPUACL_ACLNNOP_ACLNN_TOPK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTopk: valuesOut = the k largest (largest) or smallest elements of self along dim, in order; indicesOut (INT64) = their positions in self; k in [0, self.size(dim)]; equal values by lower index first, NaN above every number; always in order (sorted = false is served by the sorted order). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTopkGetWorkspaceSize(const aclTensor *self, int64_t k, int64_t dim, bool largest, bool sorted, aclTensor *valuesOut, aclTensor *indicesOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTopk(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TOPK_H */
