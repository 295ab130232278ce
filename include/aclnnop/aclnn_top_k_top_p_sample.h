/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_top_k_top_p_sample.h: top-k, top-p and exponential sampling of one token per
 * row of a batch of logits (ops-nn index/top_k_top_p_sample).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TOP_K_TOP_P_SAMPLE_H
#define CPUACL_ACLNNOP_ACLNN_TOP_K_TOP_P_SAMPLE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTopKTopPSample: logitsSelectIdx[b] (INT64 [B]) = the position in row b of logits
 * (FLOAT16, BFLOAT16; [B, V]) of the token kept by top-k (topK INT32 [B]; used when in
 * [1, min(V, 1024)]), then top-p (topP of logits' type [B]; used when in (0, 1)) and drawn by
 * argmax(softmax / (|q| + eps)) (q FLOAT [B, V]; NULL: argmax of the softmax). With
 * isNeedLogits, logitsTopKPSelect (FLOAT [B, V]) = the kept logits in place, -inf elsewhere.
 * topKGuess tunes CANN's search only. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTopKTopPSampleGetWorkspaceSize(const aclTensor *logits, const aclTensor *topK, const aclTensor *topP, const aclTensor *q, double eps, bool isNeedLogits, int64_t topKGuess, const aclTensor *logitsSelectIdx, const aclTensor *logitsTopKPSelect, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTopKTopPSample(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TOP_K_TOP_P_SAMPLE_H */
