/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLAS level 2 (docs/blas.md): matrix-vector products, triangular
 * products and solves (full, band, packed), rank-1/2 updates; column-major
 * like cuBLAS, as ops-blas documents them. The task calls the loaded BLAS
 * (cblas_*, ops/matmul/blas.c) on a device worker; the float16 / bfloat16
 * batched gemv variants run plain C loops computing in float.
 */
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "blas/blas_entry.h"

#define CM CblasColMajor

/* ---- kernels (t->k selects the function of one family) ---- */

enum { G_GEMV, G_GBMV, G_SYMV, G_SBMV, G_SPMV, G_CGEMV };

static int32_t k_mv(void *a)
{
    blas_task *t = a;
    float al = (float)t->alpha[0], be = (float)t->beta[0];
    switch ((int)t->k) {
    case G_GEMV: {
        __typeof__(cblas_sgemv) *f;
        BLAS_GET(f, "cblas_sgemv");
        f(CM, blas_cb_trans(t->trans), (int)t->m, (int)t->n, al, t->A, (int)t->lda, t->x,
          (int)t->incx, be, t->C, (int)t->incy);
        break;
    }
    case G_GBMV: {
        __typeof__(cblas_sgbmv) *f;
        BLAS_GET(f, "cblas_sgbmv");
        f(CM, blas_cb_trans(t->trans), (int)t->m, (int)t->n, (int)t->kl, (int)t->ku, al, t->A,
          (int)t->lda, t->x, (int)t->incx, be, t->C, (int)t->incy);
        break;
    }
    case G_SYMV: {
        __typeof__(cblas_ssymv) *f;
        BLAS_GET(f, "cblas_ssymv");
        f(CM, blas_cb_uplo(t->uplo), (int)t->n, al, t->A, (int)t->lda, t->x, (int)t->incx, be, t->C,
          (int)t->incy);
        break;
    }
    case G_SBMV: {
        __typeof__(cblas_ssbmv) *f;
        BLAS_GET(f, "cblas_ssbmv");
        f(CM, blas_cb_uplo(t->uplo), (int)t->n, (int)t->ku, al, t->A, (int)t->lda, t->x,
          (int)t->incx, be, t->C, (int)t->incy);
        break;
    }
    case G_SPMV: {
        __typeof__(cblas_sspmv) *f;
        BLAS_GET(f, "cblas_sspmv");
        f(CM, blas_cb_uplo(t->uplo), (int)t->n, al, t->A, t->x, (int)t->incx, be, t->C,
          (int)t->incy);
        break;
    }
    case G_CGEMV: {
        __typeof__(cblas_cgemv) *f;
        BLAS_GET(f, "cblas_cgemv");
        float ca[2] = {(float)t->alpha[0], (float)t->alpha[1]};
        float cb[2] = {(float)t->beta[0], (float)t->beta[1]};
        for (int64_t b = 0; b < t->batch; b++) {
            const blas_c32 *A = (const blas_c32 *)t->A + b * t->sa;
            const blas_c32 *x = (const blas_c32 *)t->x + b * t->sx;
            blas_c32 *y = (blas_c32 *)t->C + b * t->sy;
            f(CM, blas_cb_trans(t->trans), (int)t->m, (int)t->n, ca, A, (int)t->lda, x,
              (int)t->incx, cb, y, (int)t->incy);
        }
        break;
    }
    }
    return 0;
}

static aclblasStatus_t mv_common(aclblasHandle_t handle, const char *fn, int kind, int trans,
                                 int uplo, int64_t m, int64_t n, int64_t kl, int64_t ku,
                                 const float *alpha, const void *A, int64_t lda, const void *x,
                                 int64_t incx, const float *beta, void *y, int64_t incy,
                                 int64_t ldmin)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(alpha && beta, "%s: alpha or beta is NULL", fn);
    BLAS_ARG(kind == G_SYMV || kind == G_SBMV || kind == G_SPMV || blas_op_ok(trans),
             "%s: trans %d is not ACLBLAS_OP_N/T/C", fn, trans);
    BLAS_ARG(!(kind == G_SYMV || kind == G_SBMV || kind == G_SPMV) || blas_uplo_ok(uplo),
             "%s: uplo %d is not ACLBLAS_UPPER/LOWER", fn, uplo);
    BLAS_ARG(m >= 0 && n >= 0 && kl >= 0 && ku >= 0, "%s: a dimension is negative", fn);
    BLAS_ARG(incx != 0 && incy != 0, "%s: incx and incy must not be 0", fn);
    BLAS_ARG(kind == G_SPMV || lda >= ldmin, "%s: lda %lld must be >= %lld", fn, (long long)lda,
             (long long)ldmin);
    if (m == 0 || n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && x && y, "%s: A, x or y is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->k = kind, t->trans = trans, t->uplo = uplo, t->m = m, t->n = n, t->kl = kl, t->ku = ku;
    t->alpha[0] = *alpha, t->beta[0] = *beta, t->A = A, t->lda = lda, t->x = x, t->incx = incx;
    t->C = y, t->incy = incy, t->batch = 1;
    BLAS_QUEUE(k_mv, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgemv(aclblasHandle_t handle, aclblasOperation_t trans,
                                                 int m, int n, const float *alpha, const float *A,
                                                 int lda, const float *x, int incx,
                                                 const float *beta, float *y, int incy)
{
    return mv_common(handle, "aclblasSgemv", G_GEMV, trans, 0, m, n, 0, 0, alpha, A, lda, x, incx,
                     beta, y, incy, blas_max1(m));
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgbmv(aclblasHandle_t handle, aclblasOperation_t trans,
                                                 int m, int n, int kl, int ku, const float *alpha,
                                                 const float *A, int lda, const float *x, int incx,
                                                 const float *beta, float *y, int incy)
{
    return mv_common(handle, "aclblasSgbmv", G_GBMV, trans, 0, m, n, kl, ku, alpha, A, lda, x, incx,
                     beta, y, incy, (int64_t)kl + ku + 1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSsymv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                 int n, const float *alpha, const float *A, int lda,
                                                 const float *x, int incx, const float *beta,
                                                 float *y, int incy)
{
    return mv_common(handle, "aclblasSsymv", G_SYMV, 0, uplo, n, n, 0, 0, alpha, A, lda, x, incx,
                     beta, y, incy, blas_max1(n));
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSsbmv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                 int n, int k, const float *alpha, const float *A,
                                                 int lda, const float *x, int incx,
                                                 const float *beta, float *y, int incy)
{
    return mv_common(handle, "aclblasSsbmv", G_SBMV, 0, uplo, n, n, 0, k, alpha, A, lda, x, incx,
                     beta, y, incy, (int64_t)k + 1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSspmv(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                 int n, const float *alpha, const float *AP,
                                                 const float *x, int incx, const float *beta,
                                                 float *y, int incy)
{
    return mv_common(handle, "aclblasSspmv", G_SPMV, 0, uplo, n, n, 0, 0, alpha, AP, 1, x, incx,
                     beta, y, incy, 1);
}

/* ops-blas's early packed symv: z = alpha A x + beta y with A packed as the column-major upper
 * triangle (element (i, j), i <= j, at i + j(j+1)/2), z contiguous, y read with incy. */
static int32_t k_spmv_legacy(void *a)
{
    blas_task *t = a;
    __typeof__(cblas_sspmv) *f;
    BLAS_GET(f, "cblas_sspmv");
    float *z = t->C;
    const float *y = t->y;
    for (int64_t i = 0; i < t->n; i++)
        z[i] = t->beta[0] == 0 ? 0.0f
                               : (float)t->beta[0] * y[blas_vstart(t->n, t->incy) + i * t->incy];
    f(CM, CblasUpper, (int)t->n, (float)t->alpha[0], t->A, t->x, (int)t->incx, 1.0f, z, 1);
    return 0;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSpmv(aclblasHandle_t handle, const float *aPacked,
                                                const float *x, const float *y, float *z,
                                                const float alpha, const float beta,
                                                const int64_t n, const int64_t incx,
                                                const int64_t incy)
{
    const char *fn = "aclblasSpmv";
    BLAS_BEGIN(fn);
    BLAS_ARG(n >= 0, "%s: n must be >= 0, got %lld", fn, (long long)n);
    BLAS_ARG(incx != 0 && incy != 0, "%s: incx and incy must not be 0", fn);
    if (n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(aPacked && x && y && z, "%s: aPacked, x, y or z is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->n = n, t->A = aPacked, t->x = x, t->y = y, t->C = z, t->alpha[0] = alpha, t->beta[0] = beta;
    t->incx = incx, t->incy = incy;
    BLAS_QUEUE(k_spmv_legacy, fn);
}

/* Complex gemv, column-major; alpha/beta by value. */
static aclblasStatus_t cgemv_common(aclblasHandle_t handle, const char *fn, int trans, int64_t m,
                                    int64_t n, aclblasComplex alpha, const void *A, int64_t lda,
                                    const void *x, int64_t incx, aclblasComplex beta, void *y,
                                    int64_t incy, int64_t batch)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(blas_op_ok(trans), "%s: trans %d is not ACLBLAS_OP_N/T/C", fn, trans);
    BLAS_ARG(m >= 0 && n >= 0 && batch >= 0, "%s: m, n or batchCount is negative", fn);
    BLAS_ARG(incx != 0 && incy != 0, "%s: incx and incy must not be 0", fn);
    BLAS_ARG(lda >= blas_max1(m), "%s: lda %lld must be >= max(1, m)", fn, (long long)lda);
    if (m == 0 || n == 0 || batch == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && x && y, "%s: A, x or y is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    int64_t xl = trans == ACLBLAS_OP_N ? n : m, yl = trans == ACLBLAS_OP_N ? m : n;
    t->k = G_CGEMV, t->trans = trans, t->m = m, t->n = n, t->A = A, t->lda = lda, t->x = x;
    t->incx = incx, t->C = y, t->incy = incy, t->batch = batch;
    t->alpha[0] = alpha.real, t->alpha[1] = alpha.imag, t->beta[0] = beta.real;
    t->beta[1] = beta.imag;
    /* batches packed one after another (ops-blas's Cgemv batched layout) */
    t->sa = lda * n, t->sx = 1 + (xl - 1) * (incx < 0 ? -incx : incx);
    t->sy = 1 + (yl - 1) * (incy < 0 ? -incy : incy);
    BLAS_QUEUE(k_mv, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCgemv(aclblasHandle_t handle, aclblasOperation_t trans,
                                                 const int64_t m, const int64_t n,
                                                 const aclblasComplex alpha, aclblasComplex *A,
                                                 const int64_t lda, aclblasComplex *x,
                                                 const int64_t incx, const aclblasComplex beta,
                                                 aclblasComplex *y, const int64_t incy)
{
    return cgemv_common(handle, "aclblasCgemv", trans, m, n, alpha, A, lda, x, incx, beta, y, incy,
                        1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCgemvBatched(
    aclblasHandle_t handle, aclblasOperation_t trans, const int64_t m, const int64_t n,
    const aclblasComplex alpha, aclblasComplex *A, const int64_t lda, aclblasComplex *x,
    const int64_t incx, const aclblasComplex beta, aclblasComplex *y, const int64_t incy,
    const int64_t batchCount)
{
    return cgemv_common(handle, "aclblasCgemvBatched", trans, m, n, alpha, A, lda, x, incx, beta, y,
                        incy, batchCount);
}

/* ---- batched gemv of any element types (float / float16 / bfloat16), C loops in float ---- */

static void gemv_one(const blas_task *t, const void *A, const void *x, void *y)
{
    int64_t ylen = t->trans == ACLBLAS_OP_N ? t->m : t->n;
    int64_t xlen = t->trans == ACLBLAS_OP_N ? t->n : t->m;
    int64_t x0 = t->incx < 0 ? (1 - xlen) * t->incx : 0,
            y0 = t->incy < 0 ? (1 - ylen) * t->incy : 0;
    for (int64_t i = 0; i < ylen; i++) {
        float s = 0;
        for (int64_t j = 0; j < xlen; j++) {
            int64_t ai = t->trans == ACLBLAS_OP_N ? i + j * t->lda : j + i * t->lda;
            s += (float)blas_ld(A, t->ta, ai) * (float)blas_ld(x, t->ta, x0 + j * t->incx);
        }
        int64_t yi = y0 + i * t->incy;
        float old = t->beta[0] == 0 ? 0.0f : (float)blas_ld(y, t->tc, yi);
        blas_st(y, t->tc, yi, (float)t->alpha[0] * s + (float)t->beta[0] * old);
    }
}

static int32_t k_gemv_batched(void *a)
{
    blas_task *t = a;
    size_t ea = blas_dtype_size(t->ta), ec = blas_dtype_size(t->tc);
    for (int64_t b = 0; b < t->batch; b++) {
        const void *A, *x;
        void *y;
        if (t->diag) { /* strided */
            A = (const char *)t->A + b * t->sa * (int64_t)ea;
            x = (const char *)t->x + b * t->sx * (int64_t)ea;
            y = (char *)t->C + b * t->sy * (int64_t)ec;
        } else {
            A = ((const void *const *)t->A)[b];
            x = ((const void *const *)t->x)[b];
            y = ((void *const *)t->C)[b];
        }
        gemv_one(t, A, x, y);
    }
    return 0;
}

static aclblasStatus_t gemv_batched(aclblasHandle_t handle, const char *fn, int strided, int ta,
                                    int tc, int trans, int m, int n, const float *alpha,
                                    const void *A, int lda, int64_t sa, const void *x, int incx,
                                    int64_t sx, const float *beta, void *y, int incy, int64_t sy,
                                    int batch)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(alpha && beta, "%s: alpha or beta is NULL", fn);
    /* ops-blas: the pointer-array forms take trans N or T and batchCount > 0, the strided
     * ones N, T or C; a trans outside the set is INVALID_ENUM */
    BLAS_CHECK(strided ? blas_op_ok(trans) : (trans == ACLBLAS_OP_N || trans == ACLBLAS_OP_T),
               ACLBLAS_STATUS_INVALID_ENUM, "%s: trans %d not supported", fn, trans);
    BLAS_ARG(m >= 0 && n >= 0 && (strided ? batch >= 0 : batch > 0),
             "%s: m, n negative or batchCount %d invalid", fn, batch);
    BLAS_ARG(incx != 0 && incy != 0, "%s: incx and incy must not be 0", fn);
    BLAS_ARG(lda >= blas_max1(m), "%s: lda %d must be >= max(1, m)", fn, lda);
    BLAS_ARG(strided || (A && x && y), "%s: Aarray, xarray or yarray is NULL", fn);
    if (m == 0 || n == 0 || batch == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && x && y, "%s: A, x or y is NULL", fn);
    BLAS_TASK(fn, 0);
    t->diag = strided, t->ta = ta, t->tc = tc, t->trans = trans, t->m = m, t->n = n;
    t->alpha[0] = *alpha, t->beta[0] = *beta, t->A = A, t->lda = lda, t->sa = sa, t->x = x;
    t->incx = incx, t->sx = sx, t->C = y, t->incy = incy, t->sy = sy, t->batch = batch;
    BLAS_QUEUE(k_gemv_batched, fn);
}

#define GEMV_BATCHED(name, ti, to, tin, tout)                                                      \
    ACL_FUNC_VISIBILITY aclblasStatus_t name(                                                      \
        aclblasHandle_t handle, aclblasOperation_t trans, int m, int n, const float *alpha,        \
        const tin *const Aarray[], int lda, const tin *const xarray[], int incx,                   \
        const float *beta, tout *const yarray[], int incy, int batchCount)                         \
    {                                                                                              \
        return gemv_batched(handle, #name, 0, ti, to, trans, m, n, alpha, Aarray, lda, 0, xarray,  \
                            incx, 0, beta, (void *)(uintptr_t)yarray, incy, 0, batchCount);        \
    }
GEMV_BATCHED(aclblasSgemvBatched, ACL_FLOAT, ACL_FLOAT, float, float)
GEMV_BATCHED(aclblasHSHgemvBatched, ACL_FLOAT16, ACL_FLOAT16, uint16_t, uint16_t)
GEMV_BATCHED(aclblasHSSgemvBatched, ACL_FLOAT16, ACL_FLOAT, uint16_t, float)
GEMV_BATCHED(aclblasTSTgemvBatched, ACL_BF16, ACL_BF16, uint16_t, uint16_t)
GEMV_BATCHED(aclblasTSSgemvBatched, ACL_BF16, ACL_FLOAT, uint16_t, float)

#define GEMV_STRIDED(name, ti, to, tin, tout)                                                      \
    ACL_FUNC_VISIBILITY aclblasStatus_t name(                                                      \
        aclblasHandle_t handle, aclblasOperation_t trans, int m, int n, const float *alpha,        \
        const tin *A, int lda, int64_t strideA, const tin *x, int incx, int64_t stridex,           \
        const float *beta, tout *y, int incy, int64_t stridey, int batchCount)                     \
    {                                                                                              \
        return gemv_batched(handle, #name, 1, ti, to, trans, m, n, alpha, A, lda, strideA, x,      \
                            incx, stridex, beta, y, incy, stridey, batchCount);                    \
    }
GEMV_STRIDED(aclblasSgemvStridedBatched, ACL_FLOAT, ACL_FLOAT, float, float)
GEMV_STRIDED(aclblasHSHgemvStridedBatched, ACL_FLOAT16, ACL_FLOAT16, uint16_t, uint16_t)
GEMV_STRIDED(aclblasHSSgemvStridedBatched, ACL_FLOAT16, ACL_FLOAT, uint16_t, float)
GEMV_STRIDED(aclblasTSTgemvStridedBatched, ACL_BF16, ACL_BF16, uint16_t, uint16_t)
GEMV_STRIDED(aclblasTSSgemvStridedBatched, ACL_BF16, ACL_FLOAT, uint16_t, float)

/* ---- triangular products and solves: x := op(A) x, x := op(A)^-1 x ---- */

enum { T_TRMV, T_TBMV, T_TPMV, T_TRSV, T_TBSV, T_TPSV, T_CTRMV };

static int32_t k_tr(void *a)
{
    blas_task *t = a;
    int o = CM, u = blas_cb_uplo(t->uplo), tr = blas_cb_trans(t->trans), d = blas_cb_diag(t->diag);
    int n = (int)t->n, k = (int)t->k, lda = (int)t->lda, inc = (int)t->incx;
    void *x = t->C;
    switch ((int)t->kl) {
    case T_TRMV: {
        __typeof__(cblas_strmv) *f;
        BLAS_GET(f, "cblas_strmv");
        f(o, u, tr, d, n, t->A, lda, x, inc);
        break;
    }
    case T_TBMV: {
        __typeof__(cblas_stbmv) *f;
        BLAS_GET(f, "cblas_stbmv");
        f(o, u, tr, d, n, k, t->A, lda, x, inc);
        break;
    }
    case T_TPMV: {
        __typeof__(cblas_stpmv) *f;
        BLAS_GET(f, "cblas_stpmv");
        f(o, u, tr, d, n, t->A, x, inc);
        break;
    }
    case T_TRSV: {
        __typeof__(cblas_strsv) *f;
        BLAS_GET(f, "cblas_strsv");
        f(o, u, tr, d, n, t->A, lda, x, inc);
        break;
    }
    case T_TBSV: {
        __typeof__(cblas_stbsv) *f;
        BLAS_GET(f, "cblas_stbsv");
        f(o, u, tr, d, n, k, t->A, lda, x, inc);
        break;
    }
    case T_TPSV: {
        __typeof__(cblas_stpsv) *f;
        BLAS_GET(f, "cblas_stpsv");
        f(o, u, tr, d, n, t->A, x, inc);
        break;
    }
    case T_CTRMV: {
        __typeof__(cblas_ctrmv) *f;
        BLAS_GET(f, "cblas_ctrmv");
        f(o, u, tr, d, n, t->A, lda, x, inc);
        break;
    }
    }
    return 0;
}

static aclblasStatus_t tr_common(aclblasHandle_t handle, const char *fn, int kind, int uplo,
                                 int trans, int diag, int64_t n, int64_t k, const void *A,
                                 int64_t lda, const void *x, void *xw, void *y, int64_t incx,
                                 int64_t ldmin)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(blas_uplo_ok(uplo), "%s: uplo %d is not ACLBLAS_UPPER/LOWER", fn, uplo);
    BLAS_ARG(blas_op_ok(trans), "%s: trans %d is not ACLBLAS_OP_N/T/C", fn, trans);
    BLAS_ARG(blas_diag_ok(diag), "%s: diag %d is not ACLBLAS_UNIT/NON_UNIT", fn, diag);
    BLAS_ARG(n >= 0 && k >= 0, "%s: n or k is negative", fn);
    BLAS_ARG(incx != 0, "%s: incx must not be 0", fn);
    BLAS_ARG(ldmin == 0 || lda >= ldmin, "%s: lda %lld must be >= %lld", fn, (long long)lda,
             (long long)ldmin);
    if (n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && x && (xw || y), "%s: A or x (y) is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->kl = kind, t->uplo = uplo, t->trans = trans, t->diag = diag, t->n = n, t->k = k, t->A = A;
    t->lda = lda, t->x = x, t->C = xw, t->out2 = y, t->incx = incx;
    BLAS_QUEUE(k_tr, fn);
}

#define TR_ARGS                                                                                    \
    aclblasHandle_t handle, aclblasFillMode_t uplo, aclblasOperation_t trans, aclblasDiagType_t diag
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStrmv(TR_ARGS, int n, const float *A, int lda, float *x,
                                                 int incx)
{
    return tr_common(handle, "aclblasStrmv", T_TRMV, uplo, trans, diag, n, 0, A, lda, x, x, NULL,
                     incx, blas_max1(n));
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStrsv(TR_ARGS, int n, const float *A, int lda, float *x,
                                                 int incx)
{
    return tr_common(handle, "aclblasStrsv", T_TRSV, uplo, trans, diag, n, 0, A, lda, x, x, NULL,
                     incx, blas_max1(n));
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStbmv(TR_ARGS, int n, int k, const float *A, int lda,
                                                 float *x, int incx)
{
    return tr_common(handle, "aclblasStbmv", T_TBMV, uplo, trans, diag, n, k, A, lda, x, x, NULL,
                     incx, (int64_t)k + 1);
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStbsv(TR_ARGS, int n, int k, const float *A, int lda,
                                                 float *x, int incx)
{
    return tr_common(handle, "aclblasStbsv", T_TBSV, uplo, trans, diag, n, k, A, lda, x, x, NULL,
                     incx, (int64_t)k + 1);
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStpmv(TR_ARGS, int n, const float *AP, float *x,
                                                 int incx)
{
    return tr_common(handle, "aclblasStpmv", T_TPMV, uplo, trans, diag, n, 0, AP, 1, x, x, NULL,
                     incx, 0);
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStpsv(TR_ARGS, int n, const float *AP, float *x,
                                                 int incx)
{
    return tr_common(handle, "aclblasStpsv", T_TPSV, uplo, trans, diag, n, 0, AP, 1, x, x, NULL,
                     incx, 0);
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCtrmv(TR_ARGS, int64_t n, aclblasComplex *A, int64_t lda,
                                                 aclblasComplex *x, int64_t incx)
{
    return tr_common(handle, "aclblasCtrmv", T_CTRMV, uplo, trans, diag, n, 0, A, lda, x, x, NULL,
                     incx, blas_max1(n));
}
/* The early out-of-place forms, y = op(A) x (y with x's increment, negative from the end), as
 * ops-blas's tests define them:
 *   Stpmv_legacy packs both triangles as the column-major upper one (element (i, j) of the
 *     stored triangle at min + max(max+1)/2): LOWER is the row-major lower triangle, i.e. the
 *     transpose of a column-major upper one, so it runs as UPPER with trans flipped;
 *   Stbmv_legacy stores the band transposed: band row b (0..k) of column j at a[b*lda + j]
 *     (upper: b = k - (j - i); lower: b = i - j), copied into standard band storage first. */
static int32_t k_tr_legacy(void *a)
{
    blas_task *t = a;
    const float *x = t->x;
    float *y = t->out2;
    int64_t n = t->n, inc = t->incx, x0 = blas_vstart(n, inc);
    for (int64_t i = 0; i < n; i++)
        y[x0 + i * inc] = x[x0 + i * inc];
    int d = blas_cb_diag(t->diag);
    if (t->kl == T_TPMV) {
        __typeof__(cblas_stpmv) *f;
        BLAS_GET(f, "cblas_stpmv");
        int tr = t->trans;
        if (t->uplo == ACLBLAS_LOWER)
            tr = tr == ACLBLAS_OP_N ? ACLBLAS_OP_T : ACLBLAS_OP_N;
        f(CM, CblasUpper, blas_cb_trans(tr), d, (int)n, t->A, y, (int)inc);
        return 0;
    }
    __typeof__(cblas_stbmv) *f;
    BLAS_GET(f, "cblas_stbmv");
    int64_t k = t->k, ldab = k + 1;
    float *band = calloc((size_t)(ldab * n), sizeof(float));
    if (!band)
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    const float *src = t->A;
    for (int64_t b = 0; b <= k; b++)
        for (int64_t j = 0; j < n; j++)
            band[b + j * ldab] = src[b * t->lda + j];
    f(CM, blas_cb_uplo(t->uplo), blas_cb_trans(t->trans), d, (int)n, (int)k, band, (int)ldab, y,
      (int)inc);
    free(band);
    return 0;
}

static aclblasStatus_t tr_legacy(aclblasHandle_t handle, const char *fn, int kind, int uplo,
                                 int trans, int diag, int64_t n, int64_t k, const float *A,
                                 int64_t lda, const float *x, float *y, int64_t incx)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(blas_uplo_ok(uplo), "%s: uplo %d is not ACLBLAS_UPPER/LOWER", fn, uplo);
    BLAS_ARG(blas_op_ok(trans), "%s: trans %d is not ACLBLAS_OP_N/T/C", fn, trans);
    BLAS_ARG(blas_diag_ok(diag), "%s: diag %d is not ACLBLAS_UNIT/NON_UNIT", fn, diag);
    BLAS_ARG(incx != 0, "%s: incx must not be 0", fn);
    if (n <= 0) /* ops-blas: n <= 0 succeeds without work */
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(k >= 0, "%s: k is negative", fn);
    BLAS_ARG(kind == T_TPMV || lda >= n, "%s: lda %lld must be >= n", fn, (long long)lda);
    BLAS_ARG(A && x && y, "%s: A, x or y is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->kl = kind, t->uplo = uplo, t->trans = trans, t->diag = diag, t->n = n, t->k = k, t->A = A;
    t->lda = lda, t->x = x, t->out2 = y, t->incx = incx;
    BLAS_QUEUE(k_tr_legacy, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStpmv_legacy(
    aclblasHandle_t handle, aclblasFillMode uplo, aclblasOperation trans, aclblasDiagType diag,
    int64_t n, const float *aPacked, const float *x, float *y, int64_t incx)
{
    return tr_legacy(handle, "aclblasStpmv_legacy", T_TPMV, uplo, trans, diag, n, 0, aPacked, 1, x,
                     y, incx);
}
ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasStbmv_legacy(aclblasHandle_t handle, aclblasFillMode uplo, aclblasOperation trans,
                    aclblasDiagType diag, const float *a, const int64_t lda, const float *x,
                    float *y, const int64_t n, const int64_t k, const int64_t incx)
{
    return tr_legacy(handle, "aclblasStbmv_legacy", T_TBMV, uplo, trans, diag, n, k, a, lda, x, y,
                     incx);
}

/* ---- rank updates ---- */

enum { R_GER, R_SYR, R_SYR2, R_SPR, R_SPR2, R_CGERC };

static int32_t k_rank(void *a)
{
    blas_task *t = a;
    float al = (float)t->alpha[0];
    int u = blas_cb_uplo(t->uplo), m = (int)t->m, n = (int)t->n, ix = (int)t->incx,
        iy = (int)t->incy;
    switch ((int)t->kl) {
    case R_GER: {
        __typeof__(cblas_sger) *f;
        BLAS_GET(f, "cblas_sger");
        f(CM, m, n, al, t->x, ix, t->y, iy, t->C, (int)t->lda);
        break;
    }
    case R_SYR: {
        __typeof__(cblas_ssyr) *f;
        BLAS_GET(f, "cblas_ssyr");
        f(CM, u, n, al, t->x, ix, t->C, (int)t->lda);
        break;
    }
    case R_SYR2: {
        __typeof__(cblas_ssyr2) *f;
        BLAS_GET(f, "cblas_ssyr2");
        f(CM, u, n, al, t->x, ix, t->y, iy, t->C, (int)t->lda);
        break;
    }
    case R_SPR: {
        __typeof__(cblas_sspr) *f;
        BLAS_GET(f, "cblas_sspr");
        f(CM, u, n, al, t->x, ix, t->C);
        break;
    }
    case R_SPR2: {
        __typeof__(cblas_sspr2) *f;
        BLAS_GET(f, "cblas_sspr2");
        f(CM, u, n, al, t->x, ix, t->y, iy, t->C);
        break;
    }
    case R_CGERC: {
        __typeof__(cblas_cgerc) *f;
        BLAS_GET(f, "cblas_cgerc");
        float ca[2] = {(float)t->alpha[0], (float)t->alpha[1]};
        f(CM, m, n, ca, t->x, ix, t->y, iy, t->C, (int)t->lda);
        break;
    }
    }
    return 0;
}

static aclblasStatus_t rank_common(aclblasHandle_t handle, const char *fn, int kind, int uplo,
                                   int64_t m, int64_t n, double ar, double ai, const void *x,
                                   int64_t incx, const void *y, int64_t incy, void *A, int64_t lda,
                                   int64_t ldmin)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(kind == R_GER || kind == R_CGERC || blas_uplo_ok(uplo),
             "%s: uplo %d is not ACLBLAS_UPPER/LOWER", fn, uplo);
    BLAS_ARG(m >= 0 && n >= 0, "%s: m or n is negative", fn);
    BLAS_ARG(incx != 0 && incy != 0, "%s: incx and incy must not be 0", fn);
    BLAS_ARG(ldmin == 0 || lda >= ldmin, "%s: lda %lld must be >= %lld", fn, (long long)lda,
             (long long)ldmin);
    if (m == 0 || n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(x && A && (kind == R_SYR || kind == R_SPR || y), "%s: x, y or A is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->kl = kind, t->uplo = uplo, t->m = m, t->n = n, t->alpha[0] = ar, t->alpha[1] = ai;
    t->x = x, t->incx = incx, t->y = y, t->incy = incy, t->C = A, t->lda = lda;
    BLAS_QUEUE(k_rank, fn);
}

#define NEED_ALPHA(fn)                                                                             \
    if (handle && !alpha)                                                                          \
    return blas_fail(ACLBLAS_STATUS_INVALID_VALUE, fn ": alpha is NULL")

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSger(aclblasHandle_t handle, int m, int n,
                                                const float *alpha, const float *x, int incx,
                                                const float *y, int incy, float *A, int lda)
{
    NEED_ALPHA("aclblasSger");
    return rank_common(handle, "aclblasSger", R_GER, 0, m, n, alpha ? *alpha : 0, 0, x, incx, y,
                       incy, A, lda, blas_max1(m));
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCgerc(aclblasHandle_t handle, const int64_t m,
                                                 const int64_t n, const aclblasComplex alpha,
                                                 aclblasComplex *x, const int64_t incx,
                                                 aclblasComplex *y, const int64_t incy,
                                                 aclblasComplex *A, const int64_t lda)
{
    return rank_common(handle, "aclblasCgerc", R_CGERC, 0, m, n, alpha.real, alpha.imag, x, incx, y,
                       incy, A, lda, blas_max1(m));
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSsyr(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                const int n, const float *alpha, const float *x,
                                                const int incx, float *A, const int lda)
{
    NEED_ALPHA("aclblasSsyr");
    return rank_common(handle, "aclblasSsyr", R_SYR, uplo, n, n, alpha ? *alpha : 0, 0, x, incx,
                       NULL, 1, A, lda, blas_max1(n));
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSsyr2(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                 const int n, const float *alpha, const float *x,
                                                 const int incx, const float *y, const int incy,
                                                 float *A, const int lda)
{
    NEED_ALPHA("aclblasSsyr2");
    return rank_common(handle, "aclblasSsyr2", R_SYR2, uplo, n, n, alpha ? *alpha : 0, 0, x, incx,
                       y, incy, A, lda, blas_max1(n));
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSspr(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                int n, const float *alpha, const float *x, int incx,
                                                float *ap)
{
    NEED_ALPHA("aclblasSspr");
    return rank_common(handle, "aclblasSspr", R_SPR, uplo, n, n, alpha ? *alpha : 0, 0, x, incx,
                       NULL, 1, ap, 1, 0);
}
ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSspr2(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                 int n, const float *alpha, const float *x,
                                                 int incx, const float *y, int incy, float *ap)
{
    NEED_ALPHA("aclblasSspr2");
    return rank_common(handle, "aclblasSspr2", R_SPR2, uplo, n, n, alpha ? *alpha : 0, 0, x, incx,
                       y, incy, ap, 1, 0);
}
