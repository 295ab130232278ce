/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_finalize_routing.h: the MoE combine: the experts' rows weighted back into token rows (ops-transformer moe/moe_finalize_routing).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_H
#define CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeFinalizeRouting: out[i, j] (FLOAT16, BFLOAT16, FLOAT; [N, H]) = x1[i, j] +
 * x2Optional[i, j] + sum over k of scales[i, k] * (expandedX[expandedRowIdx[i + k * N], j] +
 * bias[expandedExpertIdx[i, k], j]); expandedX [N * K, H], bias [E, H], scales [N, K],
 * expandedRowIdx INT32 [N * K], expandedExpertIdx INT32 [N, K]; every float tensor of one type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeFinalizeRoutingGetWorkspaceSize(const aclTensor *expandedX, const aclTensor *x1, const aclTensor *x2Optional, const aclTensor *bias, const aclTensor *scales, const aclTensor *expandedRowIdx, const aclTensor *expandedExpertIdx, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeFinalizeRouting(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_FINALIZE_ROUTING_H */
