/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_moe_gating_top_k_softmax.h: the MoE gate: softmax over the experts, then the top k (ops-transformer moe/moe_gating_top_k_softmax).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_SOFTMAX_H
#define CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_SOFTMAX_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMoeGatingTopKSoftmax: per row of x (FLOAT16, BFLOAT16, FLOAT; [.., E], 2 or 3 dims) the
 * top k (1 <= k <= min(E, 1024)) of softmax(x) into yOut (x's type, [.., k]), their expert
 * numbers into expertIdxOut (INT32; E where finishedOptional, BOOL [..], is true) and the
 * source row of each position, j * rows + r, into rowIdxOut (INT32 [.., k]). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeGatingTopKSoftmaxGetWorkspaceSize(const aclTensor *x, const aclTensor *finishedOptional, int64_t k, const aclTensor *yOut, const aclTensor *expertIdxOut, const aclTensor *rowIdxOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMoeGatingTopKSoftmax(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MOE_GATING_TOP_K_SOFTMAX_H */
