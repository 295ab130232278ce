/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_prompt_flash_attention_v3.h: PromptFlashAttentionV2 with
 * innerPrecise.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. The computation is FusedInferAttentionScoreV2's
 * (ops/attention/attention.c: blocked, float32). Supported in cpuacl: as
 * PromptFlashAttentionV2; innerPrecise 0..3 is checked (cpuacl always computes
 * in float32). The quantisation inputs must be NULL. Other unsupported inputs
 * give ACLNN_ERR_PARAM_INVALID naming them; docs/operators.md has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_V3_H
#define CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnPromptFlashAttentionV3GetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *pseShift,
    const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclIntArray *actualSeqLengthsKv, const aclTensor *deqScale1, const aclTensor *quantScale1,
    const aclTensor *deqScale2, const aclTensor *quantScale2, const aclTensor *quantOffset2,
    int64_t numHeads, double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, int64_t sparseMode, int64_t innerPrecise,
    const aclTensor *attentionOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPromptFlashAttentionV3(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_V3_H */
