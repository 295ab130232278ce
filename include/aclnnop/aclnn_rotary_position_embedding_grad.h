/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_rotary_position_embedding_grad.h: the backward of aclnnRotaryPositionEmbedding
 * (ops-transformer posembedding/rotary_position_embedding_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROTARY_POSITION_EMBEDDING_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_ROTARY_POSITION_EMBEDDING_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRotaryPositionEmbeddingGrad: dy [B, S, N, D] (FLOAT, FLOAT16, BFLOAT16), cos and sin of
 * dy's type and a shape whose leading dims are 1 or dy's; mode 0 half, 1 interleave, 2
 * quarter, 3 interleave-half. dxOut (dy's shape) = the gradient of x; with xOptional (dy's
 * shape), dcosOut and dsinOut (cos's shape) = the gradients of cos and sin summed over the
 * broadcast dims; without it they are not written. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRotaryPositionEmbeddingGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *cos, const aclTensor *sin, const aclTensor *xOptional, int64_t mode, const aclTensor *dxOut, const aclTensor *dcosOut, const aclTensor *dsinOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRotaryPositionEmbeddingGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROTARY_POSITION_EMBEDDING_GRAD_H */
