/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_strided_slice_assign_v2.h: assignment into a strided slice (ops-math
 * conversion/strided_slice_assign_v2, the header its example includes).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_STRIDED_SLICE_ASSIGN_V2_H
#define CPUACL_ACLNNOP_ACLNN_STRIDED_SLICE_ASSIGN_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnStridedSliceAssignV2: varRef[begin:end:strides along axesOptional (NULL: dims 0, 1, ...)]
 * = inputValue, in place (FLOAT16, FLOAT, BFLOAT16, INT32, INT64, DOUBLE, INT8; inputValue of
 * varRef's type and the slice's shape); begin and end clamp as Python slices, strides are
 * positive and 1 on the last dim. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnStridedSliceAssignV2GetWorkspaceSize(aclTensor *varRef, const aclTensor *inputValue, const aclIntArray *begin, const aclIntArray *end, const aclIntArray *strides, const aclIntArray *axesOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnStridedSliceAssignV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_STRIDED_SLICE_ASSIGN_V2_H */
