/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The matmul + collective fusions' declaration list (CANN's ops-transformer
 * mc2/), one row per operator (the columns: ops/engine/optable.h):
 * matmul_comm.c (MatmulAllReduce, V2, MatmulReduceScatter, AllGatherMatmul),
 * quant_comm.c (QuantMatmulAllReduce, V2, V3, WeightQuantMatmulAllReduce),
 * norm_comm.c (MatmulAllReduceAddRmsNorm and its Quant / WeightQuant / Inplace
 * forms);
 * group.c finds the communicator a `group` names and queues the chains. The
 * ctest ops_table checks the rows against the headers, ops/engine/public.h and
 * docs/operators.md ("## Matmul with collectives (MC2)").
 */
#ifndef CPUACL_OPS_MC2_TABLE_H
#define CPUACL_OPS_MC2_TABLE_H

#include "ops/engine/optable.h"

#define MC2_OPS(X)                                                                                 \
    X(MatmulAllReduce, matmul_all_reduce, OPS_OUT,                                                 \
      K(tensor, tensor, tensor, string, string, int64, int64, tensor), DTM(DT_F16) | DTM(DT_BF16), \
      none, 0)                                                                                     \
    X(MatmulAllReduceV2, matmul_all_reduce_v2, OPS_OUT,                                            \
      K(tensor, tensor, tensor, tensor, string, string, int64, int64, tensor),                     \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(MatmulReduceScatter, matmul_reduce_scatter, OPS_OUT,                                         \
      K(tensor, tensor, tensor, string, string, int64, int64, tensor), DTM(DT_F16) | DTM(DT_BF16), \
      none, 0)                                                                                     \
    X(AllGatherMatmul, all_gather_matmul, OPS_OUT,                                                 \
      K(tensor, tensor, tensor, string, int64, int64, int64, tensor, tensor),                      \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(QuantMatmulAllReduce, quant_matmul_all_reduce, OPS_OUT,                                      \
      K(tensor, tensor, tensor, tensor, tensor, string, string, int64, int64, tensor), DTM(DT_I8), \
      output, DTM(DT_F16) | DTM(DT_BF16))                                                          \
    X(QuantMatmulAllReduceV2, quant_matmul_all_reduce_v2, OPS_OUT,                                 \
      K(tensor, tensor, tensor, tensor, tensor, tensor, string, string, int64, int64, tensor),     \
      DTM(DT_I8), output, DTM(DT_F16) | DTM(DT_BF16))                                              \
    X(QuantMatmulAllReduceV3, quant_matmul_all_reduce_v3, OPS_OUT,                                 \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, string, string, int64,     \
        int64, tensor),                                                                            \
      DTM(DT_I8), output, DTM(DT_F16) | DTM(DT_BF16))                                              \
    X(WeightQuantMatmulAllReduce, weight_quant_matmul_all_reduce, OPS_OUT,                         \
      K(tensor, tensor, tensor, tensor, tensor, tensor, string, string, int64, int64, int64,       \
        tensor),                                                                                   \
      DTM(DT_F16) | DTM(DT_BF16), x2, DTM(DT_I8))                                                  \
    X(MatmulAllReduceAddRmsNorm, matmul_all_reduce_add_rms_norm, OPS_OUT,                          \
      K(tensor, tensor, tensor, tensor, tensor, double, string, string, int64, int64, tensor,      \
        tensor),                                                                                   \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(InplaceMatmulAllReduceAddRmsNorm, inplace_matmul_all_reduce_add_rms_norm, OPS_OUT,           \
      K(tensor, tensor, tensor, tensor, tensor, double, string, string, int64, int64, tensor),     \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(QuantMatmulAllReduceAddRmsNorm, quant_matmul_all_reduce_add_rms_norm, OPS_OUT,               \
      K(tensor, tensor, tensor, tensor, tensor, tensor, double, string, string, int64, int64,      \
        tensor, tensor),                                                                           \
      DTM(DT_I8), normOut, DTM(DT_F16) | DTM(DT_BF16))                                             \
    X(InplaceQuantMatmulAllReduceAddRmsNorm, inplace_quant_matmul_all_reduce_add_rms_norm,         \
      OPS_OUT,                                                                                     \
      K(tensor, tensor, tensor, tensor, tensor, tensor, double, string, string, int64, int64,      \
        tensor),                                                                                   \
      DTM(DT_I8), normOut, DTM(DT_F16) | DTM(DT_BF16))                                             \
    X(WeightQuantMatmulAllReduceAddRmsNorm, weight_quant_matmul_all_reduce_add_rms_norm, OPS_OUT,  \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, double, string, string, int64,     \
        int64, int64, tensor, tensor),                                                             \
      DTM(DT_F16) | DTM(DT_BF16), x2, DTM(DT_I8))                                                  \
    X(InplaceWeightQuantMatmulAllReduceAddRmsNorm,                                                 \
      inplace_weight_quant_matmul_all_reduce_add_rms_norm, OPS_OUT,                                \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, double, string, string, int64,     \
        int64, int64, tensor),                                                                     \
      DTM(DT_F16) | DTM(DT_BF16), x2, DTM(DT_I8))

enum { MC2_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_MC2_TABLE_H */
