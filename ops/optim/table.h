/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The optimizer family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): optim.c (ApplyAdamW, ApplyAdamWV2, FusedAdamw, FusedSgd: one
 * parameterised update over groups of same-shaped tensors updated in place), descent.c, steps.c,
 * ema_adam.c (ApplyFusedEmaAdam: Adam / AdamW with an EMA of the parameter). The checks take
 * each operator's types from its row (OPS_DT_<Name>, OPS_DT2_<Name>); the ctest ops_table
 * checks the rows against the headers, ops/engine/public.h and docs/operators.md.
 */
#ifndef CPUACL_OPS_OPTIM_TABLE_H
#define CPUACL_OPS_OPTIM_TABLE_H

#include "ops/engine/optable.h"

#define OPTIM_OPS(X)                                                                               \
    X(ApplyAdamW, apply_adam_w, OPS_OUT,                                                           \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, bool, bool),                                                                       \
      DTM_F3, none, 0)                                                                             \
    X(ApplyAdamWV2, apply_adam_w_v2, OPS_OUT,                                                      \
      K(tensor, tensor, tensor, tensor, tensor, tensor, float, float, float, float, float, bool,   \
        bool),                                                                                     \
      DTM_F3, step, DTM_F3 | DTM(DT_I64))                                                          \
    X(FusedAdamw, fused_adamw, OPS_OUT,                                                            \
      K(tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor,      \
        tensor, double, double, double, double, double, bool, bool),                               \
      DTM_F3, stateSteps, DTM_F3 | DTM(DT_I64))                                                    \
    X(FusedSgd, fused_sgd, OPS_OUT,                                                                \
      K(tensor_list, tensor_list, tensor_list, tensor, float, float, float, float, bool, bool,     \
        bool),                                                                                     \
      DTM_F3, none, 0)                                                                             \
    X(ApplyGradientDescent, apply_gradient_descent, OPS_OUT, K(tensor, tensor, tensor), DTM_F3,    \
      none, 0)                                                                                     \
    X(ApplyProximalGradientDescent, apply_proximal_gradient_descent, OPS_OUT,                      \
      K(tensor, tensor, tensor, tensor, tensor, tensor), DTM_F3, none, 0)                          \
    X(AdamApplyOne, adam_apply_one, OPS_OUT,                                                       \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, tensor),                                                                           \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(AdamApplyOneWithDecay, adam_apply_one_with_decay, OPS_OUT,                                   \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, tensor, tensor),                                                                   \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(AdamApplyOneWithDecayAssign, adam_apply_one_with_decay_assign, OPS_OUT,                      \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor,    \
        tensor, tensor, tensor),                                                                   \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(ApplyAdagradD, apply_adagrad_d, OPS_OUT, K(tensor, tensor, tensor, tensor, bool, bool),      \
      DTM_F3, none, 0)                                                                             \
    X(ApplyAdamD, apply_adam_d, OPS_OUT,                                                           \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, bool,      \
        bool, tensor, tensor, tensor),                                                             \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(ApplyFusedEmaAdam, apply_fused_ema_adam, OPS_OUT,                                            \
      K(tensor, tensor, tensor, tensor, tensor, tensor, double, double, double, double, double,    \
        int64, bool, double),                                                                      \
      DTM_F3, step, DTM(DT_I64))

enum { OPTIM_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_OPTIM_TABLE_H */
