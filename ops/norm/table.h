/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The norm family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): norm.c (RmsNorm, LayerNorm, AddRmsNorm, GroupNorm, Norm,
 * LayerNormBackward, RmsNormGrad, GroupNormBackward) and softmax.c
 * (Softmax, LogSoftmax, SoftmaxCrossEntropyWithLogits, the softmax gradients) and
 * batch_norm.c (BatchNorm and the synchronised batch norm's pieces); bn_infer_grad.c
 * (BnInferGrad); modulate.c (Modulate, adaLN's scale and shift); ops-nn's experimental
 * LayerNormalizationGrad, GroupNormalizationGrad, LpNormV3 (norm.c), BatchNormalizationGrad
 * (batch_norm.c); AdaLayerNorm(V2), AdaLayerNormQuant, LayerNormQuant, AddLayerNormQuant(V2),
 * RmsNormQuantV3 (fused.c); AdaLayerNormBackward, InstanceNorm, RmsNormGradQuant,
 * GroupNormSiluQuant, AddLayerNormGrad, DeepNormGrad, GroupNormSwishGrad (norm.c);
 * QuantizedBatchNorm, BatchNormReduceBackward, BatchNormGatherStatsWithCounts,
 * SyncBatchNormBackwardReduce (batch_norm.c); ScaledMaskedSoftmax(Backward) (softmax.c);
 * ModulateBackward (modulate.c). The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers, ops/engine/public.h and
 * docs/operators.md. Adding an operator: its row here, its header (included by
 * ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_NORM_TABLE_H
#define CPUACL_OPS_NORM_TABLE_H

#include "ops/engine/optable.h"

#define NORM_OPS(X)                                                                                \
    X(RmsNorm, rms_norm, OPS_OUT, K(tensor, tensor, double, tensor, tensor), DTM_F3, rstdOut,      \
      DTM(DT_F32))                                                                                 \
    X(LayerNorm, layer_norm, OPS_OUT,                                                              \
      K(tensor, int_array, tensor, tensor, double, tensor, tensor, tensor), DTM_F3, none, 0)       \
    X(AddRmsNorm, add_rms_norm, OPS_OUT,                                                           \
      K(tensor, tensor, tensor, double, tensor, tensor, tensor), DTM_F3, rstdOut, DTM(DT_F32))     \
    X(FusedAddRmsNorm, fused_add_rms_norm, OPS_OUT,                                                \
      K(tensor, tensor, tensor, double, double, tensor, tensor, tensor), DTM_F3, rstdOut,          \
      DTM(DT_F32))                                                                                 \
    X(GroupNorm, group_norm, OPS_OUT,                                                              \
      K(tensor, tensor, tensor, int64, int64, int64, int64, double, tensor, tensor, tensor),       \
      DTM_F3, none, 0)                                                                             \
    X(LayerNormBackward, layer_norm_backward, OPS_OUT,                                             \
      K(tensor, tensor, int_array, tensor, tensor, tensor, tensor, bool_array, tensor, tensor,     \
        tensor),                                                                                   \
      DTM_F3, none, 0)                                                                             \
    X(RmsNormGrad, rms_norm_grad, OPS_OUT, K(tensor, tensor, tensor, tensor, tensor, tensor),      \
      DTM_F3, rstd, DTM(DT_F32))                                                                   \
    X(GroupNormSilu, group_norm_silu, OPS_OUT,                                                     \
      K(tensor, tensor, tensor, int64, double, tensor, tensor, tensor), DTM_F3, none, 0)           \
    X(GroupNormSiluV2, group_norm_silu, OPS_OUT,                                                   \
      K(tensor, tensor, tensor, int64, double, bool, tensor, tensor, tensor), DTM_F3, none, 0)     \
    X(GroupNormSwish, group_norm_swish, OPS_OUT,                                                   \
      K(tensor, tensor, tensor, int64, string, double, bool, double, tensor, tensor, tensor),      \
      DTM_F3, none, 0)                                                                             \
    X(GroupNormBackward, group_norm_backward, OPS_OUT,                                             \
      K(tensor, tensor, tensor, tensor, tensor, int64, int64, int64, int64, bool_array, tensor,    \
        tensor, tensor),                                                                           \
      DTM_F3, none, 0)                                                                             \
    X(Norm, norm, OPS_OUT, K(tensor, scalar, int_array, bool, tensor), DTM_F3, none, 0)            \
    X(LinalgVectorNorm, linalg_vector_norm, OPS_OUT,                                               \
      K(tensor, scalar, int_array, bool, int, tensor), DTM_F3, none, 0)                            \
    X(Softmax, softmax, OPS_OUT, K(tensor, int64, tensor), DTM_FLOAT, none, 0)                     \
    X(LogSoftmax, logsoftmax, OPS_OUT, K(tensor, int64, tensor), DTM_FLOAT, none, 0)               \
    X(SoftmaxCrossEntropyWithLogits, softmax_cross_entropy_with_logits, OPS_OUT,                   \
      K(tensor, tensor, tensor, tensor), DTM_F3, none, 0)                                          \
    X(SoftmaxBackward, softmax_backward, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_FLOAT,     \
      none, 0)                                                                                     \
    X(LogSoftmaxBackward, logsoftmax_backward, OPS_OUT, K(tensor, tensor, int64, tensor),          \
      DTM_FLOAT, none, 0)                                                                          \
    X(BatchNorm, batch_norm, OPS_OUT,                                                              \
      K(tensor, tensor, tensor, tensor, tensor, bool, double, double, tensor, tensor, tensor),     \
      DTM_F3, none, 0)                                                                             \
    X(BatchNormStats, batch_norm_stats, OPS_OUT, K(tensor, double, tensor, tensor), DTM_F3, none,  \
      0)                                                                                           \
    X(BatchNormReduce, batch_norm_reduce, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)     \
    X(SyncBatchNormGatherStats, sync_batch_norm_gather_stats, OPS_OUT,                             \
      K(tensor, tensor, tensor, tensor, tensor, float, float, tensor, tensor), DTM_F3,             \
      sampleCount, DTM_F3 | DTM(DT_I32))                                                           \
    X(BatchNormElemt, batch_norm_elemt, OPS_OUT,                                                   \
      K(tensor, tensor, tensor, tensor, tensor, double, tensor), DTM_F3, none, 0)                  \
    X(BatchNormElemtBackward, batch_norm_elemt_backward, OPS_OUT,                                  \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3, counter,  \
      DTM_F3 | DTM(DT_I32))                                                                        \
    X(BatchNormBackward, batch_norm_backward, OPS_OUT,                                             \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, bool, double, bool_array, tensor,  \
        tensor, tensor),                                                                           \
      DTM_F3, none, 0)                                                                             \
    X(BnInferGrad, bn_infer_grad, OPS_OUT, K(tensor, tensor, tensor, float, int64, tensor),        \
      DTM_F3, scale, DTM(DT_F32))                                                                  \
    X(FastBatchNormBackward, fast_batch_norm_backward, OPS_OUT,                                    \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, bool, double, bool_array, int,     \
        tensor, tensor, tensor),                                                                   \
      DTM_F3, none, 0)                                                                             \
    X(SoftmaxV2, softmax_v2, OPS_OUT, K(tensor, int64, tensor), DTM(DT_F32) | DTM(DT_F16), none,   \
      0)                                                                                           \
    X(SoftmaxGrad, softmax_grad, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)              \
    X(FastLayerNorm, layer_norm, OPS_OUT,                                                          \
      K(tensor, int_array, tensor, tensor, double, tensor, tensor, tensor), DTM_F3, none, 0)       \
    X(LayerNormWithImplMode, layer_norm, OPS_OUT,                                                  \
      K(tensor, int_array, tensor, tensor, double, tensor, tensor, tensor, int32), DTM_F3, none,   \
      0)                                                                                           \
    X(AddRmsNormQuant, add_rms_norm_quant, OPS_OUT,                                                \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, int64, double, bool, tensor,       \
        tensor, tensor),                                                                           \
      DTM_F3, y1Out, DTM(DT_I8))                                                                   \
    X(AddRmsNormQuantV2, add_rms_norm_quant_v2, OPS_OUT,                                           \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, int64, double, bool,       \
        tensor, tensor, tensor, tensor),                                                           \
      DTM_F3, y1Out, DTM(DT_I8))                                                                   \
    X(AddRmsNormDynamicQuant, add_rms_norm_dynamic_quant, OPS_OUT,                                 \
      K(tensor, tensor, tensor, tensor, tensor, double, tensor, tensor, tensor, tensor, tensor),   \
      DTM_F3, y1Out, DTM(DT_I8))                                                                   \
    X(AddRmsNormDynamicQuantV2, add_rms_norm_dynamic_quant_v2, OPS_OUT,                            \
      K(tensor, tensor, tensor, tensor, tensor, tensor, double, bool_array, tensor, tensor,        \
        tensor, tensor, tensor),                                                                   \
      DTM_F3, y1Out, DTM(DT_I8))                                                                   \
    X(AddRmsNormCast, add_rms_norm_cast, OPS_OUT,                                                  \
      K(tensor, tensor, tensor, double, tensor, tensor, tensor, tensor), DTM_F3, y1Out,            \
      DTM(DT_F32))                                                                                 \
    X(InplaceAddRmsNorm, inplace_add_rms_norm, OPS_OUT, K(tensor, tensor, tensor, double, tensor), \
      DTM_F3, rstdOut, DTM(DT_F32))                                                                \
    X(RmsNormQuant, rms_norm_quant, OPS_OUT,                                                       \
      K(tensor, tensor, tensor, tensor, tensor, double, tensor), DTM(DT_F16) | DTM(DT_BF16), y,    \
      DTM(DT_I8))                                                                                  \
    X(RmsNormDynamicQuant, rms_norm_dynamic_quant, OPS_OUT,                                        \
      K(tensor, tensor, tensor, tensor, double, int64, tensor, tensor),                            \
      DTM(DT_F16) | DTM(DT_BF16), yOut, DTM(DT_I8))                                                \
    X(GemmaRmsNorm, gemma_rms_norm, OPS_OUT, K(tensor, tensor, double, tensor, tensor), DTM_F3,    \
      rstdOut, DTM(DT_F32))                                                                        \
    X(AddLayerNorm, add_layer_norm, OPS_OUT,                                                       \
      K(tensor, tensor, tensor, tensor, tensor, double, bool, tensor, tensor, tensor, tensor),     \
      DTM_F3, meanOut, DTM(DT_F32))                                                                \
    X(DeepNorm, deep_norm, OPS_OUT,                                                                \
      K(tensor, tensor, tensor, tensor, double, double, tensor, tensor, tensor), DTM_F3, meanOut,  \
      DTM(DT_F32))                                                                                 \
    X(Renorm, renorm, OPS_OUT_INPLACE, K(tensor, scalar, int64, scalar, tensor), DTM_F3, none, 0)  \
    X(EmbeddingRenorm, embedding_renorm, OPS_OUT, K(tensor, tensor, double, double), DTM_F3,       \
      indices, DTM_IDX)                                                                            \
    X(RenormV2, renorm_v2, OPS_OUT, K(tensor, double, int64, double, tensor),                      \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(Modulate, modulate, OPS_OUT, K(tensor, tensor, tensor, tensor), DTM_F3, none, 0)             \
    X(LayerNormalizationGrad, layer_normalization_grad, OPS_OUT,                                   \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3, none, 0)          \
    X(BatchNormalizationGrad, batch_normalization_grad, OPS_OUT,                                   \
      K(tensor, tensor, tensor, tensor, tensor, tensor, double, tensor, tensor, tensor), DTM_F3,   \
      none, 0)                                                                                     \
    X(GroupNormalizationGrad, group_normalization_grad, OPS_OUT,                                   \
      K(tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3, none, 0)                          \
    X(LpNormV3, lp_norm_v3, OPS_OUT, K(tensor, double, int64, tensor), DTM(DT_F32) | DTM(DT_F16),  \
      none, 0)                                                                                     \
    X(AdaLayerNorm, ada_layer_norm, OPS_OUT,                                                       \
      K(tensor, tensor, tensor, tensor, tensor, double, tensor), DTM_F3, none, 0)                  \
    X(AdaLayerNormV2, ada_layer_norm_v2, OPS_OUT,                                                  \
      K(tensor, tensor, tensor, tensor, tensor, double, tensor, tensor, tensor), DTM_F3, none, 0)  \
    X(AdaLayerNormBackward, ada_layer_norm_backward, OPS_OUT,                                      \
      K(tensor, tensor, int_array, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, \
        tensor, tensor, tensor),                                                                   \
      DTM_F3, none, 0)                                                                             \
    X(InstanceNorm, instance_norm, OPS_OUT,                                                        \
      K(tensor, tensor, tensor, string, double, tensor, tensor, tensor),                           \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(AdaLayerNormQuant, ada_layer_norm_quant, OPS_OUT,                                            \
      K(tensor, tensor, tensor, tensor, tensor, tensor, double, string, tensor, tensor, tensor),   \
      DTM(DT_F16) | DTM(DT_BF16), out, DTM(DT_I8))                                                 \
    X(LayerNormQuant, layer_norm_quant, OPS_OUT,                                                   \
      K(tensor, tensor, tensor, tensor, tensor, int, double, tensor, tensor), DTM_F3, res,         \
      DTM(DT_I8))                                                                                  \
    X(AddLayerNormQuant, add_layer_norm_quant, OPS_OUT,                                            \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, string, double,    \
        bool, bool, tensor, tensor, tensor, tensor, tensor),                                       \
      DTM_F3, y1Out, DTM(DT_I8))                                                                   \
    X(AddLayerNormQuantV2, add_layer_norm_quant_v2, OPS_OUT,                                       \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, string, double,    \
        bool, bool, tensor, tensor, tensor, tensor, tensor, tensor),                               \
      DTM_F3, y1Out, DTM(DT_I8))                                                                   \
    X(RmsNormQuantV3, rms_norm_quant_v3, OPS_OUT,                                                  \
      K(tensor, tensor, tensor, tensor, tensor, double, bool, bool, tensor, tensor), DTM_F3, y,    \
      DTM(DT_I8))                                                                                  \
    X(RmsNormGradQuant, rms_norm_grad_quant, OPS_OUT,                                              \
      K(tensor, tensor, tensor, tensor, tensor, tensor, string, bool, tensor, tensor), DTM_F3,     \
      dxOut, DTM(DT_I8))                                                                           \
    X(GroupNormSiluQuant, group_norm_silu_quant, OPS_OUT,                                          \
      K(tensor, tensor, tensor, tensor, int64, double, bool, tensor, tensor, tensor),              \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(QuantizedBatchNorm, quantized_batch_norm, OPS_OUT,                                           \
      K(tensor, tensor, tensor, scalar, scalar, scalar, scalar, tensor, tensor, float, tensor),    \
      DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I32), none, 0)                                              \
    X(BatchNormReduceBackward, batch_norm_backward_reduce, OPS_OUT,                                \
      K(tensor, tensor, tensor, tensor, tensor, bool, bool, bool, tensor, tensor, tensor, tensor), \
      DTM_F3, none, 0)                                                                             \
    X(BatchNormGatherStatsWithCounts, batch_norm_gather_stats_with_counts, OPS_OUT,                \
      K(tensor, tensor, tensor, tensor, tensor, double, double, tensor, tensor, tensor), DTM_F3,   \
      none, 0)                                                                                     \
    X(AddLayerNormGrad, add_layer_norm_grad, OPS_OUT,                                              \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3,   \
      none, 0)                                                                                     \
    X(DeepNormGrad, deep_norm_grad, OPS_OUT,                                                       \
      K(tensor, tensor, tensor, tensor, tensor, tensor, double, tensor, tensor, tensor, tensor),   \
      DTM_F3, none, 0)                                                                             \
    X(SyncBatchNormBackwardReduce, sync_batch_norm_backward_reduce, OPS_OUT,                       \
      K(tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3, none, 0)                          \
    X(ScaledMaskedSoftmax, scaled_masked_softmax, OPS_OUT,                                         \
      K(tensor, tensor, double, bool, tensor), DTM_F3, none, 0)                                    \
    X(ScaledMaskedSoftmaxBackward, scaled_masked_softmax_backward, OPS_OUT,                        \
      K(tensor, tensor, tensor, double, bool, tensor), DTM_F3, none, 0)                            \
    X(ModulateBackward, modulate_backward, OPS_OUT,                                                \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3, none, 0)                  \
    X(GroupNormSwishGrad, group_norm_swish_grad, OPS_OUT,                                          \
      K(tensor, tensor, tensor, tensor, tensor, tensor, int64, string, double, bool, bool, tensor, \
        tensor, tensor),                                                                           \
      DTM_F3, none, 0)                                                                             \
    X(SyncBnTrainingUpdateV2, sync_bn_training_update_v2, OPS_OUT,                                 \
      K(tensor, tensor, tensor, double, tensor, tensor, tensor), DTM(DT_F32), none, 0)             \
    X(MaskedSoftmaxWithRelPosBias, masked_softmax_with_rel_pos_bias, OPS_OUT,                      \
      K(tensor, tensor, tensor, double, int64, tensor), DTM_F3, none, 0)

enum { NORM_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_NORM_TABLE_H */
