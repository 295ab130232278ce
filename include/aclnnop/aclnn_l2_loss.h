/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_l2_loss.h: L2Loss, half the sum of squares.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_L2_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_L2_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnL2Loss: y (one element) = sum(x^2) / 2. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnL2LossGetWorkspaceSize(const aclTensor *x, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnL2Loss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_L2_LOSS_H */
