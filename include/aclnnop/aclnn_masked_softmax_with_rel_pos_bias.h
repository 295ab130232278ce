/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_masked_softmax_with_rel_pos_bias.h: Swin Transformer's window-attention
 * softmax: out = softmax(scaleValue x + attenMaskOptional + relativePosBias) over the last
 * dim, the mask per window and the bias per head.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MASKED_SOFTMAX_WITH_REL_POS_BIAS_H
#define CPUACL_ACLNNOP_ACLNN_MASKED_SOFTMAX_WITH_REL_POS_BIAS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMaskedSoftmaxWithRelPosBiasGetWorkspaceSize(const aclTensor *x, const aclTensor *attenMaskOptional, const aclTensor *relativePosBias, double scaleValue, int64_t innerPrecisionMode, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaskedSoftmaxWithRelPosBias(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MASKED_SOFTMAX_WITH_REL_POS_BIAS_H */
