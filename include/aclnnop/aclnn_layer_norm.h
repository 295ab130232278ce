/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_layer_norm.h: Layer normalisation over the trailing dimensions
 * normalizedShape names.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LAYER_NORM_H
#define CPUACL_ACLNNOP_ACLNN_LAYER_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLayerNorm: out = (input - mean) / sqrt(var + eps) * weight + bias; weight, bias,
 * meanOut and rstdOut may be NULL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormGetWorkspaceSize(
    const aclTensor *input, const aclIntArray *normalizedShape, const aclTensor *weightOptional,
    const aclTensor *biasOptional, double eps, aclTensor *out, aclTensor *meanOutOptional,
    aclTensor *rstdOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnLayerNormWithImplMode: aclnnLayerNorm with implMode (0 high precision, 1 high
 * performance, 2 float32 kept for float16 input on the NPU; cpuacl computes one way). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormWithImplModeGetWorkspaceSize(
    const aclTensor *input, const aclIntArray *normalizedShape, const aclTensor *weightOptional,
    const aclTensor *biasOptional, double eps, aclTensor *out, aclTensor *meanOutOptional,
    aclTensor *rstdOutOptional, int32_t implMode, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormWithImplMode(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnFastLayerNorm: aclnnLayerNorm's computation under another name. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFastLayerNormGetWorkspaceSize(
    const aclTensor *input, const aclIntArray *normalizedShape, const aclTensor *weightOptional,
    const aclTensor *biasOptional, double eps, aclTensor *out, aclTensor *meanOutOptional,
    aclTensor *rstdOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFastLayerNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LAYER_NORM_H */
