/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The image family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): upsample.c (the upsampling family of ops-cv's image/
 * folder: UpsampleNearest1d/1dV2/2d/2dV2/3d, UpsampleNearestExact1d/2d/3d,
 * UpsampleLinear1d, UpsampleBilinear2d, UpsampleBicubic2d, UpsampleTrilinear3d,
 * UpsampleBilinear2dAA, UpsampleBicubic2dAA, Resize; the backward forms of each upsampling
 * operator, ...Backward, V2 and ...Grad); grid_sample.c (GridSampler2D, GridSampler3D,
 * GridSampler2DBackward); col2im.c (Im2colBackward); three_interpolate.c
 * (ThreeInterpolateBackward). The checks take each operator's types from its row (OPS_DT_<Name>);
 * the ctest ops_table checks the rows against the headers, ops/engine/public.h and
 * docs/operators.md. Adding an operator: its row here, its header (included by
 * ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_IMAGE_TABLE_H
#define CPUACL_OPS_IMAGE_TABLE_H

#include "ops/engine/optable.h"

#define IMAGE_OPS(X)                                                                               \
    X(UpsampleNearest1d, upsample_nearest_1d, OPS_OUT, K(tensor, int_array, tensor),               \
      DTM_F3 | DTM(DT_F64) | DTM(DT_U8), none, 0)                                                  \
    X(UpsampleNearest1dV2, upsample_nearest_1d_v2, OPS_OUT, K(tensor, int_array, float, tensor),   \
      DTM_F3 | DTM(DT_F64) | DTM(DT_U8), none, 0)                                                  \
    X(UpsampleNearest2d, upsample_nearest_2d, OPS_OUT, K(tensor, int_array, tensor),               \
      DTM_F3 | DTM(DT_F64) | DTM(DT_U8), none, 0)                                                  \
    X(UpsampleNearest2dV2, upsample_nearest_2d_v2, OPS_OUT,                                        \
      K(tensor, int_array, float, float, tensor), DTM_F3 | DTM(DT_F64) | DTM(DT_U8), none, 0)      \
    X(UpsampleNearest3d, upsample_nearest_3d, OPS_OUT,                                             \
      K(tensor, int_array, double, double, double, tensor), DTM_F3 | DTM(DT_F64) | DTM(DT_U8),     \
      none, 0)                                                                                     \
    X(UpsampleNearestExact1d, upsample_nearest_exact1d, OPS_OUT,                                   \
      K(tensor, int_array, double, tensor), DTM_F3 | DTM(DT_U8), none, 0)                          \
    X(UpsampleNearestExact2d, upsample_nearest_exact2d, OPS_OUT,                                   \
      K(tensor, int_array, double, double, tensor), DTM_F3 | DTM(DT_U8), none, 0)                  \
    X(UpsampleNearestExact3d, upsample_nearest_exact3d, OPS_OUT,                                   \
      K(tensor, int_array, double, double, double, tensor), DTM_F3, none, 0)                       \
    X(UpsampleLinear1d, upsample_linear_1d, OPS_OUT, K(tensor, int_array, bool, double, tensor),   \
      DTM_F3, none, 0)                                                                             \
    X(UpsampleBilinear2d, upsample_bilinear_2d, OPS_OUT,                                           \
      K(tensor, int_array, bool, double, double, tensor), DTM_FLOAT, none, 0)                      \
    X(UpsampleBicubic2d, upsample_bicubic_2d, OPS_OUT,                                             \
      K(tensor, int_array, bool, double, double, tensor), DTM_F3, none, 0)                         \
    X(UpsampleTrilinear3d, upsample_trilinear_3d, OPS_OUT,                                         \
      K(tensor, int_array, bool, double, double, double, tensor), DTM_FLOAT, none, 0)              \
    X(UpsampleBilinear2dAA, upsample_bilinear2d_aa, OPS_OUT,                                       \
      K(tensor, int_array, bool, double, double, tensor), DTM_F3, none, 0)                         \
    X(UpsampleBicubic2dAA, upsample_bicubic2d_aa, OPS_OUT,                                         \
      K(tensor, int_array, bool, double, double, tensor), DTM_F3, none, 0)                         \
    X(UpsampleNearest1dBackward, upsample_nearest_1d_backward, OPS_OUT,                            \
      K(tensor, int_array, int_array, double, tensor), DTM_FLOAT, none, 0)                         \
    X(UpsampleNearest2dBackward, upsample_nearest_2d_backward, OPS_OUT,                            \
      K(tensor, int_array, int_array, double, double, tensor), DTM_F3, none, 0)                    \
    X(UpsampleNearest3dBackward, upsample_nearest_3d_backward, OPS_OUT,                            \
      K(tensor, int_array, int_array, double, double, double, tensor), DTM_FLOAT, none, 0)         \
    X(UpsampleNearestExact1dBackward, upsample_nearest_exact1d_backward, OPS_OUT,                  \
      K(tensor, int_array, int_array, double, tensor), DTM_F3, none, 0)                            \
    X(UpsampleNearestExact2dBackward, upsample_nearest_exact2d_backward, OPS_OUT,                  \
      K(tensor, int_array, int_array, double, double, tensor), DTM_F3, none, 0)                    \
    X(UpsampleNearestExact3dBackward, upsample_nearest_exact3d_backward, OPS_OUT,                  \
      K(tensor, int_array, int_array, double, double, double, tensor), DTM_F3, none, 0)            \
    X(UpsampleLinear1dBackward, upsample_linear_1d_backward, OPS_OUT,                              \
      K(tensor, int_array, int_array, bool, double, tensor), DTM_F3, none, 0)                      \
    X(UpsampleBilinear2dBackward, upsample_bilinear_2d_backward, OPS_OUT,                          \
      K(tensor, int_array, int_array, bool, double, double, tensor), DTM_F3, none, 0)              \
    X(UpsampleBilinear2dBackwardV2, upsample_bilinear_2d_backward_v2, OPS_OUT,                     \
      K(tensor, int_array, int_array, bool, double, double, tensor), DTM_F3, none, 0)              \
    X(UpsampleBicubic2dBackward, upsample_bicubic_2d_backward, OPS_OUT,                            \
      K(tensor, int_array, int_array, bool, double, double, tensor), DTM_F3, none, 0)              \
    X(UpsampleTrilinear3dBackward, upsample_trilinear_3d_backward, OPS_OUT,                        \
      K(tensor, int_array, int_array, bool, double, double, double, tensor), DTM_FLOAT, none, 0)   \
    X(UpsampleBilinear2dAABackward, upsample_bilinear2d_aa_backward, OPS_OUT,                      \
      K(tensor, int_array, int_array, bool, double, double, tensor), DTM_F3, none, 0)              \
    X(UpsampleBicubic2dAAGrad, upsample_bicubic2d_aa_grad, OPS_OUT,                                \
      K(tensor, int_array, int_array, bool, double, double, tensor), DTM_F3, none, 0)              \
    X(GridSampler2D, grid_sampler2d, OPS_OUT, K(tensor, tensor, int64, int64, bool, tensor),       \
      DTM_FLOAT, none, 0)                                                                          \
    X(GridSampler3D, grid_sampler3d, OPS_OUT, K(tensor, tensor, int64, int64, bool, tensor),       \
      DTM_FLOAT, none, 0)                                                                          \
    X(Im2colBackward, im2col_backward, OPS_OUT,                                                    \
      K(tensor, int_array, int_array, int_array, int_array, int_array, tensor), DTM_F3, none, 0)   \
    X(ThreeInterpolateBackward, three_interpolate_backward, OPS_OUT,                               \
      K(tensor, tensor, tensor, int, tensor), DTM(DT_F32) | DTM(DT_F16), idx, DTM_IDX)             \
    X(GridSampler2DBackward, grid_sampler2d_backward, OPS_OUT,                                     \
      K(tensor, tensor, tensor, int64, int64, bool, bool_array, tensor, tensor), DTM_FLOAT, none,  \
      0)                                                                                           \
    X(Resize, resize, OPS_OUT, K(tensor, float_array, string, tensor), DTM_F3, none, 0)

enum { IMAGE_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_IMAGE_TABLE_H */
