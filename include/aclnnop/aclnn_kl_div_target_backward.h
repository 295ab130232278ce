/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_kl_div_target_backward.h: the gradient of the KL divergence loss with respect to target.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_KL_DIV_TARGET_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_KL_DIV_TARGET_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnKlDivTargetBackward: gradTarget = gradOutput * (log(target) + 1 - self) where target > 0
 * (exp(target) * (target + 1 - self) with logTarget). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnKlDivTargetBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *target, int64_t reduction, bool logTarget, aclTensor *gradTarget, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnKlDivTargetBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_KL_DIV_TARGET_BACKWARD_H */
