/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_smooth_l1_loss.h: the smooth L1 (Huber-like) loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSmoothL1Loss: 0.5 d^2 / beta where |d| < beta, else |d| - 0.5 beta (d = self - target;
 * beta 0 gives L1), then reduction. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSmoothL1LossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, int64_t reduction, float beta, aclTensor *result, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSmoothL1Loss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_H */
