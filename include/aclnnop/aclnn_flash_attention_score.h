/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_flash_attention_score.h: flash attention for training (the
 * forward), attentionOut = dropout(softmax(masked scale * (pse + Q K^T)),
 * keepProb) V, with the softmax statistics the gradient reads back
 * (aclnn_flash_attention_score_grad.h).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Supported in cpuacl: query/key/value FLOAT16, BFLOAT16
 * or FLOAT in layouts "BSH", "SBH", "BSND", "BNSD" with fewer key/value heads
 * (GQA); realShiftOptional (B or 1, N, Sq or 1, Skv); dropMaskOptional (one
 * bit per element) with keepProb; attenMaskOptional BOOL/UINT8; sparseMode
 * 0..4 with preTokens/nextTokens; softmaxMaxOut / softmaxSumOut [B, N, Sq, 8]
 * FLOAT. paddingMaskOptional must be NULL; the prefix modes (sparseMode 5..8)
 * are refused; softmaxOutOut is not written (reserved). V2 adds pseType: 1
 * as V1 (pse before the scale), 0 pse after the scale; 2 and 3 (pse made
 * inside from qStartIdx / kvStartIdx) are refused. This header declares the
 * FlashAttentionScore and FlashAttentionScoreV2 entry points (CANN's also
 * declares the VarLen forms, which cpuacl does not provide). docs/operators.md
 * has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FLASH_ATTENTION_SCORE_H
#define CPUACL_ACLNNOP_ACLNN_FLASH_ATTENTION_SCORE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnFlashAttentionScoreGetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value,
    const aclTensor *realShiftOptional, const aclTensor *dropMaskOptional,
    const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional,
    const aclIntArray *prefixOptional, double scaleValue, double keepProb, int64_t preTokens,
    int64_t nextTokens, int64_t headNum, char *inputLayout, int64_t innerPrecise,
    int64_t sparseMode, const aclTensor *softmaxMaxOut, const aclTensor *softmaxSumOut,
    const aclTensor *softmaxOutOut, const aclTensor *attentionOutOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFlashAttentionScore(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnFlashAttentionScoreV2GetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value,
    const aclTensor *realShiftOptional, const aclTensor *dropMaskOptional,
    const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional,
    const aclIntArray *prefixOptional, const aclIntArray *qStartIdxOptional,
    const aclIntArray *kvStartIdxOptional, double scaleValue, double keepProb, int64_t preTokens,
    int64_t nextTokens, int64_t headNum, char *inputLayout, int64_t innerPrecise,
    int64_t sparseMode, int64_t pseType, const aclTensor *softmaxMaxOut,
    const aclTensor *softmaxSumOut, const aclTensor *softmaxOutOut,
    const aclTensor *attentionOutOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFlashAttentionScoreV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FLASH_ATTENTION_SCORE_H */
