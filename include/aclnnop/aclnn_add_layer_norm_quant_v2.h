/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_add_layer_norm_quant_v2.h: AddLayerNormQuant with the normalised result itself
 * (layernormRes) as an output.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADD_LAYER_NORM_QUANT_V2_H
#define CPUACL_ACLNNOP_ACLNN_ADD_LAYER_NORM_QUANT_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAddLayerNormQuantV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma, const aclTensor *beta, const aclTensor *biasOptional, const aclTensor *scales1Optional, const aclTensor *scales2Optional, const aclTensor *zeroPoints1Optional, const aclTensor *zeroPoints2Optional, const char *quantMode, double epsilon, bool additionalOutput, bool divMode, aclTensor *y1Out, aclTensor *y2Out, aclTensor *xOut, aclTensor *layernormRes, aclTensor *outScales1Out, aclTensor *outScales2Out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAddLayerNormQuantV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ADD_LAYER_NORM_QUANT_V2_H */
