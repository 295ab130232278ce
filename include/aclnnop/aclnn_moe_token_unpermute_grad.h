/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_token_unpermute_grad.h: the gradient of aclnnMoeTokenUnpermute (ops-transformer moe/moe_token_unpermute_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_UNPERMUTE_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_UNPERMUTE_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeTokenUnpermuteGrad: permutedTokensGradOut (FLOAT16, BFLOAT16, FLOAT; [M, H], rows not
 * indexed 0) row sortedIndices[i * topK + k] = unpermutedTokensGrad[i] * probs[i, k] (1 without
 * probs, topK = 1); probsGradOut [N, topK] = sum over h of permuteTokens[sortedIndices[i * topK +
 * k], h] * unpermutedTokensGrad[i, h] (written with probs only). permuteTokens [M, H],
 * unpermutedTokensGrad [N, H], sortedIndices INT32 [N * topK]; paddedMode must be false and
 * restoreShapeOptional NULL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenUnpermuteGradGetWorkspaceSize(const aclTensor *permuteTokens, const aclTensor *unpermutedTokensGrad, const aclTensor *sortedIndices, const aclTensor *probsOptional, bool paddedMode, const aclIntArray *restoreShapeOptional, aclTensor *permutedTokensGradOut, aclTensor *probsGradOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenUnpermuteGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_UNPERMUTE_GRAD_H */
