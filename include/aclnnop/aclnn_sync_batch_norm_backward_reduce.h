/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sync_batch_norm_backward_reduce.h: synchronised batch norm's backward
 * reduction (ops-nn's experimental op): per channel, sumDyXmu = sumDyDxPad - mean sumDy and y
 * = sumDyXmu invertStd.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SYNC_BATCH_NORM_BACKWARD_REDUCE_H
#define CPUACL_ACLNNOP_ACLNN_SYNC_BATCH_NORM_BACKWARD_REDUCE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnSyncBatchNormBackwardReduceGetWorkspaceSize(const aclTensor *sumDy, const aclTensor *sumDyDxPad, const aclTensor *mean, const aclTensor *invertStd, aclTensor *sumDyXmu, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSyncBatchNormBackwardReduce(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SYNC_BATCH_NORM_BACKWARD_REDUCE_H */
