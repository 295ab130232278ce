/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/reduce.c: reductions of the table: ReduceSum, ReduceMean,
 * ReduceMax, ReduceMin and ReduceProd (axes a value input; ReduceProd one
 * axis or all of them), ReduceSumD and ReduceMeanD (axes an attribute),
 * keep_dims, noop_with_empty_axes (empty axes: y = x when true, else every
 * dim is reduced); ArgMaxV2 and ArgMin (dimension a value input, y int32 or
 * int64);
 * Cumsum (axis a value input); TopKV2 (k a value input: aclnnTopk's kernel).
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_amin.h"
#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_argmin.h"
#include "aclnnop/aclnn_cumsum.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_prod.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "ops/proto/proto_pvt.h"
#include "ops/sort/sort.h"

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

enum reduce_kind { RED_SUM, RED_MEAN, RED_MAX, RED_MIN, RED_PROD };

static enum proto_status build_reduce(const struct proto_op *op, struct proto_plan_builder *b,
                                      enum reduce_kind k)
{
    int64_t axes[PROTO_MAX_DIMS];
    bool noop;
    int n;
    enum proto_status st = reduce_axes((struct proto_op *)op, axes, &n, &noop);
    if (st)
        return st;
    if (noop)
        return proto_step_copy(b, PIN(0), POUT(op, 0), proto_bytes(&op->out[0]));
    bool keep = proto_attr_i(op, "keep_dims") != 0;
    aclTensor *x = proto_operand(b, PIN(0)), *y = proto_operand(b, POUT(op, 0));
    aclDataType t = op->out[0].dtype;
    if (k == RED_PROD) { /* aclnnProdDim takes one dim; aclnnProd all of them */
        if (n == 1)
            return PROTO_STEP(b, aclnnProdDimGetWorkspaceSize, x, axes[0], keep, t, y);
        if (n == op->in[0].nd && !keep)
            return PROTO_STEP(b, aclnnProdGetWorkspaceSize, x, t, y);
        return proto_fail((struct proto_op *)op, PROTO_UNSUPPORTED,
                          "%d axes of rank %d: one axis, or all of them without keep_dims, are "
                          "supported",
                          n, (int)op->in[0].nd);
    }
    aclIntArray *dims = aclCreateIntArray(axes, (uint64_t)n);
    switch (k) {
    case RED_MEAN:
        st = PROTO_STEP(b, aclnnMeanGetWorkspaceSize, x, dims, keep, t, y);
        break;
    case RED_MAX:
        st = PROTO_STEP(b, aclnnAmaxGetWorkspaceSize, x, dims, keep, y);
        break;
    case RED_MIN:
        st = PROTO_STEP(b, aclnnAminGetWorkspaceSize, x, dims, keep, y);
        break;
    default:
        st = PROTO_STEP(b, aclnnReduceSumGetWorkspaceSize, x, dims, keep, t, y);
    }
    aclDestroyIntArray(dims);
    return st;
}

enum proto_status proto_build_reduce_sum(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_reduce(op, b, RED_SUM);
}

enum proto_status proto_build_reduce_mean(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_reduce(op, b, RED_MEAN);
}

enum proto_status proto_build_reduce_max(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_reduce(op, b, RED_MAX);
}

enum proto_status proto_build_reduce_min(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_reduce(op, b, RED_MIN);
}

enum proto_status proto_build_reduce_prod(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_reduce(op, b, RED_PROD);
}

/* ---- ArgMaxV2 ----------------------------------------------------------------------- */

enum proto_status proto_infer_arg_max(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0];
    int ax;
    enum proto_status st = proto_axis_input(op, 1, x->nd > 0 ? x->nd : 1, &ax);
    if (st)
        return st;
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

typedef aclnnStatus (*arg_fn)(const aclTensor *self, int64_t dim, bool keepdim, aclTensor *out,
                              uint64_t *workspaceSize, aclOpExecutor **executor);

static enum proto_status build_arg(const struct proto_op *op, struct proto_plan_builder *b,
                                   arg_fn fn)
{
    int dim = 0;
    proto_axis_input((struct proto_op *)op, 1, op->in[0].nd > 0 ? op->in[0].nd : 1, &dim);
    return PROTO_STEP(b, fn, proto_operand(b, PIN(0)), dim, false, proto_operand(b, POUT(op, 0)));
}

enum proto_status proto_build_arg_max(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_arg(op, b, aclnnArgMaxGetWorkspaceSize);
}

/* ArgMin: ArgMaxV2's rule, the first minimum. */
enum proto_status proto_build_arg_min(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_arg(op, b, aclnnArgMinGetWorkspaceSize);
}

/* ---- Cumsum ---------------------------------------------------------------------------- */

/* Cumsum: axis a const, or a value the graph feeds at run time (one int32 or int64: the
 * output shape is x's whatever it holds); exclusive and reverse as aclnnCumsumV2's. */
enum proto_status proto_infer_cumsum(struct proto_op *op)
{
    int a, nd = op->in[0].nd > 0 ? op->in[0].nd : 1;
    const struct core_op_val *ax = &op->in[1];
    if (ax->data) {
        enum proto_status st = proto_axis_input(op, 1, nd, &a);
        if (st)
            return st;
    } else if ((ax->dtype != ACL_INT32 && ax->dtype != ACL_INT64) || proto_numel(ax) != 1) {
        return proto_fail(op, PROTO_INPUT, "input axis must hold one int32 or int64 value");
    }
    proto_out_like(&op->out[0], &op->in[0], op->in[0].dtype);
    return PROTO_OK;
}

/* A const axis: one CumsumV2. An axis known at run time: one CumsumV2 an axis of x, the
 * select step running the one the axis holds. */
enum proto_status proto_build_cumsum(const struct proto_op *op, struct proto_plan_builder *b)
{
    bool excl = proto_attr_i(op, "exclusive") != 0, rev = proto_attr_i(op, "reverse") != 0;
    int nd = op->in[0].nd > 0 ? op->in[0].nd : 1;
    if (op->in[1].data) {
        int a = 0;
        proto_axis_input((struct proto_op *)op, 1, nd, &a);
        return PROTO_STEP(b, aclnnCumsumV2GetWorkspaceSize, proto_operand(b, PIN(0)), a, excl, rev,
                          proto_operand(b, POUT(op, 0)));
    }
    enum proto_status st = proto_step_select(b, PIN(1), (uint32_t)nd, "Cumsum: input axis");
    for (int a = 0; a < nd && st == PROTO_OK; a++)
        st = PROTO_STEP(b, aclnnCumsumV2GetWorkspaceSize, proto_operand(b, PIN(0)), a, excl, rev,
                        proto_operand(b, POUT(op, 0)));
    return st;
}

/* ---- TopKV2 ---------------------------------------------------------------------------- */

/* The axis (attribute dim, wrapped) into *ax and k (a value input: a Const, or a graph input
 * of a dynamic-shape model; one int32/int64 in [0, x's dim]) into *k. */
static enum proto_status top_k_geom(struct proto_op *op, int *ax, int64_t *k)
{
    const struct core_op_val *x = &op->in[0];
    int nd = x->nd > 0 ? x->nd : 1;
    *ax = proto_wrap_axis(proto_attr_i(op, "dim"), nd);
    if (*ax < 0)
        return proto_fail(op, PROTO_ATTR, "attribute dim %lld is out of range for rank %d",
                          (long long)proto_attr_i(op, "dim"), (int)x->nd);
    int64_t d = x->nd > 0 ? x->dims[*ax] : 1;
    if (proto_const_ints(&op->in[1], k, 1) != 1 || proto_numel(&op->in[1]) != 1)
        return proto_fail(op, PROTO_INPUT, "input k must hold one int32 or int64 value");
    if (*k < 0 || *k > d)
        return proto_fail(op, PROTO_INPUT, "input k is %lld, expected in [0, %lld] (dim %d of x)",
                          (long long)*k, (long long)d, *ax);
    return PROTO_OK;
}

/* values: x with dim ax cut to k; indices: the same shape, int32 or int64 (indices_dtype). */
enum proto_status proto_infer_top_k(struct proto_op *op)
{
    int ax;
    int64_t k;
    enum proto_status st = top_k_geom(op, &ax, &k);
    if (st)
        return st;
    int64_t t = proto_attr_i(op, "indices_dtype");
    if (t != ACL_INT32 && t != ACL_INT64)
        return proto_fail(op, PROTO_ATTR,
                          "attribute indices_dtype is %lld, expected 3 (int32) "
                          "or 9 (int64)",
                          (long long)t);
    const struct core_op_val *x = &op->in[0];
    proto_out_like(&op->out[0], x, x->dtype);
    proto_out_like(&op->out[1], x, (aclDataType)t);
    if (x->nd > 0) {
        op->out[0].dims[ax] = k;
        op->out[1].dims[ax] = k;
    }
    return PROTO_OK;
}

/* ops_topk (AS3 in ops/sort/sort.c): each line along the axis ordered by value (descending
 * when largest; ties the lower index first, NaN above every number as in torch.topk), its
 * first k written. The order is total, so sorted false gets the sorted result too. */
enum proto_status proto_build_top_k(const struct proto_op *op, struct proto_plan_builder *b)
{
    int ax = 0;
    int64_t k = 0;
    top_k_geom((struct proto_op *)op, &ax, &k);
    return PROTO_STEP(b, ops_topk, proto_operand(b, PIN(0)), k, (int64_t)ax,
                      proto_attr_i(op, "largest") != 0, proto_operand(b, POUT(op, 0)),
                      proto_operand(b, POUT(op, 1)));
}
