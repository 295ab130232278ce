/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ada_layer_norm_backward.h: the gradients of AdaLayerNormV2: of its input,
 * adaptive scale and shift, weight and bias, from the forward's mean and rstd.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaLayerNormBackwardGetWorkspaceSize(const aclTensor *gradOut, const aclTensor *input, const aclIntArray *normalizedShape, const aclTensor *rstd, const aclTensor *mean, const aclTensor *scale, const aclTensor *shift, const aclTensor *weightOptional, const aclTensor *biasOptional, aclTensor *gradInputOut, aclTensor *gradScaleOut, aclTensor *gradShiftOut, aclTensor *gradWeightOut, aclTensor *gradBiasOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaLayerNormBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_BACKWARD_H */
