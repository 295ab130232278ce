/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_acosh_grad.h: dx = dy / sinh(y) (y: Acosh's output).
 *
 * Declared as ops-math's experimental/math/acosh_grad defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ACOSH_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_ACOSH_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAcoshGrad: the gradient of acosh through its output. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcoshGradGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *dx, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcoshGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ACOSH_GRAD_H */
