/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_repeat_interleave_grad.h: the gradient of a repeat-interleave.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REPEAT_INTERLEAVE_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_REPEAT_INTERLEAVE_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRepeatInterleaveGrad: out[.., i, ..] = the sum of yGrad's slices along axis that
 * repeat i produced (repeats: 1 count, or one per out slice, summing to yGrad.size(axis)); out
 * has yGrad's shape and type (FLOAT16, BFLOAT16, FLOAT) but the group count along axis. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveGradGetWorkspaceSize(const aclTensor *yGrad, const aclTensor *repeats, int64_t axis, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRepeatInterleaveGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REPEAT_INTERLEAVE_GRAD_H */
