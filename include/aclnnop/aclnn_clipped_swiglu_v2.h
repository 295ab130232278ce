/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_clipped_swiglu_v2.h: the clamped SwiGLU with MoE groups (ops-nn
 * activation/clipped_swiglu).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_V2_H
#define CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnClippedSwigluV2: x (FLOAT, FLOAT16, BFLOAT16) read as [pre, cut] at dim, its first
 * sum(groupIndexOptional) rows (INT64; NULL: all) split into A and B (even / odd columns when
 * interleaved, else halves); clampMode 0 as aclnnClippedSwiglu; 1: y = min(A sigmoid(A), limit)
 * clamp(B, -limit, limit); out (dim halved) 0 on the other rows. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClippedSwigluV2GetWorkspaceSize(const aclTensor *x, const aclTensor *groupIndexOptional, int64_t dim, double alpha, double limit, double bias, bool interleaved, int64_t clampMode, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClippedSwigluV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_V2_H */
