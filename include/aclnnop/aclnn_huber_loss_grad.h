/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_huber_loss_grad.h: HuberLossGrad, the derivative of the Huber loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HUBER_LOSS_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_HUBER_LOSS_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHuberLossGrad: d = predictions - targets; gradOutput = abs(d) <= delta ? d : delta sign(d). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHuberLossGradGetWorkspaceSize(const aclTensor *predictions, const aclTensor *targets, double delta, aclTensor *gradOutput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHuberLossGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HUBER_LOSS_GRAD_H */
