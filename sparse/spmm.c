/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sparse/spmm.c: aclsparseSpMM, C = alpha * op(A) * op(B) + beta * C (A sparse CSR, B and C
 * dense, row or column order), with its buffer-size and preprocess companions. Queued on the
 * handle's stream; the rows of C are split across the device's workers.
 *
 *  PM1. The task holds copies of the descriptors' fields and reads alpha/beta as SpMV does
 *       (sparse/spmv.c SP1); every index of A is checked when the task runs (SP2).
 *  PM2. C's row i depends only on A's row i: blocks own disjoint row ranges of C, so no
 *       two blocks write one element.
 */
#include <stdio.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/half.h"
#include "core/launch.h"
#include "sparse/sparse.h"

struct spmm_task {
    int64_t m, k, n; /* op(A) is m x k, op(B) k x n, C m x n */
    int64_t nnz, base;
    const void *off, *idx, *a;
    aclsparseIndexType_t off_type, idx_type;
    aclDataType a_type, c_type;
    bool is_int;
    const void *b;
    int64_t b_ld;
    bool b_rowmajor, b_trans;
    void *c;
    int64_t c_ld;
    bool c_rowmajor;
    float alpha_f, beta_f;
    int32_t alpha_i, beta_i;
    const void *alpha_dev, *beta_dev;
};

static inline int64_t ld_idx(const void *p, aclsparseIndexType_t t, int64_t i)
{
    return t == ACL_SPARSE_INDEX_32I ? (int64_t)((const int32_t *)p)[i] : ((const int64_t *)p)[i];
}

static inline float ld_f(const void *p, aclDataType t, int64_t i)
{
    switch (t) {
    case ACL_FLOAT16: return half_f16_to_f32(((const uint16_t *)p)[i]);
    case ACL_INT8: return (float)((const int8_t *)p)[i];
    default: return ((const float *)p)[i];
    }
}

static inline int32_t ld_i8(const void *p, int64_t i)
{
    return ((const int8_t *)p)[i];
}

/* The offset of element (r, c) of a dense matrix stored in `rowmajor` order with ld. */
static inline int64_t at(bool rowmajor, int64_t ld, int64_t r, int64_t c)
{
    return rowmajor ? r * ld + c : c * ld + r;
}

static int32_t spmm_block(void *arg, uint32_t bi, uint32_t nb)
{
    const struct spmm_task *t = arg;
    int64_t per = (t->m + nb - 1) / nb;
    int64_t lo = per * bi, hi = lo + per < t->m ? lo + per : t->m;
    float af = t->alpha_f, bf = t->beta_f;
    int32_t ai = t->alpha_i, bti = t->beta_i;
    if (t->alpha_dev) {
        if (t->is_int)
            ai = *(const int32_t *)t->alpha_dev;
        else
            af = *(const float *)t->alpha_dev;
    }
    if (t->beta_dev) {
        if (t->is_int)
            bti = *(const int32_t *)t->beta_dev;
        else
            bf = *(const float *)t->beta_dev;
    }
    /* op(B)(kk, j) is B(kk, j), or B(j, kk) when transposed. */
    bool b_row = t->b_rowmajor != t->b_trans;
    for (int64_t i = lo; i < hi; i++) {
        int64_t k0 = ld_idx(t->off, t->off_type, i) - t->base;
        int64_t k1 = ld_idx(t->off, t->off_type, i + 1) - t->base;
        if (k0 < 0 || k1 < k0 || k1 > t->nnz) {
            char msg[128];
            snprintf(msg, sizeof msg, "aclsparseSpMM: row %lld offsets [%lld, %lld) outside nnz %lld",
                     (long long)i, (long long)k0, (long long)k1, (long long)t->nnz);
            core_err_async_detail(ACL_ERROR_RT_AICORE_EXCEPTION, msg);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
        for (int64_t k = k0; k < k1; k++) {
            int64_t col = ld_idx(t->idx, t->idx_type, k) - t->base;
            if (col < 0 || col >= t->k) {
                char msg[128];
                snprintf(msg, sizeof msg, "aclsparseSpMM: column index %lld outside [%lld, %lld]",
                         (long long)(col + t->base), (long long)t->base,
                         (long long)(t->k - 1 + t->base));
                core_err_async_detail(ACL_ERROR_RT_AICORE_EXCEPTION, msg);
                return ACL_ERROR_RT_AICORE_EXCEPTION;
            }
        }
        for (int64_t j = 0; j < t->n; j++) {
            int64_t co = at(t->c_rowmajor, t->c_ld, i, j);
            if (t->is_int) {
                uint32_t s = 0; /* wrapping, no UB */
                for (int64_t k = k0; k < k1; k++) {
                    int64_t col = ld_idx(t->idx, t->idx_type, k) - t->base;
                    s += (uint32_t)(ld_i8(t->a, k) * ld_i8(t->b, at(b_row, t->b_ld, col, j)));
                }
                int32_t *c = t->c;
                c[co] = (int32_t)((uint32_t)ai * s +
                                  (bti != 0 ? (uint32_t)bti * (uint32_t)c[co] : 0u));
            } else {
                float s = 0.0f;
                for (int64_t k = k0; k < k1; k++) {
                    int64_t col = ld_idx(t->idx, t->idx_type, k) - t->base;
                    s += ld_f(t->a, t->a_type, k) * ld_f(t->b, t->a_type, at(b_row, t->b_ld, col, j));
                }
                float v = af * s;
                if (bf != 0.0f)
                    v += bf * ld_f(t->c, t->c_type, co);
                if (t->c_type == ACL_FLOAT16)
                    ((uint16_t *)t->c)[co] = half_f32_to_f16(v);
                else
                    ((float *)t->c)[co] = v;
            }
        }
    }
    return 0;
}

static bool combo_ok(aclDataType a, aclDataType b, aclDataType c, aclDataType ct)
{
    return (a == ACL_FLOAT && b == ACL_FLOAT && c == ACL_FLOAT && ct == ACL_FLOAT) ||
           (a == ACL_FLOAT16 && b == ACL_FLOAT16 && c == ACL_FLOAT16 && ct == ACL_FLOAT) ||
           (a == ACL_INT8 && b == ACL_INT8 && c == ACL_INT32 && ct == ACL_INT32);
}

/* CANN's checks, in CANN's order and with its statuses. */
static aclsparseStatus_t spmm_check(aclsparseOperation_t opA, aclsparseOperation_t opB,
                                    aclsparseConstSpMatDescr_t A, aclsparseConstDnMatDescr_t B,
                                    aclsparseDnMatDescr_t C, aclDataType ct,
                                    aclsparseSpMMAlg_t alg, const char *fn)
{
    if (!sparse_reg_live(A, SPARSE_KIND_SPMAT) || !sparse_reg_live(B, SPARSE_KIND_DNMAT) ||
        !sparse_reg_live(C, SPARSE_KIND_DNMAT))
        return sparse_fail(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, fn,
                           "matA, matB or matC is NULL or not a live descriptor of its kind");
    if (opA != ACL_SPARSE_OP_NON_TRANSPOSE)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "opA %d: only non-transpose", (int)opA);
    if (opB != ACL_SPARSE_OP_NON_TRANSPOSE && opB != ACL_SPARSE_OP_TRANSPOSE)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "opB %d: only non-transpose and transpose", (int)opB);
    if (A->format != ACL_SPARSE_FORMAT_CSR)
        return sparse_fail(ACL_SPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED, fn,
                           "matA format %d: only CSR", (int)A->format);
    if (!sparse_base_ok(A->base))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "index base %d", (int)A->base);
    if (!combo_ok(A->value_type, B->value_type, C->value_type, ct))
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "types A %d, B %d, C %d, compute %d: not a supported combination",
                           (int)A->value_type, (int)B->value_type, (int)C->value_type, (int)ct);
    int64_t bk = opB == ACL_SPARSE_OP_NON_TRANSPOSE ? B->rows : B->cols;
    int64_t bn = opB == ACL_SPARSE_OP_NON_TRANSPOSE ? B->cols : B->rows;
    if (A->cols != bk || A->rows != C->rows || bn != C->cols)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "shapes: A %lld x %lld, op(B) %lld x %lld, C %lld x %lld",
                           (long long)A->rows, (long long)A->cols, (long long)bk, (long long)bn,
                           (long long)C->rows, (long long)C->cols);
    if (alg != ACL_SPARSE_SPMM_ALG_DEFAULT && alg != ACL_SPARSE_SPMM_CSR_ALG1 &&
        alg != ACL_SPARSE_SPMM_CSR_FP32_HIGH_PRECISION_ALG)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn, "alg %d", (int)alg);
    if (A->rows > INT32_MAX || C->cols > INT32_MAX)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn, "more than INT32_MAX rows or columns");
    if (A->outer == NULL || (A->nnz > 0 && (A->inner == NULL || A->values == NULL)))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "matA's data pointers are NULL");
    return ACL_SPARSE_STATUS_SUCCESS;
}

/* The buffer GetBufferSize asks for: cpuacl uses none, but answers a small non-zero size so
 * that a program's aclrtMalloc of it succeeds, and Preprocess / SpMM require one (CANN). */
#define SPMM_BUFFER_BYTES 512

aclsparseStatus_t aclsparseSpMMGetBufferSize(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                             aclsparseOperation_t opB, const void *alpha,
                                             aclsparseConstSpMatDescr_t matA,
                                             aclsparseConstDnMatDescr_t matB, const void *beta,
                                             aclsparseDnMatDescr_t matC, aclDataType computeType,
                                             aclsparseSpMMAlg_t alg, size_t *size)
{
    static const char fn[] = "aclsparseSpMMGetBufferSize";
    (void)handle, (void)alpha, (void)beta; /* CANN does not look at them here */
    if (size == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "size is NULL");
    aclsparseStatus_t st = spmm_check(opA, opB, matA, matB, matC, computeType, alg, fn);
    if (st != ACL_SPARSE_STATUS_SUCCESS)
        return st;
    *size = SPMM_BUFFER_BYTES;
    return ACL_SPARSE_STATUS_SUCCESS;
}

static aclsparseStatus_t spmm_front(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                    aclsparseOperation_t opB, aclsparseConstSpMatDescr_t matA,
                                    aclsparseConstDnMatDescr_t matB, aclsparseDnMatDescr_t matC,
                                    aclDataType computeType, aclsparseSpMMAlg_t alg,
                                    void *buffer, const char *fn, struct aclsparseContext **h)
{
    aclsparseStatus_t st = spmm_check(opA, opB, matA, matB, matC, computeType, alg, fn);
    if (st != ACL_SPARSE_STATUS_SUCCESS)
        return st;
    if (buffer == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INSUFFICIENT_RESOURCES, fn,
                           "buffer is NULL (allocate aclsparseSpMMGetBufferSize's size)");
    *h = sparse_handle(handle, fn, &st);
    if (!*h)
        return st;
    if ((*h)->stream == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "the handle has no stream: call aclsparseSetStream first");
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpMMPreprocess(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                          aclsparseOperation_t opB, const void *alpha,
                                          aclsparseConstSpMatDescr_t matA,
                                          aclsparseConstDnMatDescr_t matB, const void *beta,
                                          aclsparseDnMatDescr_t matC, aclDataType computeType,
                                          aclsparseSpMMAlg_t alg, void *buffer)
{
    struct aclsparseContext *h = NULL;
    (void)alpha, (void)beta;
    return spmm_front(handle, opA, opB, matA, matB, matC, computeType, alg, buffer,
                      "aclsparseSpMMPreprocess", &h);
}

aclsparseStatus_t aclsparseSpMM(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                aclsparseOperation_t opB, const void *alpha,
                                aclsparseConstSpMatDescr_t matA, aclsparseConstDnMatDescr_t matB,
                                const void *beta, aclsparseDnMatDescr_t matC,
                                aclDataType computeType, aclsparseSpMMAlg_t alg, void *buffer)
{
    static const char fn[] = "aclsparseSpMM";
    struct aclsparseContext *h = NULL;
    aclsparseStatus_t st =
        spmm_front(handle, opA, opB, matA, matB, matC, computeType, alg, buffer, fn, &h);
    if (st != ACL_SPARSE_STATUS_SUCCESS)
        return st;
    struct spmm_task *t = calloc(1, sizeof *t);
    if (!t)
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, fn, "out of memory");
    *t = (struct spmm_task){
        .m = matA->rows, .k = matA->cols, .n = matC->cols, .nnz = matA->nnz,
        .base = matA->base == ACL_SPARSE_INDEX_BASE_ONE ? 1 : 0, .off = matA->outer,
        .idx = matA->inner, .a = matA->values, .off_type = matA->outer_type,
        .idx_type = matA->inner_type, .a_type = matA->value_type, .c_type = matC->value_type,
        .is_int = computeType == ACL_INT32, .b = matB->values, .b_ld = matB->ld,
        .b_rowmajor = matB->order == ACL_SPARSE_ORDER_ROW,
        .b_trans = opB == ACL_SPARSE_OP_TRANSPOSE, .c = matC->values, .c_ld = matC->ld,
        .c_rowmajor = matC->order == ACL_SPARSE_ORDER_ROW, .alpha_f = 1.0f, .alpha_i = 1};
    if (h->pointer_mode == ACL_SPARSE_POINTER_MODE_DEVICE) {
        t->alpha_dev = alpha;
        t->beta_dev = beta;
    } else {
        if (alpha) {
            if (t->is_int)
                t->alpha_i = *(const int32_t *)alpha;
            else
                t->alpha_f = *(const float *)alpha;
        }
        if (beta) {
            if (t->is_int)
                t->beta_i = *(const int32_t *)beta;
            else
                t->beta_f = *(const float *)beta;
        }
    }
    int64_t want = (t->nnz * t->n) / 16384 + 1;
    if (want > t->m)
        want = t->m;
    uint32_t nb = want > 1024 ? 1024u : (uint32_t)want;
    aclError rc = core_launch_blocks(h->stream, spmm_block, t, nb, CORE_BLOCKS_UPTO, free, fn);
    if (rc != ACL_SUCCESS) {
        free(t);
        return sparse_fail(ACL_SPARSE_STATUS_EXECUTION_FAILED, fn,
                           "queuing on the handle's stream failed (aclError %d)", (int)rc);
    }
    return ACL_SPARSE_STATUS_SUCCESS;
}
