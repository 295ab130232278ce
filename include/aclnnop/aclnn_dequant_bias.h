/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dequant_bias.h: Dequantisation of an INT32 x [M, N]: out = x *
 * weightScale [N] * activateScale [M], with an INT32 bias added to x first or a float
 * bias added last, into FLOAT16 or BFLOAT16.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md ("Quantisation") lists types and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DEQUANT_BIAS_H
#define CPUACL_ACLNNOP_ACLNN_DEQUANT_BIAS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDequantBias: outputDtype 1 (FLOAT16) or 27 (BFLOAT16), out's type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDequantBiasGetWorkspaceSize(const aclTensor *x, const aclTensor *weightScale, const aclTensor *activateScaleOptional, const aclTensor *biasOptional, int64_t outputDtype, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDequantBias(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DEQUANT_BIAS_H */
