/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_unfold_grad.h: the gradient of Tensor.unfold (ops-math conversion/unfold_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UNFOLD_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_UNFOLD_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUnfoldGrad: gradOut, the gradient of self.unfold(dim, size, step) (FLOAT, FLOAT16,
 * BFLOAT16; inputSizes with dim cut to (inputSizes[dim] - size) / step + 1 windows and a last
 * dim of size), to gradIn of shape inputSizes and gradOut's type: each window's gradient added
 * back where the window read (torch.ops.aten.unfold_backward); dim is len(inputSizes) - 1 or
 * len(inputSizes) - 2. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUnfoldGradGetWorkspaceSize(const aclTensor *gradOut, const aclIntArray *inputSizes, int64_t dim, int64_t size, int64_t step, const aclTensor *gradIn, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUnfoldGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UNFOLD_GRAD_H */
