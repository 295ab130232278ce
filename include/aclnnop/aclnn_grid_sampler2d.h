/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_grid_sampler2d.h: sampling at the points of a grid.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER2D_H
#define CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER2D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGridSampler2D: input (N, C, H, W) sampled at grid (N, H_out, W_out, 2: x then y in
 * [-1, 1]) into out (N, C, H_out, W_out), torch's grid_sample: interpolationMode 0 bilinear,
 * 1 nearest, 2 bicubic; paddingMode 0 zeros, 1 border, 2 reflection. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler2DGetWorkspaceSize(const aclTensor *input, const aclTensor *grid, int64_t interpolationMode, int64_t paddingMode, bool alignCorners, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler2D(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER2D_H */
