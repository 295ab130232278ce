/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sync_bn_training_update_v2.h: synchronised batch norm's training update (ops-
 * nn's experimental op): x1 [N, C, *] normalised with its per-channel mean and variance (y1),
 * the running mean x2 and variance x3 moved by momentum (y2, y3).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SYNC_BN_TRAINING_UPDATE_V2_H
#define CPUACL_ACLNNOP_ACLNN_SYNC_BN_TRAINING_UPDATE_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnSyncBnTrainingUpdateV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, const aclTensor *x3, double momentum, aclTensor *y1, aclTensor *y2, aclTensor *y3, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSyncBnTrainingUpdateV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SYNC_BN_TRAINING_UPDATE_V2_H */
