/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_scaled_masked_softmax.h: y = softmax(scale x) over the last dim of x [B, N,
 * S1, S2], the elements where mask (BOOL, broadcast over B and N) is true set to -10000 first.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SCALED_MASKED_SOFTMAX_H
#define CPUACL_ACLNNOP_ACLNN_SCALED_MASKED_SOFTMAX_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnScaledMaskedSoftmaxGetWorkspaceSize(const aclTensor *x, const aclTensor *mask, double scale, bool fixedTriuMask, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnScaledMaskedSoftmax(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SCALED_MASKED_SOFTMAX_H */
