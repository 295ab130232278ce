/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mse_loss_grad.h: MseLossGrad, the gradient of the mean squared error.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MSE_LOSS_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_MSE_LOSS_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMseLossGrad: y = 2 (predict - label) dout, divided by the element count for "mean". */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMseLossGradGetWorkspaceSize(const aclTensor *predict, const aclTensor *label, const aclTensor *dout, char *reduction, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMseLossGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MSE_LOSS_GRAD_H */
