/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batch_norm_gather_stats_with_counts.h: synchronised batch norm's gathering
 * step (torch's batch_norm_gather_stats_with_counts): every device's mean and invstd weighted
 * by its element count into the global mean and invstd, with the running statistics updated.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCH_NORM_GATHER_STATS_WITH_COUNTS_H
#define CPUACL_ACLNNOP_ACLNN_BATCH_NORM_GATHER_STATS_WITH_COUNTS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(const aclTensor *input, const aclTensor *mean, const aclTensor *invstd, aclTensor *runningMean, aclTensor *runningVar, double momentum, double eps, const aclTensor *counts, aclTensor *meanAll, aclTensor *invstdAll, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormGatherStatsWithCounts(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCH_NORM_GATHER_STATS_WITH_COUNTS_H */
