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

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REPEAT_INTERLEAVE_H */
