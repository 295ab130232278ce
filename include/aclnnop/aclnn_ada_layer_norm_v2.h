/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ada_layer_norm_v2.h: AdaLayerNorm with its optional mean and rstd outputs
 * ([B..., S, 1]); weightOptional and biasOptional may be FLOAT under a FLOAT16 / BFLOAT16 x.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_V2_H
#define CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaLayerNormV2GetWorkspaceSize(const aclTensor *x, const aclTensor *scale, const aclTensor *shift, const aclTensor *weightOptional, const aclTensor *biasOptional, double epsilon, aclTensor *out, aclTensor *meanOutOptional, aclTensor *rstdOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaLayerNormV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADA_LAYER_NORM_V2_H */
