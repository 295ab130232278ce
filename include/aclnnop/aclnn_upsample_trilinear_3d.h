/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_upsample_trilinear_3d.h: trilinear resize of the last three dims.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UPSAMPLE_TRILINEAR_3D_H
#define CPUACL_ACLNNOP_ACLNN_UPSAMPLE_TRILINEAR_3D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleTrilinear3d: self 5-d (N, C, D, H, W) or NDHWC; PyTorch's
 * interpolate(mode='trilinear'). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleTrilinear3dGetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize, bool alignCorners, double scalesD, double scalesH, double scalesW, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleTrilinear3d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UPSAMPLE_TRILINEAR_3D_H */
