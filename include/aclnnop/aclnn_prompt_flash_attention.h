/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_prompt_flash_attention.h: flash attention over a whole prompt,
 * out = softmax(scale * Q K^T + pseShift, masked) V, with grouped key/value
 * heads (the first parameter list).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. The computation is FusedInferAttentionScoreV2's
 * (ops/attention/attention.c: blocked, float32). Supported in cpuacl:
 * query/key/value FLOAT16 or BFLOAT16 in layouts "BSH", "BSND", "BNSD",
 * "BNSD_BSND"; pseShift; attenMask BOOL/INT8/UINT8 (1 = masked) with
 * preTokens/nextTokens; actualSeqLengths (the query rows per batch). Other
 * unsupported inputs give ACLNN_ERR_PARAM_INVALID naming them;
 * docs/operators.md has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_H
#define CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnPromptFlashAttentionGetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *pseShift,
    const aclTensor *attenMask, const aclIntArray *actualSeqLengths, int64_t numHeads,
    double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, const aclTensor *attentionOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPromptFlashAttention(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PROMPT_FLASH_ATTENTION_H */
