/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_huber_loss.h: HuberLoss, the elementwise Huber loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HUBER_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_HUBER_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHuberLoss: d = predictions - targets; loss = abs(d) <= delta ? d^2 / 2 : delta (abs(d) - delta / 2). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHuberLossGetWorkspaceSize(const aclTensor *predictions, const aclTensor *targets, double delta, aclTensor *loss, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHuberLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HUBER_LOSS_H */
