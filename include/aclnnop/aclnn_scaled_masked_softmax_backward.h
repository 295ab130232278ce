/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_scaled_masked_softmax_backward.h: the gradient of ScaledMaskedSoftmax: out =
 * scale (gradOutput y - sum(gradOutput y) y) over the last dim, 0 where mask is true.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SCALED_MASKED_SOFTMAX_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_SCALED_MASKED_SOFTMAX_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnScaledMaskedSoftmaxBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *y, const aclTensor *mask, double scale, bool fixTriuMask, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnScaledMaskedSoftmaxBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SCALED_MASKED_SOFTMAX_BACKWARD_H */
