/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_gating_top_k_softmax_v2.h: the MoE gate with renormalisation: softmax then top k, or top k then softmax (ops-transformer moe/moe_gating_top_k_softmax_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_SOFTMAX_V2_H
#define CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_SOFTMAX_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeGatingTopKSoftmaxV2: renorm 0 is aclnnMoeGatingTopKSoftmax without rowIdxOut; renorm 1
 * takes the top k of x and writes their softmax into yOut. With outputSoftmaxResultFlag and
 * renorm 0, softmaxResultOutOptional (FLOAT, x's shape) receives softmax(x). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeGatingTopKSoftmaxV2GetWorkspaceSize(const aclTensor *x, const aclTensor *finishedOptional, int64_t k, int64_t renorm, bool outputSoftmaxResultFlag, const aclTensor *yOut, const aclTensor *expertIdxOut, const aclTensor *softmaxResultOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeGatingTopKSoftmaxV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_SOFTMAX_V2_H */
