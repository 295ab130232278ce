/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_finalize_routing_v2_grad.h: the gradient of aclnnMoeFinalizeRoutingV2 (ops-transformer moe/moe_finalize_routing_v2_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_V2_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_V2_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeFinalizeRoutingV2Grad: gradY (FLOAT16, BFLOAT16, FLOAT; [R, H]), expandedRowIdx (INT32
 * [R * K], position i belongs to token i / K); gradExpandedXOut (gradY's type; [rows, H] for
 * dropPadMode 0, rows = min(R * K, activeNum) or R * K when activeNum is 0, [expertNum,
 * expertCapacity, H] for 1; rows not indexed are 0) row expandedRowIdx[i] = gradY[i / K] *
 * scales[i] (1 without scalesOptional); gradScalesOut ([R, K], [R, 1] without scales) [i] = the
 * dot product of expandedXOptional[expandedRowIdx[i]] + biasOptional[expertIdxOptional[i]] and
 * gradY[i / K] (written with scales only; expandedXOptional then required). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeFinalizeRoutingV2GradGetWorkspaceSize(const aclTensor *gradY, const aclTensor *expandedRowIdx, const aclTensor *expandedXOptional, const aclTensor *scalesOptional, const aclTensor *expertIdxOptional, const aclTensor *biasOptional, int64_t dropPadMode, int64_t activeNum, int64_t expertNum, int64_t expertCapacity, const aclTensor *gradExpandedXOut, const aclTensor *gradScalesOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeFinalizeRoutingV2Grad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_V2_GRAD_H */
