/* SPDX-License-Identifier: Apache-2.0 */
/*
 * CANN's solver library on cpuacl (docs/solver.md): handles with C linkage, and LU
 * factorisation and matrix inverses with C++ linkage (std::complex<float>), as in the real
 * cann_ops_solver.h. Matrices are row-major: element (i, j) of A is A[i*lda + j].
 */
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>

#include <acl/acl.h>

#include "cann_ops_solver_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *handle must be NULL on entry (ACLSOLVER_STATUS_INVALID_VALUE otherwise). */
aclsolverStatus_t aclsolverCreate(aclsolverHandle_t *handle);
aclsolverStatus_t aclsolverDestroy(aclsolverHandle_t handle);
/* The stream the calls of this handle run on; NULL is the default stream. */
aclsolverStatus_t aclsolverSetStream(aclsolverHandle_t handle, aclrtStream stream);
aclsolverStatus_t aclsolverGetStream(aclsolverHandle_t handle, aclrtStream *stream);

#ifdef __cplusplus
}
#endif

/* Inverse of each n x n matrix of A (batchSize of them, n*lda apart) into Ainv; info[b] = 0,
 * or k when U(k,k) of matrix b is exactly zero (1-based; that Ainv is left unwritten). */
aclError aclsolverCmatinvBatched(aclsolverHandle_t handle, const int64_t n, std::complex<float> *A,
                                 const int64_t lda, std::complex<float> *Ainv,
                                 const int64_t lda_inv, int32_t *info, int64_t batchSize);
aclError aclsolverCgetriBatched(aclsolverHandle_t handle, const int64_t n, std::complex<float> *A,
                                const int64_t lda, std::complex<float> *Ainv,
                                const int64_t lda_inv, int32_t *info, int64_t batchSize);
/* In-place inverse of the n x n matrix A; *info as above (A unchanged when singular). */
aclError aclsolverCgetri(aclsolverHandle_t handle, const int64_t n, std::complex<float> *A,
                         const int64_t lda, int32_t *info);
aclError aclsolverSgetri(aclsolverHandle_t handle, const int64_t n, float *A, const int64_t lda,
                         int32_t *info);
/* A = P*L*U in place (L unit lower, below the diagonal; U on and above it); ipiv[i] (1-based,
 * min(m, n) of them): row i was swapped with row ipiv[i]-1, in order; *info = 0, or the
 * 1-based index of the first exactly zero pivot. */
aclError aclsolverCgetrf(aclsolverHandle_t handle, const int64_t m, const int64_t n,
                         std::complex<float> *A, const int64_t lda, int32_t *ipiv, int32_t *info);
aclError aclsolverSgetrf(aclsolverHandle_t handle, const int64_t m, const int64_t n, float *A,
                         const int64_t lda, int32_t *ipiv, int32_t *info);
