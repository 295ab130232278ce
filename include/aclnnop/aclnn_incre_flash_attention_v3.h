/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_incre_flash_attention_v3.h: IncreFlashAttentionV2 with
 * antiquant (int8 KV cache) and page attention (blocktable, blockSize) inputs
 * and innerPrecise.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. The computation is FusedInferAttentionScoreV2's
 * (ops/attention/attention.c: blocked, float32). Supported in cpuacl: as
 * IncreFlashAttention; the quantisation and antiquant inputs and blocktable
 * must be NULL (blockSize is then unused). Other unsupported inputs give
 * ACLNN_ERR_PARAM_INVALID naming them; docs/operators.md has the details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_V3_H
#define CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnIncreFlashAttentionV3GetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclTensor *dequantScale1, const aclTensor *quantScale1, const aclTensor *dequantScale2,
    const aclTensor *quantScale2, const aclTensor *quantOffset2, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffset, const aclTensor *blocktable, int64_t numHeads,
    double scaleValue, char *inputLayout, int64_t numKeyValueHeads, int64_t blockSize,
    int64_t innerPrecise, const aclTensor *attentionOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIncreFlashAttentionV3(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_V3_H */
