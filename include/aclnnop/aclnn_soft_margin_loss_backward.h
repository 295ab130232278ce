/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_soft_margin_loss_backward.h: the gradient of the soft margin loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftMarginLossBackward: out = gradOutput * -target / (1 + exp(target * self)). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftMarginLossBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *target, int64_t reduction, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftMarginLossBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_BACKWARD_H */
