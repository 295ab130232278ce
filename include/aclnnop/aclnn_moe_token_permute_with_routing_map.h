/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_token_permute_with_routing_map.h: Megatron's MoE token permute from a
 * token-to-expert routing map (ops-transformer moe/moe_token_permute_with_routing_map).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_WITH_ROUTING_MAP_H
#define CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_WITH_ROUTING_MAP_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeTokenPermuteWithRoutingMap: tokens (FLOAT16, BFLOAT16, FLOAT; [T, H]), routingMap (INT8,
 * BOOL; [T, E], nonzero: token t goes to expert e), probsOptional (tokens' type, [T, E]).
 * dropAndPad false: the selected (expert, token) pairs in expert-major, token order give
 * sortedIndicesFirst (token ids); permuteTokensOut [R, H] row j = tokens[sortedIndicesFirst[j]],
 * sortedIndicesOut (INT32 [R]) = its stable argsort, permuteProbsOutOptional [R] the pairs'
 * probs, with R = numOutTokens / T * T (CANN expects exactly R pairs; past fewer, zero rows and
 * index -1). dropAndPad true:
 * capacity C = numOutTokens / E; expert e's C slots take its selected tokens in order, then its
 * unselected ones (Megatron's descending stable argsort of the map's column); sortedIndicesOut
 * [E * C] those token ids, permuteTokensOut their rows, permuteProbsOutOptional their probs. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenPermuteWithRoutingMapGetWorkspaceSize(const aclTensor *tokens, const aclTensor *routingMap, const aclTensor *probsOptional, int64_t numOutTokens, bool dropAndPad, aclTensor *permuteTokensOut, aclTensor *permuteProbsOutOptional, aclTensor *sortedIndicesOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenPermuteWithRoutingMap(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_WITH_ROUTING_MAP_H */
