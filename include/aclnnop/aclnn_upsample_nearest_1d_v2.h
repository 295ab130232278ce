/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_upsample_nearest_1d_v2.h: nearest-neighbour resize of the last dim with a given scale.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_V2_H
#define CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnUpsampleNearest1dV2: as aclnnUpsampleNearest1d; scaleL > 0 is the output / input ratio
 * the source index uses (floor(ol / scaleL)), 0: L / OL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1dV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *outputSize, float scaleL, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1dV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_V2_H */
