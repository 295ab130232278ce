/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_acos_grad.h: x_grad = -y_grad / sqrt(1 - x^2).
 *
 * Declared as ops-math's experimental/math/acos_grad defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ACOS_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_ACOS_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAcosGrad: the gradient of arccos at x. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcosGradGetWorkspaceSize(const aclTensor *y_grad, const aclTensor *x, aclTensor *x_grad, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcosGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ACOS_GRAD_H */
