/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_view_copy.h: a copy from one explicit storage view into another (ops-math
 * experimental/conversion/view_copy).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_VIEW_COPY_H
#define CPUACL_ACLNNOP_ACLNN_VIEW_COPY_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnViewCopy: dst_out = dst (dense, 1 to 8 dims) with the elements of src's storage view
 * (src_size, src_stride, src_storage_offset) written at the target storage view (dst_size,
 * dst_stride, dst_storage_offset). The six view tensors are INT32 or INT64 (one type; sizes and
 * strides of rank elements, 1 to 8; offsets of 1), read at each launch. dst, src, dst_out of one
 * type: FLOAT16, FLOAT, BFLOAT16, INT8, UINT8, INT16, UINT16, INT32, UINT32, BOOL, INT64. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnViewCopyGetWorkspaceSize(const aclTensor *dst, const aclTensor *dst_size, const aclTensor *dst_stride, const aclTensor *dst_storage_offset, const aclTensor *src, const aclTensor *src_size, const aclTensor *src_stride, const aclTensor *src_storage_offset, const aclTensor *dst_out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnViewCopy(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_VIEW_COPY_H */
