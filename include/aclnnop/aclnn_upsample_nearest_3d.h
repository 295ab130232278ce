/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_upsample_nearest_3d.h: nearest-neighbour resize of the last three dims.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_3D_H
#define CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_3D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleNearest3d: self is 5-d (N, C, D, H, W); outputSize = {OD, OH, OW}; each
 * source index min(floor(o / scale), in - 1), scale the given one when > 0, else out / in. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest3dGetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize, double scalesD, double scalesH, double scalesW, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest3d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_3D_H */
