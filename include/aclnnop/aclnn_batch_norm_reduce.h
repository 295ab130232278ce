/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_batch_norm_reduce.h: per-channel sum and sum of squares.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BATCH_NORM_REDUCE_H
#define CPUACL_ACLNNOP_ACLNN_BATCH_NORM_REDUCE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBatchNormReduce: sum [C] and squareSum [C] of x [N, C, *]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormReduceGetWorkspaceSize(const aclTensor *x, aclTensor *sum, aclTensor *squareSum, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBatchNormReduce(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BATCH_NORM_REDUCE_H */
