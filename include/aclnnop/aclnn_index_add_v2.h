/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_index_add_v2.h: Add a source's slices into a tensor's slices along a dimension (with a kernel mode).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INDEX_ADD_V2_H
#define CPUACL_ACLNNOP_ACLNN_INDEX_ADD_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIndexAddV2: as aclnnIndexAdd; mode (0 or 1) picks CANN's kernel and
 * does not change the result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexAddV2GetWorkspaceSize(const aclTensor *self, const int64_t dim, const aclTensor *index, const aclTensor *source, const aclScalar *alpha, int64_t mode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexAddV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INDEX_ADD_V2_H */
