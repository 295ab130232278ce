/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_clipped_swiglu_grad.h: the gradient of aclnnClippedSwiglu (ops-nn
 * activation/clipped_swiglu_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnClippedSwigluGrad: gradXOut (x's shape) = the gradient of aclnnClippedSwiglu's y (its
 * gradient gradY) with respect to x, through its clamps (0 where a clamp cut), 0 on the rows
 * past sum(groupIndexOptional); gradY, x, gradXOut FLOAT, FLOAT16 or BFLOAT16 of one type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClippedSwigluGradGetWorkspaceSize(const aclTensor *gradY, const aclTensor *x, const aclTensor *groupIndexOptional, int64_t dim, double alpha, double limit, double bias, bool interleaved, const aclTensor *gradXOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClippedSwigluGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_GRAD_H */
