/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_dim.h: The largest element along one dimension and its index.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_DIM_H
#define CPUACL_ACLNNOP_ACLNN_MAX_DIM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaxDim: out (self's type) holds the largest element of self along dim
 * and indices (INT32 or INT64) its first index; a NaN counts as largest (the
 * first NaN wins); keepdim keeps dim with length 1. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxDimGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim, aclTensor *out, aclTensor *indices, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxDim(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAX_DIM_H */
