/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The attention family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): attention.c (FusedInferAttentionScoreV2) and attention_versions.c
 * (its other parameter lists: PromptFlashAttention, IncreFlashAttention,
 * FusedInferAttentionScore V1/V3/V4), flash_attention_score.c (FlashAttentionScore and its
 * gradient), gated_delta_rule.c, rope.c, rope_grad.c (RotaryPositionEmbeddingGrad), apply_rotary_pos_emb.c (ApplyRotaryPosEmb V1, V2),
 * interleave_rope.c, rope_with_sin_cos_cache.c
 * and deformable_attn.c (MultiScaleDeformableAttnFunction and its gradient).
 * The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_ATTENTION_TABLE_H
#define CPUACL_OPS_ATTENTION_TABLE_H

#include "ops/engine/optable.h"

#define ATTN_OPS(X)                                                                                \
    X(FusedInferAttentionScoreV2, fused_infer_attention_score_v2, OPS_OUT,                         \
      K(tensor, tensor_list, tensor_list, tensor, tensor, int_array, int_array, tensor, tensor,    \
        tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, tensor, tensor, int_array, int64, double, int64, int64, string, int64, int64,      \
        int64, int64, int64, bool, int64, int64, tensor, tensor),                                  \
      DTM_F3, attenMaskOptional, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))                           \
    X(PromptFlashAttention, prompt_flash_attention, OPS_OUT,                                       \
      K(tensor, tensor, tensor, tensor, tensor, int_array, int64, double, int64, int64, string,    \
        int64, tensor),                                                                            \
      DTM(DT_F16) | DTM(DT_BF16), attenMask, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))               \
    X(PromptFlashAttentionV2, prompt_flash_attention_v2, OPS_OUT,                                  \
      K(tensor, tensor, tensor, tensor, tensor, int_array, int_array, tensor, tensor, tensor,      \
        tensor, tensor, int64, double, int64, int64, string, int64, int64, tensor),                \
      DTM(DT_F16) | DTM(DT_BF16), attenMask, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))               \
    X(PromptFlashAttentionV3, prompt_flash_attention_v3, OPS_OUT,                                  \
      K(tensor, tensor, tensor, tensor, tensor, int_array, int_array, tensor, tensor, tensor,      \
        tensor, tensor, int64, double, int64, int64, string, int64, int64, int64, tensor),         \
      DTM(DT_F16) | DTM(DT_BF16), attenMask, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))               \
    X(IncreFlashAttention, incre_flash_attention, OPS_OUT,                                         \
      K(tensor, tensor_list, tensor_list, tensor, tensor, int_array, int64, double, string, int64, \
        tensor),                                                                                   \
      DTM(DT_F16) | DTM(DT_BF16), attenMask, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))               \
    X(IncreFlashAttentionV2, incre_flash_attention_v2, OPS_OUT,                                    \
      K(tensor, tensor_list, tensor_list, tensor, tensor, int_array, tensor, tensor, tensor,       \
        tensor, tensor, int64, double, string, int64, tensor),                                     \
      DTM(DT_F16) | DTM(DT_BF16), attenMask, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))               \
    X(IncreFlashAttentionV3, incre_flash_attention_v3, OPS_OUT,                                    \
      K(tensor, tensor_list, tensor_list, tensor, tensor, int_array, tensor, tensor, tensor,       \
        tensor, tensor, tensor, tensor, tensor, int64, double, string, int64, int64, int64,        \
        tensor),                                                                                   \
      DTM(DT_F16) | DTM(DT_BF16), attenMask, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))               \
    X(IncreFlashAttentionV4, incre_flash_attention_v4, OPS_OUT,                                    \
      K(tensor, tensor_list, tensor_list, tensor, tensor, int_array, tensor, tensor, tensor,       \
        tensor, tensor, tensor, tensor, tensor, tensor, int64, double, string, int64, int64,       \
        int64, tensor),                                                                            \
      DTM(DT_F16) | DTM(DT_BF16), attenMask, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))               \
    X(FusedInferAttentionScore, fused_infer_attention_score, OPS_OUT,                              \
      K(tensor, tensor_list, tensor_list, tensor, tensor, int_array, int_array, tensor, tensor,    \
        tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, int64, double, int64,      \
        int64, string, int64, int64, int64, int64, int64, bool, tensor, tensor),                   \
      DTM(DT_F16) | DTM(DT_BF16), attenMask, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))               \
    X(FusedInferAttentionScoreV3, fused_infer_attention_score_v3, OPS_OUT,                         \
      K(tensor, tensor_list, tensor_list, tensor, tensor, int_array, int_array, tensor, tensor,    \
        tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, tensor, tensor, int_array, tensor, tensor, tensor, int64, double, int64, int64,    \
        string, int64, int64, int64, int64, int64, bool, int64, int64, tensor, tensor),            \
      DTM(DT_F16) | DTM(DT_BF16), attenMaskOptional, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))       \
    X(FusedInferAttentionScoreV4, fused_infer_attention_score_v4, OPS_OUT,                         \
      K(tensor, tensor_list, tensor_list, tensor, tensor, int_array, int_array, tensor, tensor,    \
        tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, tensor, tensor, int_array, tensor, tensor, tensor, tensor, tensor, int64, double,  \
        int64, int64, string, int64, int64, int64, int64, int64, bool, int64, int64, int64,        \
        tensor, tensor),                                                                           \
      DTM(DT_F16) | DTM(DT_BF16), attenMaskOptional, DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8))       \
    X(FlashAttentionScore, flash_attention_score, OPS_OUT,                                         \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, int_array, double, double, int64,  \
        int64, int64, string, int64, int64, tensor, tensor, tensor, tensor),                       \
      DTM_F3, attenMaskOptional, DTM(DT_BOOL) | DTM(DT_U8))                                        \
    X(FlashAttentionScoreGrad, flash_attention_score_grad, OPS_OUT,                                \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, int_array, double, double, int64, int64, int64, string, int64, int64, tensor,      \
        tensor, tensor, tensor),                                                                   \
      DTM_F3, attenMaskOptional, DTM(DT_BOOL) | DTM(DT_U8))                                        \
    X(FlashAttentionScoreV2, flash_attention_score, OPS_OUT,                                       \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, int_array, int_array, int_array,   \
        double, double, int64, int64, int64, string, int64, int64, int64, tensor, tensor, tensor,  \
        tensor),                                                                                   \
      DTM_F3, attenMaskOptional, DTM(DT_BOOL) | DTM(DT_U8))                                        \
    X(FlashAttentionScoreGradV2, flash_attention_score_grad, OPS_OUT,                              \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, int_array, int_array, int_array, double, double, int64, int64, int64, string,      \
        int64, int64, int64, tensor, tensor, tensor, tensor),                                      \
      DTM_F3, attenMaskOptional, DTM(DT_BOOL) | DTM(DT_U8))                                        \
    X(RecurrentGatedDeltaRule, recurrent_gated_delta_rule, OPS_OUT,                                \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, float,     \
        tensor),                                                                                   \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(RotaryPositionEmbedding, rotary_position_embedding, OPS_OUT,                                 \
      K(tensor, tensor, tensor, int64, tensor), DTM_F3, none, 0)                                   \
    X(RotaryPositionEmbeddingGrad, rotary_position_embedding_grad, OPS_OUT,                         \
      K(tensor, tensor, tensor, tensor, int64, tensor, tensor, tensor), DTM_F3, none, 0)           \
    X(ApplyRotaryPosEmb, apply_rotary_pos_emb, OPS_OUT, K(tensor, tensor, tensor, tensor, int64),  \
      DTM_F3, none, 0)                                                                             \
    X(ApplyRotaryPosEmbV2, apply_rotary_pos_emb_v2, OPS_OUT,                                       \
      K(tensor, tensor, tensor, tensor, int64, string), DTM_F3, none, 0)                           \
    X(InterleaveRope, interleave_rope, OPS_OUT, K(tensor, tensor, tensor, tensor),                 \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(RopeWithSinCosCache, rope_with_sin_cos_cache, OPS_OUT,                                       \
      K(tensor, tensor, tensor, tensor, int_array, int64, bool, tensor, tensor), DTM_F3,           \
      positions, DTM(DT_I32) | DTM(DT_I64))                                                        \
    X(MultiScaleDeformableAttnFunction, multi_scale_deformable_attn_function, OPS_OUT,             \
      K(tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3, spatialShape, DTM_IDX)            \
    X(MultiScaleDeformableAttentionGrad, multi_scale_deformable_attention_grad, OPS_OUT,           \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3,           \
      spatialShape, DTM_IDX)

enum { ATTN_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_ATTENTION_TABLE_H */
