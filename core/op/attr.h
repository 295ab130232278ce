/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operator attributes (aclopAttr, acl/acl_op.h), object side of the aclop
 * attribute calls of core/api/op.c. The op room holds single-operator
 * execution; it sits above tdt and below process (it will use streams,
 * memory and the operator tables).
 *
 * An attribute set is a plain heap object like aclTensorDesc, not a handle:
 * the caller owns it, a destroyed or garbage pointer is the caller's bug, and
 * nothing here takes a lock (a set shared between threads is the caller's to
 * synchronise). It maps names (unique) to typed values: setting a name again
 * replaces its value and type. Names and values are owned copies. Entries are
 * kept sorted by name (strcmp), so iterating them gives the same order, and
 * the same key for hashing, whatever order the setters ran in.
 */
#ifndef CPUACL_CORE_OP_ATTR_H
#define CPUACL_CORE_OP_ATTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_op.h"
#include "core/op.h"
#include "core/runtime/tensor_desc.h"

struct core_op_attr_entry {
    char *name;
    struct core_op_attr_value value;
};

struct aclopAttr {
    size_t n, cap;
    struct core_op_attr_entry *e; /* n entries, sorted by name */
};

/* An empty set; NULL when out of memory. */
aclopAttr *core_op_attr_new(void);
void core_op_attr_free(const aclopAttr *a);

/* Store a copy of v under name, replacing the name's value; on failure
 * (ACL_ERROR_BAD_ALLOC naming fn) the set is unchanged. v must be valid: its
 * arrays non-NULL where n > 0, its strings and rows non-NULL, counts >= 0
 * (core/api/op.c checks). A LIST_BOOL value is given as bytes. */
aclError core_op_attr_set(aclopAttr *a, const char *name, const struct core_op_attr_value *v,
                          const char *fn);

/* Lookups for the executor. A NULL set holds nothing. */
enum core_op_attr_found {
    CORE_OP_ATTR_FOUND,
    CORE_OP_ATTR_ABSENT,   /* no such name */
    CORE_OP_ATTR_MISTYPED, /* the name holds another type */
};
/* core_op_attr_find (the value of name, NULL when absent): core/op.h. */
/* The value of name if it has type t (*out untouched otherwise). */
enum core_op_attr_found core_op_attr_get(const aclopAttr *a, const char *name,
                                         enum core_op_attr_type t,
                                         const struct core_op_attr_value **out);
enum core_op_attr_found core_op_attr_get_bool(const aclopAttr *a, const char *name, bool *out);
enum core_op_attr_found core_op_attr_get_int(const aclopAttr *a, const char *name, int64_t *out);
enum core_op_attr_found core_op_attr_get_float(const aclopAttr *a, const char *name, float *out);
enum core_op_attr_found core_op_attr_get_string(const aclopAttr *a, const char *name,
                                                const char **out);
enum core_op_attr_found core_op_attr_get_dtype(const aclopAttr *a, const char *name,
                                               aclDataType *out);
/* A list of ints: *n values at *v. */
enum core_op_attr_found core_op_attr_get_list_int(const aclopAttr *a, const char *name, size_t *n,
                                                  const int64_t **v);

/* Iteration in name order, for keys and hashing: index < core_op_attr_count. */
static inline size_t core_op_attr_count(const aclopAttr *a)
{
    return a ? a->n : 0;
}
static inline const char *core_op_attr_name(const aclopAttr *a, size_t index)
{
    return a->e[index].name;
}
static inline const struct core_op_attr_value *core_op_attr_at(const aclopAttr *a, size_t index)
{
    return &a->e[index].value;
}
/* A hash of the names, types and values (equal sets hash equal; -0.0 and
 * 0.0 differ, as their bits do). */
uint64_t core_op_attr_hash(const aclopAttr *a);

#endif
