/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_chamfer_distance_backward.h: the gradient of the 2-d chamfer distance (ops-nn
 * loss/chamfer_distance_grad).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CHAMFER_DISTANCE_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_CHAMFER_DISTANCE_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnChamferDistanceBackward: xyz1 (B, N, 2), xyz2 (B, M, 2), idx1 (B, N) / idx2 (B, M) INT32
 * the forward's nearest indices, gradDist1 (B, N), gradDist2 (B, M); gradXyz1 (B, N, 2),
 * gradXyz2 (B, M, 2). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnChamferDistanceBackwardGetWorkspaceSize(
    const aclTensor *xyz1, const aclTensor *xyz2, const aclTensor *idx1, const aclTensor *idx2,
    const aclTensor *gradDist1, const aclTensor *gradDist2, aclTensor *gradXyz1,
    aclTensor *gradXyz2, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnChamferDistanceBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CHAMFER_DISTANCE_BACKWARD_H */
