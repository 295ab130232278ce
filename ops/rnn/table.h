/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The recurrent networks' declaration list, one row per operator (the columns:
 * ops/engine/optable.h): lstm.c (LSTM, ThnnFusedLstmCell and its backward), gru.c (GRU) and
 * backward.c (LstmBackward, GRUBackward), the nets
 * run by rnn.c. The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here, its
 * header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_RNN_TABLE_H
#define CPUACL_OPS_RNN_TABLE_H

#include "ops/engine/optable.h"

#define RNN_OPS(X)                                                                                 \
    X(LSTM, lstm, OPS_OUT,                                                                         \
      K(tensor, tensor_list, tensor_list, tensor, bool, int64, double, bool, bool, bool, tensor,   \
        tensor, tensor, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list,           \
        tensor_list, tensor_list),                                                                 \
      DTM(DT_F32) | DTM(DT_F16), batchSizes, DTM(DT_I64))                                          \
    X(LstmBackward, lstm_backward, OPS_OUT,                                                        \
      K(tensor, tensor_list, tensor_list, tensor, tensor, tensor, tensor_list, tensor_list,        \
        tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor, bool, int64,      \
        double, bool, bool, bool, bool_array, tensor, tensor, tensor, tensor_list),                \
      DTM(DT_F32) | DTM(DT_F16), batchSizesOptional, DTM(DT_I64))                                  \
    X(ThnnFusedLstmCell, thnn_fused_lstm_cell, OPS_OUT,                                            \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor),                           \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(ThnnFusedLstmCellBackward, thnn_fused_lstm_cell_backward, OPS_OUT,                           \
      K(tensor, tensor, tensor, tensor, tensor, bool, tensor, tensor, tensor),                     \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(GRU, gru, OPS_OUT,                                                                           \
      K(tensor, tensor_list, tensor, tensor, bool, int64, double, bool, bool, bool, tensor,        \
        tensor, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list),                  \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(GRUBackward, gru_backward, OPS_OUT,                                                          \
      K(tensor, tensor_list, tensor, tensor, tensor, tensor_list, tensor_list, tensor_list,        \
        tensor_list, tensor_list, tensor, bool, int64, bool, bool, tensor, tensor, tensor_list),   \
      DTM(DT_F32) | DTM(DT_F16), none, 0)

enum { RNN_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_RNN_TABLE_H */
