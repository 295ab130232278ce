/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_swiglu_group.h: SwiGLU over the last dim with an optional clamp, per-token
 * weights and MoE group counts (ops-nn activation/swiglu_group).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SWIGLU_GROUP_H
#define CPUACL_ACLNNOP_ACLNN_SWIGLU_GROUP_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSwigluGroup: y = silu(A) B for A, B the halves of x's last dim (FLOAT16, BFLOAT16,
 * FLOAT), clamped first (A <= clampLimit, B in [-clampLimit, clampLimit]) unless clampLimit is
 * -1.0, times weightOptional (FLOAT, one per token); only the first sum(groupIndexOptional)
 * tokens (INT64) when given. out of x's type with the last dim halved. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwigluGroupGetWorkspaceSize(const aclTensor *x, const aclTensor *weightOptional, const aclTensor *groupIndexOptional, double clampLimit, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSwigluGroup(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SWIGLU_GROUP_H */
