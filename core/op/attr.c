/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operator attributes (aclopAttr): the sorted name -> value map, deep copies
 * of the values, lookups and the hash. Their entry points are core/api/op.c;
 * docs/op.md, "Attributes", lists what each call returns.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/op/attr.h"
#include "core/runtime/fault.h"
#include "core/runtime/hash.h"

aclopAttr *core_op_attr_new(void)
{
    return core_calloc(1, sizeof(aclopAttr));
}

/* ---- owned values ---------------------------------------------------------- */

static void value_free(struct core_op_attr_value *v)
{
    switch (v->type) {
    case CORE_OP_ATTR_STRING:
        free((char *)v->u.s);
        break;
    case CORE_OP_ATTR_LIST_STRING:
        for (size_t i = 0; i < v->n; i++)
            free((char *)v->u.strs[i]);
        free((char **)v->u.strs);
        break;
    case CORE_OP_ATTR_LIST_LIST_INT:
        for (size_t i = 0; i < v->n; i++)
            free(v->u.lists[i].v);
        free((struct core_i64s *)v->u.lists);
        break;
    case CORE_OP_ATTR_LIST_BOOL:
    case CORE_OP_ATTR_LIST_INT:
    case CORE_OP_ATTR_LIST_FLOAT:
    case CORE_OP_ATTR_LIST_DTYPE:
        free((void *)v->u.ints); /* the one array of each list, whatever its type */
        break;
    default:
        break;
    }
}

/* n elements of size each (NULL for none); *ok false when out of memory. */
static void *array_dup(const void *src, size_t n, size_t size, bool *ok)
{
    if (!n)
        return NULL;
    void *p = n > SIZE_MAX / size ? NULL : core_malloc(n * size);
    if (p && src)
        memcpy(p, src, n * size);
    *ok = p != NULL;
    return p;
}

/* An owned copy of src into dst (dst->n and type set); false when out of memory,
 * with nothing left allocated. */
static bool value_copy(struct core_op_attr_value *dst, const struct core_op_attr_value *src)
{
    bool ok = true;
    *dst = *src;
    switch (src->type) {
    case CORE_OP_ATTR_STRING:
        return (dst->u.s = core_strdup(src->u.s)) != NULL;
    case CORE_OP_ATTR_LIST_BOOL: {
        bool *b = array_dup(NULL, src->n, sizeof(*b), &ok);
        for (size_t i = 0; ok && i < src->n; i++)
            b[i] = src->u.bytes[i] != 0;
        dst->u.bools = b;
        return ok;
    }
    case CORE_OP_ATTR_LIST_INT:
        dst->u.ints = array_dup(src->u.ints, src->n, sizeof(int64_t), &ok);
        return ok;
    case CORE_OP_ATTR_LIST_FLOAT:
        dst->u.floats = array_dup(src->u.floats, src->n, sizeof(float), &ok);
        return ok;
    case CORE_OP_ATTR_LIST_DTYPE:
        dst->u.dts = array_dup(src->u.dts, src->n, sizeof(aclDataType), &ok);
        return ok;
    case CORE_OP_ATTR_LIST_STRING: {
        char **s = array_dup(NULL, src->n, sizeof(*s), &ok);
        dst->u.strs = (const char *const *)s;
        for (size_t i = 0; ok && i < src->n; i++)
            if (!(s[i] = core_strdup(src->u.strs[i]))) {
                dst->n = i; /* free the copies made so far */
                value_free(dst);
                return false;
            }
        return ok;
    }
    case CORE_OP_ATTR_LIST_LIST_INT: {
        struct core_i64s *l = array_dup(NULL, src->n, sizeof(*l), &ok);
        dst->u.lists = l;
        for (size_t i = 0; ok && i < src->n; i++) {
            l[i].n = (size_t)src->u.given.counts[i];
            l[i].v = array_dup(src->u.given.rows[i], l[i].n, sizeof(int64_t), &ok);
            if (!ok) {
                dst->n = i;
                value_free(dst);
                return false;
            }
        }
        return ok;
    }
    default:
        return true; /* scalars */
    }
}

/* ---- the map ----------------------------------------------------------------- */

void core_op_attr_free(const aclopAttr *ca)
{
    aclopAttr *a = (aclopAttr *)ca;
    for (size_t i = 0; i < a->n; i++) {
        free(a->e[i].name);
        value_free(&a->e[i].value);
    }
    free(a->e);
    free(a);
}

/* The index of name, or where it would go (*found false). */
static size_t lookup(const aclopAttr *a, const char *name, bool *found)
{
    size_t lo = 0, hi = a->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(a->e[mid].name, name);
        if (!c) {
            *found = true;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = false;
    return lo;
}

aclError core_op_attr_set(aclopAttr *a, const char *name, const struct core_op_attr_value *v,
                          const char *fn)
{
    struct core_op_attr_value copy;
    if (!value_copy(&copy, v))
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the value of attribute %s", fn,
                        name);
    bool found;
    size_t at = lookup(a, name, &found);
    if (found) {
        value_free(&a->e[at].value);
        a->e[at].value = copy;
        return ACL_SUCCESS;
    }
    char *owned = core_strdup(name);
    if (owned && a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 4;
        struct core_op_attr_entry *e = core_realloc(a->e, cap * sizeof(*e));
        if (e) {
            a->e = e;
            a->cap = cap;
        } else {
            free(owned);
            owned = NULL;
        }
    }
    if (!owned) {
        value_free(&copy);
        return core_err(ACL_ERROR_BAD_ALLOC, "%s: out of memory for attribute %s", fn, name);
    }
    memmove(&a->e[at + 1], &a->e[at], (a->n - at) * sizeof(*a->e));
    a->e[at].name = owned;
    a->e[at].value = copy;
    a->n++;
    return ACL_SUCCESS;
}

/* ---- lookups ----------------------------------------------------------------- */

const struct core_op_attr_value *core_op_attr_find(const aclopAttr *a, const char *name)
{
    bool found = false;
    size_t at = a && name ? lookup(a, name, &found) : 0;
    return found ? &a->e[at].value : NULL;
}

size_t core_op_attr_row(const struct core_op_attr_value *v, size_t r, const int64_t **vals)
{
    *vals = v->u.lists[r].v;
    return v->u.lists[r].n;
}

enum core_op_attr_found core_op_attr_get(const aclopAttr *a, const char *name,
                                         enum core_op_attr_type t,
                                         const struct core_op_attr_value **out)
{
    const struct core_op_attr_value *v = core_op_attr_find(a, name);
    if (!v)
        return CORE_OP_ATTR_ABSENT;
    if (v->type != t)
        return CORE_OP_ATTR_MISTYPED;
    *out = v;
    return CORE_OP_ATTR_FOUND;
}

/* core_op_attr_get for type t, then *out = v->u.member when found. */
#define GET_SCALAR(t, member)                                                                      \
    const struct core_op_attr_value *v = NULL;                                                     \
    enum core_op_attr_found r = core_op_attr_get(a, name, t, &v);                                  \
    if (r == CORE_OP_ATTR_FOUND)                                                                   \
        *out = v->u.member;                                                                        \
    return r

enum core_op_attr_found core_op_attr_get_bool(const aclopAttr *a, const char *name, bool *out)
{
    GET_SCALAR(CORE_OP_ATTR_BOOL, b);
}

enum core_op_attr_found core_op_attr_get_int(const aclopAttr *a, const char *name, int64_t *out)
{
    GET_SCALAR(CORE_OP_ATTR_INT, i);
}

enum core_op_attr_found core_op_attr_get_float(const aclopAttr *a, const char *name, float *out)
{
    GET_SCALAR(CORE_OP_ATTR_FLOAT, f);
}

enum core_op_attr_found core_op_attr_get_string(const aclopAttr *a, const char *name,
                                                const char **out)
{
    GET_SCALAR(CORE_OP_ATTR_STRING, s);
}

enum core_op_attr_found core_op_attr_get_dtype(const aclopAttr *a, const char *name,
                                               aclDataType *out)
{
    GET_SCALAR(CORE_OP_ATTR_DTYPE, dt);
}

enum core_op_attr_found core_op_attr_get_list_int(const aclopAttr *a, const char *name, size_t *n,
                                                  const int64_t **out)
{
    const struct core_op_attr_value *v = NULL;
    enum core_op_attr_found r = core_op_attr_get(a, name, CORE_OP_ATTR_LIST_INT, &v);
    if (r == CORE_OP_ATTR_FOUND) {
        *n = v->n;
        *out = v->u.ints;
    }
    return r;
}

/* ---- hash -------------------------------------------------------------------- */

static uint64_t value_hash(uint64_t h, const struct core_op_attr_value *v)
{
    h = core_fnv1a(h, &v->type, sizeof(v->type));
    h = core_fnv1a(h, &v->n, sizeof(v->n));
    switch (v->type) {
    case CORE_OP_ATTR_BOOL:
        return core_fnv1a(h, &v->u.b, sizeof(v->u.b));
    case CORE_OP_ATTR_INT:
        return core_fnv1a(h, &v->u.i, sizeof(v->u.i));
    case CORE_OP_ATTR_FLOAT:
        return core_fnv1a(h, &v->u.f, sizeof(v->u.f));
    case CORE_OP_ATTR_DTYPE:
        return core_fnv1a(h, &v->u.dt, sizeof(v->u.dt));
    case CORE_OP_ATTR_STRING:
        return core_fnv1a(h, v->u.s, strlen(v->u.s) + 1);
    case CORE_OP_ATTR_LIST_BOOL:
        return core_fnv1a(h, v->u.bools, v->n * sizeof(bool));
    case CORE_OP_ATTR_LIST_INT:
        return core_fnv1a(h, v->u.ints, v->n * sizeof(int64_t));
    case CORE_OP_ATTR_LIST_FLOAT:
        return core_fnv1a(h, v->u.floats, v->n * sizeof(float));
    case CORE_OP_ATTR_LIST_DTYPE:
        return core_fnv1a(h, v->u.dts, v->n * sizeof(aclDataType));
    case CORE_OP_ATTR_LIST_STRING:
        for (size_t i = 0; i < v->n; i++)
            h = core_fnv1a(h, v->u.strs[i], strlen(v->u.strs[i]) + 1);
        return h;
    case CORE_OP_ATTR_LIST_LIST_INT:
        for (size_t i = 0; i < v->n; i++) {
            h = core_fnv1a(h, &v->u.lists[i].n, sizeof(size_t));
            h = core_fnv1a(h, v->u.lists[i].v, v->u.lists[i].n * sizeof(int64_t));
        }
        return h;
    }
    return h;
}

uint64_t core_op_attr_hash(const aclopAttr *a)
{
    uint64_t h = CORE_FNV1A_BASIS;
    for (size_t i = 0; i < core_op_attr_count(a); i++) {
        h = core_fnv1a(h, a->e[i].name, strlen(a->e[i].name) + 1);
        h = value_hash(h, &a->e[i].value);
    }
    return h;
}
