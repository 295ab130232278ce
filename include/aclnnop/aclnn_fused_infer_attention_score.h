/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_infer_attention_score.h: fused attention for inference
 * (prompt and incremental), out = softmax(scale * Q K^T + pseShift, masked) V,
 * with grouped key/value heads (the first parameter list; V2:
 * aclnn_fused_infer_attention_score_v2.h).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. The computation is FusedInferAttentionScoreV2's
 * (ops/attention/attention.c: blocked, float32). Supported in cpuacl: what
 * FusedInferAttentionScoreV2 supports, with query/key/value FLOAT16 or
 * BFLOAT16: layouts "BSH", "BSND", "BNSD", "BNSD_BSND"; pseShift; attenMask;
 * actual sequence lengths; sparseMode 0..4; softmaxLse. The quantisation,
 * antiquant, blockTable and padding-size inputs must be NULL. Other unsupported
 * inputs give ACLNN_ERR_PARAM_INVALID naming them; docs/operators.md has the
 * details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_INFER_ATTENTION_SCORE_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_INFER_ATTENTION_SCORE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedInferAttentionScoreGetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclIntArray *actualSeqLengthsKv, const aclTensor *deqScale1, const aclTensor *quantScale1,
    const aclTensor *deqScale2, const aclTensor *quantScale2, const aclTensor *quantOffset2,
    const aclTensor *antiquantScale, const aclTensor *antiquantOffset, const aclTensor *blockTable,
    const aclTensor *queryPaddingSize, const aclTensor *kvPaddingSize, int64_t numHeads,
    double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, int64_t sparseMode, int64_t innerPrecise, int64_t blockSize,
    int64_t antiquantMode, bool softmaxLseFlag, const aclTensor *attentionOut,
    const aclTensor *softmaxLse, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedInferAttentionScore(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_INFER_ATTENTION_SCORE_H */
