/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ada_layer_norm_quant.h: AdaLayerNorm (x [B..., S, H] layer-normalised over H,
 * then the batch's (1 + scale) and shift), optionally smoothed, then dynamically quantised to
 * INT8 per row: quantScale = max |y| / 127, out = round(y / quantScale).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaLayerNormQuantGetWorkspaceSize(const aclTensor *x, const aclTensor *scale, const aclTensor *shift, const aclTensor *weightOptional, const aclTensor *biasOptional, const aclTensor *smoothScalesOptional, double epsilon, const char *quantMode, aclTensor *out, aclTensor *quantScale, aclTensor *quantOffsetOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaLayerNormQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_QUANT_H */
