/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_swi_glu_grad.h: SwiGluGrad, the gradient of SwiGlu.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SWI_GLU_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_SWI_GLU_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSwiGluGrad: x splits along dim into A (first half) and B; with s = sigmoid(A),
 * out's A half = yGrad (s + s (1 - s) A) B and its B half = yGrad s A; yGrad has the half
 * shape, out x's. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwiGluGradGetWorkspaceSize(const aclTensor *yGrad, const aclTensor *x, int64_t dim, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwiGluGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SWI_GLU_GRAD_H */
