/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_adamw.h: AdamW steps over lists of parameters.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_ADAMW_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_ADAMW_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFusedAdamw: aclnnApplyAdamWV2 for each paramsRef[k] with grads[k], expAvgsRef[k], expAvgSqsRef[k], maxExpAvgSqsRef[k] (amsgrad) and stateSteps[k]; grads divided by gradScaleOptional; nothing changes when foundInfOptional holds 1. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedAdamwGetWorkspaceSize(const aclTensorList *paramsRef, const aclTensorList *grads, const aclTensorList *expAvgsRef, const aclTensorList *expAvgSqsRef, const aclTensorList *maxExpAvgSqsRef, const aclTensorList *stateSteps, const aclTensor *gradScaleOptional, const aclTensor *foundInfOptional, double lr, double beta1, double beta2, double weightDecay, double eps, bool amsgrad, bool maximize, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedAdamw(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_ADAMW_H */
