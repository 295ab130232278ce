/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_flash_attention_score_grad.h: the gradient of
 * FlashAttentionScore (aclnn_flash_attention_score.h): dq, dk, dv and dpse
 * from dy and the forward's softmaxMax / softmaxSum.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Supported in cpuacl: what FlashAttentionScore supports
 * (types, layouts, GQA, pse, dropout, masks, sparseMode 0..4). dpseOut is
 * required when pseShiftOptional is given and gets pse's shape (summed over
 * what pse broadcasts). softmaxInOptional and attentionInOptional are not
 * read (the probabilities are recomputed from the statistics);
 * paddingMaskOptional must be NULL. V2 adds pseType as
 * FlashAttentionScoreV2 (0: dpse = dS; 1: dpse = scale dS). This header
 * declares the FlashAttentionScoreGrad and FlashAttentionScoreGradV2 entry
 * points (CANN's also declares the Unpadding forms, which cpuacl does not
 * provide). docs/operators.md has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FLASH_ATTENTION_SCORE_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_FLASH_ATTENTION_SCORE_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnFlashAttentionScoreGradGetWorkspaceSize(
    const aclTensor *query, const aclTensor *keyIn, const aclTensor *value, const aclTensor *dy,
    const aclTensor *pseShiftOptional, const aclTensor *dropMaskOptional,
    const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional,
    const aclTensor *softmaxMaxOptional, const aclTensor *softmaxSumOptional,
    const aclTensor *softmaxInOptional, const aclTensor *attentionInOptional,
    const aclIntArray *prefixOptional, double scaleValue, double keepProb, int64_t preTokens,
    int64_t nextTokens, int64_t headNum, char *inputLayout, int64_t innerPrecise,
    int64_t sparseMode, const aclTensor *dqOut, const aclTensor *dkOut, const aclTensor *dvOut,
    const aclTensor *dpseOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFlashAttentionScoreGrad(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

ACL_FUNC_VISIBILITY aclnnStatus aclnnFlashAttentionScoreGradV2GetWorkspaceSize(
    const aclTensor *query, const aclTensor *keyIn, const aclTensor *value, const aclTensor *dy,
    const aclTensor *pseShiftOptional, const aclTensor *dropMaskOptional,
    const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional,
    const aclTensor *softmaxMaxOptional, const aclTensor *softmaxSumOptional,
    const aclTensor *softmaxInOptional, const aclTensor *attentionInOptional,
    const aclIntArray *prefixOptional, const aclIntArray *qStartIdxOptional,
    const aclIntArray *kvStartIdxOptional, double scaleValue, double keepProb, int64_t preTokens,
    int64_t nextTokens, int64_t headNum, char *inputLayout, int64_t innerPrecise,
    int64_t sparseMode, int64_t pseType, const aclTensor *dqOut, const aclTensor *dkOut,
    const aclTensor *dvOut, const aclTensor *dpseOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFlashAttentionScoreGradV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FLASH_ATTENTION_SCORE_GRAD_H */
