/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The other parameter lists of attention.c's computation: CANN's
 * PromptFlashAttention (V1..V3, prompt), IncreFlashAttention (V1..V4, decode)
 * and FusedInferAttentionScore (V1, V3, V4) are FusedInferAttentionScoreV2
 * with fewer or more parameters. Each entry point maps its parameters onto
 * struct fa_args (attention.h) and calls fa_prepare: one plan, one kernel and
 * one worker split (FA1..FA9) for all of them.
 *
 *  AV1. Parameters that change results and that attention.c does not
 *      implement (quantisation, antiquant, page attention, padding sizes,
 *      shared prefixes, MLA's rope parts, a quantised query, attention sinks)
 *      must be NULL: the first one given is refused with
 *      ACLNN_ERR_PARAM_INVALID naming it (fa_refuse_given), never ignored.
 *      Scalars that only configure those inputs (blockSize, antiquantMode,
 *      keyAntiquantMode, valueAntiquantMode, queryQuantMode) are then unused;
 *      innerPrecise is checked (0..3) and computing is float32 either way.
 *  AV2. PromptFlashAttention V1 has no sparseMode: mode 0, with preTokens and
 *      nextTokens applied when a mask is given (FA3). IncreFlashAttention has
 *      one query row, no preTokens/nextTokens (a mask hides exactly its
 *      elements) and its actualSeqLengths count keys (actualSeqLengthsKv in
 *      V2's terms).
 */
#include <stdint.h>

#include "aclnnop/aclnn_fused_infer_attention_score.h"
#include "aclnnop/aclnn_fused_infer_attention_score_v3.h"
#include "aclnnop/aclnn_fused_infer_attention_score_v4.h"
#include "aclnnop/aclnn_incre_flash_attention.h"
#include "aclnnop/aclnn_incre_flash_attention_v2.h"
#include "aclnnop/aclnn_incre_flash_attention_v3.h"
#include "aclnnop/aclnn_incre_flash_attention_v4.h"
#include "aclnnop/aclnn_prompt_flash_attention.h"
#include "aclnnop/aclnn_prompt_flash_attention_v2.h"
#include "aclnnop/aclnn_prompt_flash_attention_v3.h"
#include "ops/attention/attention.h"
#include "ops/attention/table.h"

/* ---- PromptFlashAttention ---------------------------------------------------------------------
 */

/* The prompt parameters common to V1..V3 (AV2: V1 passes sparse mode 0). */
static aclnnStatus pfa_prepare(const char *op, uint64_t dtm, uint64_t mdtm, const aclTensor *query,
                               const aclTensor *key, const aclTensor *value,
                               const aclTensor *pseShift, const aclTensor *attenMask,
                               const aclIntArray *actq, const aclIntArray *actkv, int64_t numHeads,
                               double scaleValue, int64_t preTokens, int64_t nextTokens,
                               char *inputLayout, int64_t numKeyValueHeads, int64_t sparseMode,
                               int64_t innerPrecise, const aclTensor *attentionOut, WS)
{
    OPS_CHECK_NULLS(op, query, key, value, attentionOut, inputLayout, workspaceSize, executor);
    const struct fa_args a = {.op = op,
                              .dtm = dtm,
                              .mask_dtm = mdtm,
                              .query = query,
                              .key = key,
                              .value = value,
                              .pse = pseShift,
                              .mask = attenMask,
                              .actq = actq,
                              .actkv = actkv,
                              .numHeads = numHeads,
                              .numKeyValueHeads = numKeyValueHeads,
                              .preTokens = preTokens,
                              .nextTokens = nextTokens,
                              .sparseMode = sparseMode,
                              .innerPrecise = innerPrecise,
                              .scale = scaleValue,
                              .layout = inputLayout,
                              .out = attentionOut};
    return fa_prepare(&a, workspaceSize, executor);
}

aclnnStatus aclnnPromptFlashAttentionGetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *pseShift,
    const aclTensor *attenMask, const aclIntArray *actualSeqLengths, int64_t numHeads,
    double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, const aclTensor *attentionOut, WS)
{
    return pfa_prepare("aclnnPromptFlashAttention", OPS_DT_PromptFlashAttention,
                       OPS_DT2_PromptFlashAttention, query, key, value, pseShift, attenMask,
                       actualSeqLengths, NULL, numHeads, scaleValue, preTokens, nextTokens,
                       inputLayout, numKeyValueHeads, 0, 1, attentionOut, workspaceSize, executor);
}
PHASE2(PromptFlashAttention)

aclnnStatus aclnnPromptFlashAttentionV2GetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *pseShift,
    const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclIntArray *actualSeqLengthsKv, const aclTensor *deqScale1, const aclTensor *quantScale1,
    const aclTensor *deqScale2, const aclTensor *quantScale2, const aclTensor *quantOffset2,
    int64_t numHeads, double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, int64_t sparseMode, const aclTensor *attentionOut, WS)
{
    static const char *const op = "aclnnPromptFlashAttentionV2";
    FA_REFUSE_GIVEN(op, deqScale1, quantScale1, deqScale2, quantScale2, quantOffset2);
    return pfa_prepare(op, OPS_DT_PromptFlashAttentionV2, OPS_DT2_PromptFlashAttentionV2, query,
                       key, value, pseShift, attenMask, actualSeqLengths, actualSeqLengthsKv,
                       numHeads, scaleValue, preTokens, nextTokens, inputLayout, numKeyValueHeads,
                       sparseMode, 1, attentionOut, workspaceSize, executor);
}
PHASE2(PromptFlashAttentionV2)

aclnnStatus aclnnPromptFlashAttentionV3GetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value, const aclTensor *pseShift,
    const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclIntArray *actualSeqLengthsKv, const aclTensor *deqScale1, const aclTensor *quantScale1,
    const aclTensor *deqScale2, const aclTensor *quantScale2, const aclTensor *quantOffset2,
    int64_t numHeads, double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, int64_t sparseMode, int64_t innerPrecise,
    const aclTensor *attentionOut, WS)
{
    static const char *const op = "aclnnPromptFlashAttentionV3";
    FA_REFUSE_GIVEN(op, deqScale1, quantScale1, deqScale2, quantScale2, quantOffset2);
    return pfa_prepare(op, OPS_DT_PromptFlashAttentionV3, OPS_DT2_PromptFlashAttentionV3, query,
                       key, value, pseShift, attenMask, actualSeqLengths, actualSeqLengthsKv,
                       numHeads, scaleValue, preTokens, nextTokens, inputLayout, numKeyValueHeads,
                       sparseMode, innerPrecise, attentionOut, workspaceSize, executor);
}
PHASE2(PromptFlashAttentionV3)

/* ---- IncreFlashAttention ----------------------------------------------------------------------
 */

/* The decode parameters common to V1..V4 (AV2). */
static aclnnStatus ifa_prepare(const char *op, uint64_t dtm, uint64_t mdtm, const aclTensor *query,
                               const aclTensorList *key, const aclTensorList *value,
                               const aclTensor *pseShift, const aclTensor *attenMask,
                               const aclIntArray *actualSeqLengths, int64_t numHeads,
                               double scaleValue, char *inputLayout, int64_t numKeyValueHeads,
                               int64_t innerPrecise, const aclTensor *attentionOut, WS)
{
    OPS_CHECK_NULLS(op, query, key, value, attentionOut, inputLayout, workspaceSize, executor);
    const aclTensor *k = NULL, *v = NULL;
    aclnnStatus rc = fa_one_tensor(op, key, value, &k, &v);
    if (rc)
        return rc;
    const struct fa_args a = {.op = op,
                              .dtm = dtm,
                              .mask_dtm = mdtm,
                              .incre = true,
                              .query = query,
                              .key = k,
                              .value = v,
                              .pse = pseShift,
                              .mask = attenMask,
                              .actkv = actualSeqLengths,
                              .actkv_name = "actualSeqLengths",
                              .numHeads = numHeads,
                              .numKeyValueHeads = numKeyValueHeads,
                              .preTokens = INT64_MAX,
                              .nextTokens = INT64_MAX,
                              .innerPrecise = innerPrecise,
                              .scale = scaleValue,
                              .layout = inputLayout,
                              .out = attentionOut};
    return fa_prepare(&a, workspaceSize, executor);
}

aclnnStatus aclnnIncreFlashAttentionGetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    int64_t numHeads, double scaleValue, char *inputLayout, int64_t numKeyValueHeads,
    const aclTensor *attentionOut, WS)
{
    return ifa_prepare("aclnnIncreFlashAttention", OPS_DT_IncreFlashAttention,
                       OPS_DT2_IncreFlashAttention, query, key, value, pseShift, attenMask,
                       actualSeqLengths, numHeads, scaleValue, inputLayout, numKeyValueHeads, 1,
                       attentionOut, workspaceSize, executor);
}
PHASE2(IncreFlashAttention)

aclnnStatus aclnnIncreFlashAttentionV2GetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclTensor *dequantScale1, const aclTensor *quantScale1, const aclTensor *dequantScale2,
    const aclTensor *quantScale2, const aclTensor *quantOffset2, int64_t numHeads,
    double scaleValue, char *inputLayout, int64_t numKeyValueHeads, const aclTensor *attentionOut,
    WS)
{
    static const char *const op = "aclnnIncreFlashAttentionV2";
    FA_REFUSE_GIVEN(op, dequantScale1, quantScale1, dequantScale2, quantScale2, quantOffset2);
    return ifa_prepare(op, OPS_DT_IncreFlashAttentionV2, OPS_DT2_IncreFlashAttentionV2, query, key,
                       value, pseShift, attenMask, actualSeqLengths, numHeads, scaleValue,
                       inputLayout, numKeyValueHeads, 1, attentionOut, workspaceSize, executor);
}
PHASE2(IncreFlashAttentionV2)

aclnnStatus aclnnIncreFlashAttentionV3GetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclTensor *dequantScale1, const aclTensor *quantScale1, const aclTensor *dequantScale2,
    const aclTensor *quantScale2, const aclTensor *quantOffset2, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffset, const aclTensor *blocktable, int64_t numHeads,
    double scaleValue, char *inputLayout, int64_t numKeyValueHeads, int64_t blockSize,
    int64_t innerPrecise, const aclTensor *attentionOut, WS)
{
    static const char *const op = "aclnnIncreFlashAttentionV3";
    (void)blockSize; /* AV1: page attention only */
    FA_REFUSE_GIVEN(op, dequantScale1, quantScale1, dequantScale2, quantScale2, quantOffset2,
                    antiquantScale, antiquantOffset, blocktable);
    return ifa_prepare(op, OPS_DT_IncreFlashAttentionV3, OPS_DT2_IncreFlashAttentionV3, query, key,
                       value, pseShift, attenMask, actualSeqLengths, numHeads, scaleValue,
                       inputLayout, numKeyValueHeads, innerPrecise, attentionOut, workspaceSize,
                       executor);
}
PHASE2(IncreFlashAttentionV3)

aclnnStatus aclnnIncreFlashAttentionV4GetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclTensor *dequantScale1, const aclTensor *quantScale1, const aclTensor *dequantScale2,
    const aclTensor *quantScale2, const aclTensor *quantOffset2, const aclTensor *antiquantScale,
    const aclTensor *antiquantOffset, const aclTensor *blocktable, const aclTensor *kvPaddingSize,
    int64_t numHeads, double scaleValue, char *inputLayout, int64_t numKeyValueHeads,
    int64_t blockSize, int64_t innerPrecise, const aclTensor *attentionOut, WS)
{
    static const char *const op = "aclnnIncreFlashAttentionV4";
    (void)blockSize; /* AV1: page attention only */
    FA_REFUSE_GIVEN(op, dequantScale1, quantScale1, dequantScale2, quantScale2, quantOffset2,
                    antiquantScale, antiquantOffset, blocktable, kvPaddingSize);
    return ifa_prepare(op, OPS_DT_IncreFlashAttentionV4, OPS_DT2_IncreFlashAttentionV4, query, key,
                       value, pseShift, attenMask, actualSeqLengths, numHeads, scaleValue,
                       inputLayout, numKeyValueHeads, innerPrecise, attentionOut, workspaceSize,
                       executor);
}
PHASE2(IncreFlashAttentionV4)

/* ---- FusedInferAttentionScore V1, V3, V4 ------------------------------------------------------
 */

/* What V1, V3 and V4 share with V2 once their extra inputs are refused. */
static aclnnStatus fia_prepare(const char *op, uint64_t dtm, uint64_t mdtm, const aclTensor *query,
                               const aclTensorList *key, const aclTensorList *value,
                               const aclTensor *pse, const aclTensor *mask, const aclIntArray *actq,
                               const aclIntArray *actkv, int64_t numHeads, double scaleValue,
                               int64_t preTokens, int64_t nextTokens, char *inputLayout,
                               int64_t numKeyValueHeads, int64_t sparseMode, int64_t innerPrecise,
                               bool softmaxLseFlag, const aclTensor *attentionOut,
                               const aclTensor *softmaxLse, WS)
{
    OPS_CHECK_NULLS(op, query, key, value, attentionOut, inputLayout, workspaceSize, executor);
    const aclTensor *k = NULL, *v = NULL;
    aclnnStatus rc = fa_one_tensor(op, key, value, &k, &v);
    if (rc)
        return rc;
    const struct fa_args a = {.op = op,
                              .dtm = dtm,
                              .mask_dtm = mdtm,
                              .query = query,
                              .key = k,
                              .value = v,
                              .pse = pse,
                              .mask = mask,
                              .actq = actq,
                              .actkv = actkv,
                              .numHeads = numHeads,
                              .numKeyValueHeads = numKeyValueHeads,
                              .preTokens = preTokens,
                              .nextTokens = nextTokens,
                              .sparseMode = sparseMode,
                              .innerPrecise = innerPrecise,
                              .scale = scaleValue,
                              .layout = inputLayout,
                              .lseFlag = softmaxLseFlag,
                              .out = attentionOut,
                              .lse = softmaxLse};
    return fa_prepare(&a, workspaceSize, executor);
}

aclnnStatus aclnnFusedInferAttentionScoreGetWorkspaceSize(
    const aclTensor *query, const aclTensorList *key, const aclTensorList *value,
    const aclTensor *pseShift, const aclTensor *attenMask, const aclIntArray *actualSeqLengths,
    const aclIntArray *actualSeqLengthsKv, const aclTensor *deqScale1, const aclTensor *quantScale1,
    const aclTensor *deqScale2, const aclTensor *quantScale2, const aclTensor *quantOffset2,
    const aclTensor *antiquantScale, const aclTensor *antiquantOffset, const aclTensor *blockTable,
    const aclTensor *queryPaddingSize, const aclTensor *kvPaddingSize, int64_t numHeads,
    double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, int64_t sparseMode, int64_t innerPrecise, int64_t blockSize,
    int64_t antiquantMode, bool softmaxLseFlag, const aclTensor *attentionOut,
    const aclTensor *softmaxLse, WS)
{
    static const char *const op = "aclnnFusedInferAttentionScore";
    (void)blockSize, (void)antiquantMode; /* AV1 */
    FA_REFUSE_GIVEN(op, deqScale1, quantScale1, deqScale2, quantScale2, quantOffset2,
                    antiquantScale, antiquantOffset, blockTable, queryPaddingSize, kvPaddingSize);
    return fia_prepare(op, OPS_DT_FusedInferAttentionScore, OPS_DT2_FusedInferAttentionScore, query,
                       key, value, pseShift, attenMask, actualSeqLengths, actualSeqLengthsKv,
                       numHeads, scaleValue, preTokens, nextTokens, inputLayout, numKeyValueHeads,
                       sparseMode, innerPrecise, softmaxLseFlag, attentionOut, softmaxLse,
                       workspaceSize, executor);
}
PHASE2(FusedInferAttentionScore)

aclnnStatus aclnnFusedInferAttentionScoreV3GetWorkspaceSize(
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
    const aclIntArray *actualSharedPrefixLenOptional, const aclTensor *queryRopeOptional,
    const aclTensor *keyRopeOptional, const aclTensor *keyRopeAntiquantScaleOptional,
    int64_t numHeads, double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, int64_t sparseMode, int64_t innerPrecise, int64_t blockSize,
    int64_t antiquantMode, bool softmaxLseFlag, int64_t keyAntiquantMode,
    int64_t valueAntiquantMode, const aclTensor *attentionOut, const aclTensor *softmaxLse, WS)
{
    static const char *const op = "aclnnFusedInferAttentionScoreV3";
    (void)blockSize, (void)antiquantMode, (void)keyAntiquantMode,
        (void)valueAntiquantMode; /* AV1 */
    FA_REFUSE_GIVEN(
        op, deqScale1Optional, quantScale1Optional, deqScale2Optional, quantScale2Optional,
        quantOffset2Optional, antiquantScaleOptional, antiquantOffsetOptional, blockTableOptional,
        queryPaddingSizeOptional, kvPaddingSizeOptional, keyAntiquantScaleOptional,
        keyAntiquantOffsetOptional, valueAntiquantScaleOptional, valueAntiquantOffsetOptional,
        keySharedPrefixOptional, valueSharedPrefixOptional, actualSharedPrefixLenOptional,
        queryRopeOptional, keyRopeOptional, keyRopeAntiquantScaleOptional);
    return fia_prepare(op, OPS_DT_FusedInferAttentionScoreV3, OPS_DT2_FusedInferAttentionScoreV3,
                       query, key, value, pseShiftOptional, attenMaskOptional,
                       actualSeqLengthsOptional, actualSeqLengthsKvOptional, numHeads, scaleValue,
                       preTokens, nextTokens, inputLayout, numKeyValueHeads, sparseMode,
                       innerPrecise, softmaxLseFlag, attentionOut, softmaxLse, workspaceSize,
                       executor);
}
PHASE2(FusedInferAttentionScoreV3)

aclnnStatus aclnnFusedInferAttentionScoreV4GetWorkspaceSize(
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
    const aclIntArray *actualSharedPrefixLenOptional, const aclTensor *queryRopeOptional,
    const aclTensor *keyRopeOptional, const aclTensor *keyRopeAntiquantScaleOptional,
    const aclTensor *dequantScaleQueryOptional, const aclTensor *learnableSinkOptional,
    int64_t numHeads, double scaleValue, int64_t preTokens, int64_t nextTokens, char *inputLayout,
    int64_t numKeyValueHeads, int64_t sparseMode, int64_t innerPrecise, int64_t blockSize,
    int64_t antiquantMode, bool softmaxLseFlag, int64_t keyAntiquantMode,
    int64_t valueAntiquantMode, int64_t queryQuantMode, const aclTensor *attentionOut,
    const aclTensor *softmaxLse, WS)
{
    static const char *const op = "aclnnFusedInferAttentionScoreV4";
    (void)blockSize, (void)antiquantMode, (void)keyAntiquantMode,
        (void)valueAntiquantMode; /* AV1 */
    (void)queryQuantMode;
    FA_REFUSE_GIVEN(
        op, deqScale1Optional, quantScale1Optional, deqScale2Optional, quantScale2Optional,
        quantOffset2Optional, antiquantScaleOptional, antiquantOffsetOptional, blockTableOptional,
        queryPaddingSizeOptional, kvPaddingSizeOptional, keyAntiquantScaleOptional,
        keyAntiquantOffsetOptional, valueAntiquantScaleOptional, valueAntiquantOffsetOptional,
        keySharedPrefixOptional, valueSharedPrefixOptional, actualSharedPrefixLenOptional,
        queryRopeOptional, keyRopeOptional, keyRopeAntiquantScaleOptional,
        dequantScaleQueryOptional, learnableSinkOptional);
    return fia_prepare(op, OPS_DT_FusedInferAttentionScoreV4, OPS_DT2_FusedInferAttentionScoreV4,
                       query, key, value, pseShiftOptional, attenMaskOptional,
                       actualSeqLengthsOptional, actualSeqLengthsKvOptional, numHeads, scaleValue,
                       preTokens, nextTokens, inputLayout, numKeyValueHeads, sparseMode,
                       innerPrecise, softmaxLseFlag, attentionOut, softmaxLse, workspaceSize,
                       executor);
}
PHASE2(FusedInferAttentionScoreV4)
