/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The aclnn meta objects: tensors, scalars, arrays, lists, their queries,
 * aclnnInit/aclnnFinalize, and the shape helpers the operators share. (The
 * argument checks on these objects are in check.c.)
 *
 * These objects are plain heap blocks owned by the caller; nothing else
 * keeps a pointer to them (executors copy what they need), so destroying
 * one never affects queued work.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "ops/engine/engine.h"

/* ---- caller-owned arrays ---------------------------------------------------
 * AscendCL documents `delete[]` for the arrays the shape getters return. A
 * C++ program has operator new[] (nothrow form) in the process: use it so
 * that delete[] matches. A C program gets malloc memory to free(). */
extern void *_ZnamRKSt9nothrow_t(size_t n, const void *tag) __attribute__((weak));
extern const char _ZSt7nothrow __attribute__((weak));

static int64_t *caller_array(const int64_t *v, uint64_t n)
{
    size_t bytes = (size_t)(n ? n : 1) * sizeof(int64_t);
    int64_t *p = _ZnamRKSt9nothrow_t && &_ZSt7nothrow ? _ZnamRKSt9nothrow_t(bytes, &_ZSt7nothrow)
                                                      : malloc(bytes);
    if (p && n)
        memcpy(p, v, (size_t)n * sizeof(int64_t));
    return p;
}

/* ---- tensors ---------------------------------------------------------------- */

/* What is wrong with a tensor's arguments, or NULL. Beyond counts, NULL arrays and the data
 * type, the geometry is checked with overflow-checked arithmetic: no negative dim, stride or
 * offset (the aclCreateTensor reference forbids them: a kernel would read before the buffer);
 * the element count and byte size of the view and of the storage, and the byte offset of the
 * view's furthest element (offset + sum (dim - 1) * stride, scaled by the element size), fit
 * int64_t. An overflowed product that wrapped would otherwise let a kernel address memory far
 * outside the caller's buffer, or wrap back into it and "succeed". An empty view (a zero dim)
 * addresses nothing, so its other dims may be large. `buf` holds the message. */
static const char *tensor_args_bad(const int64_t *viewDims, uint64_t viewDimsNum,
                                   aclDataType dataType, const int64_t *stride, int64_t offset,
                                   const int64_t *storageDims, uint64_t storageDimsNum, char *buf,
                                   size_t cap)
{
    if (viewDimsNum > OPS_TENSOR_MAX_DIMS || storageDimsNum > OPS_TENSOR_MAX_DIMS) {
        snprintf(buf, cap, "%llu view dims, %llu storage dims (at most %d each)",
                 (unsigned long long)viewDimsNum, (unsigned long long)storageDimsNum,
                 OPS_TENSOR_MAX_DIMS);
        return buf;
    }
    if ((viewDimsNum && !viewDims) || (storageDimsNum && !storageDims))
        return viewDimsNum && !viewDims ? "viewDims is NULL with viewDimsNum > 0"
                                        : "storageDims is NULL with storageDimsNum > 0";
    /* ACL_INT4 has no byte size (two values per byte, low nibble first) but is a
     * tensor type: quantised weights (aclnnWeightQuantBatchMatmulV2) are int4. */
    if (aclDataTypeSize(dataType) == 0 && dataType != ACL_DT_UNDEFINED && dataType != ACL_INT4) {
        snprintf(buf, cap, "data type %d is not a tensor type", (int)dataType);
        return buf;
    }
    /* bytes per element, rounded up (int4: 1; undefined: 1) */
    int64_t esz = aclDataTypeSize(dataType) ? (int64_t)aclDataTypeSize(dataType) : 1;
    if (offset < 0) {
        snprintf(buf, cap, "offset %lld is negative", (long long)offset);
        return buf;
    }
    bool empty = false;
    for (uint64_t i = 0; i < viewDimsNum; i++) {
        int64_t d = viewDims[i], st = stride ? stride[i] : 0;
        if (d < 0 || st < 0) {
            snprintf(buf, cap, "view %s[%llu] = %lld is negative", d < 0 ? "dim" : "stride",
                     (unsigned long long)i, (long long)(d < 0 ? d : st));
            return buf;
        }
        empty |= d == 0;
    }
    int64_t n = 1, far = offset, step, bytes;
    for (uint64_t i = 0; i < viewDimsNum && !empty; i++) {
        int64_t d = viewDims[i];
        if (__builtin_mul_overflow(n, d, &n) ||
            (stride && (__builtin_mul_overflow(d - 1, stride[i], &step) ||
                        __builtin_add_overflow(far, step, &far)))) {
            snprintf(buf, cap, "the view's element count or extent overflows int64 at dim %llu",
                     (unsigned long long)i);
            return buf;
        }
    }
    if (!empty && (__builtin_mul_overflow(n, esz, &bytes) ||
                   (stride && (__builtin_add_overflow(far, 1, &far) ||
                               __builtin_mul_overflow(far, esz, &bytes))))) {
        snprintf(buf, cap, "the view's size in bytes overflows int64");
        return buf;
    }
    bool sempty = false;
    for (uint64_t i = 0; i < storageDimsNum; i++) {
        /* An empty view addresses nothing, so its storage is not checked: ggml-cann gives an
         * empty view the storage length 1 + (0 - 1) * stride, which is negative. */
        if (storageDims[i] < 0 && !empty) {
            snprintf(buf, cap, "storage dim[%llu] = %lld is negative", (unsigned long long)i,
                     (long long)storageDims[i]);
            return buf;
        }
        sempty |= storageDims[i] <= 0;
    }
    int64_t m = 1;
    for (uint64_t i = 0; i < storageDimsNum && !sempty; i++)
        if (__builtin_mul_overflow(m, storageDims[i], &m)) {
            snprintf(buf, cap, "the storage's element count overflows int64 at dim %llu",
                     (unsigned long long)i);
            return buf;
        }
    if (!sempty && __builtin_mul_overflow(m, esz, &bytes)) {
        snprintf(buf, cap, "the storage's size in bytes overflows int64");
        return buf;
    }
    return NULL;
}

static void tensor_fill(aclTensor *t, const int64_t *viewDims, uint64_t viewDimsNum,
                        aclDataType dataType, const int64_t *stride, int64_t offset,
                        aclFormat format, const int64_t *storageDims, uint64_t storageDimsNum,
                        void *data)
{
    t->magic = OPS_MAGIC_TENSOR;
    t->dtype = dataType;
    t->format = format;
    t->ndim = (uint32_t)viewDimsNum;
    t->storage_ndim = (uint32_t)storageDimsNum;
    t->offset = offset;
    t->data = data;
    if (viewDimsNum)
        memcpy(t->dims, viewDims, viewDimsNum * sizeof(int64_t));
    if (stride) {
        if (viewDimsNum)
            memcpy(t->strides, stride, viewDimsNum * sizeof(int64_t));
    } else { /* contiguous, row-major */
        int64_t s = 1;
        for (uint64_t i = viewDimsNum; i-- > 0;) {
            t->strides[i] = s;
            /* saturate: such a tensor is refused when an operator takes it */
            if (__builtin_mul_overflow(s, viewDims[i] > 0 ? viewDims[i] : 1, &s))
                s = INT64_MAX;
        }
    }
    if (storageDimsNum)
        memcpy(t->storage_dims, storageDims, storageDimsNum * sizeof(int64_t));
}

aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t *stride, int64_t offset, aclFormat format,
                           const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData)
{
    char why[128];
    const char *bad = tensor_args_bad(viewDims, viewDimsNum, dataType, stride, offset, storageDims,
                                      storageDimsNum, why, sizeof why);
    if (bad) {
        ops_err(ACLNN_ERR_PARAM_INVALID, "aclCreateTensor: %s", bad);
        return NULL;
    }
    aclTensor *t = malloc(sizeof(*t));
    if (!t) {
        ops_err(ACLNN_ERR_INNER, "aclCreateTensor: out of memory");
        return NULL;
    }
    tensor_fill(t, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims,
                storageDimsNum, tensorData);
    return t;
}

aclnnStatus aclInitTensor(aclTensor *tensor, const int64_t *viewDims, uint64_t viewDimsNum,
                          aclDataType dataType, const int64_t *stride, int64_t offset,
                          aclFormat format, const int64_t *storageDims, uint64_t storageDimsNum,
                          void *tensorDataAddr)
{
    OPS_CHECK_NULL("aclInitTensor", tensor);
    char why[128];
    const char *bad = tensor_args_bad(viewDims, viewDimsNum, dataType, stride, offset, storageDims,
                                      storageDimsNum, why, sizeof why);
    if (bad)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "aclInitTensor: %s", bad);
    tensor_fill(tensor, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims,
                storageDimsNum, tensorDataAddr);
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyTensor(const aclTensor *tensor)
{
    if (tensor) {
        ((aclTensor *)tensor)->magic = 0;
        free((void *)tensor);
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum)
{
    OPS_CHECK_NULLS("aclGetViewShape", tensor, viewDims, viewDimsNum);
    if (!(*viewDims = caller_array(tensor->dims, tensor->ndim)))
        return ops_err(ACLNN_ERR_INNER, "aclGetViewShape: out of memory");
    *viewDimsNum = tensor->ndim;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims,
                               uint64_t *storageDimsNum)
{
    OPS_CHECK_NULLS("aclGetStorageShape", tensor, storageDims, storageDimsNum);
    if (!(*storageDims = caller_array(tensor->storage_dims, tensor->storage_ndim)))
        return ops_err(ACLNN_ERR_INNER, "aclGetStorageShape: out of memory");
    *storageDimsNum = tensor->storage_ndim;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue, uint64_t *stridesNum)
{
    OPS_CHECK_NULLS("aclGetViewStrides", tensor, stridesValue, stridesNum);
    if (!(*stridesValue = caller_array(tensor->strides, tensor->ndim)))
        return ops_err(ACLNN_ERR_INNER, "aclGetViewStrides: out of memory");
    *stridesNum = tensor->ndim;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset)
{
    OPS_CHECK_NULLS("aclGetViewOffset", tensor, offset);
    *offset = tensor->offset;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format)
{
    OPS_CHECK_NULLS("aclGetFormat", tensor, format);
    *format = tensor->format;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType)
{
    OPS_CHECK_NULLS("aclGetDataType", tensor, dataType);
    *dataType = tensor->dtype;
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr)
{
    OPS_CHECK_NULL("aclSetRawTensorAddr", tensor);
    tensor->data = addr;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr)
{
    OPS_CHECK_NULLS("aclGetRawTensorAddr", tensor, addr);
    *addr = tensor->data;
    return ACLNN_SUCCESS;
}

/* ---- scalars ---------------------------------------------------------------- */

aclScalar *aclCreateScalar(void *value, aclDataType dataType)
{
    size_t n = aclDataTypeSize(dataType);
    if (!value || n == 0 || n > sizeof(((aclScalar *)0)->v.bytes)) {
        ops_err(ACLNN_ERR_PARAM_INVALID, "aclCreateScalar: %s value of type %d",
                value ? "unsupported" : "NULL", (int)dataType);
        return NULL;
    }
    aclScalar *s = calloc(1, sizeof(*s));
    if (!s) {
        ops_err(ACLNN_ERR_INNER, "aclCreateScalar: out of memory");
        return NULL;
    }
    s->magic = OPS_MAGIC_SCALAR;
    s->dtype = dataType;
    memcpy(s->v.bytes, value, n);
    return s;
}

aclnnStatus aclDestroyScalar(const aclScalar *scalar)
{
    if (scalar) {
        ((aclScalar *)scalar)->magic = 0;
        free((void *)scalar);
    }
    return ACLNN_SUCCESS;
}

/* ---- arrays and lists ----------------------------------------------------------- */

#define DEF_ARRAY(T, ET, CREATE, DESTROY, SIZE)                                                    \
    T *CREATE(const ET *value, uint64_t size)                                                      \
    {                                                                                              \
        if (size && !value) {                                                                      \
            ops_err(ACLNN_ERR_PARAM_NULLPTR, #CREATE ": value is NULL with size %llu",             \
                    (unsigned long long)size);                                                     \
            return NULL;                                                                           \
        }                                                                                          \
        if (size > (1ull << 40)) {                                                                 \
            ops_err(ACLNN_ERR_PARAM_INVALID, #CREATE ": size %llu is too large",                   \
                    (unsigned long long)size);                                                     \
            return NULL;                                                                           \
        }                                                                                          \
        T *a = malloc(sizeof(*a) + (size_t)size * sizeof(ET));                                     \
        if (!a) {                                                                                  \
            ops_err(ACLNN_ERR_INNER, #CREATE ": out of memory");                                   \
            return NULL;                                                                           \
        }                                                                                          \
        a->n = size;                                                                               \
        if (size)                                                                                  \
            memcpy((void *)a->v, value, (size_t)size * sizeof(ET));                                \
        return a;                                                                                  \
    }                                                                                              \
    aclnnStatus SIZE(const T *array, uint64_t *size)                                               \
    {                                                                                              \
        OPS_CHECK_NULL(#SIZE, array);                                                              \
        OPS_CHECK_NULL(#SIZE, size);                                                               \
        *size = array->n;                                                                          \
        return ACLNN_SUCCESS;                                                                      \
    }

DEF_ARRAY(aclIntArray, int64_t, aclCreateIntArray, aclDestroyIntArray, aclGetIntArraySize)
DEF_ARRAY(aclFloatArray, float, aclCreateFloatArray, aclDestroyFloatArray, aclGetFloatArraySize)
DEF_ARRAY(aclBoolArray, bool, aclCreateBoolArray, aclDestroyBoolArray, aclGetBoolArraySize)
DEF_ARRAY(aclTensorList, aclTensor *const, aclCreateTensorList, aclDestroyTensorList,
          aclGetTensorListSize)
DEF_ARRAY(aclScalarList, aclScalar *const, aclCreateScalarList, aclDestroyScalarList,
          aclGetScalarListSize)

aclnnStatus aclDestroyIntArray(const aclIntArray *array)
{
    free((void *)array);
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyFloatArray(const aclFloatArray *array)
{
    free((void *)array);
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyBoolArray(const aclBoolArray *array)
{
    free((void *)array);
    return ACLNN_SUCCESS;
}

/* A list owns its elements (AscendCL: do not destroy them again). */
aclnnStatus aclDestroyTensorList(const aclTensorList *array)
{
    if (array) {
        for (uint64_t i = 0; i < array->n; i++)
            aclDestroyTensor(array->v[i]);
        free((void *)array);
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyScalarList(const aclScalarList *array)
{
    if (array) {
        for (uint64_t i = 0; i < array->n; i++)
            aclDestroyScalar(array->v[i]);
        free((void *)array);
    }
    return ACLNN_SUCCESS;
}

/* ---- aclnnInit / aclnnFinalize ----------------------------------------------------- */

aclnnStatus aclnnInit(const char *configPath)
{
    (void)configPath; /* nothing to configure: kernels are built in */
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnFinalize(void)
{
    return ACLNN_SUCCESS;
}

/* ---- shape helpers ---------------------------------------------------------------- */

bool ops_broadcast(const int64_t *a, int na, const int64_t *b, int nb, int64_t *out, int *nout)
{
    int n = na > nb ? na : nb;
    for (int i = 0; i < n; i++) {
        int64_t x = i < n - na ? 1 : a[i - (n - na)];
        int64_t y = i < n - nb ? 1 : b[i - (n - nb)];
        if (x != y && x != 1 && y != 1)
            return false;
        out[i] = x == 1 ? y : x;
    }
    *nout = n;
    return true;
}

bool ops_same_shape(const aclTensor *a, const aclTensor *b)
{
    if (a->ndim != b->ndim)
        return false;
    for (uint32_t i = 0; i < a->ndim; i++)
        if (a->dims[i] != b->dims[i])
            return false;
    return true;
}

bool ops_shape_is(const aclTensor *t, const int64_t *dims, int nd)
{
    if ((int)t->ndim != nd)
        return false;
    for (int i = 0; i < nd; i++)
        if (t->dims[i] != dims[i])
            return false;
    return true;
}

/* Saturates at INT64_MAX (ops_check_dims refuses such tensors), so no
 * caller sees a wrapped count. */
int64_t ops_numel(const int64_t *dims, int n)
{
    int64_t v = 1;
    for (int i = 0; i < n; i++)
        if (__builtin_mul_overflow(v, dims[i], &v))
            return INT64_MAX;
    return v;
}

const char *ops_shape_str(char *buf, size_t n, const int64_t *dims, int nd)
{
    size_t k = 0;
    k += (size_t)snprintf(buf, n, "[");
    for (int i = 0; i < nd && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%lld", i ? ", " : "", (long long)dims[i]);
    if (k < n)
        snprintf(buf + k, n - k, "]");
    return buf;
}

/* The bytes [lo, hi) t's elements span at addr. */
static void view_extent(const struct ops_tensor *t, void *const *addr, uintptr_t *lo, uintptr_t *hi)
{
    const int64_t esz = ops_dt_size(t->dt);
    int64_t a = 0, b = 0;
    for (int d = 0; d < t->ndim; d++) {
        const int64_t span = (t->dims[d] - 1) * t->strides[d] * esz;
        *(span < 0 ? &a : &b) += span;
    }
    *lo = (uintptr_t)ops_base(t, addr) + (uintptr_t)a;
    *hi = (uintptr_t)ops_base(t, addr) + (uintptr_t)b + (uintptr_t)esz;
}

bool ops_views_alias(const struct ops_tensor *in, const struct ops_tensor *out, void *const *addr)
{
    uintptr_t il, ih, ol, oh;
    view_extent(in, addr, &il, &ih);
    view_extent(out, addr, &ol, &oh);
    if (ih <= ol || oh <= il)
        return false;
    bool same = il == ol && ops_dt_size(in->dt) == ops_dt_size(out->dt) && in->ndim == out->ndim;
    for (int d = 0; d < in->ndim && same; d++)
        same = in->dims[d] == out->dims[d] && in->strides[d] == out->strides[d];
    return !same;
}
