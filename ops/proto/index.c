/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/index.c: the index types of the table whose output extent depends on the
 * data (GE's "third-class" operators): NonZero, MaskedSelect, UniqueWithCountsAndSorting
 * and UniqueDim. Their rules give each such output an upper bound (op->bound marks the
 * dims) and their kernels, host steps, write the result compactly at its real dims, zero
 * the rest of the bound (so a Cast of the whole buffer reads defined values), and report
 * the real dims (proto_step_fn_dims).
 *
 *   NonZero     y: the coordinates of x's nonzero elements in row-major order; [n, rank]
 *               (transpose false) or [rank, n] (true, ONNX's layout); bound n = numel.
 *   MaskedSelect  y: the elements of x (broadcast with mask) where mask is true, 1-d;
 *               bound: the broadcast element count.
 *   UniqueWithCountsAndSorting  over all elements (torch.unique): y [K], indices (the
 *               inverse: each element's position in y, x's shape), counts [K]; bound K =
 *               numel. sorted false: the order of first occurrence (ONNX's, which GE maps
 *               onto this type).
 *   UniqueDim   along dim (torch.unique(dim=)): y x's shape with dim cut to K, idx [dim's
 *               size] the inverse, count [K]; bound K = dim's size.
 * return_inverse and return_counts do not change what is computed: the outputs are the
 * IR's in any case, and written.
 */
#include <string.h>

#include "ops/index/masked_select.h"
#include "ops/index/unique.h"
#include "ops/proto/proto_pvt.h"

/* Zero bytes [used, cap) of an output: its bound beyond the real extent. */
static void zero_tail(void *p, size_t used, size_t cap)
{
    if (used < cap)
        memset((char *)p + used, 0, cap - used);
}

/* ---- NonZero --------------------------------------------------------------------------- */

enum proto_status proto_infer_non_zero(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0];
    int64_t t = proto_attr_i(op, "dtype");
    if (t != ACL_INT32 && t != ACL_INT64)
        return proto_fail(op, PROTO_ATTR,
                          "attribute dtype is %lld, expected 3 (int32) or 9 (int64)", (long long)t);
    if (x->nd < 1)
        return proto_fail(op, PROTO_INPUT, "input x is a scalar; NonZero takes 1 to %d dims",
                          PROTO_MAX_DIMS);
    bool tr = proto_attr_i(op, "transpose") != 0;
    struct core_op_val *y = &op->out[0];
    y->dtype = (aclDataType)t;
    y->format = ACL_FORMAT_ND;
    y->nd = 2;
    y->dims[tr ? 0 : 1] = x->nd;
    y->dims[tr ? 1 : 0] = proto_numel(x);
    op->bound[0] = tr ? 2 : 1; /* the count of nonzero elements */
    return PROTO_OK;
}

struct non_zero_arg {
    int nd;
    int64_t dims[PROTO_MAX_DIMS];
    int64_t numel;
    aclDataType xdt, ydt;
    bool tr;
    uint32_t y;
};

/* Whether element i of x is nonzero: by value for the floats (-0.0 is zero, NaN is not),
 * by bits for the integers and bool. */
static bool nonzero_at(const void *x, aclDataType dt, int64_t i)
{
    switch (dt) {
    case ACL_FLOAT:
        return ((const float *)x)[i] != 0;
    case ACL_DOUBLE:
        return ((const double *)x)[i] != 0;
    case ACL_FLOAT16:
    case ACL_BF16:
        return (((const uint16_t *)x)[i] & 0x7fff) != 0;
    default: {
        size_t es = (size_t)aclDataTypeSize(dt);
        const unsigned char *p = (const unsigned char *)x + (size_t)i * es;
        for (size_t b = 0; b < es; b++)
            if (p[b])
                return true;
        return false;
    }
    }
}

static int32_t non_zero_step(void *const *operands, const void *arg,
                             int64_t (*dims)[PROTO_MAX_DIMS])
{
    const struct non_zero_arg *a = arg;
    const void *x = operands[PIN(0)];
    char *y = operands[a->y];
    size_t isz = a->ydt == ACL_INT32 ? 4 : 8;
    int64_t n = 0;
    for (int64_t i = 0; i < a->numel; i++)
        n += nonzero_at(x, a->xdt, i);
    int64_t idx[PROTO_MAX_DIMS] = {0}, j = 0;
    for (int64_t i = 0; i < a->numel; i++, ops_odo_next(idx, a->dims, a->nd)) {
        if (!nonzero_at(x, a->xdt, i))
            continue;
        for (int d = 0; d < a->nd; d++) {
            int64_t at = a->tr ? d * n + j : j * a->nd + d;
            if (isz == 4)
                ((int32_t *)y)[at] = (int32_t)idx[d];
            else
                ((int64_t *)y)[at] = idx[d];
        }
        j++;
    }
    zero_tail(y, (size_t)(n * a->nd) * isz, (size_t)(a->numel * a->nd) * isz);
    if (dims) {
        dims[0][a->tr ? 0 : 1] = a->nd;
        dims[0][a->tr ? 1 : 0] = n;
    }
    return 0;
}

enum proto_status proto_build_non_zero(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *x = &op->in[0];
    struct non_zero_arg a = {.nd = x->nd,
                             .numel = proto_numel(x),
                             .xdt = x->dtype,
                             .ydt = op->out[0].dtype,
                             .tr = proto_attr_i(op, "transpose") != 0,
                             .y = POUT(op, 0)};
    memcpy(a.dims, x->dims, sizeof(a.dims));
    return proto_step_fn_dims(b, non_zero_step, &a, sizeof(a));
}

/* ---- MaskedSelect ------------------------------------------------------------------------ */

enum proto_status proto_infer_masked_select(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0], *m = &op->in[1];
    if (m->dtype != ACL_BOOL)
        return proto_fail(op, PROTO_DTYPE, "input mask has type %s, expected bool",
                          proto_dtype_name(m->dtype));
    struct core_op_val bc = *x;
    enum proto_status st = proto_broadcast(op, x, m, &bc);
    if (st)
        return st;
    struct core_op_val *y = &op->out[0];
    y->dtype = x->dtype;
    y->format = ACL_FORMAT_ND;
    y->nd = 1;
    y->dims[0] = proto_numel(&bc);
    op->bound[0] = 1;
    return PROTO_OK;
}

struct masked_select_arg {
    int nd;
    int64_t dims[PROTO_MAX_DIMS], xst[PROTO_MAX_DIMS], mst[PROTO_MAX_DIMS];
    int64_t numel;
    size_t esz;
    uint32_t y;
};

static int32_t masked_select_step(void *const *operands, const void *arg,
                                  int64_t (*dims)[PROTO_MAX_DIMS])
{
    const struct masked_select_arg *a = arg;
    char *y = operands[a->y];
    int64_t n = a->numel ? ops_masked_select_pack(y, 1, operands[PIN(0)], a->xst, a->esz,
                                                  operands[PIN(1)], a->mst, 1, a->dims, a->nd)
                         : 0; /* MS1 */
    zero_tail(y, (size_t)n * a->esz, (size_t)a->numel * a->esz);
    if (dims)
        dims[0][0] = n;
    return 0;
}

/* Row-major strides of v over the broadcast shape dims (nd of them): 0 where v is
 * broadcast (a dim of 1 or a missing leading one). */
static void bcast_strides(const struct core_op_val *v, const int64_t *dims, int nd, int64_t *st)
{
    int64_t s = 1;
    for (int d = nd - 1; d >= 0; d--) {
        int vd = d - (nd - v->nd);
        bool own = vd >= 0 && v->dims[vd] == dims[d] && dims[d] != 1;
        st[d] = own ? s : 0;
        if (vd >= 0)
            s *= v->dims[vd];
    }
}

enum proto_status proto_build_masked_select(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *x = &op->in[0], *m = &op->in[1];
    struct core_op_val bc = *x;
    proto_broadcast((struct proto_op *)op, x, m, &bc);
    struct masked_select_arg a = {.nd = bc.nd,
                                  .numel = proto_numel(&bc),
                                  .esz = (size_t)aclDataTypeSize(x->dtype),
                                  .y = POUT(op, 0)};
    memcpy(a.dims, bc.dims, sizeof(a.dims));
    bcast_strides(x, bc.dims, bc.nd, a.xst);
    bcast_strides(m, bc.dims, bc.nd, a.mst);
    return proto_step_fn_dims(b, masked_select_step, &a, sizeof(a));
}

/* ---- UniqueWithCountsAndSorting, UniqueDim --------------------------------------------- */

/* The index type of the outputs: out_idx (UniqueWithCountsAndSorting), int64 (UniqueDim). */
static enum proto_status unique_idt(struct proto_op *op, aclDataType *t)
{
    *t = ACL_INT64;
    if (strcmp(op->def->type, "UniqueWithCountsAndSorting"))
        return PROTO_OK;
    int64_t v = proto_attr_i(op, "out_idx");
    if (v != ACL_INT32 && v != ACL_INT64)
        return proto_fail(op, PROTO_ATTR,
                          "attribute out_idx is %lld, expected 3 (int32) or 9 (int64)",
                          (long long)v);
    *t = (aclDataType)v;
    return PROTO_OK;
}

/* The axis of UniqueDim (attribute dim, wrapped), -1 for UniqueWithCountsAndSorting. */
static enum proto_status unique_axis(struct proto_op *op, int *ax)
{
    *ax = -1;
    if (strcmp(op->def->type, "UniqueDim"))
        return PROTO_OK;
    const struct core_op_val *x = &op->in[0];
    *ax = x->nd > 0 ? proto_wrap_axis(proto_attr_i(op, "dim"), x->nd) : -1;
    if (*ax < 0)
        return proto_fail(op, PROTO_ATTR, "attribute dim %lld is out of range for rank %d",
                          (long long)proto_attr_i(op, "dim"), (int)x->nd);
    return PROTO_OK;
}

enum proto_status proto_infer_unique(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0];
    aclDataType idt;
    int ax;
    enum proto_status st = unique_idt(op, &idt);
    if (!st)
        st = unique_axis(op, &ax);
    if (st)
        return st;
    struct core_op_val *y = &op->out[0], *inv = &op->out[1], *cnt = &op->out[2];
    int64_t n = ax < 0 ? proto_numel(x) : x->dims[ax];
    if (ax < 0) {
        y->nd = 1;
        y->dims[0] = n;
        op->bound[0] = 1;
        proto_out_like(inv, x, idt); /* torch.unique's inverse: x's shape */
    } else {
        proto_out_like(y, x, x->dtype);
        op->bound[0] = (uint8_t)(1u << ax);
        inv->nd = 1;
        inv->dims[0] = n;
        inv->dtype = idt;
    }
    y->dtype = x->dtype;
    y->format = inv->format = cnt->format = ACL_FORMAT_ND;
    cnt->dtype = idt;
    cnt->nd = 1;
    cnt->dims[0] = n;
    op->bound[2] = 1;
    return PROTO_OK;
}

struct unique_arg {
    struct ops_unique u;
    int ax; /* -1: over all elements */
    int nd; /* y's rank */
    int64_t ydims[PROTO_MAX_DIMS];
    uint32_t y, inv, cnt;
};

static int32_t unique_step(void *const *operands, const void *arg, int64_t (*dims)[PROTO_MAX_DIMS])
{
    const struct unique_arg *a = arg;
    const struct ops_unique *u = &a->u;
    int64_t k = 0;
    int32_t rc = ops_unique_run(u, operands[PIN(0)], operands[a->y], NULL, operands[a->inv],
                                operands[a->cnt], &k);
    if (rc)
        return rc;
    size_t esz = (size_t)aclDataTypeSize(u->dtype), isz = u->idt == ACL_INT32 ? 4 : 8;
    zero_tail(operands[a->y], (size_t)(u->outer * k * u->inner) * esz,
              (size_t)(u->outer * u->n * u->inner) * esz);
    zero_tail(operands[a->cnt], (size_t)k * isz, (size_t)u->n * isz);
    if (dims) {
        memcpy(dims[0], a->ydims, sizeof(dims[0]));
        dims[0][a->ax < 0 ? 0 : a->ax] = k;
        dims[2][0] = k;
    }
    return 0;
}

enum proto_status proto_build_unique(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *x = &op->in[0];
    struct unique_arg a = {.u = {.outer = 1,
                                 .n = 1,
                                 .inner = 1,
                                 .dtype = x->dtype,
                                 .idt = op->out[2].dtype,
                                 .sorted = proto_attr_i(op, "sorted") != 0},
                           .nd = op->out[0].nd,
                           .y = POUT(op, 0),
                           .inv = POUT(op, 1),
                           .cnt = POUT(op, 2)};
    unique_axis((struct proto_op *)op, &a.ax);
    if (a.ax < 0)
        a.u.n = proto_numel(x);
    else
        for (int i = 0; i < x->nd; i++)
            *(i < a.ax ? &a.u.outer : i == a.ax ? &a.u.n : &a.u.inner) *= x->dims[i];
    memcpy(a.ydims, op->out[0].dims, sizeof(a.ydims));
    return proto_step_fn_dims(b, unique_step, &a, sizeof(a));
}
