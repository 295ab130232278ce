/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sparse/spmv.c: aclsparseSpMV, y = alpha * op(A) * x + beta * y, with its buffer-size and
 * preprocess companions. Queued on the handle's stream (core/launch.h), so it runs in stream
 * order, is captured by aclmdlRICaptureBegin, and replays with the data of each replay.
 *
 *  SP1. The task copies the descriptors' fields at the call (sizes, pointers, types): a
 *       descriptor destroyed or re-pointed after the call does not change queued work.
 *       alpha and beta are read at the call in host pointer mode, and when the task runs in
 *       device pointer mode (then a replay reads their current values).
 *  SP2. Every index is checked against the matrix's bounds when the task runs (the data is
 *       only ready then); an index outside them fails the task with
 *       ACL_ERROR_RT_AICORE_EXCEPTION and the message, and nothing is read out of bounds.
 *       y may then be partly written.
 *  SP3. op(A) x as a gather (CSR non-transpose, CSC transpose: one output per compressed
 *       row/column, split across the device's workers) or as a scatter into y (CSR
 *       transpose, CSC non-transpose, COO: one block, after y *= beta).
 */
#include <stdio.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/half.h"
#include "core/launch.h"
#include "sparse/sparse.h"

struct spmv_task {
    aclsparseFormat_t format;
    bool trans;
    int64_t rows, cols, nnz;
    const void *outer, *inner, *a;
    aclsparseIndexType_t outer_type, inner_type;
    int64_t base;
    aclDataType a_type, y_type;
    bool is_int;          /* computeType ACL_INT32 */
    const void *x;
    void *y;
    int64_t out_len, in_len;
    float alpha_f, beta_f;
    int32_t alpha_i, beta_i;
    const void *alpha_dev, *beta_dev; /* device pointer mode (SP1); NULL: use the values */
};

static inline int64_t ld_idx(const void *p, aclsparseIndexType_t t, int64_t i)
{
    return t == ACL_SPARSE_INDEX_32I ? (int64_t)((const int32_t *)p)[i] : ((const int64_t *)p)[i];
}

static inline float ld_f(const void *p, aclDataType t, int64_t i)
{
    switch (t) {
    case ACL_FLOAT16: return half_f16_to_f32(((const uint16_t *)p)[i]);
    case ACL_BF16: return half_bf16_to_f32(((const uint16_t *)p)[i]);
    default: return ((const float *)p)[i];
    }
}

static inline void st_f(void *p, aclDataType t, int64_t i, float v)
{
    switch (t) {
    case ACL_FLOAT16: ((uint16_t *)p)[i] = half_f32_to_f16(v); break;
    case ACL_BF16: ((uint16_t *)p)[i] = half_f32_to_bf16(v); break;
    default: ((float *)p)[i] = v; break;
    }
}

/* y + a * b * c in wrapping 32-bit arithmetic. */
static inline int32_t imad(int32_t y, int32_t a, int32_t b, int32_t c)
{
    return (int32_t)((uint32_t)y + (uint32_t)a * (uint32_t)b * (uint32_t)c);
}

/* alpha and beta as the task sees them (SP1). */
static void scalars(const struct spmv_task *t, float *af, float *bf, int32_t *ai, int32_t *bi)
{
    *af = t->alpha_f;
    *bf = t->beta_f;
    *ai = t->alpha_i;
    *bi = t->beta_i;
    if (t->alpha_dev) {
        if (t->is_int)
            *ai = *(const int32_t *)t->alpha_dev;
        else
            *af = *(const float *)t->alpha_dev;
    }
    if (t->beta_dev) {
        if (t->is_int)
            *bi = *(const int32_t *)t->beta_dev;
        else
            *bf = *(const float *)t->beta_dev;
    }
}

static int32_t bad_index(const char *what, int64_t v, int64_t lo, int64_t hi)
{
    char msg[160];
    snprintf(msg, sizeof msg, "aclsparseSpMV: %s %lld outside [%lld, %lld]", what, (long long)v,
             (long long)lo, (long long)hi);
    core_err_async_detail(ACL_ERROR_RT_AICORE_EXCEPTION, msg);
    return ACL_ERROR_RT_AICORE_EXCEPTION;
}

/* y[o] for outputs o in [lo, hi) of a gather (SP3). */
static int32_t gather_range(const struct spmv_task *t, int64_t lo, int64_t hi)
{
    float af, bf;
    int32_t ai, bi;
    scalars(t, &af, &bf, &ai, &bi);
    for (int64_t o = lo; o < hi; o++) {
        int64_t k0 = ld_idx(t->outer, t->outer_type, o) - t->base;
        int64_t k1 = ld_idx(t->outer, t->outer_type, o + 1) - t->base;
        if (k0 < 0 || k1 < k0 || k1 > t->nnz)
            return bad_index("offset", k1 + t->base, t->base, t->nnz + t->base);
        if (t->is_int) {
            uint32_t s = 0; /* int32 products wrap, as the device's do (no UB) */
            for (int64_t k = k0; k < k1; k++) {
                int64_t c = ld_idx(t->inner, t->inner_type, k) - t->base;
                if (c < 0 || c >= t->in_len)
                    return bad_index("index", c + t->base, t->base, t->in_len - 1 + t->base);
                s += (uint32_t)((const int32_t *)t->a)[k] * (uint32_t)((const int32_t *)t->x)[c];
            }
            int32_t *y = t->y;
            y[o] = (int32_t)((uint32_t)ai * s + (bi != 0 ? (uint32_t)bi * (uint32_t)y[o] : 0u));
        } else {
            float s = 0.0f;
            for (int64_t k = k0; k < k1; k++) {
                int64_t c = ld_idx(t->inner, t->inner_type, k) - t->base;
                if (c < 0 || c >= t->in_len)
                    return bad_index("index", c + t->base, t->base, t->in_len - 1 + t->base);
                s += ld_f(t->a, t->a_type, k) * ld_f(t->x, t->a_type, c);
            }
            float v = af * s;
            if (bf != 0.0f) /* beta 0: y is not read (it may hold garbage) */
                v += bf * ld_f(t->y, t->y_type, o);
            st_f(t->y, t->y_type, o, v);
        }
    }
    return 0;
}

static int32_t gather_block(void *arg, uint32_t i, uint32_t n)
{
    const struct spmv_task *t = arg;
    int64_t per = (t->out_len + n - 1) / n;
    int64_t lo = per * i, hi = lo + per < t->out_len ? lo + per : t->out_len;
    return lo < hi ? gather_range(t, lo, hi) : 0;
}

/* y = beta * y, then y[dst] += alpha * a[k] * x[src] for every stored entry (SP3). */
static int32_t scatter_run(void *arg)
{
    const struct spmv_task *t = arg;
    float af, bf;
    int32_t ai, bi;
    scalars(t, &af, &bf, &ai, &bi);
    for (int64_t o = 0; o < t->out_len; o++) {
        if (t->is_int)
            ((int32_t *)t->y)[o] = bi != 0 ? (int32_t)((uint32_t)bi * (uint32_t)((int32_t *)t->y)[o]) : 0;
        else
            st_f(t->y, t->y_type, o, bf != 0.0f ? bf * ld_f(t->y, t->y_type, o) : 0.0f);
    }
    /* Each entry (k) has a compressed or explicit "major" index and an inner one. For CSR and
     * CSC the major index is the compressed dimension; x is indexed by the major index and y
     * by the inner one in the scatter cases, except COO non-transpose (y by row). */
    int64_t nmajor = t->format == ACL_SPARSE_FORMAT_COO ? 0 : t->in_len;
    for (int64_t m = 0; m < nmajor; m++) {
        int64_t k0 = ld_idx(t->outer, t->outer_type, m) - t->base;
        int64_t k1 = ld_idx(t->outer, t->outer_type, m + 1) - t->base;
        if (k0 < 0 || k1 < k0 || k1 > t->nnz)
            return bad_index("offset", k1 + t->base, t->base, t->nnz + t->base);
        for (int64_t k = k0; k < k1; k++) {
            int64_t d = ld_idx(t->inner, t->inner_type, k) - t->base;
            if (d < 0 || d >= t->out_len)
                return bad_index("index", d + t->base, t->base, t->out_len - 1 + t->base);
            if (t->is_int)
                ((int32_t *)t->y)[d] = imad(((int32_t *)t->y)[d], ai, ((const int32_t *)t->a)[k],
                                            ((const int32_t *)t->x)[m]);
            else
                st_f(t->y, t->y_type, d,
                     ld_f(t->y, t->y_type, d) +
                         af * ld_f(t->a, t->a_type, k) * ld_f(t->x, t->a_type, m));
        }
    }
    if (t->format == ACL_SPARSE_FORMAT_COO) {
        for (int64_t k = 0; k < t->nnz; k++) {
            int64_t r = ld_idx(t->outer, t->outer_type, k) - t->base;
            int64_t c = ld_idx(t->inner, t->inner_type, k) - t->base;
            if (r < 0 || r >= t->rows)
                return bad_index("row index", r + t->base, t->base, t->rows - 1 + t->base);
            if (c < 0 || c >= t->cols)
                return bad_index("column index", c + t->base, t->base, t->cols - 1 + t->base);
            int64_t d = t->trans ? c : r, s = t->trans ? r : c;
            if (t->is_int)
                ((int32_t *)t->y)[d] = imad(((int32_t *)t->y)[d], ai, ((const int32_t *)t->a)[k],
                                            ((const int32_t *)t->x)[s]);
            else
                st_f(t->y, t->y_type, d,
                     ld_f(t->y, t->y_type, d) +
                         af * ld_f(t->a, t->a_type, k) * ld_f(t->x, t->a_type, s));
        }
    }
    return 0;
}

/* The checks every SpMV entry point makes; fills *t when it is not NULL. */
static aclsparseStatus_t spmv_check(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                    const void *alpha, aclsparseConstSpMatDescr_t matA,
                                    aclsparseConstDnVecDescr_t vecX, const void *beta,
                                    aclsparseDnVecDescr_t vecY, aclDataType computeType,
                                    aclsparseSpMVAlg_t alg, const char *fn,
                                    struct spmv_task *t)
{
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (!sparse_reg_live(matA, SPARSE_KIND_SPMAT))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "matA is NULL or not a live sparse matrix descriptor");
    if (!sparse_reg_live(vecX, SPARSE_KIND_DNVEC))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "vecX is NULL or not a live dense vector descriptor");
    if (!sparse_reg_live(vecY, SPARSE_KIND_DNVEC))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "vecY is NULL or not a live dense vector descriptor");
    if (alg != ACL_SPARSE_SPMV_ALG_DEFAULT)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "alg %d: only ACL_SPARSE_SPMV_ALG_DEFAULT is supported", (int)alg);
    if (computeType != ACL_FLOAT && computeType != ACL_INT32)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "computeType %d: only ACL_FLOAT or ACL_INT32", (int)computeType);
    if (matA->format != ACL_SPARSE_FORMAT_CSR && matA->format != ACL_SPARSE_FORMAT_CSC &&
        matA->format != ACL_SPARSE_FORMAT_COO)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn, "matrix format %d",
                           (int)matA->format);
    if (!sparse_base_ok(matA->base))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "index base %d",
                           (int)matA->base);
    if (opA != ACL_SPARSE_OP_NON_TRANSPOSE && opA != ACL_SPARSE_OP_TRANSPOSE)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "opA %d: only non-transpose and transpose", (int)opA);
    bool trans = opA == ACL_SPARSE_OP_TRANSPOSE;
    int64_t out_len = trans ? matA->cols : matA->rows, in_len = trans ? matA->rows : matA->cols;
    if (vecX->size < in_len || vecY->size < out_len)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "vecX size %lld (need %lld) or vecY size %lld (need %lld) too small",
                           (long long)vecX->size, (long long)in_len, (long long)vecY->size,
                           (long long)out_len);
    if ((matA->nnz > 0 && (matA->inner == NULL || matA->values == NULL)) ||
        (matA->format != ACL_SPARSE_FORMAT_COO && matA->outer == NULL) ||
        (matA->format == ACL_SPARSE_FORMAT_COO && matA->nnz > 0 && matA->outer == NULL))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "matrix data pointers are NULL");
    if ((in_len > 0 && vecX->values == NULL) || (out_len > 0 && vecY->values == NULL))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "vector data pointers are NULL");
    aclDataType at = matA->value_type, yt = vecY->value_type;
    if (vecX->value_type != at)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "matrix value type %d and vecX type %d must match", (int)at,
                           (int)vecX->value_type);
    bool ok = computeType == ACL_INT32
                  ? at == ACL_INT32 && yt == ACL_INT32
                  : (at == ACL_FLOAT && yt == ACL_FLOAT) ||
                        ((at == ACL_FLOAT16 || at == ACL_BF16) && (yt == ACL_FLOAT || yt == at));
    if (!ok)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "types A/x %d, y %d, compute %d: not a supported combination",
                           (int)at, (int)yt, (int)computeType);
    if (h->stream == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "the handle has no stream: call aclsparseSetStream first");
    if (t) {
        *t = (struct spmv_task){
            .format = matA->format, .trans = trans, .rows = matA->rows, .cols = matA->cols,
            .nnz = matA->nnz, .outer = matA->outer, .inner = matA->inner, .a = matA->values,
            .outer_type = matA->outer_type, .inner_type = matA->inner_type,
            .base = matA->base == ACL_SPARSE_INDEX_BASE_ONE ? 1 : 0, .a_type = at, .y_type = yt,
            .is_int = computeType == ACL_INT32, .x = vecX->values, .y = vecY->values,
            .out_len = out_len, .in_len = in_len, .alpha_f = 1.0f, .beta_f = 0.0f,
            .alpha_i = 1, .beta_i = 0};
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
    }
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpMVGetBufferSize(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                             const void *alpha, aclsparseConstSpMatDescr_t matA,
                                             aclsparseConstDnVecDescr_t vecX, const void *beta,
                                             aclsparseDnVecDescr_t vecY, aclDataType computeType,
                                             aclsparseSpMVAlg_t alg, size_t *bufferSize)
{
    static const char fn[] = "aclsparseSpMVGetBufferSize";
    if (bufferSize == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "bufferSize is NULL");
    aclsparseStatus_t st =
        spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, fn, NULL);
    if (st != ACL_SPARSE_STATUS_SUCCESS)
        return st;
    *bufferSize = 0; /* the product needs no external buffer */
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseSpMVPreprocess(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                          const void *alpha, aclsparseConstSpMatDescr_t matA,
                                          aclsparseConstDnVecDescr_t vecX, const void *beta,
                                          aclsparseDnVecDescr_t vecY, aclDataType computeType,
                                          aclsparseSpMVAlg_t alg, void *externalBuffer)
{
    (void)externalBuffer; /* nothing to prepare: the checks only */
    return spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg,
                      "aclsparseSpMVPreprocess", NULL);
}

aclsparseStatus_t aclsparseSpMV(aclsparseHandle_t handle, aclsparseOperation_t opA,
                                const void *alpha, aclsparseConstSpMatDescr_t matA,
                                aclsparseConstDnVecDescr_t vecX, const void *beta,
                                aclsparseDnVecDescr_t vecY, aclDataType computeType,
                                aclsparseSpMVAlg_t alg, void *externalBuffer)
{
    static const char fn[] = "aclsparseSpMV";
    (void)externalBuffer;
    struct spmv_task tmp;
    aclsparseStatus_t st =
        spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, fn, &tmp);
    if (st != ACL_SPARSE_STATUS_SUCCESS)
        return st;
    if (tmp.out_len == 0)
        return ACL_SPARSE_STATUS_SUCCESS;
    struct spmv_task *t = malloc(sizeof *t);
    if (!t)
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, fn, "out of memory");
    *t = tmp;
    bool gather = (t->format == ACL_SPARSE_FORMAT_CSR && !t->trans) ||
                  (t->format == ACL_SPARSE_FORMAT_CSC && t->trans);
    aclError rc;
    if (gather) {
        /* About 4096 stored entries a block, at most one block per output. */
        int64_t want = t->nnz / 4096 + 1;
        if (want > t->out_len)
            want = t->out_len;
        uint32_t nb = want > 1024 ? 1024u : (uint32_t)want;
        rc = core_launch_blocks(handle->stream, gather_block, t, nb, CORE_BLOCKS_UPTO, free, fn);
    } else {
        rc = core_launch_owned(handle->stream, scatter_run, t, free, fn);
    }
    if (rc != ACL_SUCCESS) {
        free(t);
        return sparse_fail(ACL_SPARSE_STATUS_EXECUTION_FAILED, fn,
                           "queuing on the handle's stream failed (aclError %d)", (int)rc);
    }
    return ACL_SPARSE_STATUS_SUCCESS;
}
