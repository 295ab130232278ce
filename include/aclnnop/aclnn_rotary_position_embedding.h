/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rotary_position_embedding.h: Rotary position embedding (RoPE)
 * of one tensor: out = x * cos + rotate(x) * sin over the last dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROTARY_POSITION_EMBEDDING_H
#define CPUACL_ACLNNOP_ACLNN_ROTARY_POSITION_EMBEDDING_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRotaryPositionEmbedding: x is 4-d (BNSD, BSND or SBND) or 3-d (TND)
 * with head dim D last; cos and sin have one shape, x's rank and last dim,
 * and broadcast over some of x's leading dims; out has x's shape. FLOAT,
 * FLOAT16 or BFLOAT16, all four tensors of one type. With h = D/2, q = D/4:
 *   mode 0 (half):            rotate(x) = [-x[h:], x[:h]]
 *   mode 1 (interleave):      rotate(x)[2i, 2i+1] = [-x[2i+1], x[2i]]
 *   mode 2 (quarter):         rotate(x) = [-x[q:2q], x[:q], -x[3q:], x[2q:3q]]
 *   mode 3 (interleave-half): out = [x[0::2], x[1::2]] * cos
 *                                   + [-x[1::2], x[0::2]] * sin */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRotaryPositionEmbeddingGetWorkspaceSize(const aclTensor *x, const aclTensor *cos, const aclTensor *sin, int64_t mode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRotaryPositionEmbedding(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROTARY_POSITION_EMBEDDING_H */
