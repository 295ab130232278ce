/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The conv family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): conv.c (Convolution, ConvTbc, ConvDepthwise2d), conv_backward.c
 * (ConvolutionBackward), im2col.c (pooling has its own room, ops/pool). The checks take each
 * operator's types from its row (OPS_DT_<Name>, OPS_DT2_<Name>); the ctest ops_table checks the
 * rows against the headers, ops/engine/public.h and docs/operators.md. Adding an operator: its row
 * here, its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_CONV_TABLE_H
#define CPUACL_OPS_CONV_TABLE_H

#include "ops/engine/optable.h"

#define CONV_OPS(X)                                                                                \
    X(Convolution, convolution, OPS_OUT,                                                           \
      K(tensor, tensor, tensor, int_array, int_array, int_array, bool, int_array, int64, tensor,   \
        int8),                                                                                     \
      DTM_F3, none, 0)                                                                             \
    X(ConvTbc, convolution, OPS_OUT, K(tensor, tensor, tensor, int64, tensor, int8), DTM_F3, none, \
      0)                                                                                           \
    X(ConvDepthwise2d, convolution, OPS_OUT,                                                       \
      K(tensor, tensor, int_array, tensor, int_array, int_array, int_array, tensor, int8), DTM_F3, \
      none, 0)                                                                                     \
    X(ConvolutionBackward, convolution_backward, OPS_OUT,                                          \
      K(tensor, tensor, tensor, int_array, int_array, int_array, int_array, bool, int_array, int,  \
        bool_array, int8, tensor, tensor, tensor),                                                 \
      DTM_F3, none, 0)                                                                             \
    X(Im2col, im2col, OPS_OUT, K(tensor, int_array, int_array, int_array, int_array, tensor),      \
      DTM_F3, none, 0)

enum { CONV_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_CONV_TABLE_H */
