/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The tensor description (aclTensorDesc, acl/acl_base.h), object side of the
 * tensor-desc calls of core/api/base.c. A description is a plain heap object
 * like aclDataBuffer, not an entry of a handle table: the caller owns it, and a
 * destroyed or garbage pointer is the caller's bug (as in AscendCL). Nothing
 * here takes a lock; a description shared between threads is the caller's to
 * synchronise.
 *
 * Fields: the shape (dims, what the dim getters report) with its format, the
 * storage shape and format (aclSetTensorShape / aclSetTensorFormat, the layout
 * in memory), the shape and value ranges as [min, max] pairs, the name and the
 * dynamic-input name (owned copies), a const value (owned copy), the placement
 * and the data address (filled in by the runtime where it knows it).
 */
#ifndef CPUACL_CORE_RUNTIME_TENSOR_DESC_H
#define CPUACL_CORE_RUNTIME_TENSOR_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#define CORE_TDESC_UNKNOWN_DIM (-1)  /* a dim only known at run time */
#define CORE_TDESC_UNKNOWN_RANK (-2) /* the single dim of a shape of unknown rank */

/* A counted array of int64_t (dims, or [min, max] pairs flattened). */
struct core_i64s {
    size_t n; /* elements (pairs: 2 per pair) */
    int64_t *v;
};

struct aclTensorDesc {
    aclDataType dtype;
    aclFormat format;         /* the original format */
    aclFormat storage_format; /* ACL_FORMAT_UNDEFINED until set */
    aclMemType placement;     /* ACL_MEMTYPE_DEVICE by default */
    struct core_i64s dims;    /* the original shape */
    struct core_i64s storage_dims;
    struct core_i64s shape_range; /* 2 per dim */
    struct core_i64s value_range; /* 2 per value */
    char *name;                   /* NULL reads as "" */
    char *dynamic_input;
    void *const_data; /* owned copy, NULL when not const */
    size_t const_len;
    void *address; /* the data, where the runtime filled it in */
    size_t count;  /* descriptions from this one to the end of its array */
};

/* A description of ndims dims (copied); NULL when out of memory. */
aclTensorDesc *core_tdesc_new(aclDataType dtype, size_t ndims, const int64_t *dims,
                              aclFormat format);
void core_tdesc_free(const aclTensorDesc *d);
/* A deep copy of d alone (its shapes, ranges, names and const value; count 1,
 * the same address); NULL when out of memory. */
aclTensorDesc *core_tdesc_copy(const aclTensorDesc *d);

/* Replace the shape (storage: the storage shape); ACL_ERROR_BAD_ALLOC naming
 * fn when out of memory, the old shape kept. */
aclError core_tdesc_set_dims(aclTensorDesc *d, bool storage, size_t ndims, const int64_t *dims,
                             const char *fn);
/* Replace the shape range (values: the value range) by n [min, max] pairs. */
aclError core_tdesc_set_range(aclTensorDesc *d, bool values, size_t n, const int64_t (*r)[2],
                              const char *fn);
/* Replace the name (dynamic: the dynamic-input name); NULL sets "". */
aclError core_tdesc_set_name(aclTensorDesc *d, bool dynamic, const char *name, const char *fn);
/* Make the description const with a copy of data[0, len), len > 0. */
aclError core_tdesc_set_const(aclTensorDesc *d, const void *data, size_t len, const char *fn);

/* Product of the dims (1 for none); 0 for an unknown dim or on overflow. */
size_t core_tdesc_elements(const aclTensorDesc *d);
/* core_tdesc_elements x the element size; 0 on overflow. */
size_t core_tdesc_bytes(const aclTensorDesc *d);
/* The number of dims, ACL_UNKNOWN_RANK for a shape of unknown rank. */
size_t core_tdesc_num_dims(const aclTensorDesc *d);

/* A new description of d's type with d's shape laid out in format dst
 * (docs/runtime.md lists the pairs); ACL_ERROR_GE_FORMAT_INVALID,
 * ACL_ERROR_GE_SHAPE_INVALID or ACL_ERROR_GE_DATATYPE_INVALID naming fn when
 * the shape cannot be converted, ACL_ERROR_BAD_ALLOC. */
aclError core_tdesc_trans_format(const aclTensorDesc *d, aclFormat dst, aclTensorDesc **out,
                                 const char *fn);

/* The plain fields, for core/api/base.c. */
static inline aclDataType core_tdesc_type(const aclTensorDesc *d)
{
    return d->dtype;
}
static inline aclFormat core_tdesc_format(const aclTensorDesc *d)
{
    return d->format;
}
/* storage: the storage format, else the original one. */
static inline void core_tdesc_set_format(aclTensorDesc *d, bool storage, aclFormat format)
{
    if (storage)
        d->storage_format = format;
    else
        d->format = format;
}
static inline void core_tdesc_set_placement(aclTensorDesc *d, aclMemType placement)
{
    d->placement = placement;
}
/* The stored dims, a -2 shape counting 1. */
static inline size_t core_tdesc_rank(const aclTensorDesc *d)
{
    return d->dims.n;
}
static inline int64_t core_tdesc_dim(const aclTensorDesc *d, size_t index)
{
    return d->dims.v[index];
}
static inline size_t core_tdesc_range_count(const aclTensorDesc *d)
{
    return d->shape_range.n / 2;
}
static inline void core_tdesc_range(const aclTensorDesc *d, size_t index, int64_t *minmax)
{
    minmax[0] = d->shape_range.v[2 * index];
    minmax[1] = d->shape_range.v[2 * index + 1];
}
static inline const char *core_tdesc_name(const aclTensorDesc *d)
{
    return d->name ? d->name : "";
}
static inline void *core_tdesc_address(const aclTensorDesc *d)
{
    return d->address;
}
/* Element index of d's array, NULL past its end. */
static inline aclTensorDesc *core_tdesc_at(aclTensorDesc *d, size_t index)
{
    return index < d->count ? d + index : NULL;
}

#endif
