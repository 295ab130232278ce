/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_trace_v2.h: the sum of the main diagonal of a matrix (ops-math experimental).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRACE_V2_H
#define CPUACL_ACLNNOP_ACLNN_TRACE_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTraceV2: y [1] = sum of x[i][i] for a 2-d x; x and y of one type (FLOAT, FLOAT16);
 * accumulated in double. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTraceV2GetWorkspaceSize(const aclTensor *x, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTraceV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRACE_V2_H */
