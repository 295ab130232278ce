/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_slice_v2.h: Slice several dimensions at once.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SLICE_V2_H
#define CPUACL_ACLNNOP_ACLNN_SLICE_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSliceV2: per listed axis, [start, end) clamped as aclnnSlice clamps,
 * every step-th element (steps positive). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSliceV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *starts, const aclIntArray *ends, const aclIntArray *axes, const aclIntArray *steps, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSliceV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SLICE_V2_H */
