/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The pooling family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h). The pooling rows are served by the one implementation of pool.c
 * (pool_pvt.h): max.c holds the max poolings' entry points, avg.c the average ones';
 * max_unpool.c (MaxUnpool2d, MaxUnpool3d and their backward) puts values back at their indices
 * and gathers them; MaxPoolWithArgmaxV3 (max.c, MaxPool2dWithIndices'), MaxPoolingGrad
 * (max.c, element for element) and AveragePoolingGrad (avg.c) are ops-nn's experimental ones.
 * The checks take each operator's types from its row (OPS_DT_<Name>, OPS_DT2_<Name>: the
 * indices' types); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md.
 */
#ifndef CPUACL_OPS_POOL_TABLE_H
#define CPUACL_OPS_POOL_TABLE_H

#include "ops/engine/optable.h"

#define DTM_POOL_IDX (DTM(DT_I32) | DTM(DT_I64)) /* indices */
/* MaxUnpool2dBackward's: CANN's list, BOOL instead of DOUBLE (max_unpool.c MU3). */
#define DTM_MUB                                                                                    \
    (DTM(DT_F32) | DTM(DT_F16) | DTM(DT_BOOL) | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) |            \
     DTM(DT_I32) | DTM(DT_I64))
/* MaxUnpool's values: CANN's list (max_unpool.c MU1). */
#define DTM_MU                                                                                     \
    (DTM(DT_F32) | DTM(DT_F16) | DTM(DT_F64) | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) |             \
     DTM(DT_I32) | DTM(DT_I64))

#define POOL_OPS(X)                                                                                \
    X(MaxPool, max_pool, OPS_OUT,                                                                  \
      K(tensor, int_array, int_array, int64, int_array, int_array, int64, tensor), DTM_F3, none,   \
      0)                                                                                           \
    X(MaxPool3D, max_pool3_d, OPS_OUT,                                                             \
      K(tensor, int_array, int_array, string, int_array, int_array, int64, string, tensor),        \
      DTM_F3, none, 0)                                                                             \
    X(MaxPool2dWithMask, max_pool2d_with_indices, OPS_OUT,                                         \
      K(tensor, int_array, int_array, int_array, int_array, bool, tensor, tensor), DTM_F3,         \
      indices, DTM(DT_I8))                                                                         \
    X(MaxPool2dWithIndices, max_pool2d_with_indices, OPS_OUT,                                      \
      K(tensor, int_array, int_array, int_array, int_array, bool, tensor, tensor), DTM_F3,         \
      indices, DTM_POOL_IDX)                                                                       \
    X(MaxPool2dWithMaskBackward, max_pool2d_with_indices_backward, OPS_OUT,                        \
      K(tensor, tensor, tensor, int_array, int_array, int_array, int_array, bool, tensor), DTM_F3, \
      indices, DTM(DT_I8))                                                                         \
    X(MaxPool2dWithIndicesBackward, max_pool2d_with_indices_backward, OPS_OUT,                     \
      K(tensor, tensor, tensor, int_array, int_array, int_array, int_array, bool, tensor), DTM_F3, \
      indices, DTM_POOL_IDX)                                                                       \
    X(MaxPool3dWithArgmax, max_pool3d_with_argmax, OPS_OUT,                                        \
      K(tensor, int_array, int_array, int_array, int_array, bool, tensor, tensor), DTM_F3,         \
      indices, DTM_POOL_IDX)                                                                       \
    X(MaxPool3dWithArgmaxBackward, max_pool3d_with_argmax_backward, OPS_OUT,                       \
      K(tensor, tensor, tensor, int_array, int_array, int_array, int_array, bool, tensor), DTM_F3, \
      indices, DTM_POOL_IDX)                                                                       \
    X(AdaptiveMaxPool2d, adaptive_max_pool2d, OPS_OUT, K(tensor, int_array, tensor, tensor),       \
      DTM_F3, indicesOut, DTM_POOL_IDX)                                                            \
    X(AdaptiveMaxPool2dBackward, adaptive_max_pool2d_backward, OPS_OUT,                            \
      K(tensor, tensor, tensor, tensor), DTM_F3, indices, DTM_POOL_IDX)                            \
    X(AdaptiveMaxPool3d, adaptive_max_pool3d, OPS_OUT, K(tensor, int_array, tensor, tensor),       \
      DTM_F3, indicesOut, DTM_POOL_IDX)                                                            \
    X(AdaptiveMaxPool3dBackward, adaptive_max_pool3d_backward, OPS_OUT,                            \
      K(tensor, tensor, tensor, tensor), DTM_F3, indices, DTM_POOL_IDX)                            \
    X(MaxUnpool2d, max_unpool2d, OPS_OUT, K(tensor, tensor, int_array, tensor), DTM_MU, indices,   \
      DTM_POOL_IDX)                                                                                \
    X(MaxUnpool3d, max_unpool3d, OPS_OUT,                                                          \
      K(tensor, tensor, int_array, int_array, int_array, tensor), DTM_MU, indices, DTM_POOL_IDX)   \
    X(MaxUnpool2dBackward, max_unpool2d_backward, OPS_OUT,                                         \
      K(tensor, tensor, tensor, int_array, tensor), DTM_MUB, indices, DTM_POOL_IDX)                \
    X(MaxUnpool3dBackward, max_unpool3d_backward, OPS_OUT,                                         \
      K(tensor, tensor, tensor, int_array, int_array, int_array, tensor), DTM_MU, indices,         \
      DTM_POOL_IDX)                                                                                \
    X(GlobalMaxPool, global_max_pool, OPS_OUT, K(tensor, tensor), DTM_F3, none, 0)                 \
    X(AvgPool2d, avgpool2d, OPS_OUT,                                                               \
      K(tensor, int_array, int_array, int_array, bool, bool, int64, int8, tensor), DTM_F3, none,   \
      0)                                                                                           \
    X(AvgPool2dBackward, avgpool2d_backward, OPS_OUT,                                              \
      K(tensor, tensor, int_array, int_array, int_array, bool, bool, int64, int8, tensor), DTM_F3, \
      none, 0)                                                                                     \
    X(AvgPool3d, avgpool3d, OPS_OUT,                                                               \
      K(tensor, int_array, int_array, int_array, bool, bool, int64, tensor), DTM_F3, none, 0)      \
    X(AvgPool3dBackward, avgpool3d_backward, OPS_OUT,                                              \
      K(tensor, tensor, int_array, int_array, int_array, bool, bool, int64, tensor), DTM_F3, none, \
      0)                                                                                           \
    X(AdaptiveAvgPool2d, adaptive_avg_pool2d, OPS_OUT, K(tensor, int_array, tensor), DTM_F3, none, \
      0)                                                                                           \
    X(AdaptiveAvgPool2dBackward, adaptive_avg_pool2d_backward, OPS_OUT, K(tensor, tensor, tensor), \
      DTM_F3, none, 0)                                                                             \
    X(AdaptiveAvgPool3d, adaptive_avg_pool3d, OPS_OUT, K(tensor, int_array, tensor), DTM_F3, none, \
      0)                                                                                           \
    X(AdaptiveAvgPool3dBackward, adaptive_avg_pool3d_backward, OPS_OUT, K(tensor, tensor, tensor), \
      DTM_F3, none, 0)                                                                             \
    X(GlobalAveragePool, global_average_pool, OPS_OUT, K(tensor, tensor), DTM_F3, none, 0)         \
    X(MaxPoolWithArgmaxV3, max_pool_with_argmax_v3, OPS_OUT,                                       \
      K(tensor, int_array, int_array, int_array, int_array, bool, tensor, tensor), DTM_F3, argmax, \
      DTM(DT_I64))                                                                                 \
    X(MaxPoolingGrad, max_pooling_grad, OPS_OUT, K(tensor, tensor, tensor, tensor),                \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(AveragePoolingGrad, average_pooling_grad, OPS_OUT,                                           \
      K(int_array, tensor, int64, int64, int64, int64, int64, int64, int64, int64, bool, bool,     \
        int64, tensor),                                                                            \
      DTM(DT_F32) | DTM(DT_F16), none, 0)

enum { POOL_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_POOL_TABLE_H */
