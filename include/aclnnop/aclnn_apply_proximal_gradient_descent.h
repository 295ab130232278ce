/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_proximal_gradient_descent.h: ApplyProximalGradientDescent, one proximal gradient-descent step.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_PROXIMAL_GRADIENT_DESCENT_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_PROXIMAL_GRADIENT_DESCENT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnApplyProximalGradientDescent: p = var - alpha delta; varOut = sign(p) / (1 + alpha l2)
 * max(|p| - alpha l1, 0); alpha, l1, l2 one element of var's type; delta and varOut var's shape
 * and type (FLOAT, FLOAT16, BFLOAT16). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyProximalGradientDescentGetWorkspaceSize(const aclTensor *var, const aclTensor *alpha, const aclTensor *l1, const aclTensor *l2, const aclTensor *delta, const aclTensor *varOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyProximalGradientDescent(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_PROXIMAL_GRADIENT_DESCENT_H */
