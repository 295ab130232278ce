/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_incre_flash_attention.h: incremental (decode) flash attention:
 * one query row per batch against the key/value cache, with grouped key/value
 * heads.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. The computation is FusedInferAttentionScoreV2's
 * (ops/attention/attention.c: blocked, float32). Supported in cpuacl:
 * query/key/value FLOAT16 or BFLOAT16 in layouts "BSH", "BSND", "BNSD" (query
 * sequence length 1; one tensor in each key/value list); pseShift; attenMask
 * BOOL/INT8/UINT8 (1 = masked) shaped (B, Skv), (B, 1, Skv) or (B, 1, 1, Skv);
 * actualSeqLengths (the valid keys per batch). Other unsupported inputs give
 * ACLNN_ERR_PARAM_INVALID naming them; docs/operators.md has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_H
#define CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnIncreFlashAttentionGetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    int64_t numHeads, double scaleValue, char *inputLayout, int64_t numKeyValueHeads,
    const aclTensor *attentionOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIncreFlashAttention(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_H */
