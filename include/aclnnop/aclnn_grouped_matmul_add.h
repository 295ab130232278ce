/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_grouped_matmul_add.h: grouped matrix products split along K, accumulated in
 * place (ops-transformer gmm/grouped_matmul_add).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_ADD_H
#define CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_ADD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupedMatmulAdd: yRef[g] += x[k_g, :]^T @ weight[k_g, :] for the E groups of K rows whose
 * cumulative ends groupList (INT64 [E]) holds: x [K, M] and weight [K, N] (FLOAT16, BFLOAT16, one
 * type), yRef FLOAT [E * M, N] updated in place. cpuacl supports CANN's documented case only:
 * groupType 2 (split K), transposeX true, transposeWeight false. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedMatmulAddGetWorkspaceSize(const aclTensor *x, const aclTensor *weight, const aclTensor *groupList, aclTensor *yRef, bool transposeX, bool transposeWeight, int64_t groupType, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedMatmulAdd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_ADD_H */
