/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_init_routing_v2.h: the MoE dispatch without rowIdx, with a capacity per
 * expert (drop/pad) and the per-expert token counts (ops-transformer moe/moe_init_routing_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V2_H
#define CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeInitRoutingV2: x (FLOAT16, BFLOAT16, FLOAT; [N, H]), expertIdx (INT32 [N, K]); the
 * N * K positions sorted by expert (stable) give sortedRowIdx. dropPadMode 0 (dropless):
 * expandedRowIdxOut[sortedRowIdx[i]] = i (INT32 [N * K]) and expandedXOut row i =
 * x[sortedRowIdx[i] / K] for i < the active rows (activeNum > 0: min(N * K, activeNum), else
 * N * K); expertTokensCountOrCumsumOutOptional (INT32 [expertNum]) the cumsum (flag 1) or count
 * (flag 2) of each expert's positions. dropPadMode 1: expandedXOut [expertNum, expertCapacity,
 * H] holds each expert's first expertCapacity positions and zeros after them, expandedRowIdxOut
 * their e * expertCapacity + j (-1: dropped), expertTokensBeforeCapacityOutOptional (INT32
 * [expertNum], with its flag) each expert's count before the drop. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingV2GetWorkspaceSize(const aclTensor *x, const aclTensor *expertIdx, int64_t activeNumOptional, int64_t expertCapacityOptional, int64_t expertNumOptional, int64_t dropPadModeOptional, int64_t expertTokensCountOrCumsumFlagOptional, bool expertTokensBeforeCapacityFlagOptional, const aclTensor *expandedXOut, const aclTensor *expandedRowIdxOut, const aclTensor *expertTokensCountOrCumsumOutOptional, const aclTensor *expertTokensBeforeCapacityOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V2_H */
