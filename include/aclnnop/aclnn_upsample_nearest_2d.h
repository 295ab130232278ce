/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_upsample_nearest_2d.h: nearest-neighbour resize of the last two
 * dims.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_2D_H
#define CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_2D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleNearest2d: self is 4-d (N, C, H, W); outputSize = {OH, OW}; out
 * (N, C, OH, OW) of self's type takes self's element (floor(oh * H / OH),
 * floor(ow * W / OW)), the ratios computed in float as PyTorch does. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_2D_H */
