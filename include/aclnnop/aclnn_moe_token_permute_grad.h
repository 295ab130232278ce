/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_token_permute_grad.h: the gradient of aclnnMoeTokenPermute (ops-transformer moe/moe_token_permute_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeTokenPermuteGrad: out[i] (permutedOutputGrad's type: FLOAT16, BFLOAT16, FLOAT;
 * [N, H]) = sum over k < numTopk of permutedOutputGrad[sortedIndices[i * numTopk + k]]
 * (permutedOutputGrad [M, H], sortedIndices INT32 [N * numTopk]; an index >= M adds nothing);
 * paddedMode must be false. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenPermuteGradGetWorkspaceSize(const aclTensor *permutedOutputGrad, const aclTensor *sortedIndices, int64_t numTopk, bool paddedMode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeTokenPermuteGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_TOKEN_PERMUTE_GRAD_H */
