/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The loss family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): pointwise.c (the losses that are a formula per element
 * followed by a reduction, and their gradients), gaussian_nll_loss_grad.c
 * (GaussianNllLossGrad), nll.c (NLLLoss, NLLLoss2d and their gradients), ctc.c (CtcLoss,
 * CtcLossBackward), chamfer.c (ChamferDistanceBackward), fused_cross_entropy.c
 * (FusedCrossEntropyLossWithMaxSum) and cross_entropy.c
 * (CrossEntropyLoss, CrossEntropyLossGrad, CrossEntropyGrad). The checks take each
 * operator's types from its row (OPS_DT_<Name>, OPS_DT2_<Name>); the ctest ops_table checks the
 * rows against the headers, ops/engine/public.h and docs/operators.md.
 */
#ifndef CPUACL_OPS_LOSS_TABLE_H
#define CPUACL_OPS_LOSS_TABLE_H

#include "ops/engine/optable.h"

#define LOSS_OPS(X)                                                                                \
    X(MseLoss, mse_loss, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_F3, none, 0)               \
    X(MseLossOut, mse_loss_out, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_F3, none, 0)        \
    X(MseLossBackward, mse_loss_backward, OPS_OUT, K(tensor, tensor, tensor, int64, tensor),       \
      DTM_F3, none, 0)                                                                             \
    X(L1Loss, l1_loss, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_F3, none, 0)                 \
    X(L1LossBackward, l1_loss_backward, OPS_OUT, K(tensor, tensor, tensor, int64, tensor), DTM_F3, \
      none, 0)                                                                                     \
    X(SmoothL1Loss, smooth_l1_loss, OPS_OUT, K(tensor, tensor, int64, float, tensor), DTM_F3,      \
      none, 0)                                                                                     \
    X(SmoothL1LossBackward, smooth_l1_loss_backward, OPS_OUT,                                      \
      K(tensor, tensor, tensor, int64, float, tensor), DTM_F3, none, 0)                            \
    X(SoftMarginLoss, soft_margin_loss, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_F3, none,   \
      0)                                                                                           \
    X(SoftMarginLossBackward, soft_margin_loss_backward, OPS_OUT,                                  \
      K(tensor, tensor, tensor, int64, tensor), DTM_F3, none, 0)                                   \
    X(KlDiv, kl_div, OPS_OUT, K(tensor, tensor, int64, bool, tensor), DTM_F3, none, 0)             \
    X(KlDivBackward, kl_div_backward, OPS_OUT, K(tensor, tensor, tensor, int64, bool, tensor),     \
      DTM_F3, none, 0)                                                                             \
    X(KlDivTargetBackward, kl_div_target_backward, OPS_OUT,                                        \
      K(tensor, tensor, tensor, int64, bool, tensor), DTM_F3, none, 0)                             \
    X(BinaryCrossEntropy, binary_cross_entropy, OPS_OUT, K(tensor, tensor, tensor, int64, tensor), \
      DTM_F3, none, 0)                                                                             \
    X(BinaryCrossEntropyBackward, binary_cross_entropy_backward, OPS_OUT,                          \
      K(tensor, tensor, tensor, tensor, int64, tensor), DTM_F3, none, 0)                           \
    X(BinaryCrossEntropyWithLogits, binary_cross_entropy_with_logits, OPS_OUT,                     \
      K(tensor, tensor, tensor, tensor, int64, tensor), DTM_F3, none, 0)                           \
    X(BinaryCrossEntropyWithLogitsBackward, binary_cross_entropy_with_logits_backward, OPS_OUT,    \
      K(tensor, tensor, tensor, tensor, tensor, int64, tensor), DTM_F3, none, 0)                   \
    X(NLLLoss, nll_loss, OPS_OUT, K(tensor, tensor, tensor, int64, int64, tensor, tensor), DTM_F3, \
      target, DTM(DT_I64) | DTM(DT_I32) | DTM(DT_U8))                                              \
    X(NLLLoss2d, nll_loss2d, OPS_OUT, K(tensor, tensor, tensor, int64, int64, tensor, tensor),     \
      DTM_F3, target, DTM(DT_I64) | DTM(DT_I32) | DTM(DT_U8))                                      \
    X(NLLLossBackward, nll_loss_backward, OPS_OUT,                                                 \
      K(tensor, tensor, tensor, tensor, int64, int64, tensor, tensor), DTM_F3, target,             \
      DTM(DT_I64) | DTM(DT_I32) | DTM(DT_U8))                                                      \
    X(NLLLoss2dBackward, nll_loss2d_backward, OPS_OUT,                                             \
      K(tensor, tensor, tensor, tensor, int64, int64, tensor, tensor), DTM_F3, target,             \
      DTM(DT_I64) | DTM(DT_I32) | DTM(DT_U8))                                                      \
    X(HuberLoss, huber_loss, OPS_OUT, K(tensor, tensor, double, tensor), DTM_F3, none, 0)          \
    X(HuberLossGrad, huber_loss_grad, OPS_OUT, K(tensor, tensor, double, tensor), DTM_F3, none, 0) \
    X(HingeLoss, hinge_loss, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)                  \
    X(HingeLossGrad, hinge_loss_grad, OPS_OUT, K(tensor, tensor, tensor, tensor), DTM_F3, none, 0) \
    X(HingeEmbeddingLoss, hinge_embedding_loss, OPS_OUT,                                           \
      K(tensor, tensor, double, string, tensor), DTM_F3, none, 0)                                  \
    X(L2Loss, l2_loss, OPS_OUT, K(tensor, tensor), DTM_F3, none, 0)                                \
    X(MseLossGrad, mse_loss_grad, OPS_OUT, K(tensor, tensor, tensor, string, tensor), DTM_F3,      \
      none, 0)                                                                                     \
    X(BinaryCrossEntropyV2, binary_cross_entropy_v2, OPS_OUT, K(tensor, tensor, tensor),           \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(Logit, logit, OPS_OUT, K(tensor, double, tensor), DTM_F3, none, 0)                           \
    X(LogitGrad, logit_grad, OPS_OUT, K(tensor, tensor, double, tensor), DTM_F3, none, 0)          \
    X(GaussianNllLoss, gaussian_nll_loss, OPS_OUT,                                                 \
      K(tensor, tensor, tensor, bool, double, string, tensor), DTM_F3, none, 0)                    \
    X(GaussianNllLossGrad, gaussian_nll_loss_grad, OPS_OUT,                                        \
      K(tensor, tensor, tensor, tensor, bool, float, string, tensor, tensor), DTM_F3, none, 0)     \
    X(BinaryCrossEntropyGradV2, binary_cross_entropy_grad_v2, OPS_OUT,                             \
      K(tensor, tensor, tensor, tensor, int64, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0)        \
    X(MultilabelMarginLoss, multilabel_margin_loss, OPS_OUT,                                       \
      K(tensor, tensor, int64, tensor, tensor), DTM_F3, target, DTM(DT_I32) | DTM(DT_I64))         \
    X(CrossEntropyLoss, cross_entropy_loss, OPS_OUT,                                               \
      K(tensor, tensor, tensor, string, int64, double, double, bool, tensor, tensor, tensor,       \
        tensor),                                                                                   \
      DTM_F3, target, DTM(DT_I32) | DTM(DT_I64))                                                   \
    X(CrossEntropyLossGrad, cross_entropy_loss_grad, OPS_OUT,                                      \
      K(tensor, tensor, tensor, tensor, tensor, tensor, string, int64, double, double, tensor),    \
      DTM_F3, target, DTM(DT_I64))                                                                 \
    X(CrossEntropyGrad, cross_entropy_grad, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, target,    \
      DTM(DT_I32))                                                                                 \
    X(CtcLoss, ctc_loss, OPS_OUT,                                                                  \
      K(tensor, tensor, int_array, int_array, int64, bool, tensor, tensor), DTM_FLOAT, targets,    \
      DTM(DT_I64) | DTM(DT_I32) | DTM(DT_BOOL) | DTM(DT_F32) | DTM(DT_F16))                        \
    X(CtcLossBackward, ctc_loss_backward, OPS_OUT,                                                 \
      K(tensor, tensor, tensor, int_array, int_array, tensor, tensor, int64, bool, tensor),        \
      DTM_FLOAT, targets, DTM_IDX)                                                                 \
    X(ChamferDistanceBackward, chamfer_distance_backward, OPS_OUT,                                 \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor),                           \
      DTM(DT_F32) | DTM(DT_F16), idx1, DTM(DT_I32))                                                \
    X(FusedCrossEntropyLossWithMaxSum, fused_cross_entropy_loss_with_max_sum, OPS_OUT,             \
      K(tensor, tensor, tensor, float, tensor, tensor, tensor, tensor, tensor), DTM(DT_F32),       \
      vocabParallelLogitsOptional, DTM_F3)

enum { LOSS_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_LOSS_TABLE_H */
