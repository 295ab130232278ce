/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_index_select.h: Select slices of a tensor along one dimension by an index vector.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INDEX_SELECT_H
#define CPUACL_ACLNNOP_ACLNN_INDEX_SELECT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIndexSelect: out = self with dimension dim (negative counts from the end)
 * replaced by index's entries: out[..., i, ...] = self[..., index[i], ...].
 * index: 0-d or 1-d, INT32 or INT64, values in [0, self.shape[dim]); out has
 * self's type. An index value out of range found when the kernel runs is
 * reported as ACL_ERROR_RT_AICORE_EXCEPTION by the stream's next
 * synchronisation, and out is left unwritten. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexSelectGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexSelect(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INDEX_SELECT_H */
