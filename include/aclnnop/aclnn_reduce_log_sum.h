/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_reduce_log_sum.h: The log of a sum over a set of axes.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REDUCE_LOG_SUM_H
#define CPUACL_ACLNNOP_ACLNN_REDUCE_LOG_SUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReduceLogSum: reduce = log(sum(data)) over axes (none: every dim, or
 * with noopWithEmptyAxes the log of each element). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReduceLogSumGetWorkspaceSize(const aclTensor *data, const aclIntArray *axes, bool keepDims, bool noopWithEmptyAxes, aclTensor *reduce, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReduceLogSum(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REDUCE_LOG_SUM_H */
