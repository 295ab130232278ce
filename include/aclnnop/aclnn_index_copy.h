/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_index_copy.h: copy slices of a source into a tensor at indices
 * along a dim.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INDEX_COPY_H
#define CPUACL_ACLNNOP_ACLNN_INDEX_COPY_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceIndexCopy: selfRef's slice index[i] along dim becomes source's
 * slice i; index is 0-d or 1-d INT32/INT64 with as many elements as source has
 * along dim (each in range; negative counts from the end); source has selfRef's
 * type and its shape elsewhere. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceIndexCopyGetWorkspaceSize(aclTensor *selfRef, int64_t dim, const aclTensor *index, const aclTensor *source, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceIndexCopy(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnIndexCopy: outRef (selfRef's shape and type) = selfRef with the slices
 * of aclnnInplaceIndexCopy written; selfRef itself is left as it is (unless
 * outRef is selfRef). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexCopyGetWorkspaceSize(aclTensor *selfRef, int64_t dim, const aclTensor *index, const aclTensor *source, aclTensor *outRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexCopy(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INDEX_COPY_H */
