/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_clipped_swiglu.h: the clamped SwiGLU with MoE groups (ops-nn
 * activation/clipped_swiglu).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_H
#define CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnClippedSwiglu: x (FLOAT, FLOAT16, BFLOAT16) read as [pre, cut] at dim, its first
 * sum(groupIndexOptional) rows (INT64; NULL: all) split into A and B (even / odd columns when
 * interleaved, else halves); y = min(A, limit) sigmoid(alpha min(A, limit)) (clamp(B, -limit,
 * limit) + bias); out (dim halved) 0 on the other rows. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnClippedSwigluGetWorkspaceSize(const aclTensor *x, const aclTensor *groupIndexOptional, int64_t dim, double alpha, double limit, double bias, bool interleaved, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnClippedSwiglu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CLIPPED_SWIGLU_H */
