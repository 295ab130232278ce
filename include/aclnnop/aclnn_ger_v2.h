/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ger_v2.h: the rank-1 update A + alpha x y^T (ops-math experimental).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GER_V2_H
#define CPUACL_ACLNNOP_ACLNN_GER_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGerV2: out = A + alpha * x y^T (x [M], y [N], A and out [M, N], one type: FLOAT, FLOAT16,
 * INT32, INT16), computed in double and converted once. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGerV2GetWorkspaceSize(const aclTensor *x, const aclTensor *y, const aclTensor *A, float alpha, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGerV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GER_V2_H */
