/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_asinh_grad.h: z = dy / cosh(y) (y: Asinh's output).
 *
 * Declared as ops-math's experimental/math/asinh_grad defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ASINH_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_ASINH_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAsinhGrad: the gradient of asinh through its output. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAsinhGradGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAsinhGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ASINH_GRAD_H */
