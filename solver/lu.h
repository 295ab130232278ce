/* SPDX-License-Identifier: Apache-2.0 */
/*
 * LU with partial pivoting and inverses on the host (solver/lu.c): the kernels the aclsolver
 * calls queue (solver/solver.c). Row-major matrices; complex elements are float _Complex
 * (the layout of std::complex<float>).
 *
 *  LU1. Pivoting is LAPACK's getf2: the row of the largest |x| (|re|+|im| for complex) at or
 *       below the diagonal, first of equals; an exactly zero pivot sets info to its 1-based
 *       column (first one only), skips that column's elimination and factorisation goes on.
 *  LU2. An inverse factors a copy (the input is not changed) and writes nothing when singular.
 */
#ifndef CPUACL_SOLVER_LU_H
#define CPUACL_SOLVER_LU_H

#include <complex.h>
#include <stdint.h>

int32_t solver_getrf_s(int64_t m, int64_t n, float *a, int64_t lda, int32_t *ipiv);
int32_t solver_getrf_c(int64_t m, int64_t n, float _Complex *a, int64_t lda, int32_t *ipiv);
/* work: (n*n + n) elements, then n int32_t. */
int32_t solver_inv_s(int64_t n, const float *a, int64_t lda, float *ainv, int64_t ldi, float *work);
int32_t solver_inv_c(int64_t n, const float _Complex *a, int64_t lda, float _Complex *ainv,
                     int64_t ldi, float _Complex *work);

#endif
