/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_apply_top_k_top_p.h: top-k then top-p filtering of a batch of logits rows
 * (ops-nn index/apply_top_k_top_p_with_sorted).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_APPLY_TOP_K_TOP_P_H
#define CPUACL_ACLNNOP_ACLNN_APPLY_TOP_K_TOP_P_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnApplyTopKTopP: out = logits (FLOAT, FLOAT16, BFLOAT16; [B, V]) with every element
 * outside row b's top k[b] (INT32 [B]; k <= 0 or k >= V: no top-k) and then outside its top-p
 * nucleus (p of logits' type, [B]) set to -inf; either of p and k may be NULL, not both. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyTopKTopPGetWorkspaceSize(const aclTensor *logits, const aclTensor *p, const aclTensor *k, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnApplyTopKTopP(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_APPLY_TOP_K_TOP_P_H */
