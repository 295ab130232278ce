/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_logsigmoid_backward.h: the gradient of log(sigmoid(x)).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOGSIGMOID_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_LOGSIGMOID_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLogSigmoidBackward: gradInput = gradOutput sigmoid(-self); buffer (aclnnLogSigmoidForward's) is not read. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *buffer, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSigmoidBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOGSIGMOID_BACKWARD_H */
