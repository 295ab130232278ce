/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_modulate_backward.h: the gradients of Modulate as CANN computes them:
 * grad_input = grad_output scale, grad_scale and grad_shift summed over L.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MODULATE_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_MODULATE_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnModulateBackwardGetWorkspaceSize(const aclTensor *grad_output, const aclTensor *input, const aclTensor *scale, const aclTensor *shift, const aclTensor *grad_input, const aclTensor *grad_scale, const aclTensor *grad_shift, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnModulateBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MODULATE_BACKWARD_H */
