/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The sort family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): sort.c (Argsort, Sort, Topk, SortWithIndex, SortV2), search_sorted.c
 * (SearchSorted, SearchSorteds), sample.c (ApplyTopKTopP, TopKTopPSample: ops-nn's LLM sampling,
 * on the sort's line order).
 * The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_SORT_TABLE_H
#define CPUACL_OPS_SORT_TABLE_H

#include "ops/engine/optable.h"

#define SORT_OPS(X)                                                                                \
    X(Argsort, argsort, OPS_OUT, K(tensor, int64, bool, tensor),                                   \
      DTM_F3 | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64), out,             \
      DTM(DT_I64))                                                                                 \
    X(Sort, sort, OPS_OUT, K(tensor, bool, int64, bool, tensor, tensor), DTM_ALL, indicesOut,      \
      DTM(DT_I64))                                                                                 \
    X(Topk, topk, OPS_OUT, K(tensor, int64, int64, bool, bool, tensor, tensor),                    \
      DTM_F3 | DTM(DT_F64) | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64),    \
      indicesOut, DTM(DT_I64))                                                                     \
    X(SortWithIndex, sort_with_index, OPS_OUT,                                                     \
      K(tensor, tensor, int64, bool, bool, tensor, tensor),                                        \
      DTM(DT_F16) | DTM(DT_F32) | DTM(DT_BF16) | DTM(DT_I32), index, DTM(DT_I32))                  \
    X(SortV2, sort_v2, OPS_OUT, K(tensor, tensor, tensor, int64, bool, tensor),                    \
      DTM(DT_F16) | DTM(DT_F32), index, DTM(DT_U32))                                               \
    X(SearchSorted, searchsorted, OPS_OUT, K(tensor, tensor, bool, bool, tensor, tensor),          \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_F64) | DTM_INT, out, DTM_IDX)                             \
    X(SearchSorteds, searchsorted, OPS_OUT, K(tensor, scalar, bool, bool, tensor, tensor),         \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_F64) | DTM_INT, out, DTM_IDX)                             \
    X(ApplyTopKTopP, apply_top_k_top_p, OPS_OUT, K(tensor, tensor, tensor, tensor), DTM_F3, k,     \
      DTM(DT_I32))                                                                                 \
    X(TopKTopPSample, top_k_top_p_sample, OPS_OUT,                                                 \
      K(tensor, tensor, tensor, tensor, double, bool, int64, tensor, tensor),                      \
      DTM(DT_F16) | DTM(DT_BF16), topK, DTM(DT_I32))

enum { SORT_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_SORT_TABLE_H */
