/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mse_loss.h: the mean squared error loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MSE_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_MSE_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMseLoss: (self - target)^2 per element of the broadcast shape, then reduction 0 none, 1
 * mean, 2 sum (out one element). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMseLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, int64_t reduction, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMseLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MSE_LOSS_H */
