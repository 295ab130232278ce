/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Tensor descriptions (aclTensorDesc): creation, the owned arrays and strings,
 * counts and sizes, and the format conversion of aclTransTensorDescFormat.
 * Their entry points are core/api/base.c; docs/runtime.md, "Tensor
 * descriptions", lists what each call returns.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/runtime/fault.h"
#include "core/runtime/runtime.h"
#include "core/runtime/tensor_desc.h"

/* A copy of v[0, n) into a; false (a unchanged) when out of memory. */
static bool i64s_set(struct core_i64s *a, size_t n, const int64_t *v)
{
    int64_t *copy = NULL;
    if (n && (n > SIZE_MAX / sizeof(*copy) || !(copy = core_memdup(v, n * sizeof(*copy)))))
        return false;
    free(a->v);
    a->v = copy;
    a->n = n;
    return true;
}

aclTensorDesc *core_tdesc_new(aclDataType dtype, size_t ndims, const int64_t *dims,
                              aclFormat format)
{
    aclTensorDesc *d = core_calloc(1, sizeof(*d));
    if (!d)
        return NULL;
    d->dtype = dtype;
    d->format = format;
    d->storage_format = ACL_FORMAT_UNDEFINED;
    d->placement = ACL_MEMTYPE_DEVICE;
    d->count = 1;
    if (!i64s_set(&d->dims, ndims, dims)) {
        free(d);
        return NULL;
    }
    return d;
}

void core_tdesc_free(const aclTensorDesc *cd)
{
    aclTensorDesc *d = (aclTensorDesc *)cd;
    free(d->dims.v);
    free(d->storage_dims.v);
    free(d->shape_range.v);
    free(d->value_range.v);
    free(d->name);
    free(d->dynamic_input);
    free(d->const_data);
    free(d);
}

aclTensorDesc *core_tdesc_copy(const aclTensorDesc *d)
{
    aclTensorDesc *c = core_tdesc_new(d->dtype, d->dims.n, d->dims.v, d->format);
    if (!c)
        return NULL;
    c->storage_format = d->storage_format;
    c->placement = d->placement;
    c->address = d->address;
    bool ok = i64s_set(&c->storage_dims, d->storage_dims.n, d->storage_dims.v) &&
              i64s_set(&c->shape_range, d->shape_range.n, d->shape_range.v) &&
              i64s_set(&c->value_range, d->value_range.n, d->value_range.v) &&
              (!d->name || (c->name = core_strdup(d->name))) &&
              (!d->dynamic_input || (c->dynamic_input = core_strdup(d->dynamic_input))) &&
              (!d->const_data || (c->const_data = core_memdup(d->const_data, d->const_len)));
    c->const_len = c->const_data ? d->const_len : 0;
    if (!ok) {
        core_tdesc_free(c);
        return NULL;
    }
    return c;
}

aclError core_tdesc_set_dims(aclTensorDesc *d, bool storage, size_t ndims, const int64_t *dims,
                             const char *fn)
{
    if (!i64s_set(storage ? &d->storage_dims : &d->dims, ndims, dims))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for %zu dims", fn, ndims);
    return ACL_SUCCESS;
}

aclError core_tdesc_set_range(aclTensorDesc *d, bool values, size_t n, const int64_t (*r)[2],
                              const char *fn)
{
    if (n > SIZE_MAX / 2 ||
        !i64s_set(values ? &d->value_range : &d->shape_range, 2 * n, n ? &r[0][0] : NULL))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for %zu ranges", fn, n);
    return ACL_SUCCESS;
}

aclError core_tdesc_set_name(aclTensorDesc *d, bool dynamic, const char *name, const char *fn)
{
    char *copy = NULL;
    if (name && *name && !(copy = core_strdup(name)))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for a %zu-byte name", fn,
                        strlen(name) + 1);
    char **slot = dynamic ? &d->dynamic_input : &d->name;
    free(*slot);
    *slot = copy;
    return ACL_SUCCESS;
}

aclError core_tdesc_set_const(aclTensorDesc *d, const void *data, size_t len, const char *fn)
{
    void *copy = core_memdup(data, len);
    if (!copy)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for %zu bytes of const data", fn,
                        len);
    free(d->const_data);
    d->const_data = copy;
    d->const_len = len;
    return ACL_SUCCESS;
}

/* unit x the product of the dims; 0 for an unknown dim or on overflow. No
 * divisions: aclop computes the bytes of every description on each call. */
static size_t dims_times(const aclTensorDesc *d, size_t unit)
{
    size_t n = unit;
    for (size_t i = 0; i < d->dims.n; i++) {
        int64_t dim = d->dims.v[i];
        if (dim < 0 || __builtin_mul_overflow(n, (uint64_t)dim, &n))
            return 0;
    }
    return n;
}

size_t core_tdesc_elements(const aclTensorDesc *d)
{
    return dims_times(d, 1);
}

size_t core_tdesc_bytes(const aclTensorDesc *d)
{
    return dims_times(d, core_dtype_size(d->dtype));
}

size_t core_tdesc_num_dims(const aclTensorDesc *d)
{
    if (d->dims.n && d->dims.v[0] == CORE_TDESC_UNKNOWN_RANK)
        return (size_t)ACL_UNKNOWN_RANK;
    return d->dims.n;
}

/* ---- aclTransTensorDescFormat ------------------------------------------------ */

/* The axis letters of the 4-D formats that are transposes of one another. */
static const char *axes_4d(aclFormat f)
{
    switch ((int)f) {
    case ACL_FORMAT_NCHW:
        return "NCHW";
    case ACL_FORMAT_NHWC:
        return "NHWC";
    case ACL_FORMAT_HWCN:
        return "HWCN";
    default:
        return NULL;
    }
}

/* The shape is 4-D with no negative dim, and its element count fits in int64. */
static bool shape_4d_ok(const aclTensorDesc *d)
{
    if (d->dims.n != 4)
        return false;
    int64_t count = 1;
    for (size_t i = 0; i < 4; i++) {
        int64_t dim = d->dims.v[i];
        if (dim < 0 || (dim && INT64_MAX / dim < count))
            return false;
        count *= dim;
    }
    return true;
}

aclError core_tdesc_trans_format(const aclTensorDesc *d, aclFormat dst, aclTensorDesc **out,
                                 const char *fn)
{
    const char *from = axes_4d(d->format), *to = axes_4d(dst);
    int64_t shape[5];
    size_t n = 0;
    if (!from || (!to && (int)dst != ACL_FORMAT_NC1HWC0) || dst == d->format ||
        ((int)dst == ACL_FORMAT_NC1HWC0 && (int)d->format == ACL_FORMAT_HWCN))
        return core_err((aclError)ACL_ERROR_GE_FORMAT_INVALID,
                        "%s: no conversion from format %d to format %d", fn, (int)d->format,
                        (int)dst);
    size_t esize = core_dtype_size(d->dtype);
    if (!to && !esize)
        return core_err((aclError)ACL_ERROR_GE_DATATYPE_INVALID,
                        "%s: data type %d has no element size for NC1HWC0", fn, (int)d->dtype);
    if (!shape_4d_ok(d))
        return core_err((aclError)ACL_ERROR_GE_SHAPE_INVALID,
                        "%s: format %s needs 4 dims, none negative (the shape has %zu)", fn, from,
                        d->dims.n);
    if (to) { /* a transpose: each destination axis from where its letter is */
        for (n = 0; n < 4; n++)
            shape[n] = d->dims.v[strchr(from, to[n]) - from];
    } else { /* NC1HWC0: C split into C1 blocks of C0 (32 one-byte elements, else 16) */
        int64_t c0 = esize == 1 ? 32 : 16, c = d->dims.v[strchr(from, 'C') - from];
        shape[n++] = d->dims.v[strchr(from, 'N') - from];
        shape[n++] = c / c0 + (c % c0 != 0);
        shape[n++] = d->dims.v[strchr(from, 'H') - from];
        shape[n++] = d->dims.v[strchr(from, 'W') - from];
        shape[n++] = c0;
    }
    *out = core_tdesc_new(d->dtype, n, shape, dst);
    if (!*out)
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    return ACL_SUCCESS;
}
