/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_kl_div_backward.h: the gradient of the KL divergence loss with respect to self.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_KL_DIV_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_KL_DIV_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnKlDivBackward: out = gradOutput * -target (-exp(target) with logTarget), scaled by the
 * reduction. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnKlDivBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *target, int64_t reduction, bool logTarget, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnKlDivBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_KL_DIV_BACKWARD_H */
