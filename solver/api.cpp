// SPDX-License-Identifier: Apache-2.0
// The entry points of include/cann_ops_solver.h (docs/solver.md): C++, because CANN declares
// the computing calls with C++ linkage (std::complex<float>); each forwards to solver/solver.c.
// Argument checks follow ops-solver's: ACL_ERROR_INVALID_PARAM for a non-positive size or a
// NULL array, and CgetriBatched's range (32 <= n <= 256, batchSize <= 3000), which
// CmatinvBatched also applies (it hands n >= 32 to CgetriBatched, as CANN's does).
#pragma GCC visibility push(default)
#include "cann_ops_solver.h"
#pragma GCC visibility pop

extern "C" {
#include "core/err.h"
}
#include "solver/solver.h"

namespace {
constexpr int64_t kBatchedMinN = 32;   // CgetriBatched: n >= 32 (CmatinvBatched below that)
constexpr int64_t kBatchedMaxN = 256;
constexpr int64_t kBatchedMaxCount = 3000;

aclError batched_range(const char *fn, int64_t n, int64_t batch)
{
    if (n > kBatchedMaxN || batch > kBatchedMaxCount)
        return core_err(ACL_ERROR_INVALID_PARAM, "%s: n must be <= 256 and batchSize <= 3000", fn);
    return ACL_SUCCESS;
}
}  // namespace

extern "C" {

aclsolverStatus_t aclsolverCreate(aclsolverHandle_t *handle)
{
    return static_cast<aclsolverStatus_t>(solver_handle_create(handle));
}

aclsolverStatus_t aclsolverDestroy(aclsolverHandle_t handle)
{
    return static_cast<aclsolverStatus_t>(solver_handle_destroy(handle));
}

aclsolverStatus_t aclsolverSetStream(aclsolverHandle_t handle, aclrtStream stream)
{
    return static_cast<aclsolverStatus_t>(solver_handle_set_stream(handle, stream));
}

aclsolverStatus_t aclsolverGetStream(aclsolverHandle_t handle, aclrtStream *stream)
{
    return static_cast<aclsolverStatus_t>(solver_handle_get_stream(handle, stream));
}

}  // extern "C"

aclError aclsolverSgetrf(aclsolverHandle_t handle, const int64_t m, const int64_t n, float *A,
                         const int64_t lda, int32_t *ipiv, int32_t *info)
{
    return solver_getrf("aclsolverSgetrf", handle, 0, m, n, A, lda, ipiv, info);
}

aclError aclsolverCgetrf(aclsolverHandle_t handle, const int64_t m, const int64_t n,
                         std::complex<float> *A, const int64_t lda, int32_t *ipiv, int32_t *info)
{
    return solver_getrf("aclsolverCgetrf", handle, 1, m, n, A, lda, ipiv, info);
}

aclError aclsolverSgetri(aclsolverHandle_t handle, const int64_t n, float *A, const int64_t lda,
                         int32_t *info)
{
    return solver_inverse("aclsolverSgetri", handle, 0, n, A, lda, A, lda, info, 1);
}

aclError aclsolverCgetri(aclsolverHandle_t handle, const int64_t n, std::complex<float> *A,
                         const int64_t lda, int32_t *info)
{
    return solver_inverse("aclsolverCgetri", handle, 1, n, A, lda, A, lda, info, 1);
}

aclError aclsolverCgetriBatched(aclsolverHandle_t handle, const int64_t n, std::complex<float> *A,
                                const int64_t lda, std::complex<float> *Ainv,
                                const int64_t lda_inv, int32_t *info, int64_t batchSize)
{
    const char *fn = "aclsolverCgetriBatched";
    if (n > 0 && batchSize > 0 && lda > 0 && lda_inv > 0 && A && Ainv && info) {
        aclError rc = batched_range(fn, n, batchSize);
        if (rc != ACL_SUCCESS)
            return rc;
        if (n < kBatchedMinN)
            return core_err(ACL_ERROR_INVALID_PARAM,
                            "%s: n (%lld) below 32: use aclsolverCmatinvBatched", fn,
                            static_cast<long long>(n));
    }
    return solver_inverse(fn, handle, 1, n, A, lda, Ainv, lda_inv, info, batchSize);
}

aclError aclsolverCmatinvBatched(aclsolverHandle_t handle, const int64_t n, std::complex<float> *A,
                                 const int64_t lda, std::complex<float> *Ainv,
                                 const int64_t lda_inv, int32_t *info, int64_t batchSize)
{
    if (n >= kBatchedMinN)
        return aclsolverCgetriBatched(handle, n, A, lda, Ainv, lda_inv, info, batchSize);
    const char *fn = "aclsolverCmatinvBatched";
    if (n > 0 && batchSize > 0 && lda > 0 && lda_inv > 0 && A && Ainv && info) {
        aclError rc = batched_range(fn, n, batchSize);
        if (rc != ACL_SUCCESS)
            return rc;
    }
    return solver_inverse(fn, handle, 1, n, A, lda, Ainv, lda_inv, info, batchSize);
}
