/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_three_interpolate_backward.h: the gradient of three-point interpolation.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_THREE_INTERPOLATE_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_THREE_INTERPOLATE_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnThreeInterpolateBackward: grad_y (b, c, m[, 1]) = 0, then
 * grad_y[b, c, idx[b, k, i]] += grad_x[b, c, k] * weight[b, k, i] for grad_x (b, c, n[, 1]),
 * idx and weight (b, n, 3). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnThreeInterpolateBackwardGetWorkspaceSize(const aclTensor *grad_x, const aclTensor *idx, const aclTensor *weight, int m, aclTensor *grad_y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnThreeInterpolateBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_THREE_INTERPOLATE_BACKWARD_H */
