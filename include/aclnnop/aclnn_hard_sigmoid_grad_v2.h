/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hard_sigmoid_grad_v2.h: HardSigmoidGradV2, the gradient of hardsigmoid.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HARD_SIGMOID_GRAD_V2_H
#define CPUACL_ACLNNOP_ACLNN_HARD_SIGMOID_GRAD_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHardSigmoidGradV2: gradInput = gradOutput / 6 on (-3, 3), else 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardSigmoidGradV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardSigmoidGradV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HARD_SIGMOID_GRAD_V2_H */
