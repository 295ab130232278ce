/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_init_routing_v2_grad.h: the gradient of aclnnMoeInitRoutingV2 (ops-transformer moe/moe_init_routing_v2_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V2_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V2_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeInitRoutingV2Grad: out[i] (gradExpandedX's type: FLOAT16, BFLOAT16, FLOAT; [N, H]) = sum
 * over t < topK of gradExpandedX[expandedRowIdx[i * topK + t]] (expandedRowIdx INT32 [N * topK];
 * gradExpandedX [rows, H] for dropPadMode 0, rows = min(N * topK, activeNum) or N * topK when
 * activeNum is 0, or [E, C, H] for dropPadMode 1; an index of -1 or past the rows adds
 * nothing). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingV2GradGetWorkspaceSize(const aclTensor *gradExpandedX, const aclTensor *expandedRowIdx, int64_t topK, int64_t dropPadMode, int64_t activeNum, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeInitRoutingV2Grad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_INIT_ROUTING_V2_GRAD_H */
