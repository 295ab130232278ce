/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_layer_norm_backward.h: the gradients of LayerNorm with respect
 * to its input, weight and bias, from the forward's per-row mean and rstd.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LAYER_NORM_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_LAYER_NORM_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLayerNormBackward: outputMask (3 values) selects gradInputOut (input's
 * shape and type), gradWeightOut and gradBiasOut (normalizedShape); an
 * unselected output may be NULL. mean and rstd hold one value per row. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclIntArray *normalizedShape,
    const aclTensor *mean, const aclTensor *rstd, const aclTensor *weightOptional,
    const aclTensor *biasOptional, const aclBoolArray *outputMask, aclTensor *gradInputOut,
    aclTensor *gradWeightOut, aclTensor *gradBiasOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LAYER_NORM_BACKWARD_H */
