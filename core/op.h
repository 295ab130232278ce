/* SPDX-License-Identifier: Apache-2.0 */
/*
 * core/op.h: what single-operator execution (aclop, core/op/) needs from the
 * operator types above it, and what it lends them. Part of core's interface
 * to the layers above, with core/err.h and core/launch.h.
 *
 * core/ runs aclop calls (arguments, tensor descriptions, data buffers,
 * streams, capture, the plan cache and handles) but does not know operator
 * types: they are ops/proto's table (ops/proto/proto.h), one layer up. That
 * layer registers a provider once, when the library is loaded
 * (core_op_provide, from a constructor); until then, and in builds without
 * ops/, every aclop execution reports ACL_ERROR_OP_TYPE_NOT_MATCH.
 *
 * Values: an operator's tensor as a tensor description gives it
 * (struct core_op_val), the attribute values of an aclopAttr
 * (struct core_op_attr_value, read with core_op_attr_find).
 */
#ifndef CPUACL_CORE_OP_H
#define CPUACL_CORE_OP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_op.h"

#define CORE_OP_MAX_DIMS 8

/* A tensor of an operator instance, as its description says. */
struct core_op_val {
    aclDataType dtype;
    aclFormat format;
    int32_t nd;                     /* -1: not known (an output before inference) */
    int64_t dims[CORE_OP_MAX_DIMS]; /* -1 for a dim known only by its range */
    const void *data;               /* host value of a const input, else NULL */
    size_t bytes;                   /* bytes at data */
    bool absent;                    /* an optional input not given */
};

/* ---- attribute values (the objects are core/op/attr.h's) ------------------ */

/* The value types, one per aclopSetAttr* setter. */
enum core_op_attr_type {
    CORE_OP_ATTR_BOOL,
    CORE_OP_ATTR_INT,
    CORE_OP_ATTR_FLOAT,
    CORE_OP_ATTR_STRING,
    CORE_OP_ATTR_DTYPE,
    CORE_OP_ATTR_LIST_BOOL,
    CORE_OP_ATTR_LIST_INT,
    CORE_OP_ATTR_LIST_FLOAT,
    CORE_OP_ATTR_LIST_STRING,
    CORE_OP_ATTR_LIST_LIST_INT,
    CORE_OP_ATTR_LIST_DTYPE,
};

struct core_i64s; /* core/runtime/tensor_desc.h; rows read with core_op_attr_row */

/* A typed value. Given to core_op_attr_set it is borrowed (copied there);
 * read back from a set it is owned by the set, valid until the name is set
 * again or the set is destroyed. A list of lists is given as counts/rows (the
 * aclopSetAttrListListInt arguments) and stored as lists. */
struct core_op_attr_value {
    enum core_op_attr_type type;
    size_t n; /* lists: the number of values (of lists for LIST_LIST_INT) */
    union {
        bool b;
        int64_t i;
        float f;
        aclDataType dt;
        const char *s;
        const bool *bools;
        const int64_t *ints;
        const float *floats;
        const char *const *strs;
        const aclDataType *dts;
        const uint8_t *bytes; /* LIST_BOOL given: 0 false, else true */
        struct {
            const int *counts;
            const int64_t *const *rows;
        } given;                       /* LIST_LIST_INT given */
        const struct core_i64s *lists; /* LIST_LIST_INT stored */
    } u;
};

/* The value of name in a (NULL: holds nothing), NULL when absent. */
const struct core_op_attr_value *core_op_attr_find(const aclopAttr *a, const char *name);
/* Row r (< v->n) of a stored LIST_LIST_INT value: its length, *vals its values. */
size_t core_op_attr_row(const struct core_op_attr_value *v, size_t r, const int64_t **vals);

/* ---- the provider of operator types ----------------------------------------- */

/* What to do with an instance. */
enum core_op_mode {
    CORE_OP_EXECUTE, /* check the outputs against the inferred ones; make a plan */
    CORE_OP_INFER,   /* write the inferred outputs into out; no plan */
};

struct core_op_provider {
    /* Check the instance `type` with nin inputs in[], nout outputs out[]
     * and the attributes attr (NULL: none), infer its outputs; then, by
     * mode, make a plan (*plan) or write the outputs into out[]. Returns
     * ACL_SUCCESS or the aclop code (ACL_ERROR_OP_TYPE_NOT_MATCH,
     * _OP_INPUT_NOT_MATCH, _OP_OUTPUT_NOT_MATCH, _OP_ATTR_NOT_MATCH,
     * _UNSUPPORTED_DATA_TYPE, _BAD_ALLOC...) with its message recorded,
     * prefixed by fn. */
    aclError (*prepare)(const char *type, uint32_t nin, const struct core_op_val *in,
                        uint32_t nout, struct core_op_val *out, const aclopAttr *attr,
                        enum core_op_mode mode, void **plan, const char *fn);
    /* Run a plan on a device worker: operands[k] the addresses of inputs
     * [0, nin) then outputs. 0 or an aclError for the stream. Plans are
     * immutable: one may run on several workers at once. */
    int32_t (*run)(const void *plan, void *const *operands);
    void (*release)(void *plan);
};

/* Install the provider (once, at load; later calls replace it). */
void core_op_provide(const struct core_op_provider *p);

#endif /* CPUACL_CORE_OP_H */
