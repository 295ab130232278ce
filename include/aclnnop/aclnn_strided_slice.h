/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_strided_slice.h: TensorFlow's strided slice with its five masks (ops-math
 * conversion/strided_slice).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_STRIDED_SLICE_H
#define CPUACL_ACLNNOP_ACLNN_STRIDED_SLICE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnStridedSlice: out = self[spec] with one spec entry per element of begin, end and strides
 * (no stride 0): a slice begin:end:stride, its begin / end ignored where beginMask / endMask
 * has the entry's bit; the ellipsis (ellipsisMask, one bit at most); a new dim of 1
 * (newAxisMask); the single element begin with the dim dropped (shrinkAxisMask, stride > 0).
 * self and out of one type: INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64, FLOAT,
 * FLOAT16, BFLOAT16, BOOL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnStridedSliceGetWorkspaceSize(const aclTensor *self, const aclIntArray *begin, const aclIntArray *end, const aclIntArray *strides, int64_t beginMask, int64_t endMask, int64_t ellipsisMask, int64_t newAxisMask, int64_t shrinkAxisMask, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnStridedSlice(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_STRIDED_SLICE_H */
