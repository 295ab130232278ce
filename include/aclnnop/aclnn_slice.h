/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_slice.h: Take every step-th element of [start, end) along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SLICE_H
#define CPUACL_ACLNNOP_ACLNN_SLICE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSlice: start and end may be negative (counted from the end) or out of
 * range (clamped); step must be positive. out has self's type and shape
 * except along dim, where it has ceil((end - start) / step) elements. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSliceGetWorkspaceSize(const aclTensor *self, int64_t dim, int64_t start, int64_t end, int64_t step, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSlice(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SLICE_H */
