/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_adam_w.h: one AdamW step in place, hyper-parameters in one-element tensors.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_W_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_W_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnApplyAdamW: varRef, mRef, vRef (and maxGradNormOptional with amsgrad) updated in place from grad: var *= 1 - lr weightDecay; m, v the moving averages; var -= lr / (1 - beta1Power) m / (sqrt(v or its running max) / sqrt(1 - beta2Power) + eps); maximize negates grad. beta1Power ... eps one-element tensors. FLOAT, FLOAT16, BFLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyAdamWGetWorkspaceSize(aclTensor *varRef, aclTensor *mRef, aclTensor *vRef, const aclTensor *beta1Power, const aclTensor *beta2Power, const aclTensor *lr, const aclTensor *weightDecay, const aclTensor *beta1, const aclTensor *beta2, const aclTensor *eps, const aclTensor *grad, const aclTensor *maxGradNormOptional, bool amsgrad, bool maximize, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyAdamW(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_ADAM_W_H */
