/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/reduce.c: reductions of the table: ReduceSum and ReduceMean
 * (axes a value input), ReduceSumD and ReduceMeanD (axes an attribute),
 * keep_dims, noop_with_empty_axes (empty axes: y = x when true, else every
 * dim is reduced); ArgMaxV2 (dimension a value input, y int32 or int64).
 */
#include <string.h>

#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "ops/proto/proto_pvt.h"

/* The axes to reduce, wrapped, into axes[*n]; *n = 0 with *noop set when
 * the axes are empty and the instance says so. */
static enum proto_status reduce_axes(struct proto_op *op, int64_t *axes, int *cnt, bool *noop)
{
    const struct proto_attr *a = proto_attr(op, "axes");
    int n;
    *noop = false;
    if (a) {
        if (a->n > PROTO_MAX_DIMS)
            return proto_fail(op, PROTO_ATTR, "attribute axes has %zu values, x has rank %d", a->n,
                              (int)op->in[0].nd);
        n = (int)a->n;
        memcpy(axes, a->ints, (size_t)n * sizeof(int64_t));
    } else {
        n = proto_const_ints(&op->in[1], axes, PROTO_MAX_DIMS);
        if (n < 0)
            return proto_fail(op, PROTO_INPUT,
                              "input axes must hold int32 or int64 values (at most %d)",
                              PROTO_MAX_DIMS);
    }
    int nd = op->in[0].nd;
    bool seen[PROTO_MAX_DIMS] = {false};
    for (int i = 0; i < n; i++) {
        int w = proto_wrap_axis(axes[i], nd);
        if (w < 0 || seen[w])
            return proto_fail(op, a ? PROTO_ATTR : PROTO_INPUT,
                              "axis %lld is out of range for rank %d or repeated",
                              (long long)axes[i], nd);
        seen[w] = true;
        axes[i] = w;
    }
    if (n == 0) {
        const struct proto_attr *na = proto_attr(op, "noop_with_empty_axes");
        if (na && na->i) {
            *noop = true;
            *cnt = 0;
            return PROTO_OK;
        }
        for (int i = 0; i < nd; i++)
            axes[n++] = i;
    }
    *cnt = n;
    return PROTO_OK;
}

enum proto_status proto_infer_reduce(struct proto_op *op)
{
    int64_t axes[PROTO_MAX_DIMS];
    bool noop;
    int n;
    enum proto_status st = reduce_axes(op, axes, &n, &noop);
    if (st)
        return st;
    const struct core_op_val *x = &op->in[0];
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    if (noop)
        return PROTO_OK;
    bool red[PROTO_MAX_DIMS] = {false}, keep = proto_attr_i(op, "keep_dims") != 0;
    for (int i = 0; i < n; i++)
        red[axes[i]] = true;
    o->nd = 0;
    for (int i = 0; i < x->nd; i++) {
        if (!red[i])
            o->dims[o->nd++] = x->dims[i];
        else if (keep)
            o->dims[o->nd++] = 1;
    }
    return PROTO_OK;
}

static enum proto_status build_reduce(const struct proto_op *op, struct proto_plan_builder *b,
                                      bool mean)
{
    int64_t axes[PROTO_MAX_DIMS];
    bool noop;
    int n;
    enum proto_status st = reduce_axes((struct proto_op *)op, axes, &n, &noop);
    if (st)
        return st;
    if (noop)
        return proto_step_copy(b, PIN(0), POUT(op, 0), proto_bytes(&op->out[0]));
    aclIntArray *dims = aclCreateIntArray(axes, (uint64_t)n);
    bool keep = proto_attr_i(op, "keep_dims") != 0;
    aclTensor *x = proto_operand(b, PIN(0)), *y = proto_operand(b, POUT(op, 0));
    st = mean ? PROTO_STEP(b, aclnnMeanGetWorkspaceSize, x, dims, keep, op->out[0].dtype, y)
              : PROTO_STEP(b, aclnnReduceSumGetWorkspaceSize, x, dims, keep, op->out[0].dtype, y);
    aclDestroyIntArray(dims);
    return st;
}

enum proto_status proto_build_reduce_sum(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_reduce(op, b, false);
}

enum proto_status proto_build_reduce_mean(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_reduce(op, b, true);
}

/* ---- ArgMaxV2 ----------------------------------------------------------------------- */

enum proto_status proto_infer_arg_max(struct proto_op *op)
{
    int64_t dim;
    if (proto_const_ints(&op->in[1], &dim, 1) != 1)
        return proto_fail(op, PROTO_INPUT, "input dimension must hold one int32 or int64 value");
    const struct core_op_val *x = &op->in[0];
    int ax = proto_wrap_axis(dim, x->nd > 0 ? x->nd : 1);
    if (ax < 0)
        return proto_fail(op, PROTO_INPUT, "dimension %lld is out of range for rank %d",
                          (long long)dim, (int)x->nd);
    /* y's type: the dtype attribute when set; else the caller's description
     * of y when it says int32 or int64 (the samples describe y int32 and
     * leave dtype at its default); else the default, int64. */
    const struct proto_attr *a = proto_attr(op, "dtype");
    aclDataType t = (aclDataType)a->i;
    if (!a->set && (op->out[0].dtype == ACL_INT32 || op->out[0].dtype == ACL_INT64))
        t = op->out[0].dtype;
    if (t != ACL_INT32 && t != ACL_INT64)
        return proto_fail(op, PROTO_ATTR, "attribute dtype is %s, expected int32 or int64",
                          proto_dtype_name(t));
    struct core_op_val *o = &op->out[0];
    o->dtype = t;
    o->nd = 0;
    for (int i = 0; i < x->nd; i++)
        if (i != ax)
            o->dims[o->nd++] = x->dims[i];
    return PROTO_OK;
}

enum proto_status proto_build_arg_max(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t dim;
    proto_const_ints(&op->in[1], &dim, 1);
    return PROTO_STEP(b, aclnnArgMaxGetWorkspaceSize, proto_operand(b, PIN(0)), dim, false,
                      proto_operand(b, POUT(op, 0)));
}
