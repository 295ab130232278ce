/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_repeat_interleave.h: repeat every element along a dim.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REPEAT_INTERLEAVE_H
#define CPUACL_ACLNNOP_ACLNN_REPEAT_INTERLEAVE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRepeatInterleaveIntWithDim: Each slice along dim is repeated repeats (>=
 * 0) times in place; outputSize must be repeats * self's size on dim, out's
 * size there, the rest of out's shape self's. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveIntWithDimGetWorkspaceSize(const aclTensor *self, int64_t repeats, int64_t dim, int64_t outputSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveIntWithDim(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnRepeatInterleave: self flattened (row-major), element i repeated repeats[i] times
 * (repeats: 0-d or 1-d INT32/INT64 of 1 or numel(self) elements, read at launch); out is 1-d
 * of outputSize elements, which must be the counts' sum. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveGetWorkspaceSize(const aclTensor *self, const aclTensor *repeats, int64_t outputSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleave(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnRepeatInterleaveWithDim: slice i along dim repeated repeats[i] times (1 or
 * self.size(dim) counts); out is self's shape with outputSize (the counts' sum) along dim. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveWithDimGetWorkspaceSize(const aclTensor *self, const aclTensor *repeats, int64_t dim, int64_t outputSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveWithDim(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnRepeatInterleaveInt: self flattened, every element repeated repeats (>= 0) times;
 * outputSize must be repeats * numel(self), out 1-d of that size. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveIntGetWorkspaceSize(const aclTensor *self, int64_t repeats, int64_t outputSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveInt(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnRepeatInterleaveTensor: torch.repeat_interleave(repeats): index i repeated
 * repeats[i] times; out 1-d of repeats' type with outputSize (the counts' sum) elements. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveTensorGetWorkspaceSize(const aclTensor *repeats, int64_t outputSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REPEAT_INTERLEAVE_H */
