/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_soft_margin_loss.h: the two-class logistic loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftMarginLoss: log(1 + exp(-target * self)) per element, then reduction. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftMarginLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, int64_t reduction, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftMarginLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFT_MARGIN_LOSS_H */
