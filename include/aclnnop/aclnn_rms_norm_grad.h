/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rms_norm_grad.h: the gradients of RmsNorm with respect to x
 * and gamma, from the forward's per-row rstd.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RMS_NORM_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_RMS_NORM_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRmsNormGrad: dy, x, dxOut one shape and type (FLOAT, FLOAT16,
 * BFLOAT16); gamma x's trailing dims (x's type or FLOAT); rstd and dgammaOut
 * FLOAT, rstd x's leading dims, dgammaOut gamma's shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *x, const aclTensor *rstd, const aclTensor *gamma,
    const aclTensor *dxOut, const aclTensor *dgammaOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRmsNormGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RMS_NORM_GRAD_H */
