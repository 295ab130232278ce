/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_affine_grid.h: the sampling grid of affine matrices (ops-math
 * math/affine_grid).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AFFINE_GRID_H
#define CPUACL_ACLNNOP_ACLNN_AFFINE_GRID_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAffineGrid: out = theta (FLOAT, FLOAT16, BFLOAT16; (N, 2, 3) or (N, 3, 4)) applied to
 * the base grid of size (N, C, H, W) or (N, C, D, H, W): out (N, H, W, 2) or (N, D, H, W, 3)
 * of theta's type (torch.nn.functional.affine_grid). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAffineGridGetWorkspaceSize(const aclTensor *theta, const aclIntArray *size, bool alignCorners, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAffineGrid(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_AFFINE_GRID_H */
