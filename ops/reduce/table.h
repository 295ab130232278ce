/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The reduce family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): reduce.c (ReduceSum, Mean, Amax, Amin, Prod, ProdDim, All, Any,
 * MeanV2, Equal, IsIn*)
 * along_dim.c (ArgMax, ArgMin, Cumsum), rows.c (the row reductions: MaxDim .. Cummin) and
 * histogram.c (Bincount, Histc), scalar_sums.c (DotV2, TraceV2), segsum.c (ExpSegsum and its
 * backward: Mamba's segment sums), grouped_bias_add_grad.c (GroupedBiasAddGrad, V2: row sums per
 * group).
 * The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_REDUCE_TABLE_H
#define CPUACL_OPS_REDUCE_TABLE_H

#include "ops/engine/optable.h"

/* ops-math's experimental ReduceSumV2 ... ReduceProdV2: one axis, keepdims an int, float32 and
 * float16 (reduce.c) */
#define DTM_RED_V2 (DTM(DT_F32) | DTM(DT_F16))
/* Bincount's weights (histogram.c): every type but BFLOAT16 */
#define DTM_BINCOUNT_W (DTM_ALL & ~DTM(DT_BF16))
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
    X(Cumsum, cumsum, OPS_OUT, K(tensor, int64, int, tensor), DTM_ALL, out, DTM_NUM)               \
    X(MaxDim, max_dim, OPS_OUT, K(tensor, int64, bool, tensor, tensor), DTM_ALL, indices, DTM_IDX) \
    X(MinDim, min_dim, OPS_OUT, K(tensor, int64, bool, tensor, tensor), DTM_ALL, indices, DTM_IDX) \
    X(Max, max, OPS_OUT, K(tensor, tensor), DTM_ALL, none, 0)                                      \
    X(Min, min, OPS_OUT, K(tensor, tensor), DTM_ALL, none, 0)                                      \
    X(MaxV2, max_v2, OPS_OUT, K(tensor, int_array, bool, bool, tensor), DTM_ALL, none, 0)          \
    X(Aminmax, aminmax, OPS_OUT, K(tensor, int_array, bool, tensor, tensor), DTM_ALL, none, 0)     \
    X(AminmaxAll, aminmax_all, OPS_OUT, K(tensor, tensor, tensor), DTM_ALL, none, 0)               \
    X(AminmaxDim, aminmax_dim, OPS_OUT, K(tensor, int64, bool, tensor, tensor), DTM_ALL, none, 0)  \
    X(Median, median, OPS_OUT, K(tensor, tensor), DTM_NUM, none, 0)                                \
    X(MedianDim, median, OPS_OUT, K(tensor, int64, bool, tensor, tensor), DTM_NUM, indicesOut,     \
      DTM(DT_I64))                                                                                 \
    X(NanMedian, median, OPS_OUT, K(tensor, tensor), DTM_NUM, none, 0)                             \
    X(NanMedianDim, median, OPS_OUT, K(tensor, int64, bool, tensor, tensor), DTM_NUM, indicesOut,  \
      DTM(DT_I64))                                                                                 \
    X(Kthvalue, kthvalue, OPS_OUT, K(tensor, int64, int64, bool, tensor, tensor), DTM_NUM,         \
      indicesOut, DTM(DT_I64))                                                                     \
    X(Std, std, OPS_OUT, K(tensor, int_array, int64, bool, tensor), DTM_FLOAT, none, 0)            \
    X(Var, var, OPS_OUT, K(tensor, int_array, bool, bool, tensor), DTM_FLOAT, none, 0)             \
    X(VarCorrection, var, OPS_OUT, K(tensor, int_array, int64, bool, tensor), DTM_FLOAT, none, 0)  \
    X(VarMean, var_mean, OPS_OUT, K(tensor, int_array, int64, bool, tensor, tensor), DTM_FLOAT,    \
      none, 0)                                                                                     \
    X(StdMeanCorrection, std_mean_correction, OPS_OUT,                                             \
      K(tensor, int_array, int64, bool, tensor, tensor), DTM_FLOAT, none, 0)                       \
    X(LogSumExp, logsumexp, OPS_OUT, K(tensor, int_array, bool, tensor),                           \
      DTM_F3 | DTM_INT | DTM(DT_BOOL), out, DTM_FLOAT)                                             \
    X(ReduceNansum, reduce_nansum, OPS_OUT, K(tensor, int_array, bool, int, tensor),               \
      DTM_F3 | DTM_INT | DTM(DT_BOOL), out, DTM_F3 | DTM_INT | DTM(DT_BOOL))                       \
    X(ReduceLogSum, reduce_log_sum, OPS_OUT, K(tensor, int_array, bool, bool, tensor), DTM_FLOAT,  \
      none, 0)                                                                                     \
    X(Cumprod, cumprod, OPS_OUT, K(tensor, scalar, int, tensor), DTM_ALL, out, DTM_NUM)            \
    X(Cummax, cummax, OPS_OUT, K(tensor, int64, tensor, tensor), DTM_ALL, indicesOut, DTM_IDX)     \
    X(Cummin, cummin, OPS_OUT, K(tensor, int64, tensor, tensor), DTM_ALL, indicesOut, DTM_IDX)     \
    X(Bincount, bincount, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_INT, out,                \
      DTM_IDX | DTM(DT_F32) | DTM(DT_F64))                                                         \
    X(Histc, histc, OPS_OUT, K(tensor, int64, scalar, scalar, tensor),                             \
      DTM(DT_F32) | DTM(DT_F16) | DTM_INT, none, 0)                                                \
    X(DotV2, dot_v2, OPS_OUT, K(tensor, tensor, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0)       \
    X(TraceV2, trace_v2, OPS_OUT, K(tensor, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0)           \
    X(InplaceCumprod, cumprod, OPS_OUT, K(tensor, scalar), DTM_ALL, none, 0)                       \
    X(CumsumV2, cumsum, OPS_OUT, K(tensor, int64, bool, bool, tensor), DTM_ALL, out, DTM_NUM)      \
    X(MeanV2, mean, OPS_OUT, K(tensor, int_array, bool, bool, tensor), DTM_ALL, out, DTM_FLOAT)    \
    X(Equal, equal, OPS_OUT, K(tensor, tensor, tensor), DTM_ALL, out, DTM_ALL)                     \
    X(IsInScalarTensor, isin, OPS_OUT, K(scalar, tensor, bool, bool, tensor), DTM_ALL, out,        \
      DTM_ALL)                                                                                     \
    X(IsInTensorScalar, isin_tensor_scalar, OPS_OUT, K(tensor, scalar, bool, bool, tensor),        \
      DTM_ALL, out, DTM_ALL)                                                                       \
    X(ReduceSumV2, reduce_sum_v2, OPS_OUT, K(tensor, int64, int64, tensor), DTM_RED_V2, none, 0)   \
    X(ReduceMeanV2, reduce_mean_v2, OPS_OUT, K(tensor, int64, int64, tensor), DTM_RED_V2, none, 0) \
    X(ReduceMaxV2, reduce_max_v2, OPS_OUT, K(tensor, int64, int64, tensor), DTM_RED_V2, none, 0)   \
    X(ReduceMinV2, reduce_min_v2, OPS_OUT, K(tensor, int64, int64, tensor), DTM_RED_V2, none, 0)   \
    X(ReduceProdV2, reduce_prod_v2, OPS_OUT, K(tensor, int64, int64, tensor), DTM_RED_V2, none, 0) \
    X(ExpSegsum, segsum, OPS_OUT, K(tensor, tensor), DTM_F3, none, 0)                              \
    X(ExpSegsumBackward, exp_segsum_backward, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0) \
    X(GroupedBiasAddGrad, grouped_bias_add_grad, OPS_OUT, K(tensor, tensor, tensor), DTM_F3,       \
      groupIdxOptional, DTM(DT_I32) | DTM(DT_I64))                                                 \
    X(GroupedBiasAddGradV2, grouped_bias_add_grad, OPS_OUT, K(tensor, tensor, int64, tensor),      \
      DTM_F3, groupIdxOptional, DTM(DT_I32) | DTM(DT_I64))

enum { REDUCE_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_REDUCE_TABLE_H */
