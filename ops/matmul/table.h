/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The matmul family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): matmul.c (Mm, BatchMatMul, Matmul), linalg.c (Mv, TriangularSolve, Ger),
 * cross.c (LinalgCross), rank1.c (GerV2), distance.c (Pdist, PdistForward, Cdist,
 * CdistBackward), affine_grid.c (AffineGrid),
 * grouped_matmul.c, quant_matmul.c (WeightQuantBatchMatmulV2/V3/Nz,
 * TransMatmulWeight, ConvertWeightToINT4Pack and the weight size functions)
 * variants.c (Addmm ... TransposeBatchMatMul), einsum.c and quant_fused.c
 * (QuantMatmulReduceSumWeightNz, QuantMatmulDequant, FusedQuantMatmul (+WeightNz)),
 * fused_matmul.c (FusedMatmul).
 * The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_MATMUL_TABLE_H
#define CPUACL_OPS_MATMUL_TABLE_H

#include "ops/engine/optable.h"

#define MATMUL_OPS(X)                                                                              \
    X(Mm, mm, OPS_OUT, K(tensor, tensor, tensor, int8), DTM_F3, none, 0)                           \
    X(BatchMatMul, batch_matmul, OPS_OUT, K(tensor, tensor, tensor, int8), DTM_F3, none, 0)        \
    X(Matmul, matmul, OPS_OUT, K(tensor, tensor, tensor, int8), DTM_F3, none, 0)                   \
    X(Mv, mv, OPS_OUT, K(tensor, tensor, tensor, int8), DTM_F3, none, 0)                           \
    X(TriangularSolve, triangular_solve, OPS_OUT,                                                  \
      K(tensor, tensor, bool, bool, bool, tensor, tensor), DTM(DT_F32) | DTM(DT_F64), none, 0)     \
    X(Ger, ger, OPS_OUT, K(tensor, tensor, tensor), DTM_ALL, none, 0)                              \
    X(LinalgCross, linalg_cross, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_NUM, none, 0)     \
    X(GerV2, ger_v2, OPS_OUT, K(tensor, tensor, tensor, float, tensor),                            \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I32) | DTM(DT_I16), none, 0)                              \
    X(Pdist, pdist, OPS_OUT, K(tensor, float, tensor), DTM(DT_F32) | DTM(DT_F16), none, 0)         \
    X(PdistForward, pdist_forward, OPS_OUT, K(tensor, scalar, tensor), DTM(DT_F32) | DTM(DT_F16),  \
      none, 0)                                                                                     \
    X(Cdist, cdist, OPS_OUT, K(tensor, tensor, float, int64, tensor), DTM_F3, none, 0)             \
    X(CdistBackward, cdist_backward, OPS_OUT, K(tensor, tensor, tensor, tensor, float, tensor),    \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(AffineGrid, affine_grid, OPS_OUT, K(tensor, int_array, bool, tensor), DTM_F3, none, 0)       \
    X(GroupedMatmul, grouped_matmul, OPS_OUT,                                                      \
      K(tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, \
        int_array, int64, tensor_list),                                                            \
      DTM_F3, none, 0)                                                                             \
    X(GroupedMatmulV2, grouped_matmul_v2, OPS_OUT,                                                 \
      K(tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, \
        int_array, int64, int64, tensor_list),                                                     \
      DTM_F3, none, 0)                                                                             \
    X(GroupedMatmulV4, grouped_matmul_v4, OPS_OUT,                                                 \
      K(tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, \
        tensor_list, tensor, tensor_list, tensor_list, tensor_list, int64, int64, int64, int64,    \
        tensor_list, tensor_list, tensor_list),                                                    \
      DTM_F3, groupListOptional, DTM(DT_I64))                                                      \
    X(GroupedMatmulV5, grouped_matmul_v5, OPS_OUT,                                                 \
      K(tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, \
        tensor_list, tensor, tensor_list, tensor_list, tensor_list, int64, int64, int64, int64,    \
        int_array, tensor_list, tensor_list, tensor_list),                                         \
      DTM_F3, groupListOptional, DTM(DT_I64))                                                      \
    X(GroupedMatmulAdd, grouped_matmul_add, OPS_OUT,                                               \
      K(tensor, tensor, tensor, tensor, bool, bool, int64), DTM(DT_F16) | DTM(DT_BF16), groupList, \
      DTM(DT_I64))                                                                                 \
    X(GroupedMatmulV3, grouped_matmul_v3, OPS_OUT,                                                 \
      K(tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, tensor_list, \
        tensor, int64, int64, tensor_list),                                                        \
      DTM_F3, groupListOptional, DTM(DT_I64))                                                      \
    X(WeightQuantBatchMatmulV2, weight_quant_batch_matmul_v2, OPS_OUT,                             \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, int, tensor),                      \
      DTM(DT_F16) | DTM(DT_BF16), biasOptional, DTM_F3)                                            \
    X(WeightQuantBatchMatmulV3, weight_quant_batch_matmul_v3, OPS_OUT,                             \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, int, int, tensor),                 \
      DTM(DT_F16) | DTM(DT_BF16), biasOptional, DTM_F3)                                            \
    X(WeightQuantBatchMatmulNz, weight_quant_batch_matmul_nz, OPS_OUT,                             \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, int, tensor),                      \
      DTM(DT_F16) | DTM(DT_BF16), biasOptional, DTM_F3)                                            \
    X(TransMatmulWeight, trans_matmul_weight, OPS_OUT, K(tensor),                                  \
      DTM(DT_F16) | DTM(DT_BF16) | DTM(DT_I8) | DTM(DT_U8), none, 0)                               \
    X(ConvertWeightToINT4Pack, convert_weight_to_int4_pack, OPS_OUT, K(tensor, tensor),            \
      DTM(DT_I32), none, 0)                                                                        \
    X(CalculateMatmulWeightSizeV2, trans_matmul_weight, OPS_FUNC, K(int_array, int, uint64), 0,    \
      none, 0)                                                                                     \
    X(CalculateMatmulWeightSize, trans_matmul_weight, OPS_FUNC, K(int_array, uint64), 0, none, 0)  \
    X(Addmm, addmm, OPS_OUT_INPLACE, K(tensor, tensor, tensor, scalar, scalar, tensor, int8),      \
      DTM_F3, none, 0)                                                                             \
    X(AddmmWeightNz, addmm, OPS_OUT, K(tensor, tensor, tensor, scalar, scalar, tensor, int8),      \
      DTM_F3, none, 0)                                                                             \
    X(Baddbmm, baddbmm, OPS_OUT_INPLACE, K(tensor, tensor, tensor, scalar, scalar, tensor, int8),  \
      DTM_F3, none, 0)                                                                             \
    X(Addbmm, addbmm, OPS_OUT_INPLACE, K(tensor, tensor, tensor, scalar, scalar, tensor, int8),    \
      DTM_F3, none, 0)                                                                             \
    X(Addmv, addmv, OPS_OUT, K(tensor, tensor, tensor, scalar, scalar, tensor, int8), DTM_F3,      \
      none, 0)                                                                                     \
    X(Addr, addr, OPS_OUT_INPLACE, K(tensor, tensor, tensor, scalar, scalar, tensor), DTM_ALL,     \
      none, 0)                                                                                     \
    X(AddrV2, addr_v2, OPS_OUT_INPLACE, K(tensor, tensor, tensor, scalar, scalar, tensor),         \
      DTM_ALL, none, 0)                                                                            \
    X(Dot, dot, OPS_OUT, K(tensor, tensor, tensor), DTM_F3, none, 0)                               \
    X(Gemm, gemm, OPS_OUT, K(tensor, tensor, tensor, float, float, int64, int64, tensor, int8),    \
      DTM_F3, none, 0)                                                                             \
    X(MatmulWeightNz, matmul, OPS_OUT, K(tensor, tensor, tensor, int8), DTM_F3, none, 0)           \
    X(BatchMatMulWeightNz, batch_matmul, OPS_OUT, K(tensor, tensor, tensor, int8), DTM_F3, none,   \
      0)                                                                                           \
    X(TransposeBatchMatMul, transpose_batch_mat_mul, OPS_OUT,                                      \
      K(tensor, tensor, tensor, tensor, int_array, int_array, int_array, int8, int32, tensor),     \
      DTM_F3, none, 0)                                                                             \
    X(TransposeBatchMatMulWeightNz, transpose_batch_mat_mul, OPS_OUT,                              \
      K(tensor, tensor, tensor, tensor, int_array, int_array, int_array, int8, int32, tensor),     \
      DTM_F3, none, 0)                                                                             \
    X(Einsum, einsum, OPS_OUT, K(tensor_list, string, tensor),                                     \
      DTM(DT_F16) | DTM(DT_F32) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64), none, 0)             \
    X(QuantMatmulReduceSumWeightNz, quant_matmul_reduce_sum, OPS_OUT,                              \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, bool, bool, int64, \
        int_array, bool, tensor),                                                                  \
      DTM(DT_I8), none, 0)                                                                         \
    X(FusedMatmul, fused_matmul, OPS_OUT, K(tensor, tensor, tensor, tensor, string, int8, tensor), \
      DTM_F3, none, 0)                                                                             \
    X(QuantMatmulDequant, quant_matmul_dequant, OPS_OUT,                                           \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, string, bool, tensor), DTM(DT_I8),  \
      x, DTM(DT_F16))                                                                              \
    X(FusedQuantMatmul, fused_quant_matmul, OPS_OUT,                                               \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, string,    \
        int64, tensor),                                                                            \
      DTM(DT_I8), none, 0)                                                                         \
    X(FusedQuantMatmulWeightNz, fused_quant_matmul_weight_nz, OPS_OUT,                             \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, string,    \
        int64, tensor),                                                                            \
      DTM(DT_I8), none, 0)

enum { MATMUL_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_MATMUL_TABLE_H */
