/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclBLAS level 3 (docs/blas.md): gemm in its plain, Ex (typed), batched,
 * grouped-batched forms, trsm, trmm, symm, dgmm and the packed <-> full
 * conversions. Products go through the loaded BLAS's cblas_sgemm / cgemm /
 * strsm / strmm / ssymm (ops/matmul/blas.c); float16 / bfloat16 operands are
 * widened to float first and the result rounded back. Layouts follow
 * ops-blas: gemm, trsm, dgmm, tpttr/trttp column-major; trmm and symm
 * row-major (their ld rules are ldb, ldc >= n).
 */
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "blas/blas_entry.h"

#define CM CblasColMajor
#define RM CblasRowMajor

/* A float copy of an rows x cols column-major matrix of type t (ld elements apart). */
static float *widen(const void *p, int t, int64_t rows, int64_t cols, int64_t ld)
{
    float *w = malloc((size_t)(rows * cols > 0 ? rows * cols : 1) * sizeof(float));
    if (!w)
        return NULL;
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < rows; i++)
            w[i + j * rows] = (float)blas_ld(p, t, i + j * ld);
    return w;
}

int32_t blas_gemm_typed(int ta, int tb, int64_t m, int64_t n, int64_t k, const double *alpha,
                        const void *A, int atype, int64_t lda, const void *B, int btype,
                        int64_t ldb, const double *beta, void *C, int ctype, int64_t ldc)
{
    __typeof__(cblas_sgemm) *sgemm;
    BLAS_GET(sgemm, "cblas_sgemm");
    float al = (float)alpha[0], be = (float)beta[0];
    if (atype == ACL_FLOAT && btype == ACL_FLOAT && ctype == ACL_FLOAT) {
        sgemm(CM, blas_cb_trans(ta), blas_cb_trans(tb), (int)m, (int)n, (int)k, al, A, (int)lda, B,
              (int)ldb, be, C, (int)ldc);
        return 0;
    }
    int64_t ar = ta == ACLBLAS_OP_N ? m : k, ac = ta == ACLBLAS_OP_N ? k : m;
    int64_t br = tb == ACLBLAS_OP_N ? k : n, bc = tb == ACLBLAS_OP_N ? n : k;
    float *wa = widen(A, atype, ar, ac, lda), *wb = widen(B, btype, br, bc, ldb);
    float *wc = be == 0.0f ? calloc((size_t)(m * n > 0 ? m * n : 1), sizeof(float))
                           : widen(C, ctype, m, n, ldc);
    int32_t rc = 0;
    if (!wa || !wb || !wc) {
        rc = ACL_ERROR_RT_MEMORY_ALLOCATION;
    } else {
        sgemm(CM, blas_cb_trans(ta), blas_cb_trans(tb), (int)m, (int)n, (int)k, al, wa,
              (int)(ar > 0 ? ar : 1), wb, (int)(br > 0 ? br : 1), be, wc, (int)(m > 0 ? m : 1));
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < m; i++)
                blas_st(C, ctype, i + j * ldc, wc[i + j * m]);
    }
    free(wa);
    free(wb);
    free(wc);
    return rc;
}

static int32_t cgemm_one(const blas_task *t, const void *A, const void *B, void *C)
{
    __typeof__(cblas_cgemm) *f;
    BLAS_GET(f, "cblas_cgemm");
    float al[2] = {(float)t->alpha[0], (float)t->alpha[1]};
    float be[2] = {(float)t->beta[0], (float)t->beta[1]};
    f(CM, blas_cb_trans(t->trans), blas_cb_trans(t->transb), (int)t->m, (int)t->n, (int)t->k, al, A,
      (int)t->lda, B, (int)t->ldb, be, C, (int)t->ldc);
    return 0;
}

/* One gemm, or t->batch of them: pointer arrays in device memory (t->diag = 1), complex when
 * t->compute < 0. */
static int32_t k_gemm(void *a)
{
    blas_task *t = a;
    for (int64_t b = 0; b < t->batch; b++) {
        const void *A = t->A, *B = t->B;
        void *C = t->C;
        if (t->diag) {
            A = ((const void *const *)t->A)[b];
            B = ((const void *const *)t->B)[b];
            C = ((void *const *)t->C)[b];
        }
        int32_t rc = t->compute < 0 ? cgemm_one(t, A, B, C)
                                    : blas_gemm_typed(t->trans, t->transb, t->m, t->n, t->k,
                                                      t->alpha, A, t->ta, t->lda, B, t->tb, t->ldb,
                                                      t->beta, C, t->tc, t->ldc);
        if (rc)
            return rc;
    }
    return 0;
}

/* The checks of ops-blas's gemm hosts: enums, sizes, leading dimensions, pointers. */
static aclblasStatus_t gemm_check(const char *fn, int ta, int tb, int64_t m, int64_t n, int64_t k,
                                  int64_t lda, int64_t ldb, int64_t ldc, int64_t batch)
{
    BLAS_ARG(m >= 0 && n >= 0 && k >= 0, "%s: m, n or k is negative", fn);
    BLAS_ARG(batch >= 0, "%s: batchCount is negative", fn);
    BLAS_ARG(blas_op_ok(ta), "%s: transA %d is not ACLBLAS_OP_N/T/C", fn, ta);
    BLAS_ARG(blas_op_ok(tb), "%s: transB %d is not ACLBLAS_OP_N/T/C", fn, tb);
    BLAS_ARG(lda >= blas_max1(ta == ACLBLAS_OP_N ? m : k), "%s: lda %lld too small", fn,
             (long long)lda);
    BLAS_ARG(ldb >= blas_max1(tb == ACLBLAS_OP_N ? k : n), "%s: ldb %lld too small", fn,
             (long long)ldb);
    BLAS_ARG(ldc >= blas_max1(m), "%s: ldc %lld must be >= max(1, m)", fn, (long long)ldc);
    return blas_need_lib(fn);
}

static aclblasStatus_t gemm_queue(aclblasHandle_t handle, const char *fn, int ta, int tb, int m,
                                  int n, int k, const double *al, const double *be, const void *A,
                                  int at, int lda, const void *B, int bt, int ldb, void *C, int ct,
                                  int ldc, int batch, int arrays, int cplx)
{
    BLAS_BEGIN(fn);
    aclblasStatus_t st = gemm_check(fn, ta, tb, m, n, k, lda, ldb, ldc, batch);
    if (st)
        return st;
    if (m == 0 || n == 0 || batch == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(C && (k == 0 || (A && B)), "%s: A, B or C is NULL", fn);
    BLAS_TASK(fn, 0);
    t->trans = ta, t->transb = tb, t->m = m, t->n = n, t->k = k, t->A = A, t->B = B, t->C = C;
    t->ta = at, t->tb = bt, t->tc = ct, t->lda = lda, t->ldb = ldb, t->ldc = ldc;
    t->batch = batch, t->diag = arrays, t->compute = cplx ? -1 : 0;
    memcpy(t->alpha, al, sizeof t->alpha);
    memcpy(t->beta, be, sizeof t->beta);
    BLAS_QUEUE(k_gemm, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgemmEx(aclblasHandle_t handle,
                                                   aclblasOperation_t transA,
                                                   aclblasOperation_t transB, int m, int n, int k,
                                                   const float *alpha, const float *A, int lda,
                                                   const float *B, int ldb, const float *beta,
                                                   float *C, int ldc, aclblasGemmAlgo_t algo)
{
    const char *fn = "aclblasSgemmEx";
    if (handle) {
        BLAS_ARG(alpha && beta, "%s: alpha or beta is NULL", fn);
        BLAS_CHECK(algo == ACLBLAS_GEMM_DEFAULT, ACLBLAS_STATUS_NOT_SUPPORTED,
                   "%s: algo %d not supported (ACLBLAS_GEMM_DEFAULT only)", fn, algo);
    }
    double al[2] = {alpha ? *alpha : 0, 0}, be[2] = {beta ? *beta : 0, 0};
    return gemm_queue(handle, fn, transA, transB, m, n, k, al, be, A, ACL_FLOAT, lda, B, ACL_FLOAT,
                      ldb, C, ACL_FLOAT, ldc, 1, 0, 0);
}

/* The Ex gemms' type combinations (ops-blas's gemm_ex / gemm_batched_ex /
 * gemm_grouped_batched_ex hosts): COMPUTE_16F with float16 A, B, C; COMPUTE_32F with float16,
 * bfloat16 or (GemmEx only) float A = B = C. Their float8 forms (E4M3 / E5M2 in, float16 out)
 * are NOT_SUPPORTED on cpuacl. alpha and beta are float, half for COMPUTE_16F (as cuBLAS). */
enum { EX_GEMM, EX_BATCHED, EX_GROUPED };

static aclblasStatus_t ex_types(const char *fn, int at, int bt, int ct, int compute, int which)
{
    int same = at == bt && bt == ct;
    int ok = (compute == ACLBLAS_COMPUTE_16F && same && at == ACL_FLOAT16) ||
             (compute == ACLBLAS_COMPUTE_32F && same &&
              (at == ACL_FLOAT16 || at == ACL_BF16 || (at == ACL_FLOAT && which == EX_GEMM)));
    BLAS_CHECK(ok, ACLBLAS_STATUS_NOT_SUPPORTED,
               "%s: types A %d B %d C %d with compute %d not supported (16F: float16; 32F: "
               "float16, bfloat16%s; float8 not on cpuacl)",
               fn, at, bt, ct, compute, which == EX_GEMM ? ", float" : "");
    return ACLBLAS_STATUS_SUCCESS;
}

/* alpha / beta of an Ex gemm as double: half for COMPUTE_16F, float otherwise. */
static double ex_scalar(const void *p, int compute)
{
    if (!p)
        return 0;
    return compute == ACLBLAS_COMPUTE_16F ? blas_ld(p, ACL_FLOAT16, 0) : blas_ld(p, ACL_FLOAT, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasGemmEx(aclblasHandle_t handle, aclblasOperation_t transA, aclblasOperation_t transB, int m,
              int n, int k, const void *alpha, const void *A, aclDataType Atype, int lda,
              const void *B, aclDataType Btype, int ldb, const void *beta, void *C,
              aclDataType Ctype, int ldc, aclblasComputeType_t computeType, aclblasGemmAlgo_t algo)
{
    const char *fn = "aclblasGemmEx";
    if (handle) {
        BLAS_ARG(alpha && beta, "%s: alpha or beta is NULL", fn);
        BLAS_CHECK(algo == ACLBLAS_GEMM_DEFAULT, ACLBLAS_STATUS_NOT_SUPPORTED,
                   "%s: algo %d not supported", fn, algo);
        aclblasStatus_t st = ex_types(fn, Atype, Btype, Ctype, computeType, EX_GEMM);
        if (st)
            return st;
    }
    double al[2] = {ex_scalar(alpha, computeType), 0}, be[2] = {ex_scalar(beta, computeType), 0};
    return gemm_queue(handle, fn, transA, transB, m, n, k, al, be, A, Atype, lda, B, Btype, ldb, C,
                      Ctype, ldc, 1, 0, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgemmBatched(
    aclblasHandle_t handle, aclblasOperation_t transa, aclblasOperation_t transb, int m, int n,
    int k, const float *alpha, const float *const Aarray[], int lda, const float *const Barray[],
    int ldb, const float *beta, float *const Carray[], int ldc, int batchCount)
{
    const char *fn = "aclblasSgemmBatched";
    if (handle)
        BLAS_ARG(alpha && beta, "%s: alpha or beta is NULL", fn);
    double al[2] = {alpha ? *alpha : 0, 0}, be[2] = {beta ? *beta : 0, 0};
    return gemm_queue(handle, fn, transa, transb, m, n, k, al, be, Aarray, ACL_FLOAT, lda, Barray,
                      ACL_FLOAT, ldb, (void *)(uintptr_t)Carray, ACL_FLOAT, ldc, batchCount, 1, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasCgemmBatched(
    aclblasHandle_t handle, aclblasOperation_t transa, aclblasOperation_t transb, int m, int n,
    int k, const aclblasComplex *alpha, const aclblasComplex *const Aarray[], int lda,
    const aclblasComplex *const Barray[], int ldb, const aclblasComplex *beta,
    aclblasComplex *const Carray[], int ldc, int batchCount)
{
    const char *fn = "aclblasCgemmBatched";
    if (handle)
        BLAS_ARG(alpha && beta, "%s: alpha or beta is NULL", fn);
    double al[2] = {alpha ? alpha->real : 0, alpha ? alpha->imag : 0};
    double be[2] = {beta ? beta->real : 0, beta ? beta->imag : 0};
    return gemm_queue(handle, fn, transa, transb, m, n, k, al, be, Aarray, ACL_COMPLEX64, lda,
                      Barray, ACL_COMPLEX64, ldb, (void *)(uintptr_t)Carray, ACL_COMPLEX64, ldc,
                      batchCount, 1, 1);
}

ACL_FUNC_VISIBILITY aclblasStatus_t
aclblasGemmBatchedEx(aclblasHandle_t handle, aclblasOperation_t transa, aclblasOperation_t transb,
                     int m, int n, int k, const void *alpha, const void *const Aarray[],
                     aclDataType Atype, int lda, const void *const Barray[], aclDataType Btype,
                     int ldb, const void *beta, void *const Carray[], aclDataType Ctype, int ldc,
                     int batchCount, aclblasComputeType_t computeType, aclblasGemmAlgo_t algo)
{
    const char *fn = "aclblasGemmBatchedEx";
    if (handle) {
        BLAS_ARG(alpha && beta, "%s: alpha or beta is NULL", fn);
        BLAS_CHECK(algo == ACLBLAS_GEMM_DEFAULT, ACLBLAS_STATUS_NOT_SUPPORTED,
                   "%s: algo %d not supported", fn, algo);
        aclblasStatus_t st = ex_types(fn, Atype, Btype, Ctype, computeType, EX_BATCHED);
        if (st)
            return st;
    }
    double al[2] = {ex_scalar(alpha, computeType), 0}, be[2] = {ex_scalar(beta, computeType), 0};
    return gemm_queue(handle, fn, transa, transb, m, n, k, al, be, Aarray, Atype, lda, Barray,
                      Btype, ldb, (void *)(uintptr_t)Carray, Ctype, ldc, batchCount, 1, 0);
}

/* Grouped: the host arrays (per group) are copied into the task's tail. */
typedef struct {
    int ta, tb, m, n, k, lda, ldb, ldc, size;
    float alpha, beta;
} group_desc;

static int32_t k_grouped(void *a)
{
    blas_task *t = a;
    const group_desc *g = (const group_desc *)t->tail;
    int64_t idx = 0;
    for (int64_t i = 0; i < t->batch; i++)
        for (int j = 0; j < g[i].size; j++, idx++) {
            double al[2] = {g[i].alpha, 0}, be[2] = {g[i].beta, 0};
            int32_t rc = blas_gemm_typed(g[i].ta, g[i].tb, g[i].m, g[i].n, g[i].k, al,
                                         ((const void *const *)t->A)[idx], t->ta, g[i].lda,
                                         ((const void *const *)t->B)[idx], t->tb, g[i].ldb, be,
                                         ((void *const *)t->C)[idx], t->tc, g[i].ldc);
            if (rc)
                return rc;
        }
    return 0;
}

static aclblasStatus_t grouped(aclblasHandle_t handle, const char *fn, int groupCount,
                               const aclblasOperation_t *ta, const aclblasOperation_t *tb,
                               const int *m, const int *n, const int *k, const void *alpha,
                               const void *A, int at, const int *lda, const void *B, int bt,
                               const int *ldb, const void *beta, void *C, int ct, const int *ldc,
                               const int *size, int scalar_type)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(groupCount >= 0, "%s: groupCount is negative", fn);
    if (groupCount == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(ta && tb && m && n && k && alpha && lda && ldb && beta && ldc && size,
             "%s: a per-group array is NULL", fn);
    BLAS_ARG(A && B && C, "%s: Aarray, Barray or Carray is NULL", fn);
    for (int i = 0; i < groupCount; i++) {
        /* ops-blas: trans N or T per group, else INVALID_ENUM */
        BLAS_CHECK((ta[i] == ACLBLAS_OP_N || ta[i] == ACLBLAS_OP_T) &&
                       (tb[i] == ACLBLAS_OP_N || tb[i] == ACLBLAS_OP_T),
                   ACLBLAS_STATUS_INVALID_ENUM, "%s: trans of group %d not OP_N / OP_T", fn, i);
        BLAS_ARG(size[i] >= 0, "%s: groupSize[%d] is negative", fn, i);
        aclblasStatus_t st =
            gemm_check(fn, ta[i], tb[i], m[i], n[i], k[i], lda[i], ldb[i], ldc[i], size[i]);
        if (st)
            return st;
    }
    BLAS_TASK(fn, sizeof(group_desc) * (size_t)groupCount);
    group_desc *g = (group_desc *)t->tail;
    for (int i = 0; i < groupCount; i++)
        g[i] = (group_desc){ta[i],
                            tb[i],
                            m[i],
                            n[i],
                            k[i],
                            lda[i],
                            ldb[i],
                            ldc[i],
                            size[i],
                            (float)blas_ld(alpha, scalar_type, i),
                            (float)blas_ld(beta, scalar_type, i)};
    t->batch = groupCount, t->A = A, t->B = B, t->C = C, t->ta = at, t->tb = bt, t->tc = ct;
    BLAS_QUEUE(k_grouped, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSgemmGroupedBatched(
    aclblasHandle_t handle, int groupCount, const aclblasOperation_t *transaArray,
    const aclblasOperation_t *transbArray, const int *mArray, const int *nArray, const int *kArray,
    const float *alphaArray, const float *const *Aarray, const int *ldaArray,
    const float *const *Barray, const int *ldbArray, const float *betaArray, float *const *Carray,
    const int *ldcArray, const int *groupSizeArray)
{
    return grouped(handle, "aclblasSgemmGroupedBatched", groupCount, transaArray, transbArray,
                   mArray, nArray, kArray, alphaArray, Aarray, ACL_FLOAT, ldaArray, Barray,
                   ACL_FLOAT, ldbArray, betaArray, (void *)(uintptr_t)Carray, ACL_FLOAT, ldcArray,
                   groupSizeArray, ACL_FLOAT);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasGemmGroupedBatchedEx(
    aclblasHandle_t handle, const aclblasOperation_t transaArray[],
    const aclblasOperation_t transbArray[], const int mArray[], const int nArray[],
    const int kArray[], const void *alphaArray, const void *const Aarray[], aclDataType Atype,
    const int ldaArray[], const void *const Barray[], aclDataType Btype, const int ldbArray[],
    const void *betaArray, void *const Carray[], aclDataType Ctype, const int ldcArray[],
    int groupCount, const int groupSize[], aclblasComputeType_t computeType)
{
    const char *fn = "aclblasGemmGroupedBatchedEx";
    if (handle) {
        aclblasStatus_t st = ex_types(fn, Atype, Btype, Ctype, computeType, EX_GROUPED);
        if (st)
            return st;
    }
    return grouped(handle, fn, groupCount, transaArray, transbArray, mArray, nArray, kArray,
                   alphaArray, Aarray, Atype, ldaArray, Barray, Btype, ldbArray, betaArray,
                   (void *)(uintptr_t)Carray, Ctype, ldcArray, groupSize,
                   computeType == ACLBLAS_COMPUTE_16F ? ACL_FLOAT16 : ACL_FLOAT);
}

/* ---- trsm (column-major, in place), trmm and symm (row-major), dgmm, packing ---- */

enum { L_TRSM, L_TRMM, L_SYMM };

static int32_t k_l3(void *a)
{
    blas_task *t = a;
    float al = (float)t->alpha[0];
    int s = blas_cb_side(t->side), u = blas_cb_uplo(t->uplo), tr = blas_cb_trans(t->trans);
    int d = blas_cb_diag(t->diag), m = (int)t->m, n = (int)t->n;
    switch ((int)t->kl) {
    case L_TRSM: {
        __typeof__(cblas_strsm) *f;
        BLAS_GET(f, "cblas_strsm");
        f(CM, s, u, tr, d, m, n, al, t->A, (int)t->lda, t->C, (int)t->ldb);
        break;
    }
    case L_TRMM: { /* C = alpha op(A) B (left) or alpha B op(A): B copied to C, then in place */
        __typeof__(cblas_strmm) *f;
        BLAS_GET(f, "cblas_strmm");
        for (int64_t i = 0; i < t->m; i++)
            memmove((float *)t->C + i * t->ldc, (const float *)t->B + i * t->ldb,
                    (size_t)t->n * sizeof(float));
        f(RM, s, u, tr, d, m, n, al, t->A, (int)t->lda, t->C, (int)t->ldc);
        break;
    }
    case L_SYMM: {
        __typeof__(cblas_ssymm) *f;
        BLAS_GET(f, "cblas_ssymm");
        f(RM, s, u, m, n, al, t->A, (int)t->lda, t->B, (int)t->ldb, (float)t->beta[0], t->C,
          (int)t->ldc);
        break;
    }
    }
    return 0;
}

static aclblasStatus_t l3_common(aclblasHandle_t handle, const char *fn, int kind, int side,
                                 int uplo, int trans, int diag, int64_t m, int64_t n,
                                 const float *alpha, const float *beta, const void *A, int64_t lda,
                                 const void *B, int64_t ldb, void *C, int64_t ldc)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(alpha && (kind != L_SYMM || beta), "%s: alpha or beta is NULL", fn);
    /* Ssymm answers a bad side / uplo with INVALID_ENUM (its host), trsm / trmm INVALID_VALUE */
    aclblasStatus_t enum_st =
        kind == L_SYMM ? ACLBLAS_STATUS_INVALID_ENUM : ACLBLAS_STATUS_INVALID_VALUE;
    BLAS_CHECK(blas_side_ok(side), enum_st, "%s: side %d is not ACLBLAS_SIDE_LEFT/RIGHT", fn, side);
    BLAS_CHECK(blas_uplo_ok(uplo), enum_st, "%s: uplo %d is not ACLBLAS_UPPER/LOWER", fn, uplo);
    BLAS_ARG(kind == L_SYMM || blas_op_ok(trans), "%s: trans %d is not ACLBLAS_OP_N/T/C", fn,
             trans);
    BLAS_ARG(kind == L_SYMM || blas_diag_ok(diag), "%s: diag %d is not ACLBLAS_UNIT/NON_UNIT", fn,
             diag);
    BLAS_ARG(m >= 0 && n >= 0, "%s: m or n is negative", fn);
    int64_t dimA = side == ACLBLAS_SIDE_LEFT ? m : n;
    BLAS_ARG(lda >= blas_max1(dimA), "%s: lda %lld must be >= %lld", fn, (long long)lda,
             (long long)blas_max1(dimA));
    /* trsm column-major: ldb >= m; trmm / symm row-major: ldb, ldc >= n */
    int64_t ldmin = kind == L_TRSM ? blas_max1(m) : blas_max1(n);
    BLAS_ARG(ldb >= ldmin, "%s: ldb %lld must be >= %lld", fn, (long long)ldb, (long long)ldmin);
    BLAS_ARG(kind == L_TRSM || ldc >= ldmin, "%s: ldc %lld must be >= %lld", fn, (long long)ldc,
             (long long)ldmin);
    if (m == 0 || n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && B && C, "%s: A, B or C is NULL", fn);
    aclblasStatus_t st = blas_need_lib(fn);
    if (st)
        return st;
    BLAS_TASK(fn, 0);
    t->kl = kind, t->side = side, t->uplo = uplo, t->trans = trans, t->diag = diag, t->m = m;
    t->n = n, t->alpha[0] = *alpha, t->beta[0] = beta ? *beta : 0, t->A = A, t->lda = lda;
    t->B = B, t->ldb = ldb, t->C = C, t->ldc = ldc;
    BLAS_QUEUE(k_l3, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStrsm(aclblasHandle_t handle, aclblasSideMode_t side,
                                                 aclblasFillMode_t uplo, aclblasOperation_t trans,
                                                 aclblasDiagType_t diag, int m, int n,
                                                 const float *alpha, const float *A, int lda,
                                                 float *B, int ldb)
{
    return l3_common(handle, "aclblasStrsm", L_TRSM, side, uplo, trans, diag, m, n, alpha, NULL, A,
                     lda, B, ldb, B, ldb);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStrmm(aclblasHandle_t handle, aclblasSideMode_t side,
                                                 aclblasFillMode_t uplo, aclblasOperation_t trans,
                                                 aclblasDiagType_t diag, int m, int n,
                                                 const float *alpha, const float *A, int lda,
                                                 const float *B, int ldb, float *C, int ldc)
{
    return l3_common(handle, "aclblasStrmm", L_TRMM, side, uplo, trans, diag, m, n, alpha, NULL, A,
                     lda, B, ldb, C, ldc);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSsymm(aclblasHandle handle, aclblasSideMode_t side,
                                                 aclblasFillMode_t uplo, int64_t m, int64_t n,
                                                 const float *alpha, const float *A, int64_t lda,
                                                 const float *B, int64_t ldb, const float *beta,
                                                 float *C, int64_t ldc)
{
    return l3_common(handle, "aclblasSsymm", L_SYMM, side, uplo, ACLBLAS_OP_N, ACLBLAS_NON_UNIT, m,
                     n, alpha, beta, A, lda, B, ldb, C, ldc);
}

static int32_t k_dgmm(void *a) /* C = A diag(x) (right) or diag(x) A (left), column-major */
{
    blas_task *t = a;
    const float *A = t->A, *x = t->x;
    float *C = t->C;
    int64_t xl = t->side == ACLBLAS_SIDE_LEFT ? t->m : t->n, x0 = blas_vstart(xl, t->incx);
    for (int64_t j = 0; j < t->n; j++)
        for (int64_t i = 0; i < t->m; i++) {
            int64_t xi = x0 + (t->side == ACLBLAS_SIDE_LEFT ? i : j) * t->incx;
            C[i + j * t->ldc] = A[i + j * t->lda] * x[xi];
        }
    return 0;
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasSdgmm(aclblasHandle_t handle, aclblasSideMode_t mode,
                                                 int m, int n, const float *A, int lda,
                                                 const float *x, int incx, float *C, int ldc)
{
    const char *fn = "aclblasSdgmm";
    BLAS_BEGIN(fn);
    BLAS_ARG(blas_side_ok(mode), "%s: mode %d is not ACLBLAS_SIDE_LEFT/RIGHT", fn, mode);
    BLAS_ARG(m >= 0 && n >= 0, "%s: m or n is negative", fn);
    BLAS_ARG(lda >= blas_max1(m) && ldc >= blas_max1(m), "%s: lda and ldc must be >= max(1, m)",
             fn);
    BLAS_ARG(incx != 0, "%s: incx must not be 0", fn);
    if (m == 0 || n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(A && x && C, "%s: A, x or C is NULL", fn);
    BLAS_TASK(fn, 0);
    t->side = mode, t->m = m, t->n = n, t->A = A, t->lda = lda, t->x = x, t->incx = incx, t->C = C;
    t->ldc = ldc;
    BLAS_QUEUE(k_dgmm, fn);
}

/* Packed <-> full triangle, column-major; t->diag: 0 tpttr (AP -> A), 1 trttp (A -> AP). */
static int32_t k_pack(void *a)
{
    blas_task *t = a;
    int64_t n = t->n, p = 0;
    const float *src = t->A;
    float *dst = t->C;
    for (int64_t j = 0; j < n; j++) {
        int64_t i0 = t->uplo == ACLBLAS_UPPER ? 0 : j, i1 = t->uplo == ACLBLAS_UPPER ? j : n - 1;
        for (int64_t i = i0; i <= i1; i++, p++) {
            if (t->diag)
                dst[p] = src[i + j * t->lda];
            else
                dst[i + j * t->lda] = src[p];
        }
    }
    return 0;
}

static aclblasStatus_t pack_common(aclblasHandle_t handle, const char *fn, int uplo, int n,
                                   const float *src, float *dst, int lda, int dir)
{
    BLAS_BEGIN(fn);
    BLAS_ARG(blas_uplo_ok(uplo), "%s: uplo %d is not ACLBLAS_UPPER/LOWER", fn, uplo);
    BLAS_ARG(n >= 0, "%s: n is negative", fn);
    BLAS_ARG(lda >= blas_max1(n), "%s: lda %d must be >= max(1, n)", fn, lda);
    if (n == 0)
        return ACLBLAS_STATUS_SUCCESS;
    BLAS_ARG(src && dst, "%s: a matrix pointer is NULL", fn);
    BLAS_TASK(fn, 0);
    t->uplo = uplo, t->n = n, t->A = src, t->C = dst, t->lda = lda, t->diag = dir;
    BLAS_QUEUE(k_pack, fn);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStpttr(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                  int n, const float *AP, float *A, int lda)
{
    return pack_common(handle, "aclblasStpttr", uplo, n, AP, A, lda, 0);
}

ACL_FUNC_VISIBILITY aclblasStatus_t aclblasStrttp(aclblasHandle_t handle, aclblasFillMode_t uplo,
                                                  int n, const float *A, int lda, float *AP)
{
    return pack_common(handle, "aclblasStrttp", uplo, n, A, AP, lda, 1);
}
