/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The shape family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): move.c (Permute, Slice, Repeat, Cat, Tril, Triu), view.c
 * (SplitTensor ... DiagFlat, StridedSlice, SliceV3, Transposev, ConcatV2, PackV2,
 * BroadcastV2, Split), storage_view.c (AsStrided, ViewCopy), remap.c
 * (ConstantPadNd, PadV2,
 * the Reflection/Replication/CircularPad rows and their Backward rows, ReflectionPad1d, Roll,
 * RepeatInterleaveIntWithDim), copy.c (Cast, InplaceCopy, InplaceZero,
 * InplaceFillScalar; ops-math's experimental CastV2, CastV3, TensorMove), arange.c and
 * chunk_cat.c (ChunkCat);
 * Trilu (Tril or Triu by its upper flag) is move.c's. The checks take each operator's types from
 * its row (OPS_DT_<Name>, OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_SHAPE_TABLE_H
#define CPUACL_OPS_SHAPE_TABLE_H

#include "ops/engine/optable.h"

#define SHAPE_OPS(X)                                                                               \
    X(Permute, permute, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)                   \
    X(Slice, slice, OPS_OUT, K(tensor, int64, int64, int64, int64, tensor), DTM_ALL, none, 0)      \
    X(Repeat, repeat, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)                     \
    X(Cat, cat, OPS_OUT, K(tensor_list, int64, tensor), DTM_ALL, none, 0)                          \
    X(ChunkCat, chunk_cat, OPS_OUT, K(tensor_list, int64, int64, tensor), DTM_F3, none, 0)         \
    X(Tril, tril, OPS_OUT_INPLACE, K(tensor, int64, tensor), DTM_ALL, none, 0)                     \
    X(Triu, triu, OPS_OUT_INPLACE, K(tensor, int64, tensor), DTM_ALL, none, 0)                     \
    X(SplitTensor, split_tensor, OPS_OUT, K(tensor, uint64, int64, tensor_list), DTM_ALL, none, 0) \
    X(SplitWithSize, split_with_size, OPS_OUT, K(tensor, int_array, int64, tensor_list), DTM_ALL,  \
      none, 0)                                                                                     \
    X(Stack, stack, OPS_OUT, K(tensor_list, int64, tensor), DTM_ALL, none, 0)                      \
    X(Flatten, flatten, OPS_OUT, K(tensor, int64, tensor), DTM_ALL, none, 0)                       \
    X(Expand, expand, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)                     \
    X(Expandv, expandv, OPS_OUT, K(tensor, int_array, tensor), DTM_F3 | DTM_INT | DTM(DT_BOOL),    \
      none, 0)                                                                                     \
    X(Flip, flip, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)                         \
    X(SliceV2, slice_v2, OPS_OUT, K(tensor, int_array, int_array, int_array, int_array, tensor),   \
      DTM_ALL, none, 0)                                                                            \
    X(StridedSlice, strided_slice, OPS_OUT,                                                        \
      K(tensor, int_array, int_array, int_array, int64, int64, int64, int64, int64, tensor),       \
      DTM_F3 | DTM_INT | DTM(DT_BOOL) | DTM_UWIDE, none, 0)                                        \
    X(StridedSliceAssignV2, strided_slice_assign_v2, OPS_OUT,                                      \
      K(tensor, tensor, int_array, int_array, int_array, int_array),                               \
      DTM_F3 | DTM(DT_F64) | DTM(DT_I32) | DTM(DT_I64) | DTM(DT_I8), none, 0)                      \
    X(SliceV3, slice_v3, OPS_OUT, K(tensor, int_array, int_array, tensor),                         \
      DTM_F3 | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) | DTM(DT_I32), none, 0)                       \
    X(Transposev, transposev, OPS_OUT, K(tensor, tensor, tensor),                                  \
      DTM_F3 | DTM_INT | DTM(DT_BOOL) | DTM_UWIDE, perm, DTM_IDX)                                  \
    X(ConcatV2, concat_v2, OPS_OUT, K(tensor, tensor, int64, tensor),                              \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I32) | DTM(DT_I16), none, 0)                              \
    X(PackV2, pack_v2, OPS_OUT, K(tensor, tensor, int64, tensor),                                  \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I32) | DTM(DT_I16), none, 0)                              \
    X(BroadcastV2, broadcast_v2, OPS_OUT, K(tensor, int64, int64, int64, int64, int64, tensor),    \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(Split, split, OPS_OUT, K(tensor, int_array, int64, tensor_list), DTM_ALL, none, 0)           \
    X(PadV2, pad_v2, OPS_OUT,                                                                      \
      K(tensor, int64, int64, int64, int64, int64, int64, int64, int64, int64, int64, tensor),     \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I16) | DTM(DT_I32), none, 0)                              \
    X(AsStrided, as_strided, OPS_OUT, K(tensor, int_array, int_array, int_array, tensor),          \
      DTM_F3 | DTM_INT | DTM(DT_BOOL) | DTM_UWIDE, none, 0)                                        \
    X(ViewCopy, view_copy, OPS_OUT,                                                                \
      K(tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor, tensor),                   \
      DTM_F3 | DTM_INT | DTM(DT_BOOL) | DTM(DT_U16) | DTM(DT_U32), dst_size, DTM_IDX)              \
    X(ChannelShuffle, channel_shuffle, OPS_OUT, K(tensor, int64, tensor), DTM_ALL, none, 0)        \
    X(ConfusionTranspose, confusion_transpose, OPS_OUT,                                            \
      K(tensor, int_array, int_array, bool, tensor), DTM_ALL, none, 0)                             \
    X(Diag, diag, OPS_OUT, K(tensor, int64, tensor), DTM_ALL, none, 0)                             \
    X(DiagPart, diag_part, OPS_OUT, K(tensor, tensor), DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I32),    \
      none, 0)                                                                                     \
    X(FillDiagonal, fill_diagonal, OPS_INPLACE, K(tensor, scalar, bool), DTM_ALL, fillValue,       \
      DTM_ALL)                                                                                     \
    X(DiagFlat, diag_flat, OPS_OUT, K(tensor, int64, tensor), DTM_ALL, none, 0)                    \
    X(ConstantPadNd, constant_pad_nd, OPS_OUT, K(tensor, int_array, scalar, tensor), DTM_ALL,      \
      value, DTM_ALL)                                                                              \
    X(ReflectionPad1d, reflection_pad1d, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)  \
    X(ReflectionPad1dV2, reflection_pad1d_v2, OPS_OUT, K(tensor, int_array, tensor), DTM_F3, none, \
      0)                                                                                           \
    X(ReflectionPad2d, reflection_pad2d, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)  \
    X(ReflectionPad3d, reflection_pad3d, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)  \
    X(ReplicationPad1d, replication_pad1d, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none,   \
      0)                                                                                           \
    X(ReplicationPad2d, replication_pad2d, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none,   \
      0)                                                                                           \
    X(ReplicationPad3d, replication_pad3d, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none,   \
      0)                                                                                           \
    X(CircularPad2d, circular_pad2d, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)      \
    X(CircularPad3d, circular_pad3d, OPS_OUT, K(tensor, int_array, tensor), DTM_ALL, none, 0)      \
    X(ReflectionPad1dBackward, reflection_pad1d_backward, OPS_OUT,                                 \
      K(tensor, tensor, int_array, tensor), DTM_FLOAT, none, 0)                                    \
    X(ReflectionPad2dBackward, pad2d_backward, OPS_OUT, K(tensor, tensor, int_array, tensor),      \
      DTM_FLOAT, none, 0)                                                                          \
    X(ReflectionPad3dBackward, reflection_pad3d_backward, OPS_OUT,                                 \
      K(tensor, tensor, int_array, tensor), DTM_FLOAT, none, 0)                                    \
    X(ReplicationPad1dBackward, replication_pad1d_backward, OPS_OUT,                               \
      K(tensor, tensor, int_array, tensor), DTM_FLOAT, none, 0)                                    \
    X(ReplicationPad2dBackward, pad2d_backward, OPS_OUT, K(tensor, tensor, int_array, tensor),     \
      DTM_FLOAT, none, 0)                                                                          \
    X(ReplicationPad3dBackward, replication_pad3d_backward, OPS_OUT,                               \
      K(tensor, tensor, int_array, tensor), DTM_FLOAT, none, 0)                                    \
    X(CircularPad2dBackward, circular_pad2d_backward, OPS_OUT,                                     \
      K(tensor, tensor, int_array, tensor), DTM_FLOAT, none, 0)                                    \
    X(CircularPad3dBackward, circular_pad3d_backward, OPS_OUT,                                     \
      K(tensor, tensor, int_array, tensor), DTM_FLOAT, none, 0)                                    \
    X(Roll, roll, OPS_OUT, K(tensor, int_array, int_array, tensor),                                \
      DTM_F3 | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_I64) | DTM(DT_BOOL),   \
      none, 0)                                                                                     \
    X(Cast, cast, OPS_OUT, K(tensor, int, tensor), DTM_ALL, none, 0)                               \
    X(Copy, copy, OPS_INPLACE, K(tensor, tensor), DTM_ALL, none, 0)                                \
    X(Zero, zero, OPS_INPLACE, K(tensor), DTM_ALL, none, 0)                                        \
    X(FillScalar, fill_scalar, OPS_INPLACE, K(tensor, scalar), DTM_ALL, value, DTM_ALL)            \
    X(One, ones, OPS_INPLACE, K(tensor), DTM_ALL, none, 0)                                         \
    X(FillTensor, fill_tensor, OPS_INPLACE, K(tensor, tensor), DTM_ALL, value, DTM_ALL)            \
    X(FillV2, fill_v2, OPS_OUT, K(tensor, tensor), DTM_F3 | DTM(DT_I16) | DTM(DT_I32), value,      \
      DTM_F3 | DTM(DT_I16) | DTM(DT_I32))                                                          \
    X(Range, range, OPS_OUT, K(scalar, scalar, scalar, tensor), DTM_F3 | DTM(DT_F64) | DTM_IDX,    \
      none, 0)                                                                                     \
    X(Linspace, linspace, OPS_OUT, K(scalar, scalar, int64, tensor), DTM_NUM, none, 0)             \
    X(LogSpace, logspace, OPS_OUT, K(scalar, scalar, int64, double, tensor), DTM_NUM, none, 0)     \
    X(LinSpaceD, lin_space_d, OPS_OUT, K(tensor, tensor, int_array, tensor),                       \
      DTM_F3 | DTM(DT_I8) | DTM(DT_I16) | DTM(DT_I32) | DTM(DT_U8), out, DTM(DT_F32))              \
    X(Eye, eye, OPS_OUT, K(int64, int64, tensor), DTM_ALL, none, 0)                                \
    X(EyeV2, eye_v2, OPS_OUT, K(tensor, int64, int64, tensor),                                     \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I32) | DTM(DT_I16), none, 0)                              \
    X(Arange, arange, OPS_OUT, K(scalar, scalar, scalar, tensor), DTM_F3 | DTM(DT_F64) | DTM_IDX,  \
      none, 0)                                                                                     \
    X(Trilu, trilu, OPS_OUT, K(tensor, int64, int64, tensor),                                      \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_I32) | DTM(DT_I64) | DTM(DT_I8) | DTM(DT_I16) |           \
          DTM(DT_U8),                                                                              \
      none, 0)                                                                                     \
    X(CastV2, cast_v2, OPS_OUT, K(tensor, tensor), DTM_F3 | DTM_INT, none, 0)                      \
    X(CastV3, cast_v3, OPS_OUT, K(tensor, int64, tensor), DTM_F3 | DTM_INT | DTM(DT_BOOL), none,   \
      0)                                                                                           \
    X(TensorMove, tensor_move, OPS_OUT, K(tensor, tensor), DTM_ALL, none, 0)                       \
    X(UnfoldGrad, unfold_grad, OPS_OUT, K(tensor, int_array, int64, int64, int64, tensor), DTM_F3, \
      none, 0)

enum { SHAPE_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_SHAPE_TABLE_H */
