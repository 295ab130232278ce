/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batch_norm_stats.h: per-channel mean and inverse standard deviation.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCH_NORM_STATS_H
#define CPUACL_ACLNNOP_ACLNN_BATCH_NORM_STATS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBatchNormStats: mean [C] and invstd = 1 / sqrt(biased var + eps) [C] of input [N, C, *]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormStatsGetWorkspaceSize(const aclTensor *input, double eps, aclTensor *mean, aclTensor *invstd, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormStats(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCH_NORM_STATS_H */
