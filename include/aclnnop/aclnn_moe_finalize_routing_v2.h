/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_finalize_routing_v2.h: the MoE combine with optional terms and drop/pad layouts (ops-transformer moe/moe_finalize_routing_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_V2_H
#define CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeFinalizeRoutingV2: aclnnMoeFinalizeRouting with x1, x2, bias, scales (1 when absent) and
 * expertIdx optional (bias needs expertIdx); dropPadMode 0 and 1 read expandedRowIdx at
 * i + k * N, 2 and 3 at i * K + k; 1 and 3 take expandedX as [E, C, H] and skip the terms whose
 * expandedRowIdx is -1. out is [N, H] with N = scales' rows (expandedRowIdx's size without
 * scales). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeFinalizeRoutingV2GetWorkspaceSize(const aclTensor *expandedX, const aclTensor *expandedRowIdx, const aclTensor *x1Optional, const aclTensor *x2Optional, const aclTensor *biasOptional, const aclTensor *scalesOptional, const aclTensor *expertIdxOptional, int64_t dropPadMode, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeFinalizeRoutingV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_V2_H */
