/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_incre_flash_attention_v4.h: IncreFlashAttentionV3 with
 * kvPaddingSize.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. The computation is FusedInferAttentionScoreV2's
 * (ops/attention/attention.c: blocked, float32). Supported in cpuacl: as
 * IncreFlashAttentionV3; kvPaddingSize must be NULL too. Other unsupported
 * inputs give ACLNN_ERR_PARAM_INVALID naming them; docs/operators.md has the
 * details.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_V4_H
#define CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_V4_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnIncreFlashAttentionV4GetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclTensor *dequantScale1, const aclTensor *quantScale1, const aclTensor *dequantScale2,
    const aclTensor *quantScale2, const aclTensor *quantOffset2, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffset, const aclTensor *blocktable, const aclTensor *kvPaddingSize,
    int64_t numHeads, double scaleValue, char *inputLayout, int64_t numKeyValueHeads,
    int64_t blockSize, int64_t innerPrecise, const aclTensor *attentionOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIncreFlashAttentionV4(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INCRE_FLASH_ATTENTION_V4_H */
