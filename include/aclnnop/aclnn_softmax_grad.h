/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_softmax_grad.h: SoftmaxGrad, the gradient of softmax along the last dim.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFTMAX_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_SOFTMAX_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftmaxGrad: dx = y (dy - sum(dy y)) along the last dim, y the forward result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftmaxGradGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *dx, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftmaxGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFTMAX_GRAD_H */
