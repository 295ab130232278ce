/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hinge_loss_grad.h: HingeLossGrad, the gradient of the hinge loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HINGE_LOSS_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_HINGE_LOSS_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHingeLossGrad: gradInput = target predict < 1 ? -target gradOutput : 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHingeLossGradGetWorkspaceSize(const aclTensor *predict, const aclTensor *target, const aclTensor *gradOutput, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHingeLossGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HINGE_LOSS_GRAD_H */
