/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_grid_sampler2d_backward.h: the gradients of sampling at the points of a grid.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER2D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER2D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGridSampler2DBackward: the gradients of aclnnGridSampler2D by input
 * (inputGrad, when outputMask[0]) and by grid (gridGrad, when outputMask[1]); bilinear and
 * nearest. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler2DBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *input, const aclTensor *grid, int64_t interpolationMode, int64_t paddingMode, bool alignCorners, const aclBoolArray *outputMask, aclTensor *inputGrad, aclTensor *gridGrad, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler2DBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER2D_BACKWARD_H */
