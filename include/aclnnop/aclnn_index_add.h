/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_index_add.h: Add a source's slices into a tensor's slices along a dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INDEX_ADD_H
#define CPUACL_ACLNNOP_ACLNN_INDEX_ADD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIndexAdd: out = self, then out's slice index[i] along dim += alpha *
 * source's slice i (torch.index_add); indices in [-n, n) (negative from the
 * end), others fail the launch. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexAddGetWorkspaceSize(const aclTensor *self, const int64_t dim, const aclTensor *index, const aclTensor *source, const aclScalar *alpha, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexAdd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INDEX_ADD_H */
