/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The linear-algebra family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): what works on each matrix of a batch as a whole, in double: the
 * decompositions of ops-math's math/ folder, cholesky.c (LinalgCholesky), qr.c (LinalgQr, Qr),
 * svd.c (Svd); det.c (Slogdet, Logdet, from an LU factorisation) and inverse.c (Inverse);
 * and sinkhorn.c (Sinkhorn: the Sinkhorn-Knopp scaling of a matrix, as MoE routers use it).
 * The products and the triangular solve stay in ops/matmul (matmul.c, linalg.c). The ctest
 * ops_table checks the rows against the headers, ops/engine/public.h and docs/operators.md
 * ("## Matrix decompositions, determinants and the inverse").
 */
#ifndef CPUACL_OPS_LINALG_TABLE_H
#define CPUACL_OPS_LINALG_TABLE_H

#include "ops/engine/optable.h"

#define LINALG_OPS(X)                                                                              \
    X(LinalgCholesky, linalg_cholesky, OPS_OUT, K(tensor, bool, tensor),                           \
      DTM(DT_F32) | DTM(DT_BF16), none, 0)                                                         \
    X(LinalgQr, linalg_qr, OPS_OUT, K(tensor, int64, tensor, tensor),                              \
      DTM(DT_F32) | DTM(DT_F16) | DTM(DT_F64), none, 0)                                            \
    X(Qr, qr, OPS_OUT, K(tensor, bool, tensor, tensor), DTM(DT_F32) | DTM(DT_F16) | DTM(DT_F64),   \
      none, 0)                                                                                     \
    X(Svd, svd, OPS_OUT, K(tensor, bool, bool, tensor, tensor, tensor), DTM(DT_F32) | DTM(DT_F64), \
      none, 0)                                                                                     \
    X(Sinkhorn, sinkhorn, OPS_OUT, K(tensor, scalar, tensor), DTM_F3, none, 0)                     \
    X(Slogdet, slogdet, OPS_OUT, K(tensor, tensor, tensor), DTM(DT_F32) | DTM(DT_F64), none, 0)    \
    X(Logdet, logdet, OPS_OUT, K(tensor, tensor), DTM(DT_F32) | DTM(DT_F64), none, 0)              \
    X(Inverse, inverse, OPS_OUT, K(tensor, tensor), DTM(DT_F32) | DTM(DT_F16) | DTM(DT_F64), none, \
      0)

enum { LINALG_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_LINALG_TABLE_H */
