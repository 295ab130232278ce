/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The index family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): gather.c (IndexSelect, GatherV2, Embedding), index_write.c (IndexCopy,
 * IndexFillTensor, IndexFill) and scatter.c (Scatter, ScatterValue, ScatterAdd, ScatterReduce,
 * MaskedScatter, EmbeddingDenseBackward); scatter_nd.c (ScatterNd, ScatterNdUpdate, TfScatterAdd,
 * Put); advanced_index.c (IndexPutImpl, Index); Gather and Take
 * (gather.c); MaskedSelect (masked_select.c); Nonzero, NonzeroV2 (nonzero.c); OneHot, Onehot
 * (one_hot.c); RepeatInterleave and its forms (repeat_interleave.c); EmbeddingBag
 * (embedding_bag.c); Unique, Unique2, UniqueDim, UniqueConsecutive (unique.c); GatherNd
 * (gather_nd.c); Bucketize (bucketize.c); InplaceScatterUpdate (scatter_update.c). The checks
 * take each
 * operator's types from its row (OPS_DT_<Name>, OPS_DT2_<Name>); the ctest ops_table checks the
 * rows against the headers, ops/engine/public.h and docs/operators.md. Adding an operator: its row
 * here, its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_INDEX_TABLE_H
#define CPUACL_OPS_INDEX_TABLE_H

#include "ops/engine/optable.h"

/* RepeatInterleave's data types: the NPU floats, the integers, bool. */
#define DTM_RI (DTM_F3 | DTM_INT | DTM(DT_BOOL))
/* Unique's: CANN's list but UINT64 (unique.c UQ4). */
#define DTM_UQ (DTM_ALL | DTM(DT_U16) | DTM(DT_U32))

#define INDEX_OPS(X)                                                                               \
    X(IndexSelect, index_select, OPS_OUT, K(tensor, int64, tensor, tensor), DTM_ALL, index,        \
      DTM_IDX)                                                                                     \
    X(GatherV2, gather_v2, OPS_OUT, K(tensor, int64, tensor, tensor), DTM_ALL, index, DTM_IDX)     \
    X(Embedding, embedding, OPS_OUT, K(tensor, tensor, tensor), DTM_ALL, indices, DTM_IDX)         \
    X(Unique, unique, OPS_OUT, K(tensor, bool, bool, tensor, tensor), DTM_UQ, inverseOut,          \
      DTM(DT_I64))                                                                                 \
    X(Unique2, unique2, OPS_OUT, K(tensor, bool, bool, bool, tensor, tensor, tensor), DTM_UQ,      \
      inverseOut, DTM(DT_I64))                                                                     \
    X(UniqueDim, unique_dim, OPS_OUT, K(tensor, bool, bool, int64, tensor, tensor, tensor),        \
      DTM_UQ, inverseOut, DTM(DT_I64))                                                             \
    X(UniqueConsecutive, unique_consecutive, OPS_OUT,                                              \
      K(tensor, bool, bool, int64, tensor, tensor, tensor), DTM_UQ, inverseOut, DTM_IDX)           \
    X(EmbeddingBag, embedding_bag, OPS_OUT,                                                        \
      K(tensor, tensor, tensor, bool, int64, bool, tensor, bool, int64, tensor, tensor, tensor,    \
        tensor),                                                                                   \
      DTM_F3, indices, DTM_INT)                                                                    \
    X(IndexCopy, index_copy, OPS_OUT_INPLACE, K(tensor, int64, tensor, tensor, tensor), DTM_ALL,   \
      index, DTM_IDX)                                                                              \
    X(IndexFillTensor, index_fill_tensor, OPS_OUT_INPLACE,                                         \
      K(tensor, int64, int_array, scalar, tensor),                                                 \
      DTM(DT_F16) | DTM(DT_F32) | DTM(DT_BF16) | DTM(DT_I32) | DTM(DT_I64) | DTM(DT_BOOL), value,  \
      DTM_ALL)                                                                                     \
    X(IndexFill, index_fill, OPS_OUT_INPLACE, K(tensor, int64, tensor, scalar, tensor), DTM_ALL,   \
      index, DTM_IDX)                                                                              \
    X(Scatter, scatter, OPS_OUT_INPLACE, K(tensor, int64, tensor, tensor, int64, tensor), DTM_ALL, \
      index, DTM_IDX)                                                                              \
    X(ScatterValue, scatter, OPS_OUT_INPLACE, K(tensor, int64, tensor, scalar, int64, tensor),     \
      DTM_ALL, index, DTM_IDX)                                                                     \
    X(ScatterAdd, scatter_add, OPS_OUT, K(tensor, int64, tensor, tensor, tensor), DTM_ALL, index,  \
      DTM_IDX)                                                                                     \
    X(ScatterReduce, scatter_reduce, OPS_OUT_INPLACE,                                              \
      K(tensor, int64, tensor, tensor, int64, bool, tensor), DTM_ALL, index, DTM_IDX)              \
    X(Gather, gather, OPS_OUT, K(tensor, int64, tensor, tensor), DTM_ALL, index, DTM_IDX)          \
    X(Take, take, OPS_OUT, K(tensor, tensor, tensor), DTM_ALL, index, DTM_IDX)                     \
    X(MaskedScatter, masked_scatter, OPS_INPLACE, K(tensor, tensor, tensor), DTM_ALL, mask,        \
      DTM(DT_BOOL) | DTM(DT_U8))                                                                   \
    X(IndexAdd, index_add, OPS_OUT, K(tensor, int64, tensor, tensor, scalar, tensor), DTM_NUM,     \
      index, DTM_IDX)                                                                              \
    X(IndexAddV2, index_add_v2, OPS_OUT, K(tensor, int64, tensor, tensor, scalar, int64, tensor),  \
      DTM_NUM, index, DTM_IDX)                                                                     \
    X(EmbeddingDenseBackward, embedding_dense_backward, OPS_OUT,                                   \
      K(tensor, tensor, uint64, uint64, bool, tensor), DTM_F3, indices, DTM_NUM | DTM(DT_BOOL))    \
    X(MaskedSelect, masked_select, OPS_OUT, K(tensor, tensor, tensor), DTM_ALL, mask,              \
      DTM(DT_BOOL) | DTM(DT_U8))                                                                   \
    X(Nonzero, nonzero, OPS_OUT, K(tensor, tensor), DTM_ALL, out, DTM(DT_I64))                     \
    X(OneHot, one_hot, OPS_OUT, K(tensor, int, tensor, tensor, int64, tensor),                     \
      DTM(DT_F16) | DTM(DT_F32) | DTM(DT_I32) | DTM(DT_I64), self,                                 \
      DTM(DT_U8) | DTM(DT_I32) | DTM(DT_I64))                                                      \
    X(Onehot, onehot, OPS_OUT, K(tensor, int64, tensor), DTM(DT_I32), none, 0)                     \
    X(RepeatInterleave, repeat_interleave, OPS_OUT, K(tensor, tensor, int64, tensor), DTM_RI,      \
      repeats, DTM_IDX)                                                                            \
    X(RepeatInterleaveWithDim, repeat_interleave, OPS_OUT,                                         \
      K(tensor, tensor, int64, int64, tensor), DTM_RI, repeats, DTM_IDX)                           \
    X(RepeatInterleaveInt, repeat_interleave, OPS_OUT, K(tensor, int64, int64, tensor), DTM_RI,    \
      none, 0)                                                                                     \
    X(RepeatInterleaveIntWithDim, repeat_interleave, OPS_OUT,                                      \
      K(tensor, int64, int64, int64, tensor), DTM_RI, none, 0)                                     \
    X(RepeatInterleaveTensor, repeat_interleave, OPS_OUT, K(tensor, int64, tensor), DTM_IDX,       \
      repeats, DTM_IDX)                                                                            \
    X(RepeatInterleaveGrad, repeat_interleave_grad, OPS_OUT, K(tensor, tensor, int64, tensor),     \
      DTM_F3, repeats, DTM_IDX)                                                                    \
    X(ScatterNd, scatter_nd, OPS_OUT, K(tensor, tensor, tensor, tensor), DTM_F3 | DTM(DT_BOOL),    \
      indices, DTM_IDX)                                                                            \
    X(ScatterNdUpdate, scatter_nd_update, OPS_OUT, K(tensor, tensor, tensor),                      \
      DTM_F3 | DTM(DT_I8) | DTM(DT_I64) | DTM(DT_BOOL), indices, DTM_IDX)                          \
    X(TfScatterAdd, tf_scatter_add, OPS_OUT, K(tensor, tensor, tensor),                            \
      DTM_F3 | DTM(DT_I32) | DTM(DT_I8) | DTM(DT_U8), indices, DTM_IDX)                            \
    X(IndexPutImpl, index_put_impl, OPS_OUT, K(tensor, tensor_list, tensor, bool, bool), DTM_ALL,  \
      indices, DTM_IDX)                                                                            \
    X(Index, index_v2, OPS_OUT, K(tensor, tensor_list, tensor), DTM_ALL, indices, DTM_IDX)         \
    X(Put, put, OPS_INPLACE, K(tensor, tensor, tensor, bool), DTM_ALL, index, DTM_IDX)             \
    X(NonzeroV2, nonzero_v2, OPS_OUT, K(tensor, tensor), DTM_ALL, out, DTM(DT_I64))                \
    X(GatherV3, gather_v3, OPS_OUT, K(tensor, int64, tensor, int64, int64, tensor), DTM_ALL,       \
      index, DTM_IDX)                                                                              \
    X(GatherElementsV3, gather_elements_v3, OPS_OUT, K(tensor, tensor, int64, tensor),             \
      DTM_F3 | DTM(DT_I32), index, DTM_IDX)                                                        \
    X(EmbeddingDenseGrad, embedding_dense_grad, OPS_OUT,                                           \
      K(tensor, tensor, int64, int64, bool, tensor), DTM(DT_F32) | DTM(DT_F16), indices, DTM_IDX)  \
    X(GatherNd, gather_nd, OPS_OUT, K(tensor, tensor, bool, tensor),                               \
      DTM_F3 | DTM(DT_F64) | DTM_INT | DTM(DT_BOOL) | DTM_UWIDE, indices, DTM_IDX)                 \
    X(Bucketize, bucketize, OPS_OUT, K(tensor, tensor, bool, bool, tensor), DTM_F3 | DTM_INT, out, \
      DTM_IDX)                                                                                     \
    X(ScatterUpdate, scatter_update, OPS_INPLACE, K(tensor, tensor, tensor, int64),                \
      DTM_F3 | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I32), indices, DTM_IDX)

enum { INDEX_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_INDEX_TABLE_H */
