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

/* LU without pivoting (getrf with a NULL PivotArray): L unit lower, U upper, in place; the
 * LAPACK info (i of the first zero pivot U(i,i), 1-based), 0 if none. */
static int lu_nopivot(float *A, int n, int lda)
{
    int info = 0;
    for (int k = 0; k < n; k++) {
        float p = A[k + (int64_t)k * lda];
        if (p == 0.0f) {
            if (!info)
                info = k + 1;
            continue;
        }
        for (int i = k + 1; i < n; i++)
            A[i + (int64_t)k * lda] /= p;
        for (int j = k + 1; j < n; j++) {
            float u = A[k + (int64_t)j * lda];
            for (int i = k + 1; i < n; i++)
                A[i + (int64_t)j * lda] -= A[i + (int64_t)k * lda] * u;
        }
    }
    return info;
}

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
            if (t->piv)
                getrf(&n, &n, A, &lda, t->piv + b * n, &info);
            else
                info = lu_nopivot(A, n, lda);
            if (t->info)
                t->info[b] = info;
            break;
        case P_GETRI: { /* C = inverse from the LU in A */
            float *C = ((float *const *)t->C)[b];
            for (int j = 0; j < n; j++)
                memcpy(C + (int64_t)j * ldc, A + (int64_t)j * lda, sizeof(float) * (size_t)n);
            if (!t->piv)
                for (int i = 0; i < n; i++)
                    ipiv[i] = i + 1; /* an LU without pivoting */
            getri(&n, C, &ldc, t->piv ? t->piv + b * n : ipiv, work, &lwork, &info);
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
    free(work);
    free(ipiv);
    return 0;
}

static aclblasStatus_t lapack_queue(aclrtStream stream_, const char *fn, int kind, int trans, int m,
                                    int n, int nrhs, const void *A, int lda, void *C, int ldc,
                                    const int *piv, int *info, int batch)
{
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->kl = kind, t->trans = trans, t->m = m, t->n = n, t->k = nrhs, t->A = A, t->lda = lda;
    t->C = C, t->ldc = ldc, t->piv = (int *)(uintptr_t)piv, t->batch = batch, t->info = info;
    BLAS_QUEUE(k_lapack, fn);
}

/* The checks follow each ops-blas host: order, statuses and (getrs, geqrf) the host *info. */
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgetrfBatched(aclblasHandle_t handle, int n,
                                                         float *const Aarray[], int lda,
                                                         int *PivotArray, int *infoArray,
                                                         int batchSize)
{
    const char *fn = "aclblasSgetrfBatched";
    BLAS_BEGIN(fn);
    BLAS_ARG(n >= 0 && batchSize >= 0, "%s: n or batchSize is negative", fn);
    BLAS_ARG(lda >= blas_max1(n), "%s: lda %d must be >= max(1, n)", fn, lda);
    if (n == 0 || batchSize == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(Aarray, "%s: Aarray is NULL", fn);
    BLAS_ARG(!PivotArray || infoArray, "%s: infoArray is NULL", fn);
    return lapack_queue(stream_, fn, P_GETRF, 0, n, n, 0, Aarray, lda, NULL, 1, PivotArray,
                        infoArray, batchSize);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgetriBatched(aclblasHandle_t handle, int n,
                                                         const float *const Aarray[], int lda,
                                                         const int *PivotArray,
                                                         float *const Carray[], int ldc,
                                                         int *infoArray, int batchSize)
{
    const char *fn = "aclblasSgetriBatched";
    BLAS_BEGIN(fn);
    BLAS_ARG(n >= 0 && batchSize >= 0, "%s: n or batchSize is negative", fn);
    BLAS_ARG(lda >= blas_max1(n) && ldc >= blas_max1(n), "%s: lda and ldc must be >= max(1, n)",
             fn);
    if (n == 0 || batchSize == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(Aarray && Carray && infoArray, "%s: Aarray, Carray or infoArray is NULL", fn);
    return lapack_queue(stream_, fn, P_GETRI, 0, n, n, 0, Aarray, lda, (void *)(uintptr_t)Carray,
                        ldc, PivotArray, infoArray, batchSize);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgetrsBatched(aclblasHandle_t handle,
                                                         aclblasOperation_t trans, int n, int nrhs,
                                                         const float *const Aarray[], int lda,
                                                         const int *devIpiv, float *const Barray[],
                                                         int ldb, int *info, int batchCount)
{
    const char *fn = "aclblasSgetrsBatched";
    BLAS_BEGIN(fn);
    /* ops-blas numbers these arguments with the handle as 1 (trans -2 ... batchCount -11) */
    int work = n > 0 && nrhs > 0 && batchCount > 0, bad = 0;
    aclblasStatus_t st = ACLBLAS_STATUS_INVALID_VALUE;
    if (!blas_op_ok(trans))
        bad = -2, st = ACLBLAS_STATUS_INVALID_ENUM;
    else if (n < 0)
        bad = -3;
    else if (nrhs < 0 || nrhs > 256)
        bad = -4;
    else if (work && !Aarray)
        bad = -5;
    else if (lda < blas_max1(n))
        bad = -6;
    else if (work && !Barray)
        bad = -8;
    else if (ldb < blas_max1(n))
        bad = -9;
    else if (batchCount < 0)
        bad = -11;
    if (info)
        *info = bad;
    if (bad)
        return blas_fail(st, "%s: argument %d is invalid", fn, -bad);
    if (!work)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(devIpiv, "%s: devIpiv is NULL", fn);
    return lapack_queue(stream_, fn, P_GETRS, trans, n, n, nrhs, Aarray, lda,
                        (void *)(uintptr_t)Barray, ldb, devIpiv, NULL, batchCount);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgeqrfBatched(aclblasHandle_t handle, int m, int n,
                                                         float *const Aarray[], int lda,
                                                         float *const TauArray[], int *info,
                                                         int batchSize)
{
    const char *fn = "aclblasSgeqrfBatched";
    BLAS_BEGIN(fn);
    BLAS_ARG(info, "%s: info is NULL", fn);
    int bad = m < 0                                          ? ACLBLAS_LAPACK_INFO_ARG_1
              : n < 0                                        ? ACLBLAS_LAPACK_INFO_ARG_2
              : lda < blas_max1(m)                           ? ACLBLAS_LAPACK_INFO_ARG_4
              : batchSize < 0                                ? ACLBLAS_LAPACK_INFO_ARG_6
              : batchSize > 0 && !Aarray                     ? ACLBLAS_LAPACK_INFO_ARG_3
              : batchSize > 0 && m > 0 && n > 0 && !TauArray ? ACLBLAS_LAPACK_INFO_ARG_5
                                                             : 0;
    *info = bad;
    if (bad)
        return blas_fail(ACLBLAS_STATUS_INVALID_VALUE, "%s: argument %d is invalid", fn, -bad);
    if (m == 0 || n == 0 || batchSize == 0)
        return ACLBLAS_STATUS_SUCCESS;
    return lapack_queue(stream_, fn, P_GEQRF, 0, m, n, 0, Aarray, lda, (void *)(uintptr_t)TauArray,
                        1, NULL, NULL, batchSize);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgelsBatched(aclblasHandle_t handle,
                                                        aclblasOperation_t trans, int m, int n,
                                                        int nrhs, float *const Aarray[], int lda,
                                                        float *const Carray[], int ldc,
                                                        int *devInfo, int batchSize)
{
    const char *fn = "aclblasSgelsBatched";
    BLAS_BEGIN(fn);
    BLAS_CHECK(trans == ACLBLAS_OP_N || trans == ACLBLAS_OP_T, ACLBLAS_STATUS_INVALID_ENUM,
               "%s: trans %d is not ACLBLAS_OP_N/T", fn, trans);
    BLAS_ARG(m >= 0 && n >= 0 && nrhs >= 0 && batchSize >= 0, "%s: a size is negative", fn);
    BLAS_ARG(lda >= blas_max1(m), "%s: lda %d must be >= max(1, m)", fn, lda);
    BLAS_ARG(ldc >= blas_max1(m > n ? m : n), "%s: ldc %d must be >= max(1, m, n)", fn, ldc);
    BLAS_ARG(batchSize == 0 || (Aarray && Carray), "%s: Aarray or Carray is NULL", fn);
    BLAS_ARG(devInfo, "%s: devInfo is NULL", fn);
    if (batchSize == 0)
        return ACLBLAS_STATUS_SUCCESS;
    return lapack_queue(stream_, fn, P_GELS, trans, m, n, nrhs, Aarray, lda,
                        (void *)(uintptr_t)Carray, ldc, NULL, devInfo, batchSize);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSmatinvBatched(aclblasHandle_t handle, int n,
                                                          const float *const A[], int lda,
                                                          float *const Ainv[], int lda_inv,
                                                          int *info, int batchSize)
{
    const char *fn = "aclblasSmatinvBatched";
    BLAS_BEGIN(fn);
    BLAS_ARG(n >= 0 && n <= 32, "%s: n %d must be in [0, 32]", fn, n);
    BLAS_ARG(batchSize >= 0, "%s: batchSize is negative", fn);
    BLAS_ARG(lda >= blas_max1(n) && lda_inv >= blas_max1(n),
             "%s: lda and lda_inv must be >= max(1, n)", fn);
    if (n == 0 || batchSize == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && Ainv && info, "%s: A, Ainv or info is NULL", fn);
    return lapack_queue(stream_, fn, P_MATINV, 0, n, n, 0, A, lda, (void *)(uintptr_t)Ainv, lda_inv,
                        NULL, info, batchSize);
}
