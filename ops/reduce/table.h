/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The reduce family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): reduce.c (ReduceSum, Mean, Amax, Amin, Prod, ProdDim, All, Any)
 * and along_dim.c (ArgMax, ArgMin, Cumsum).
 * The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_REDUCE_TABLE_H
#define CPUACL_OPS_REDUCE_TABLE_H

#include "ops/engine/optable.h"

#define REDUCE_OPS(X)                                                                              \
    X(ReduceSum, reduce_sum, OPS_OUT, K(tensor, int_array, bool, int, tensor), DTM_ALL, dtype,     \
      DTM_ALL)                                                                                     \
    X(Mean, mean, OPS_OUT, K(tensor, int_array, bool, int, tensor), DTM_ALL, dtype, DTM_FLOAT)     \
    X(Amax, amax, OPS_OUT, K(tensor, int_array, bool, tensor), DTM_ALL, out, DTM_ALL)              \
    X(Amin, amin, OPS_OUT, K(tensor, int_array, bool, tensor), DTM_ALL, out, DTM_ALL)              \
    X(Prod, prod, OPS_OUT, K(tensor, int, tensor), DTM_ALL, dtype, DTM_ALL)                        \
    X(ProdDim, prod, OPS_OUT, K(tensor, int64, bool, int, tensor), DTM_ALL, dtype, DTM_ALL)        \
    X(All, all, OPS_OUT, K(tensor, int_array, bool, tensor), DTM_ALL, out,                         \
      DTM(DT_BOOL) | DTM(DT_U8))                                                                   \
    X(Any, any, OPS_OUT, K(tensor, int_array, bool, tensor), DTM_ALL, out,                         \
      DTM(DT_BOOL) | DTM(DT_U8))                                                                   \
    X(ArgMax, argmax, OPS_OUT, K(tensor, int64, bool, tensor), DTM_NUM, out, DTM_IDX)              \
    X(ArgMin, argmin, OPS_OUT, K(tensor, int64, bool, tensor), DTM_NUM, out, DTM_IDX)              \
    X(Cumsum, cumsum, OPS_OUT, K(tensor, int64, int, tensor), DTM_ALL, out, DTM_NUM)

enum { REDUCE_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_REDUCE_TABLE_H */
