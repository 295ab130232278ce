/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_init_routing.h: the MoE dispatch: token rows sorted by expert (ops-transformer moe/moe_init_routing).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_H
#define CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeInitRouting: x (FLOAT16, BFLOAT16, FLOAT; [N, H]), rowIdx and expertIdx (INT32 [N, K]);
 * the (expertIdx, rowIdx) pairs sorted by expert give expandedExpertIdxOut (INT32 [N * K]) and
 * sortedRowIdx; expandedRowIdxOut[sortedRowIdx[i]] = i (INT32 [N * K]); expandedXOut
 * (x's type, [min(N, activeNum) * K, H]) row i = x[sortedRowIdx[i] % N]. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingGetWorkspaceSize(const aclTensor *x, const aclTensor *rowIdx, const aclTensor *expertIdx, int64_t activeNum, const aclTensor *expandedXOut, const aclTensor *expandedRowIdxOut, const aclTensor *expandedExpertIdxOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRouting(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_H */
