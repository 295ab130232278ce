/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The random family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): random.c (Normal*, InplaceNormal*, InplaceUniform*, InplaceRandom*,
 * Bernoulli*, Multinomial*, Randperm), dropout.c (Dropout, DropoutGenMask*, DropoutDoMask,
 * DropoutBackward), all drawing from core/philox.h's generator keyed by
 * the call's seed at its offset.
 * The checks take each operator's types from its row (OPS_DT_<Name>,
 * OPS_DT2_<Name>); the ctest ops_table checks the rows against the headers,
 * ops/engine/public.h and docs/operators.md. Adding an operator: its row here,
 * its header (included by ops/engine/public.h), its docs row.
 */
#ifndef CPUACL_OPS_RANDOM_TABLE_H
#define CPUACL_OPS_RANDOM_TABLE_H

#include "ops/engine/optable.h"

#define DTM_RND_INT (DTM_F3 | DTM_INT | DTM(DT_BOOL)) /* InplaceRandomWithoutFromTo: no DOUBLE */

#define RANDOM_OPS(X)                                                                              \
    X(NormalTensorTensor, normal_out, OPS_OUT, K(tensor, tensor, int64, int64, tensor), DTM_FLOAT, \
      none, 0)                                                                                     \
    X(NormalTensorFloat, normal_out, OPS_OUT, K(tensor, float, int64, int64, tensor), DTM_FLOAT,   \
      none, 0)                                                                                     \
    X(NormalFloatTensor, normal_out, OPS_OUT, K(float, tensor, int64, int64, tensor), DTM_FLOAT,   \
      none, 0)                                                                                     \
    X(NormalFloatFloat, normal_out, OPS_OUT, K(float, float, int64, int64, tensor), DTM_FLOAT,     \
      none, 0)                                                                                     \
    X(Normal, normal, OPS_INPLACE, K(tensor, float, float, int64, int64), DTM_FLOAT, none, 0)      \
    X(NormalTensor, normal, OPS_INPLACE, K(tensor, float, float, tensor, tensor, int64),           \
      DTM_FLOAT, seedTensor, DTM(DT_I64))                                                          \
    X(Uniform, uniform, OPS_INPLACE, K(tensor, double, double, uint64, uint64), DTM_NUM, none, 0)  \
    X(UniformTensor, uniform, OPS_INPLACE, K(tensor, double, double, tensor, tensor, uint64),      \
      DTM_NUM, seedTensor, DTM(DT_I64))                                                            \
    X(Random, random, OPS_INPLACE, K(tensor, int64, int64, int64, int64), DTM_ALL, none, 0)        \
    X(RandomTensor, random, OPS_INPLACE, K(tensor, int64, int64, tensor, tensor, int64), DTM_ALL,  \
      seedTensor, DTM(DT_I64))                                                                     \
    X(RandomWithoutFromTo, random, OPS_INPLACE, K(tensor, int64, int64), DTM_RND_INT, none, 0)     \
    X(RandomWithoutFromToTensor, random, OPS_INPLACE, K(tensor, tensor, tensor, int64),            \
      DTM_RND_INT, seedTensor, DTM(DT_I64))                                                        \
    X(Bernoulli, bernoulli, OPS_OUT_INPLACE, K(tensor, scalar, int64, int64, tensor), DTM_ALL,     \
      none, 0)                                                                                     \
    X(BernoulliTensor, bernoulli, OPS_OUT_INPLACE, K(tensor, tensor, int64, int64, tensor),        \
      DTM_ALL, prob, DTM_FLOAT)                                                                    \
    X(Multinomial, multinomial, OPS_OUT, K(tensor, int64, bool, int64, int64, tensor), DTM_FLOAT,  \
      out, DTM(DT_I64))                                                                            \
    X(MultinomialTensor, multinomial, OPS_OUT,                                                     \
      K(tensor, int64, bool, tensor, tensor, int64, tensor), DTM_FLOAT, out, DTM(DT_I64))          \
    X(Randperm, randperm, OPS_OUT, K(int64, int64, int64, tensor), DTM_NUM, none, 0)            \
    X(Dropout, dropout, OPS_OUT, K(tensor, double, bool, int64, int64, tensor, tensor), DTM_F3,    \
      maskOut, DTM(DT_U8))                                                                         \
    X(DropoutGenMask, dropout_gen_mask, OPS_OUT, K(int_array, double, int64, int64, tensor),       \
      DTM(DT_U8), none, 0)                                                                         \
    X(DropoutGenMaskV2, dropout_gen_mask, OPS_OUT,                                                 \
      K(int_array, double, int64, int64, int, tensor), DTM(DT_U8), probDataType, DTM_F3)           \
    X(DropoutGenMaskV2Tensor, dropout_gen_mask, OPS_OUT,                                           \
      K(int_array, double, tensor, tensor, int64, int, tensor), DTM(DT_U8), seedTensor,           \
      DTM(DT_I64))                                                                                 \
    X(DropoutDoMask, dropout_do_mask, OPS_OUT, K(tensor, tensor, double, tensor), DTM_F3, mask,    \
      DTM(DT_U8))                                                                                  \
    X(DropoutBackward, dropout_backward, OPS_OUT, K(tensor, tensor, double, tensor), DTM_F3, mask, \
      DTM(DT_U8))

enum { RANDOM_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_RANDOM_TABLE_H */
