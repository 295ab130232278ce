/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sync_batch_norm_gather_stats.h: the statistics of a synchronised batch norm from every device's sums.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SYNC_BATCH_NORM_GATHER_STATS_H
#define CPUACL_ACLNNOP_ACLNN_SYNC_BATCH_NORM_GATHER_STATS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSyncBatchNormGatherStats: totalSum, totalSquareSum [n, C] and sampleCount [n] give
 * batchMean and batchInvstd [C]; mean and variance (running, [C]) are updated with momentum (the
 * variance unbiased). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSyncBatchNormGatherStatsGetWorkspaceSize(const aclTensor *totalSum, const aclTensor *totalSquareSum, const aclTensor *sampleCount, aclTensor *mean, aclTensor *variance, float momentum, float eps, aclTensor *batchMean, aclTensor *batchInvstd, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSyncBatchNormGatherStats(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SYNC_BATCH_NORM_GATHER_STATS_H */
