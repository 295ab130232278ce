/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rsqrt_grad.h: z = -0.5 * y^3 * dy (y: Rsqrt's output).
 *
 * Declared as ops-math's experimental/math/rsqrt_grad defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RSQRT_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_RSQRT_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRsqrtGrad: the gradient of 1 / sqrt through its output. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRsqrtGradGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRsqrtGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RSQRT_GRAD_H */
