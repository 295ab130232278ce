/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_layer_normalization_grad.h: LayerNormalizationGrad (ops-nn's experimental
 * folder), the gradients of LayerNorm over gamma's trailing dims, all three always written.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LAYER_NORMALIZATION_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_LAYER_NORMALIZATION_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLayerNormalizationGrad: dy, x, dx one shape and type (FLOAT, FLOAT16, BFLOAT16);
 * gamma, dgamma, dbeta x's trailing dims; mean, rstd one value per row (x's leading
 * dims); all of one type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormalizationGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *x, const aclTensor *gamma, const aclTensor *mean,
    const aclTensor *rstd, aclTensor *dx, aclTensor *dgamma, aclTensor *dbeta,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormalizationGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LAYER_NORMALIZATION_GRAD_H */
