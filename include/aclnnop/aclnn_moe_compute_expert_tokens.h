/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_compute_expert_tokens.h: the end of each expert's rows in a sorted expert list (ops-transformer moe/moe_compute_expert_tokens).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_COMPUTE_EXPERT_TOKENS_H
#define CPUACL_ACLNNOP_ACLNN_MOE_COMPUTE_EXPERT_TOKENS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeComputeExpertTokens: out[e] (INT32 [numExperts]) = the number of elements of
 * sortedExperts (INT32, 1-d, ascending) that are <= e, for 0 < numExperts <= 2048. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeComputeExpertTokensGetWorkspaceSize(const aclTensor *sortedExperts, int64_t numExperts, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeComputeExpertTokens(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_COMPUTE_EXPERT_TOKENS_H */
