/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ada_layer_norm.h: out = LayerNorm(x) (1 + scale) + shift: x [B..., S, H]
 * layer-normalised over H (weightOptional, biasOptional), then each batch's adaptive scale and
 * shift ([B..., H] or [B..., 1, H]).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_H
#define CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaLayerNormGetWorkspaceSize(const aclTensor *x, const aclTensor *scale, const aclTensor *shift, const aclTensor *weightOptional, const aclTensor *biasOptional, double epsilon, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaLayerNorm(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_H */
