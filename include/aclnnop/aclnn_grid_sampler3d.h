/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_grid_sampler3d.h: sampling at the points of a grid.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER3D_H
#define CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER3D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGridSampler3D: input (N, C, D, H, W) sampled at grid (N, D_out, H_out, W_out, 3: x, y,
 * z) into out (N, C, D_out, H_out, W_out): interpolationMode 0 trilinear, 1 nearest;
 * paddingMode 0 zeros, 1 border, 2 reflection. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler3DGetWorkspaceSize(const aclTensor *input, const aclTensor *grid, int64_t interpolationMode, int64_t paddingMode, bool alignCorners, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler3D(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GRID_SAMPLER3D_H */
