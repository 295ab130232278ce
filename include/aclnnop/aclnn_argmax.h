/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_argmax.h: Index of the largest element along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ARGMAX_H
#define CPUACL_ACLNNOP_ACLNN_ARGMAX_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnArgMax: out (INT32 or INT64) holds, for each position of the other
 * dimensions, the index of the first largest element of self along dim (a NaN
 * counts as largest); keepdim keeps dim with length 1. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnArgMaxGetWorkspaceSize(const aclTensor *self, int64_t dim, bool keepdim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnArgMax(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ARGMAX_H */
