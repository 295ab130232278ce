/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The quantisation family's declaration list, one row per operator (the
 * columns: ops/engine/optable.h): quant.c (TransQuantParamV2/V3, AscendQuant/V3,
 * AscendAntiQuant, DynamicQuant/V2, GroupQuant, Quantize, the FakeQuant*AffineCachemask pair),
 * sign_bits.c (SignBitsPack, SignBitsUnpack: 1-bit Adam's signs),
 * flat_quant.c (FlatQuant, V2, V3), swi_glu_quant.c (SwiGluQuant, V2),
 * block_quant.c (DynamicBlockQuant, V2) and qmatmul.c
 * (QuantMatmulV3/V4, QuantMatmulWeightNz). The ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md ("## Quantisation").
 */
#ifndef CPUACL_OPS_QUANT_TABLE_H
#define CPUACL_OPS_QUANT_TABLE_H

#include "ops/engine/optable.h"

#define QUANT_OPS(X)                                                                               \
    X(TransQuantParamV2, trans_quant_param_v2, OPS_OUT, K(tensor, tensor, tensor), DTM(DT_F32),    \
      none, 0)                                                                                     \
    X(TransQuantParamV3, trans_quant_param_v3, OPS_OUT, K(tensor, tensor, int64, tensor),          \
      DTM(DT_F32), none, 0)                                                                        \
    X(AscendQuant, ascend_quant, OPS_OUT, K(tensor, tensor, tensor, bool, string, int32, tensor),  \
      DTM_F3, none, 0)                                                                             \
    X(AscendQuantV3, ascend_quant_v3, OPS_OUT,                                                     \
      K(tensor, tensor, tensor, bool, string, int32, int32, tensor), DTM_F3, none, 0)              \
    X(AscendAntiQuant, ascend_anti_quant, OPS_OUT, K(tensor, tensor, tensor, int64, bool, tensor), \
      DTM(DT_F32) | DTM(DT_BF16), x, DTM(DT_I8))                                                   \
    X(DynamicQuant, dynamic_quant, OPS_OUT, K(tensor, tensor, tensor, tensor),                     \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(SignBitsPack, sign_bits_pack, OPS_OUT, K(tensor, int64, tensor), DTM(DT_F32) | DTM(DT_F16),  \
      out, DTM(DT_U8))                                                                             \
    X(SignBitsUnpack, sign_bits_unpack, OPS_OUT, K(tensor, int64, int, tensor), DTM(DT_U8), dtype, \
      DTM(DT_F32) | DTM(DT_F16))                                                                   \
    X(DynamicQuantV2, dynamic_quant_v2, OPS_OUT,                                                   \
      K(tensor, tensor, tensor, int64, tensor, tensor, tensor), DTM(DT_F16) | DTM(DT_BF16), none,  \
      0)                                                                                           \
    X(QuantMatmulV3, quant_matmul_v3, OPS_OUT,                                                     \
      K(tensor, tensor, tensor, tensor, tensor, bool, bool, tensor), DTM(DT_I8), none, 0)          \
    X(QuantMatmulV4, quant_matmul_v4, OPS_OUT,                                                     \
      K(tensor, tensor, tensor, tensor, tensor, tensor, bool, bool, tensor), DTM(DT_I8), none, 0)  \
    X(QuantMatmulWeightNz, quant_matmul_weight_nz, OPS_OUT,                                        \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, bool, bool, int64, \
        tensor),                                                                                   \
      DTM(DT_I8), none, 0)                                                                         \
    X(Quantize, quantize, OPS_OUT, K(tensor, tensor, tensor, int, int32, tensor), DTM_F3,          \
      zeroPoints, DTM(DT_I32) | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_F32) | DTM(DT_BF16))              \
    X(FakeQuantPerTensorAffineCachemask, fake_quant_per_tensor_affine_cachemask, OPS_OUT,          \
      K(tensor, tensor, tensor, float, int64, int64, tensor, tensor), DTM(DT_F32) | DTM(DT_F16),   \
      zeroPoint, DTM(DT_I32))                                                                      \
    X(FakeQuantPerChannelAffineCachemask, fake_quant_per_channel_affine_cachemask, OPS_OUT,        \
      K(tensor, tensor, tensor, int64, int64, int64, tensor, tensor), DTM(DT_F32) | DTM(DT_F16),   \
      zeroPoint, DTM(DT_I32) | DTM(DT_F16) | DTM(DT_F32))                                          \
    X(FlatQuant, flat_quant, OPS_OUT, K(tensor, tensor, tensor, double, tensor, tensor),           \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(FlatQuantV2, flat_quant_v2, OPS_OUT,                                                         \
      K(tensor, tensor, tensor, double, double, tensor, tensor), DTM(DT_F16) | DTM(DT_BF16), none, \
      0)                                                                                           \
    X(FlatQuantV3, flat_quant_v3, OPS_OUT,                                                         \
      K(tensor, tensor, tensor, tensor, double, double, int64, tensor, tensor),                    \
      DTM(DT_F16) | DTM(DT_BF16), none, 0)                                                         \
    X(SwiGluQuant, swi_glu_quant, OPS_OUT,                                                         \
      K(tensor, tensor, tensor, tensor, bool, string, tensor, tensor), DTM_F3, none, 0)            \
    X(SwiGluQuantV2, swi_glu_quant_v2, OPS_OUT,                                                    \
      K(tensor, tensor, tensor, tensor, bool, string, int64, int64, tensor, tensor), DTM_F3, none, \
      0)                                                                                           \
    X(DynamicBlockQuant, dynamic_block_quant, OPS_OUT,                                             \
      K(tensor, double, string, int64, int64, int64, tensor, tensor), DTM_F3, none, 0)             \
    X(DynamicBlockQuantV2, dynamic_block_quant_v2, OPS_OUT,                                        \
      K(tensor, double, string, int64, int64, int64, double, tensor, tensor), DTM_F3, none, 0)     \
    X(TransQuantParam, trans_quant_param, OPS_FUNC,                                                \
      K(float, uint64, float, uint64, uint64, uint64), 0, none, 0)                                 \
    X(QuantMatmulV2, quant_matmul, OPS_OUT, K(tensor, tensor, tensor, tensor, bool, bool, tensor), \
      DTM(DT_I8), none, 0)                                                                         \
    X(GroupQuant, group_quant, OPS_OUT, K(tensor, tensor, tensor, tensor, int32, tensor), DTM_F3,  \
      groupIndex, DTM(DT_I32) | DTM(DT_I64))                                                       \
    X(DequantBias, dequant_bias, OPS_OUT, K(tensor, tensor, tensor, tensor, int64, tensor),        \
      DTM(DT_I32), none, 0)                                                                        \
    X(BatchMatmulQuant, batchmatmul_quant, OPS_OUT,                                                \
      K(tensor, tensor, tensor, tensor, bool, bool, tensor), DTM(DT_F16), none, 0)                 \
    X(QuantMatmulV5, quant_matmul_v5, OPS_OUT,                                                     \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, bool, bool, int64, \
        tensor),                                                                                   \
      DTM(DT_I8), none, 0)

enum { QUANT_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_QUANT_TABLE_H */
