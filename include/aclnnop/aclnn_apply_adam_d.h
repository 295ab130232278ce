/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_adam_d.h: ApplyAdamD, TensorFlow's Adam step.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_D_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnApplyAdamD: lr' = lr sqrt(1 - beta2Power) / (1 - beta1Power); mOut = beta1 m +
 * (1 - beta1) grad; vOut = beta2 v + (1 - beta2) grad^2; varOut = var - lr' n / (epsilon +
 * sqrt(vOut)), n = mOut (useNesterov: mOut beta1 + (1 - beta1) grad); the coefficients
 * one-element tensors; FLOAT or FLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyAdamDGetWorkspaceSize(const aclTensor *var, const aclTensor *m, const aclTensor *v, const aclTensor *beta1Power, const aclTensor *beta2Power, const aclTensor *lr, const aclTensor *beta1, const aclTensor *beta2, const aclTensor *epsilon, const aclTensor *grad, bool useLocking, bool useNesterov, aclTensor *varOut, aclTensor *mOut, aclTensor *vOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyAdamD(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_D_H */
