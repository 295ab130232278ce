/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_tanh_grad.h: TanhGrad, the gradient of tanh from its result.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TANH_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_TANH_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTanhGrad: dx = dy (1 - y^2). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTanhGradGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *dx, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTanhGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TANH_GRAD_H */
