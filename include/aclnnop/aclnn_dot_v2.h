/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_dot_v2.h: the sum of elementwise products (ops-math experimental).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DOT_V2_H
#define CPUACL_ACLNNOP_ACLNN_DOT_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDotV2: y [1] = sum of x1 * x2 over every element; x1 and x2 of one shape, x1, x2 and y of
 * one type (FLOAT, FLOAT16); accumulated in double. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDotV2GetWorkspaceSize(const aclTensor *x1, const aclTensor *x2, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDotV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DOT_V2_H */
