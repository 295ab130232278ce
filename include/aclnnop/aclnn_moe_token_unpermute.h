/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_token_unpermute.h: Megatron's MoE token unpermute: the experts' rows weighted back into token rows (ops-transformer moe/moe_token_unpermute).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_UNPERMUTE_H
#define CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_UNPERMUTE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeTokenUnpermute: out[i] (permutedTokens' type, [N, H]) = sum over k of
 * permutedTokens[sortedIndices[i * topK + k]] * probs[i, k] (FLOAT16, BFLOAT16, FLOAT;
 * permutedTokens [M, H], sortedIndices INT32 [N * topK], probsOptional [N, topK]; without probs
 * topK = 1 and the weight 1); an index >= M (a row cut by numOutTokens) adds nothing.
 * paddedMode must be false and restoreShapeOptional NULL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenUnpermuteGetWorkspaceSize(const aclTensor *permutedTokens, const aclTensor *sortedIndices, const aclTensor *probsOptional, bool paddedMode, const aclIntArray *restoreShapeOptional, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenUnpermute(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_UNPERMUTE_H */
