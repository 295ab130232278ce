/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_infer_attention_score_v2.h: fused attention for
 * inference (prompt and incremental), out = softmax(scale * Q K^T + pse,
 * masked) V, with grouped key/value heads.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. cpuacl computes it blocked (no full score matrix) in
 * float32 through the BLAS. Supported in cpuacl: layouts "BSH", "BSND",
 * "BNSD", "BNSD_BSND"; query/key/value FLOAT16, BFLOAT16 or FLOAT (one
 * tensor each in the key/value lists); pseShift (B or 1, N, Sq, Skv);
 * attenMask BOOL/INT8/UINT8 (1 = masked); actual sequence lengths;
 * sparseMode 0..4; softmaxLse. The quantisation, antiquant, page-attention
 * (blockTable), padding-size and shared-prefix inputs must be NULL
 * (ACLNN_ERR_PARAM_INVALID otherwise). docs/operators.md has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_INFER_ATTENTION_SCORE_V2_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_INFER_ATTENTION_SCORE_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedInferAttentionScoreV2GetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShiftOptional, const aclTensor *attenMaskOptional,
    const aclIntArray *actualSeqLengthsOptional, const aclIntArray *actualSeqLengthsKvOptional,
    const aclTensor *deqScale1Optional, const aclTensor *quantScale1Optional,
    const aclTensor *deqScale2Optional, const aclTensor *quantScale2Optional,
    const aclTensor *quantOffset2Optional, const aclTensor *antiquantScaleOptional,
    const aclTensor *antiquantOffsetOptional, const aclTensor *blockTableOptional,
    const aclTensor *queryPaddingSizeOptional, const aclTensor *kvPaddingSizeOptional,
    const aclTensor *keyAntiquantScaleOptional, const aclTensor *keyAntiquantOffsetOptional,
    const aclTensor *valueAntiquantScaleOptional, const aclTensor *valueAntiquantOffsetOptional,
    const aclTensor *keySharedPrefixOptional, const aclTensor *valueSharedPrefixOptional,
    const aclIntArray *actualSharedPrefixLenOptional, int64_t numHeads, double scaleValue,
    int64_t preTokens, int64_t nextTokens, char *inputLayout, int64_t numKeyValueHeads,
    int64_t sparseMode, int64_t innerPrecise, int64_t blockSize, int64_t antiquantMode,
    bool softmaxLseFlag, int64_t keyAntiquantMode, int64_t valueAntiquantMode,
    const aclTensor *attentionOut, const aclTensor *softmaxLse, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedInferAttentionScoreV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_INFER_ATTENTION_SCORE_V2_H */
