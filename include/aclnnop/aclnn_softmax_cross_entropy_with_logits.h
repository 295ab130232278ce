/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_softmax_cross_entropy_with_logits.h: Per-row
 * cross entropy of softmax(features) against labels [batch, classes]:
 * loss[b] = -sum labels * log_softmax(features), backprop = softmax - labels.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Tensors may be non-contiguous views of up to 8 dims.
 * docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H
#define CPUACL_ACLNNOP_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(const aclTensor *features, aclTensor *labels, aclTensor *loss, aclTensor *backprop, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftmaxCrossEntropyWithLogits(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFTMAX_CROSS_ENTROPY_WITH_LOGITS_H */
