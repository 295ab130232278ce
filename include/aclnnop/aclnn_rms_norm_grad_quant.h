/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rms_norm_grad_quant.h: RmsNormGrad (dx and dgamma from dy, x, rstd, gamma)
 * with dx quantised statically to INT8: round(dx * scalesX + offsetX), divMode dividing by
 * scalesX.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RMS_NORM_GRAD_QUANT_H
#define CPUACL_ACLNNOP_ACLNN_RMS_NORM_GRAD_QUANT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormGradQuantGetWorkspaceSize(const aclTensor *dy, const aclTensor *x, const aclTensor *rstd, const aclTensor *gamma, const aclTensor *scalesX, const aclTensor *offsetXOptional, const char *quantMode, bool divMode, aclTensor *dxOut, aclTensor *dgammaOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormGradQuant(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RMS_NORM_GRAD_QUANT_H */
