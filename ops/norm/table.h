/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The norm family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): norm.c (RmsNorm, LayerNorm, AddRmsNorm, GroupNorm, Norm) and softmax.c
 * (Softmax, LogSoftmax, SoftmaxCrossEntropyWithLogits).
 * The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
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
    X(GroupNorm, group_norm, OPS_OUT,                                                              \
      K(tensor, tensor, tensor, int64, int64, int64, int64, double, tensor, tensor, tensor),       \
      DTM_F3, none, 0)                                                                             \
    X(Norm, norm, OPS_OUT, K(tensor, scalar, int_array, bool, tensor), DTM_F3, none, 0)            \
    X(Softmax, softmax, OPS_OUT, K(tensor, int64, tensor), DTM_FLOAT, none, 0)                     \
    X(LogSoftmax, logsoftmax, OPS_OUT, K(tensor, int64, tensor), DTM_FLOAT, none, 0)               \
    X(SoftmaxCrossEntropyWithLogits, softmax_cross_entropy_with_logits, OPS_OUT,                   \
      K(tensor, tensor, tensor, tensor), DTM_F3, none, 0)                                          \
    X(SoftmaxBackward, softmax_backward, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_FLOAT,     \
      none, 0)                                                                                     \
    X(LogSoftmaxBackward, logsoftmax_backward, OPS_OUT, K(tensor, tensor, int64, tensor),          \
      DTM_FLOAT, none, 0)

enum { NORM_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_NORM_TABLE_H */
