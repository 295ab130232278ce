/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_gradient_descent.h: ApplyGradientDescent, one plain gradient-descent step.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_GRADIENT_DESCENT_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_GRADIENT_DESCENT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnApplyGradientDescent: var = var - alpha delta in place; alpha one element of var's
 * type, delta var's shape and type (FLOAT, FLOAT16, BFLOAT16). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyGradientDescentGetWorkspaceSize(aclTensor *var, const aclTensor *alpha, const aclTensor *delta, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyGradientDescent(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_GRADIENT_DESCENT_H */
