/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_layer_norm_quant.h: LayerNorm of x over its last dim (gamma, beta [1, H]),
 * then the static quantisation res = round(y / scale + zeroPoints) to INT8.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LAYER_NORM_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_LAYER_NORM_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *gammma, const aclTensor *beta, const aclTensor *scale, const aclTensor *zeroPointsOptional, int quantMode, double epsilon, aclTensor *res, aclTensor *scaleOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLayerNormQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LAYER_NORM_QUANT_H */
