/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_svd.h: the singular value decomposition (ops-math math/svd).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SVD_H
#define CPUACL_ACLNNOP_ACLNN_SVD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSvd: input [..., m, n] (FLOAT, DOUBLE) = u diag(sigma) v^T, all of input's type (torch.svd):
 * sigma [..., k] descending with k = min(m, n); fullMatrices gives u [..., m, m], v [..., n, n],
 * else u [..., m, k], v [..., n, k]; computeUV false writes sigma only (u and v are not looked
 * at beyond their type). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSvdGetWorkspaceSize(const aclTensor *input, const bool fullMatrices, const bool computeUV, aclTensor *sigma, aclTensor *u, aclTensor *v, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSvd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SVD_H */
