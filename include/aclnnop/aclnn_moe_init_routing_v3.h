/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_init_routing_v3.h: the MoE dispatch of ops-transformer
 * moe/moe_init_routing_v3: the token rows in expert order for the experts of an active range,
 * unquantised or dynamically quantised to INT8, with the per-expert token counts.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V3_H
#define CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeInitRoutingV3: x (FLOAT16, BFLOAT16, FLOAT, INT8; [N, H]), expertIdx (INT32 [N, K]).
 * The N * K positions whose expert lies in activeExpertRangeOptional = [start, end) (NULL:
 * [0, expertNum)), stably sorted by expert, fill the first rows of expandedXOut ([N * K, H]):
 * row i = x[sorted[i] / K] (quantMode -1) or its dynamic INT8 quantisation (quantMode 1, the
 * row times scaleOptional[expert - start] when given, scale max|row| / 127 into
 * expandedScaleOut). expandedRowIdxOut (INT32 [N * K]): rowIdxType 1 puts i at sorted[i],
 * rowIdxType 0 sorted[i] at i; -1 elsewhere. expertTokensCountOrCumsumOut (INT64): the count
 * of each expert of the range ([end - start], type 1) or (expert, count) pairs of the experts
 * with tokens ([expertNum, 2], type 2). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingV3GetWorkspaceSize(const aclTensor *x, const aclTensor *expertIdx, const aclTensor *scaleOptional, const aclTensor *offsetOptional, int64_t activeNum, int64_t expertCapacity, int64_t expertNum, int64_t dropPadMode, int64_t expertTokensNumType, bool expertTokensNumFlag, int64_t quantMode, const aclIntArray *activeExpertRangeOptional, int64_t rowIdxType, const aclTensor *expandedXOut, const aclTensor *expandedRowIdxOut, const aclTensor *expertTokensCountOrCumsumOut, const aclTensor *expandedScaleOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V3_H */
