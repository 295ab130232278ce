/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_elu_grad.h: EluGrad, the gradient of Elu (alpha 1) from its result.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ELU_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_ELU_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEluGrad: y = (min(activations, 0) + 1) grads. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEluGradGetWorkspaceSize(const aclTensor *grads, const aclTensor *activations, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEluGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ELU_GRAD_H */
