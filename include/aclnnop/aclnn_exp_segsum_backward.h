/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_exp_segsum_backward.h: the gradient of ExpSegsum (ops-math math/exp_segsum_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EXP_SEGSUM_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_EXP_SEGSUM_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnExpSegsumBackward: gradOutput and gradSelf (ExpSegsum's out) [..., T, T] (4 or 5 dims, one
 * type: FLOAT, FLOAT16, BFLOAT16) to gradInput [..., T] of their type: gradInput[k] = the sum of
 * gradOutput * gradSelf over the rows i >= k and the columns j < k. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnExpSegsumBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *gradSelf, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnExpSegsumBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EXP_SEGSUM_BACKWARD_H */
