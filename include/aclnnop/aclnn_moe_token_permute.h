/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_token_permute.h: Megatron's MoE token permute: token rows copied out in expert order (ops-transformer moe/moe_token_permute).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_H
#define CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeTokenPermute: tokens (FLOAT16, BFLOAT16, FLOAT, INT8; [N, H]), indices (INT32, INT64;
 * [N] or [N, topK]); sortedIndicesFirst = the stable argsort of indices flattened;
 * permuteTokensOut (tokens' type, [numOut, H]) row i = tokens[sortedIndicesFirst[i] / topK];
 * sortedIndicesOut (INT32 [N * topK]) = argsort(sortedIndicesFirst), each position's row.
 * numOut = numOutTokens (0 or negative: N * topK + numOutTokens) clamped to [0, N * topK];
 * paddedMode must be false. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenPermuteGetWorkspaceSize(const aclTensor *tokens, const aclTensor *indices, int64_t numOutTokens, bool paddedMode, const aclTensor *permuteTokensOut, const aclTensor *sortedIndicesOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenPermute(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_H */
