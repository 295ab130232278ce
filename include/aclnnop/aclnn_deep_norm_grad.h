/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_deep_norm_grad.h: the gradients of DeepNorm (LayerNorm of alpha x + gx): dx,
 * dgx, dbeta and dgamma, from the forward's mean and rstd.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DEEP_NORM_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_DEEP_NORM_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnDeepNormGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *x, const aclTensor *gx, const aclTensor *gamma, const aclTensor *mean, const aclTensor *rstd, double alpha, const aclTensor *dxOut, const aclTensor *dgxOut, const aclTensor *dbetaOut, const aclTensor *dgammaOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDeepNormGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DEEP_NORM_GRAD_H */
