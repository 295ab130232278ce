/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLAS batched LAPACK-like functions (docs/blas.md): getrf, getri, getrs,
 * geqrf, gels, matinv, column-major, one LAPACK call (sgetrf_ ...) of the
 * loaded BLAS (OpenBLAS ships LAPACK) per matrix of the batch, on a device
 * worker. info values are LAPACK's, written to device memory by the task.
 */
#include <stdlib.h>
#include <string.h>

#include "blas/blas_entry.h"

typedef void sgetrf_fn(const int *, const int *, float *, const int *, int *, int *);
typedef void sgetri_fn(const int *, float *, const int *, const int *, float *, const int *, int *);
typedef void sgetrs_fn(const char *, const int *, const int *, const float *, const int *,
                       const int *, float *, const int *, int *, size_t);
typedef void sgeqrf_fn(const int *, const int *, float *, const int *, float *, float *,
                       const int *, int *);
typedef void sgels_fn(const char *, const int *, const int *, const int *, float *, const int *,
                      float *, const int *, float *, const int *, int *, size_t);

enum { P_GETRF, P_GETRI, P_GETRS, P_GEQRF, P_GELS, P_MATINV };

static int32_t k_lapack(void *a)
{
    blas_task *t = a;
    int m = (int)t->m, n = (int)t->n, nrhs = (int)t->k, lda = (int)t->lda, ldc = (int)t->ldc;
    int lwork = (int)(64 * (int64_t)(n > m ? n : m) + 64 * (nrhs > 0 ? nrhs : 1) + 64), info = 0;
    float *work = malloc((size_t)lwork * sizeof(float));
    int *ipiv = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (!work || !ipiv) {
        free(work), free(ipiv);
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    sgetrf_fn *getrf;
    sgetri_fn *getri;
    sgetrs_fn *getrs;
    sgeqrf_fn *geqrf;
    sgels_fn *gels;
    BLAS_GET(getrf, "sgetrf_");
    BLAS_GET(getri, "sgetri_");
    BLAS_GET(getrs, "sgetrs_");
    BLAS_GET(geqrf, "sgeqrf_");
    BLAS_GET(gels, "sgels_");
    char tr = t->trans == ACLBLAS_OP_N ? 'N' : 'T';
    for (int64_t b = 0; b < t->batch; b++) {
        float *A = ((float *const *)t->A)[b];
        info = 0;
        switch ((int)t->kl) {
        case P_GETRF:
            getrf(&n, &n, A, &lda, t->piv ? t->piv + b * n : ipiv, &info);
            if (t->info)
                t->info[b] = info;
            break;
        case P_GETRI: { /* C = inverse from the LU in A */
            float *C = ((float *const *)t->C)[b];
            for (int j = 0; j < n; j++)
                memcpy(C + (int64_t)j * ldc, A + (int64_t)j * lda, sizeof(float) * (size_t)n);
            getri(&n, C, &ldc, t->piv + b * n, work, &lwork, &info);
            if (t->info)
                t->info[b] = info;
            break;
        }
        case P_GETRS: {
            float *B = ((float *const *)t->C)[b];
            getrs(&tr, &n, &nrhs, A, &lda, t->piv + b * n, B, &ldc, &info, 1);
            break;
        }
        case P_GEQRF:
            geqrf(&m, &n, A, &lda, ((float *const *)t->C)[b], work, &lwork, &info);
            break;
        case P_GELS:
            gels(&tr, &m, &n, &nrhs, A, &lda, ((float *const *)t->C)[b], &ldc, work, &lwork, &info,
                 1);
            if (t->info)
                t->info[b] = info;
            break;
        case P_MATINV: {
            float *C = ((float *const *)t->C)[b], *lu = work;
            int need = n * n;
            if (need > lwork) {
                free(work), free(ipiv);
                return ACL_ERROR_RT_MEMORY_ALLOCATION;
            }
            for (int j = 0; j < n; j++)
                memcpy(lu + (int64_t)j * n, A + (int64_t)j * lda, sizeof(float) * (size_t)n);
            getrf(&n, &n, lu, &n, ipiv, &info);
            if (info == 0) {
                for (int j = 0; j < n; j++)
                    memcpy(C + (int64_t)j * ldc, lu + (int64_t)j * n, sizeof(float) * (size_t)n);
                float *w2 = malloc(sizeof(float) * (size_t)(64 * (n > 0 ? n : 1)));
                int lw2 = 64 * (n > 0 ? n : 1);
                if (!w2) {
                    free(work), free(ipiv);
                    return ACL_ERROR_RT_MEMORY_ALLOCATION;
                }
                getri(&n, C, &ldc, ipiv, w2, &lw2, &info);
                free(w2);
            }
            if (t->info)
                t->info[b] = info;
            break;
        }
        }
    }
    if ((t->kl == P_GETRS || t->kl == P_GEQRF) && t->info)
        *t->info = 0;
    free(work);
    free(ipiv);
    return 0;
}

static aclblasStatus_t lapack_q(aclblasHandle_t handle, const char *fn, int kind, int trans, int m,
                                int n, int nrhs, const void *A, int lda, void *C, int ldc,
                                const int *piv, int *info, int batch, int info_host)
{
    BLAS_BEGIN(fn);
    int bad = 0;
    /* LAPACK-style argument numbering (handle and info not counted) for the host *info */
    if (kind == P_GEQRF) {
        bad = m < 0                ? -1
              : n < 0              ? -2
              : !A                 ? -3
              : lda < blas_max1(m) ? -4
              : !C                 ? -5
              : batch < 0          ? -6
                                   : 0;
    } else if (kind == P_GETRS) {
        bad = !blas_op_ok(trans)   ? -1
              : n < 0              ? -2
              : nrhs < 0           ? -3
              : !A                 ? -4
              : lda < blas_max1(n) ? -5
              : !piv               ? -6
              : !C                 ? -7
              : ldc < blas_max1(n) ? -8
              : batch < 0          ? -9
                                   : 0;
    }
    if (info_host) {
        BLAS_ARG(info, "%s: info is NULL", fn);
        *info = bad;
        if (bad)
            return blas_fail(ACLBLAS_STATUS_INVALID_VALUE, "%s: argument %d is invalid", fn, -bad);
    }
    BLAS_ARG(m >= 0 && n >= 0 && nrhs >= 0 && batch >= 0, "%s: a size is negative", fn);
    BLAS_ARG(lda >= blas_max1(m > n ? m : n) || (kind == P_GELS && lda >= blas_max1(m)),
             "%s: lda %d too small", fn, lda);
    BLAS_ARG(kind == P_GETRF || kind == P_GEQRF ||
                 ldc >= blas_max1(kind == P_GELS ? (m > n ? m : n) : n),
             "%s: ldc/ldb %d too small", fn, ldc);
    BLAS_ARG(kind != P_GETRS && kind != P_GELS ? 1 : blas_op_ok(trans), "%s: trans %d invalid", fn,
             trans);
    BLAS_ARG(kind != P_GELS || (m >= n && trans == ACLBLAS_OP_N),
             "%s: only m >= n with ACLBLAS_OP_N is supported", fn);
    if (n == 0 || batch == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && (kind == P_GETRF || C), "%s: a matrix array is NULL", fn);
    BLAS_ARG(kind != P_GETRI && kind != P_GETRS ? 1 : piv != NULL, "%s: PivotArray is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->kl = kind, t->trans = trans, t->m = m, t->n = n, t->k = nrhs, t->A = A, t->lda = lda;
    t->C = C, t->ldc = ldc, t->piv = (int *)(uintptr_t)piv, t->batch = batch;
    t->info = info_host ? NULL : info;
    BLAS_QUEUE(k_lapack, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgetrfBatched(aclblasHandle_t handle, int n,
                                                         float *const Aarray[], int lda,
                                                         int *PivotArray, int *infoArray,
                                                         int batchSize)
{
    if (handle && !PivotArray)
        return blas_fail(ACLBLAS_STATUS_NOT_SUPPORTED,
                         "aclblasSgetrfBatched: PivotArray NULL (no pivoting) is not supported");
    return lapack_q(handle, "aclblasSgetrfBatched", P_GETRF, 0, n, n, 0, Aarray, lda, NULL, 1,
                    PivotArray, infoArray, batchSize, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgetriBatched(aclblasHandle_t handle, int n,
                                                         const float *const Aarray[], int lda,
                                                         const int *PivotArray,
                                                         float *const Carray[], int ldc,
                                                         int *infoArray, int batchSize)
{
    return lapack_q(handle, "aclblasSgetriBatched", P_GETRI, 0, n, n, 0, Aarray, lda,
                    (void *)(uintptr_t)Carray, ldc, PivotArray, infoArray, batchSize, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgetrsBatched(aclblasHandle_t handle,
                                                         aclblasOperation_t trans, int n, int nrhs,
                                                         const float *const Aarray[], int lda,
                                                         const int *devIpiv, float *const Barray[],
                                                         int ldb, int *info, int batchCount)
{
    return lapack_q(handle, "aclblasSgetrsBatched", P_GETRS, trans, n, n, nrhs, Aarray, lda,
                    (void *)(uintptr_t)Barray, ldb, devIpiv, info, batchCount, 1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgeqrfBatched(aclblasHandle_t handle, int m, int n,
                                                         float *const Aarray[], int lda,
                                                         float *const TauArray[], int *info,
                                                         int batchSize)
{
    return lapack_q(handle, "aclblasSgeqrfBatched", P_GEQRF, 0, m, n, 0, Aarray, lda,
                    (void *)(uintptr_t)TauArray, 1, NULL, info, batchSize, 1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgelsBatched(aclblasHandle_t handle,
                                                        aclblasOperation_t trans, int m, int n,
                                                        int nrhs, float *const Aarray[], int lda,
                                                        float *const Carray[], int ldc,
                                                        int *devInfo, int batchSize)
{
    return lapack_q(handle, "aclblasSgelsBatched", P_GELS, trans, m, n, nrhs, Aarray, lda,
                    (void *)(uintptr_t)Carray, ldc, NULL, devInfo, batchSize, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSmatinvBatched(aclblasHandle_t handle, int n,
                                                          const float *const A[], int lda,
                                                          float *const Ainv[], int lda_inv,
                                                          int *info, int batchSize)
{
    return lapack_q(handle, "aclblasSmatinvBatched", P_MATINV, 0, n, n, 0, A, lda,
                    (void *)(uintptr_t)Ainv, lda_inv, NULL, info, batchSize, 0);
}
