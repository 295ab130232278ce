/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sinkhorn.h: the Sinkhorn-Knopp scaling of a cost matrix, for MoE routing
 * (ops-math math/sinkhorn).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SINKHORN_H
#define CPUACL_ACLNNOP_ACLNN_SINKHORN_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSinkhorn: cost [R, C] (FLOAT, FLOAT16, BFLOAT16) to p of its shape and type: with
 * K = exp(cost), d0 = 1 / (R (K d1 + eps)) and d1 = 1 / (C (d0^T K + eps)) repeated from d1 = 1
 * until mean |d1 - d1_old| <= tol (a FLOAT scalar; NULL: 0.0001), p = d0 K d1 elementwise. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSinkhornGetWorkspaceSize(const aclTensor *cost, const aclScalar *tol, aclTensor *p, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSinkhorn(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SINKHORN_H */
