/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_interleave_rope.h: rotary position embedding of a tensor
 * whose rotation pairs are interleaved: q = x's head row de-interleaved (even
 * then odd elements), out = q * cos + rotate_half(q) * sin.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Computed in float32 by ops/attention/interleave_rope.c
 * (IR1, IR2). Supported in cpuacl: x and out (B, N, S, D), cos and sin (B or
 * 1, 1, S or 1, D), one type of FLOAT16, BFLOAT16; any even D and any strides
 * (CANN's kernel needs D = 64, contiguous); out may be x. docs/operators.md has
 * the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INTERLEAVE_ROPE_H
#define CPUACL_ACLNNOP_ACLNN_INTERLEAVE_ROPE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnInterleaveRopeGetWorkspaceSize(
    const aclTensor *x, const aclTensor *cos, const aclTensor *sin, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInterleaveRope(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INTERLEAVE_ROPE_H */
