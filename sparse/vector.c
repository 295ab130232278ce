/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sparse/vector.c: the sparse-vector operations of the generic API: aclsparseGather
 * (x.values[i] = y[x.indices[i] - base]), aclsparseScatter (y[x.indices[i] - base] =
 * x.values[i]) and aclsparseSpvv (result = sum x.values[i] * y[x.indices[i] - base]).
 * Each is one task on the handle's stream.
 *
 *  VC1. The task holds copies of the descriptors' fields; every index is checked against
 *       the dense vector's size when the task runs, and one outside it fails the task
 *       (ACL_ERROR_RT_AICORE_EXCEPTION, message naming it) before anything is read or written
 *       out of bounds. Gather and Scatter move elements as bytes (2, 4 or 8), so any of the
 *       value types they accept is copied exactly. Scatter with repeated indices: the last
 *       entry wins (one block, in order).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "core/err.h"
#include "core/half.h"
#include "core/launch.h"
#include "sparse/sparse.h"

enum vec_kind { VEC_GATHER, VEC_SCATTER, VEC_SPVV };

struct vec_task {
    enum vec_kind kind;
    int64_t nnz, ysize, base;
    const void *idx;
    aclsparseIndexType_t idx_type;
    void *xval, *yval, *result;
    size_t elem;
    aclDataType type;
    const char *fn;
};

static size_t elem_size(aclDataType t)
{
    switch (t) {
    case ACL_FLOAT16: case ACL_BF16: return 2;
    case ACL_FLOAT: return 4;
    case ACL_DOUBLE: return 8;
    default: return 0;
    }
}

static int32_t vec_run(void *arg)
{
    const struct vec_task *t = arg;
    for (int64_t i = 0; i < t->nnz; i++) { /* VC1: all indices first */
        int64_t j = (t->idx_type == ACL_SPARSE_INDEX_32I ? ((const int32_t *)t->idx)[i]
                                                          : ((const int64_t *)t->idx)[i]) -
                    t->base;
        if (j < 0 || j >= t->ysize) {
            char msg[160];
            snprintf(msg, sizeof msg, "%s: x.indices[%lld] = %lld outside [%lld, %lld]", t->fn,
                     (long long)i, (long long)(j + t->base), (long long)t->base,
                     (long long)(t->ysize - 1 + t->base));
            core_err_async_detail(ACL_ERROR_RT_AICORE_EXCEPTION, msg);
            return ACL_ERROR_RT_AICORE_EXCEPTION;
        }
    }
    float sum = 0.0f;
    for (int64_t i = 0; i < t->nnz; i++) {
        int64_t j = (t->idx_type == ACL_SPARSE_INDEX_32I ? ((const int32_t *)t->idx)[i]
                                                          : ((const int64_t *)t->idx)[i]) -
                    t->base;
        char *x = (char *)t->xval + (size_t)i * t->elem, *y = (char *)t->yval + (size_t)j * t->elem;
        if (t->kind == VEC_GATHER)
            memcpy(x, y, t->elem);
        else if (t->kind == VEC_SCATTER)
            memcpy(y, x, t->elem);
        else if (t->type == ACL_FLOAT16)
            sum += half_f16_to_f32(*(const uint16_t *)x) * half_f16_to_f32(*(const uint16_t *)y);
        else
            sum += *(const float *)x * *(const float *)y;
    }
    if (t->kind == VEC_SPVV)
        *(float *)t->result = sum;
    return 0;
}

static aclsparseStatus_t vec_launch(struct aclsparseContext *h, const struct vec_task *tmp)
{
    struct vec_task *t = malloc(sizeof *t);
    if (!t)
        return sparse_fail(ACL_SPARSE_STATUS_ALLOC_FAILED, tmp->fn, "out of memory");
    *t = *tmp;
    aclError rc = core_launch_owned(h->stream, vec_run, t, free, tmp->fn);
    if (rc != ACL_SUCCESS) {
        free(t);
        return sparse_fail(ACL_SPARSE_STATUS_EXECUTION_FAILED, tmp->fn,
                           "queuing on the handle's stream failed (aclError %d)", (int)rc);
    }
    return ACL_SPARSE_STATUS_SUCCESS;
}

aclsparseStatus_t aclsparseGather(aclsparseHandle_t handle, aclsparseConstDnVecDescr_t vecY,
                                  aclsparseSpVecDescr_t vecX)
{
    static const char fn[] = "aclsparseGather";
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (!sparse_reg_live(vecY, SPARSE_KIND_DNVEC) || !sparse_reg_live(vecX, SPARSE_KIND_SPVEC))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "vecY or vecX is NULL or not a live descriptor of its kind");
    if (vecX->value_type != vecY->value_type || elem_size(vecX->value_type) == 0)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "value types x %d, y %d: need one of FLOAT, FLOAT16, BF16, DOUBLE, "
                           "the same for both", (int)vecX->value_type, (int)vecY->value_type);
    if (vecX->size > vecY->size)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "vecX size %lld exceeds vecY size %lld", (long long)vecX->size,
                           (long long)vecY->size);
    if (vecX->nnz == 0)
        return ACL_SPARSE_STATUS_SUCCESS;
    if (h->stream == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "the handle has no stream: call aclsparseSetStream first");
    if (vecX->values == NULL || vecX->indices == NULL || vecY->values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "a data pointer is NULL");
    struct vec_task t = {.kind = VEC_GATHER, .nnz = vecX->nnz, .ysize = vecY->size,
                         .base = vecX->base == ACL_SPARSE_INDEX_BASE_ONE,
                         .idx = vecX->indices, .idx_type = vecX->idx_type, .xval = vecX->values,
                         .yval = vecY->values, .elem = elem_size(vecX->value_type),
                         .type = vecX->value_type, .fn = fn};
    return vec_launch(h, &t);
}

aclsparseStatus_t aclsparseScatter(aclsparseHandle_t handle, aclsparseConstSpVecDescr_t vecX,
                                   aclsparseDnVecDescr_t vecY)
{
    static const char fn[] = "aclsparseScatter";
    aclsparseStatus_t st;
    if (handle == NULL || vecX == NULL || vecY == NULL) /* CANN: one status for the three */
        return sparse_fail(ACL_SPARSE_STATUS_HANDLE_IS_NULLPTR, fn,
                           "handle, vecX or vecY is NULL");
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (!sparse_reg_live(vecX, SPARSE_KIND_SPVEC) || !sparse_reg_live(vecY, SPARSE_KIND_DNVEC))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "vecX or vecY is not a live descriptor of its kind");
    if (vecX->value_type != vecY->value_type)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "value types x %d and y %d differ", (int)vecX->value_type,
                           (int)vecY->value_type);
    if (elem_size(vecX->value_type) == 0)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "value type %d: FLOAT, FLOAT16, BF16 or DOUBLE",
                           (int)vecX->value_type);
    if (vecX->nnz == 0)
        return ACL_SPARSE_STATUS_SUCCESS;
    if (h->stream == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "the handle has no stream: call aclsparseSetStream first");
    if (vecX->values == NULL || vecX->indices == NULL || vecY->values == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "a data pointer is NULL");
    struct vec_task t = {.kind = VEC_SCATTER, .nnz = vecX->nnz, .ysize = vecY->size,
                         .base = vecX->base == ACL_SPARSE_INDEX_BASE_ONE,
                         .idx = vecX->indices, .idx_type = vecX->idx_type, .xval = vecX->values,
                         .yval = vecY->values, .elem = elem_size(vecX->value_type),
                         .type = vecX->value_type, .fn = fn};
    return vec_launch(h, &t);
}

aclsparseStatus_t aclsparseSpvv(aclsparseHandle_t handle, aclsparseOperation_t op,
                                aclsparseConstSpVecDescr_t x, aclsparseConstDnVecDescr_t y,
                                void *result, aclDataType computeType)
{
    static const char fn[] = "aclsparseSpvv";
    aclsparseStatus_t st;
    struct aclsparseContext *h = sparse_handle(handle, fn, &st);
    if (!h)
        return st;
    if (!sparse_reg_live(x, SPARSE_KIND_SPVEC) || !sparse_reg_live(y, SPARSE_KIND_DNVEC) ||
        result == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "x, y or result is NULL (or x, y not live descriptors)");
    if (op != ACL_SPARSE_OP_NON_TRANSPOSE)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn, "op %d: only non-transpose",
                           (int)op);
    if (computeType != ACL_FLOAT)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "computeType %d: only ACL_FLOAT", (int)computeType);
    if (x->value_type != ACL_FLOAT && x->value_type != ACL_FLOAT16)
        return sparse_fail(ACL_SPARSE_STATUS_NOT_SUPPORTED, fn,
                           "value type %d: FLOAT or FLOAT16", (int)x->value_type);
    if (y->value_type != x->value_type)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "y's value type %d differs from x's %d", (int)y->value_type,
                           (int)x->value_type);
    if (h->stream == NULL)
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn,
                           "the handle has no stream: call aclsparseSetStream first");
    if (x->nnz > 0 && (x->values == NULL || x->indices == NULL || y->values == NULL))
        return sparse_fail(ACL_SPARSE_STATUS_INVALID_VALUE, fn, "a data pointer is NULL");
    struct vec_task t = {.kind = VEC_SPVV, .nnz = x->nnz, .ysize = y->size,
                         .base = x->base == ACL_SPARSE_INDEX_BASE_ONE, .idx = x->indices,
                         .idx_type = x->idx_type, .xval = x->values, .yval = y->values,
                         .result = result, .elem = elem_size(x->value_type),
                         .type = x->value_type, .fn = fn};
    return vec_launch(h, &t);
}
