/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_prompt_flash_attention_v2.h: PromptFlashAttention with key
 * lengths, sparse modes and the quantisation inputs.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. The computation is FusedInferAttentionScoreV2's
 * (ops/attention/attention.c: blocked, float32). Supported in cpuacl: as
 * PromptFlashAttention, plus actualSeqLengthsKv and sparseMode 0..4. The
 * quantisation inputs (deqScale1, quantScale1, deqScale2, quantScale2,
 * quantOffset2) must be NULL. Other unsupported inputs give
 * ACLNN_ERR_PARAM_INVALID naming them; docs/operators.md has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_V2_H
#define CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnPromptFlashAttentionV2GetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *pseShift,
    const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclIntArray *actualSeqLengthsKv, const aclTensor *deqScale1, const aclTensor *quantScale1,
    const aclTensor *deqScale2, const aclTensor *quantScale2, const aclTensor *quantOffset2,
    int64_t numHeads, double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, int64_t sparseMode, const aclTensor *attentionOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPromptFlashAttentionV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_V2_H */
