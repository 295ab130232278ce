/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_sgd.h: SGD steps over lists of parameters.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_SGD_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_SGD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFusedSgd: for each paramsRef[k]: g = gradsRef[k] / gradScale (negated with maximize) + weightDecay param; with momentum, buf = g on the first step else momentum buf + (1 - dampening) g, g = nesterov ? g + momentum buf : buf; param -= lr g. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedSgdGetWorkspaceSize(const aclTensorList *paramsRef, const aclTensorList *gradsRef, const aclTensorList *momentumBufferListOptionalRef, const aclTensor *gradScaleOptional, float weightDecay, float momentum, float lr, float dampening, bool nesterov, bool maximize, bool isFirstStep, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedSgd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_SGD_H */
