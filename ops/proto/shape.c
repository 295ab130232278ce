/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/shape.c: the types of the table that move or convert data
 * without arithmetic: Cast, Transpose, Reshape, ExpandDims, Squeeze, SqueezeV3,
 * Unsqueeze, UnsqueezeV3 (copies under a new shape), ConcatV2/ConcatD, Pack,
 * Slice, Tile, Expand, GatherV2, GatherElements, ScatterElements, OneHot,
 * Fill and Range (tensors whose shape a host value sets), PadV3 (its
 * paddings a host value), StridedSliceV2 (its begin, end, axes, strides) and
 * Assign (ref's output is value): their shape rules and kernels.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aclnnop/aclnn_arange.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_cat.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_expand.h"
#include "aclnnop/aclnn_fill_tensor.h"
#include "aclnnop/aclnn_gather.h"
#include "aclnnop/aclnn_gather_v2.h"
#include "aclnnop/aclnn_one_hot.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_repeat.h"
#include "aclnnop/aclnn_scatter.h"
#include "ops/proto/proto_pvt.h"
#include "ops/shape/shape.h"

/* ---- Cast ----------------------------------------------------------------------------- */

enum proto_status proto_infer_cast(struct proto_op *op)
{
    int64_t t = proto_attr_i(op, "dst_type");
    if (t < 0 || t > INT32_MAX || !ops_dt_in((aclDataType)t, DTM_ALL)) /* not uint16/32/64 */
        return proto_fail(op, PROTO_ATTR,
                          "attribute dst_type is %lld, not a data type cpuacl converts to (a "
                          "ge::DataType: 0 float32, 1 float16, 2 int8, 3 int32, 4 uint8, 6 "
                          "int16, 9 int64, 11 double, 12 bool, 27 bfloat16)",
                          (long long)t);
    proto_out_like(&op->out[0], &op->in[0], (aclDataType)t);
    return PROTO_OK;
}

enum proto_status proto_build_cast(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnCastGetWorkspaceSize, proto_operand(b, PIN(0)), op->out[0].dtype,
                      proto_operand(b, POUT(op, 0)));
}

/* ---- Transpose ------------------------------------------------------------------------- */

static enum proto_status perm_of(struct proto_op *op, int64_t *perm)
{
    const struct core_op_val *x = &op->in[0];
    int n = proto_const_ints(&op->in[1], perm, PROTO_MAX_DIMS);
    if (n < 0)
        return proto_fail(op, PROTO_INPUT, "input perm must hold int32 or int64 values");
    if (n != x->nd)
        return proto_fail(op, PROTO_INPUT, "input perm has %d values for x of rank %d", n,
                          (int)x->nd);
    bool seen[PROTO_MAX_DIMS] = {false};
    for (int i = 0; i < n; i++) {
        int a = proto_wrap_axis(perm[i], n);
        if (a < 0 || seen[a])
            return proto_fail(op, PROTO_INPUT, "input perm is not a permutation of 0..%d", n - 1);
        seen[a] = true;
        perm[i] = a;
    }
    return PROTO_OK;
}

enum proto_status proto_infer_transpose(struct proto_op *op)
{
    int64_t perm[PROTO_MAX_DIMS];
    enum proto_status st = perm_of(op, perm);
    if (st)
        return st;
    const struct core_op_val *x = &op->in[0];
    proto_out_like(&op->out[0], x, x->dtype);
    for (int i = 0; i < x->nd; i++)
        op->out[0].dims[i] = x->dims[perm[i]];
    return PROTO_OK;
}

typedef aclnnStatus (*ints_fn)(const aclTensor *self, const aclIntArray *values, aclTensor *out,
                               uint64_t *workspaceSize, aclOpExecutor **executor);

/* y = fn(x, v[0..rank of x)): aclnnPermute, aclnnRepeat. */
static enum proto_status ints_step(const struct proto_op *op, struct proto_plan_builder *b,
                                   ints_fn fn, const int64_t *v)
{
    aclIntArray *ia = aclCreateIntArray(v, (uint64_t)op->in[0].nd);
    enum proto_status ps =
        PROTO_STEP(b, fn, proto_operand(b, PIN(0)), ia, proto_operand(b, POUT(op, 0)));
    aclDestroyIntArray(ia);
    return ps;
}

enum proto_status proto_build_transpose(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t perm[PROTO_MAX_DIMS];
    perm_of((struct proto_op *)op, perm);
    return ints_step(op, b, aclnnPermuteGetWorkspaceSize, perm);
}

/* ---- Assign ----------------------------------------------------------------------------- */

/* ref and value of one type; with validate_shape (the default) of one shape, else the output
 * takes value's shape. The output ref is a copy of value: a graph's ref input keeps its own
 * buffer (a Data or Const node, not a variable updated in place). */
enum proto_status proto_infer_assign(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 2);
    if (st)
        return st;
    const struct core_op_val *r = &op->in[0], *v = &op->in[1];
    bool same = r->nd == v->nd;
    for (int i = 0; same && i < r->nd; i++)
        same = r->dims[i] == v->dims[i];
    if (!same && proto_attr_i(op, "validate_shape")) {
        char s1[96], s2[96];
        return proto_fail(op, PROTO_INPUT,
                          "ref %s and value %s differ in shape (validate_shape is true)",
                          proto_shape_str(s1, sizeof(s1), r), proto_shape_str(s2, sizeof(s2), v));
    }
    proto_out_like(&op->out[0], v, v->dtype);
    return PROTO_OK;
}

enum proto_status proto_build_assign(const struct proto_op *op, struct proto_plan_builder *b)
{
    return proto_step_copy(b, PIN(1), POUT(op, 0), proto_bytes(&op->out[0]));
}

/* ---- Reshape ------------------------------------------------------------------------------ */

/* shape: 0 copies x's dim (at that position), one -1 takes what is left; with allowzero 1 a 0
 * is a zero extent (ONNX's allowzero: CANN's ONNX parser sets the attribute, which the IR
 * does not declare, and its Reshape documents it). The IR's axis/num_axes (reshape a range of
 * dims) only at their defaults. */
enum proto_status proto_infer_reshape(struct proto_op *op)
{
    if (proto_attr_i(op, "axis") != 0 || proto_attr_i(op, "num_axes") != -1)
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "attributes axis %lld, num_axes %lld: only 0 and -1 are supported",
                          (long long)proto_attr_i(op, "axis"),
                          (long long)proto_attr_i(op, "num_axes"));
    int64_t sh[PROTO_MAX_DIMS];
    bool allowzero = proto_attr_i(op, "allowzero") != 0;
    const struct core_op_val *x = &op->in[0];
    int ns = proto_const_ints(&op->in[1], sh, PROTO_MAX_DIMS);
    if (ns < 0)
        return proto_fail(op, PROTO_INPUT,
                          "input shape must hold int32 or int64 values (at most "
                          "%d)",
                          PROTO_MAX_DIMS);
    int64_t known = 1, total = proto_numel(x);
    int neg = -1;
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    o->nd = ns;
    for (int i = 0; i < ns; i++) {
        int64_t d = sh[i];
        if (d == 0 && !allowzero && i < x->nd)
            d = x->dims[i];
        if (d == -1) {
            if (neg >= 0)
                return proto_fail(op, PROTO_INPUT, "input shape has more than one -1");
            neg = i;
            continue;
        }
        if (d < 0)
            return proto_fail(op, PROTO_INPUT, "input shape has a negative dim %lld", (long long)d);
        o->dims[i] = d;
        if (__builtin_mul_overflow(known, d, &known))
            return proto_fail(op, PROTO_INPUT, "input shape has more elements than int64 holds");
    }
    if (neg >= 0) {
        if (known == 0 || total % known)
            return proto_fail(op, PROTO_INPUT,
                              "cannot infer the -1 of shape: %lld elements into "
                              "%lld",
                              (long long)total, (long long)known);
        o->dims[neg] = total / known;
        known = total;
    }
    if (known != total) {
        char s1[96], s2[96];
        return proto_fail(op, PROTO_INPUT, "cannot reshape %s (%lld elements) to %s",
                          proto_shape_str(s1, sizeof(s1), x), (long long)total,
                          proto_shape_str(s2, sizeof(s2), o));
    }
    return PROTO_OK;
}

/* ---- ConcatV2, ConcatD ----------------------------------------------------------------- */

static enum proto_status concat_dim(struct proto_op *op, int *axis)
{
    int64_t ax;
    const struct proto_attr *a = proto_attr(op, "concat_dim");
    if (a && a->type == PROTO_A_INT)
        ax = a->i;
    else if (proto_const_ints(&op->in[op->ndyn], &ax, 1) != 1)
        return proto_fail(op, PROTO_INPUT, "input concat_dim must hold one int32 or int64 value");
    *axis = proto_wrap_axis(ax, op->in[0].nd);
    if (*axis < 0)
        return proto_fail(op, a ? PROTO_ATTR : PROTO_INPUT,
                          "concat_dim %lld is out of range for rank %d", (long long)ax,
                          (int)op->in[0].nd);
    return PROTO_OK;
}

enum proto_status proto_infer_concat(struct proto_op *op)
{
    int a = 0;
    enum proto_status st = concat_dim(op, &a);
    if (st || (st = proto_same_dtype(op, 0, op->ndyn)))
        return st;
    const struct core_op_val *x0 = &op->in[0];
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x0, x0->dtype);
    for (uint32_t i = 1; i < op->ndyn; i++) {
        const struct core_op_val *xi = &op->in[i];
        bool ok = xi->nd == x0->nd;
        for (int d = 0; ok && d < x0->nd; d++)
            ok = d == a || xi->dims[d] == x0->dims[d];
        if (!ok) {
            char s1[96], s2[96];
            return proto_fail(op, PROTO_INPUT, "input x%u %s does not match x0 %s off axis %d", i,
                              proto_shape_str(s1, sizeof(s1), xi),
                              proto_shape_str(s2, sizeof(s2), x0), a);
        }
        o->dims[a] += xi->dims[a];
    }
    return PROTO_OK;
}

enum proto_status proto_build_concat(const struct proto_op *op, struct proto_plan_builder *b)
{
    int a = 0;
    concat_dim((struct proto_op *)op, &a);
    aclTensor *t[PROTO_MAX_IN];
    for (uint32_t i = 0; i < op->ndyn; i++)
        t[i] = proto_operand(b, PIN(i));
    aclTensorList *tl = proto_tensor_list(b, t, op->ndyn);
    if (!tl)
        return proto_step_exec(b, ACLNN_ERR_INNER, NULL);
    return PROTO_STEP(b, aclnnCatGetWorkspaceSize, tl, a, proto_operand(b, POUT(op, 0)));
}

/* ---- Slice ---------------------------------------------------------------------------------- */

/* offsets[i] + size[i] within x's dim i; size -1 = to the end. */
static enum proto_status slice_of(struct proto_op *op, int64_t *off, int64_t *size)
{
    const struct core_op_val *x = &op->in[0];
    int no = proto_const_ints(&op->in[1], off, PROTO_MAX_DIMS);
    int ns = proto_const_ints(&op->in[2], size, PROTO_MAX_DIMS);
    if (no != x->nd || ns != x->nd)
        return proto_fail(op, PROTO_INPUT,
                          "inputs offsets and size must hold %d int32/int64 values each (the rank "
                          "of x), got %d and %d",
                          (int)x->nd, no, ns);
    for (int i = 0; i < x->nd; i++) {
        if (size[i] == -1)
            size[i] = x->dims[i] - off[i];
        if (off[i] < 0 || size[i] < 0 || off[i] + size[i] > x->dims[i])
            return proto_fail(op, PROTO_INPUT,
                              "offset %lld and size %lld of dim %d are outside x's %lld",
                              (long long)off[i], (long long)size[i], i, (long long)x->dims[i]);
    }
    return PROTO_OK;
}

enum proto_status proto_infer_slice(struct proto_op *op)
{
    int64_t off[PROTO_MAX_DIMS], size[PROTO_MAX_DIMS];
    enum proto_status st = slice_of(op, off, size);
    if (st)
        return st;
    proto_out_like(&op->out[0], &op->in[0], op->in[0].dtype);
    memcpy(op->out[0].dims, size, (size_t)op->in[0].nd * sizeof(int64_t));
    return PROTO_OK;
}

/* y = a copy of the view of x at the offsets. */
enum proto_status proto_build_slice(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t off[PROTO_MAX_DIMS], size[PROTO_MAX_DIMS], st[PROTO_MAX_DIMS], s = 1, start = 0;
    slice_of((struct proto_op *)op, off, size);
    const struct core_op_val *x = &op->in[0];
    for (int i = x->nd - 1; i >= 0; i--) {
        st[i] = s;
        start += off[i] * s;
        s *= x->dims[i];
    }
    return PROTO_STEP(b, aclnnInplaceCopyGetWorkspaceSize, proto_operand(b, POUT(op, 0)),
                      proto_tensor_at(b, PIN(0), x->dtype, size, x->nd, st, start));
}

/* ---- SplitV -------------------------------------------------------------------------------- */

/* SplitV: x cut along split_dim into num_split outputs (a dynamic output of that many
 * entries) of the sizes size_splits holds: >= 0 each, one of them may be -1 for what the
 * others leave (TensorFlow's SplitV, whose IR this is; CANN documents sizes >= 1, zero is
 * taken for ONNX's empty splits), summing to the dim. size_splits and split_dim are value
 * inputs: Consts, or graph inputs of a dynamic-shape model (ONNX's Split with its sizes
 * fed at run time). Into size[] the sizes, *axis the wrapped dim. */
static enum proto_status split_v_sizes(struct proto_op *op, int64_t *size, int *axis)
{
    const struct core_op_val *x = &op->in[0];
    enum proto_status st = proto_axis_input(op, 2, x->nd, axis);
    if (st)
        return st;
    int64_t num = proto_attr_i(op, "num_split");
    if (num != (int64_t)op->nout)
        return proto_fail(op, PROTO_ATTR, "attribute num_split is %lld, the node has %u outputs y",
                          (long long)num, op->nout);
    int n = proto_const_ints(&op->in[1], size, PROTO_MAX_OUT);
    if (n < 0 || op->in[1].nd > 1 || proto_numel(&op->in[1]) != num)
        return proto_fail(op, PROTO_INPUT,
                          "input size_splits must hold num_split (%lld) int32 or int64 values",
                          (long long)num);
    int64_t dim = x->dims[*axis], sum = 0;
    int rest = -1;
    for (int i = 0; i < n; i++) {
        if (size[i] == -1 && rest < 0) {
            rest = i;
            continue;
        }
        if (size[i] < 0)
            return proto_fail(op, PROTO_INPUT,
                              "input size_splits holds %lld at %d: a size is >= 0 (one may be -1)",
                              (long long)size[i], i);
        if (size[i] > dim || __builtin_add_overflow(sum, size[i], &sum))
            sum = dim + 1; /* more than the dim: refused below */
    }
    if (rest >= 0 && sum <= dim)
        size[rest] = dim - sum, sum = dim;
    if (sum != dim) {
        char sv[128];
        int len = 0;
        sv[0] = 0;
        for (int i = 0; i < n && len < (int)sizeof(sv) - 24; i++)
            len += snprintf(sv + len, sizeof(sv) - (size_t)len, "%s%lld", i ? ", " : "",
                            (long long)(i == rest ? -1 : size[i]));
        return proto_fail(op, PROTO_INPUT,
                          "input size_splits holds [%s], which do not cover dim %d of x (%lld)", sv,
                          *axis, (long long)dim);
    }
    return PROTO_OK;
}

enum proto_status proto_infer_split_v(struct proto_op *op)
{
    int64_t size[PROTO_MAX_OUT];
    int axis;
    enum proto_status st = split_v_sizes(op, size, &axis);
    for (uint32_t k = 0; k < op->nout && !st; k++) {
        proto_out_like(&op->out[k], &op->in[0], op->in[0].dtype);
        op->out[k].dims[axis] = size[k];
    }
    return st;
}

/* Each output: a copy of the view of x at its offset along the axis (none when empty). */
enum proto_status proto_build_split_v(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t size[PROTO_MAX_OUT], st[PROTO_MAX_DIMS], s = 1, off = 0;
    int axis;
    split_v_sizes((struct proto_op *)op, size, &axis);
    const struct core_op_val *x = &op->in[0];
    for (int i = x->nd - 1; i >= 0; i--) {
        st[i] = s;
        s *= x->dims[i];
    }
    enum proto_status rc = PROTO_OK;
    for (uint32_t k = 0; k < op->nout && !rc; k++) {
        if (proto_numel(&op->out[k]) > 0)
            rc = PROTO_STEP(
                b, aclnnInplaceCopyGetWorkspaceSize, proto_operand(b, POUT(op, k)),
                proto_tensor_at(b, PIN(0), x->dtype, op->out[k].dims, x->nd, st, off * st[axis]));
        off += size[k];
    }
    return rc;
}

/* ---- GatherV2 ------------------------------------------------------------------------------ */

/* y = x's dims before axis, indices' dims, x's dims after axis. */
enum proto_status proto_infer_gather(struct proto_op *op)
{
    int a = 0;
    enum proto_status st = proto_axis_input(op, 2, op->in[0].nd, &a);
    if (st)
        return st;
    if (proto_attr_i(op, "batch_dims") != 0)
        return proto_fail(op, PROTO_UNSUPPORTED, "attribute batch_dims must be 0");
    const struct core_op_val *x = &op->in[0], *ix = &op->in[1];
    if (ix->dtype != ACL_INT32 && ix->dtype != ACL_INT64)
        return proto_fail(op, PROTO_INPUT, "input indices has type %s, expected int32 or int64",
                          proto_dtype_name(ix->dtype));
    if (x->nd - 1 + ix->nd > PROTO_MAX_DIMS)
        return proto_fail(op, PROTO_INPUT, "the output would have rank %d (at most %d)",
                          (int)(x->nd - 1 + ix->nd), PROTO_MAX_DIMS);
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    o->nd = 0;
    for (int i = 0; i < a; i++)
        o->dims[o->nd++] = x->dims[i];
    for (int i = 0; i < ix->nd; i++)
        o->dims[o->nd++] = ix->dims[i];
    for (int i = a + 1; i < x->nd; i++)
        o->dims[o->nd++] = x->dims[i];
    return PROTO_OK;
}

enum proto_status proto_build_gather(const struct proto_op *op, struct proto_plan_builder *b)
{
    int a = 0;
    proto_axis_input((struct proto_op *)op, 2, op->in[0].nd, &a);
    const struct core_op_val *x = &op->in[0], *y = &op->out[0];
    struct aclTensor *out = proto_operand(b, POUT(op, 0));
    if (op->in[1].nd == 0 && x->nd > 0) { /* aclnnGatherV2 counts a 0-d index as [1] (GA1) */
        int64_t d[PROTO_MAX_DIMS];
        for (int i = 0, j = 0; i < x->nd; i++)
            d[i] = i == a ? 1 : y->dims[j++];
        out = proto_tensor(b, POUT(op, 0), y->dtype, d, x->nd, NULL);
    }
    return PROTO_STEP(b, aclnnGatherV2GetWorkspaceSize, proto_operand(b, PIN(0)), a,
                      proto_operand(b, PIN(1)), out);
}

/* ---- ExpandDims, Squeeze, Unsqueeze: y = x under another shape -------------------------- */

/* y's shape: x's with a dim of 1 inserted before each position marked. */
static enum proto_status insert_ones(struct proto_op *op, const int64_t *axes, int n)
{
    const struct core_op_val *x = &op->in[0];
    int nd = x->nd + n;
    bool one[PROTO_MAX_DIMS] = {false};
    if (nd > PROTO_MAX_DIMS)
        return proto_fail(op, PROTO_INPUT, "the output would have rank %d (at most %d)", nd,
                          PROTO_MAX_DIMS);
    for (int i = 0; i < n; i++) {
        int a = proto_wrap_axis(axes[i], nd);
        if (a < 0 || one[a])
            return proto_fail(op, PROTO_ATTR, "axis %lld is out of range for rank %d or repeated",
                              (long long)axes[i], nd);
        one[a] = true;
    }
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    o->nd = nd;
    for (int i = 0, k = 0; i < nd; i++)
        o->dims[i] = one[i] ? 1 : x->dims[k++];
    return PROTO_OK;
}

enum proto_status proto_infer_expand_dims(struct proto_op *op)
{
    int64_t ax;
    if (proto_const_ints(&op->in[1], &ax, 1) != 1)
        return proto_fail(op, PROTO_INPUT, "input axis must hold one int32 or int64 value");
    enum proto_status st = insert_ones(op, &ax, 1);
    return st == PROTO_ATTR ? PROTO_INPUT : st;
}

enum proto_status proto_infer_unsqueeze(struct proto_op *op)
{
    const struct proto_attr *a = proto_attr(op, "axes");
    if (a->n > PROTO_MAX_DIMS)
        return proto_fail(op, PROTO_ATTR, "attribute axes has %zu values", a->n);
    return insert_ones(op, a->ints, (int)a->n);
}

/* UnsqueezeV3: Unsqueeze with its axes an input (a value input: a Const, or a graph input
 * of a dynamic-shape model whose value the graph engine gives at execution). */
enum proto_status proto_infer_unsqueeze_v3(struct proto_op *op)
{
    int64_t axes[PROTO_MAX_DIMS];
    int n = proto_const_ints(&op->in[1], axes, PROTO_MAX_DIMS);
    if (n < 0 || proto_numel(&op->in[1]) > PROTO_MAX_DIMS)
        return proto_fail(op, PROTO_INPUT,
                          "input axes must hold int32 or int64 values (at most %d)",
                          PROTO_MAX_DIMS);
    enum proto_status st = insert_ones(op, axes, n);
    return st == PROTO_ATTR ? PROTO_INPUT : st;
}

/* Squeeze: the dims of size 1 listed in axis (all of them when empty). */
/* y: x without the dims axes lists (each of size 1), or without every dim of 1 when n is 0. */
static enum proto_status squeeze_axes(struct proto_op *op, const int64_t *axes, size_t n,
                                      enum proto_status bad)
{
    const struct core_op_val *x = &op->in[0];
    bool drop[PROTO_MAX_DIMS] = {false};
    for (int i = 0; i < x->nd; i++)
        drop[i] = n == 0 && x->dims[i] == 1;
    for (size_t i = 0; i < n; i++) {
        int d = proto_wrap_axis(axes[i], x->nd);
        if (d < 0 || x->dims[d] != 1)
            return proto_fail(op, bad, "axis %lld is out of range or not of size 1",
                              (long long)axes[i]);
        drop[d] = true;
    }
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    o->nd = 0;
    for (int i = 0; i < x->nd; i++)
        if (!drop[i])
            o->dims[o->nd++] = x->dims[i];
    return PROTO_OK;
}

enum proto_status proto_infer_squeeze(struct proto_op *op)
{
    const struct proto_attr *a = proto_attr(op, "axis");
    return squeeze_axes(op, a->ints, a->n, PROTO_ATTR);
}

/* SqueezeV3: Squeeze with its axes an optional value input (a Const, or a graph input of a
 * dynamic-shape model), as ONNX's Squeeze of opset 13. */
enum proto_status proto_infer_squeeze_v3(struct proto_op *op)
{
    int64_t axes[PROTO_MAX_DIMS];
    const struct core_op_val *a = proto_in(op, 1);
    int n = a ? proto_const_ints(a, axes, PROTO_MAX_DIMS) : 0;
    if (n < 0 || (a && (a->nd > 1 || proto_numel(a) > PROTO_MAX_DIMS)))
        return proto_fail(op, PROTO_INPUT,
                          "input axes must hold at most %d int32 or int64 values "
                          "(1-D)",
                          PROTO_MAX_DIMS);
    return squeeze_axes(op, axes, (size_t)n, PROTO_INPUT);
}

/* ---- Pack -------------------------------------------------------------------------------- */

/* Pack: the N inputs (one shape) stacked along a new dim `axis`. */
enum proto_status proto_infer_pack(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, op->ndyn);
    if (st)
        return st;
    const struct core_op_val *x0 = &op->in[0];
    for (uint32_t i = 1; i < op->ndyn; i++) {
        bool ok = op->in[i].nd == x0->nd;
        for (int d = 0; ok && d < x0->nd; d++)
            ok = op->in[i].dims[d] == x0->dims[d];
        if (!ok) {
            char s1[96], s2[96];
            return proto_fail(op, PROTO_INPUT, "input x%u %s differs from x0 %s", i,
                              proto_shape_str(s1, sizeof(s1), &op->in[i]),
                              proto_shape_str(s2, sizeof(s2), x0));
        }
    }
    int64_t ax = proto_attr_i(op, "axis");
    if ((st = insert_ones(op, &ax, 1)))
        return st;
    op->out[0].dims[proto_wrap_axis(ax, x0->nd + 1)] = op->ndyn;
    return PROTO_OK;
}

/* Each input viewed with its new dim of 1, concatenated along it. */
enum proto_status proto_build_pack(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *x0 = &op->in[0];
    int a = proto_wrap_axis(proto_attr_i(op, "axis"), x0->nd + 1);
    int64_t d[PROTO_MAX_DIMS];
    for (int i = 0, k = 0; i <= x0->nd; i++)
        d[i] = i == a ? 1 : x0->dims[k++];
    aclTensor *t[PROTO_MAX_IN];
    for (uint32_t i = 0; i < op->ndyn; i++)
        t[i] = proto_tensor(b, PIN(i), x0->dtype, d, x0->nd + 1, NULL);
    aclTensorList *tl = proto_tensor_list(b, t, op->ndyn);
    if (!tl)
        return proto_step_exec(b, ACLNN_ERR_INNER, NULL);
    return PROTO_STEP(b, aclnnCatGetWorkspaceSize, tl, a, proto_operand(b, POUT(op, 0)));
}

/* ---- Tile -------------------------------------------------------------------------------- */

static enum proto_status multiples(struct proto_op *op, int64_t *m)
{
    const struct core_op_val *x = &op->in[0];
    int n = proto_const_ints(&op->in[1], m, PROTO_MAX_DIMS);
    if (n != x->nd)
        return proto_fail(op, PROTO_INPUT,
                          "input multiples must hold %d int32/int64 values (the rank of x)",
                          (int)x->nd);
    for (int i = 0; i < n; i++)
        if (m[i] < 0)
            return proto_fail(op, PROTO_INPUT, "multiples[%d] is %lld (negative)", i,
                              (long long)m[i]);
    return PROTO_OK;
}

enum proto_status proto_infer_tile(struct proto_op *op)
{
    int64_t m[PROTO_MAX_DIMS];
    enum proto_status st = multiples(op, m);
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, &op->in[0], op->in[0].dtype);
    for (int i = 0; i < o->nd && !st; i++)
        o->dims[i] *= m[i];
    return st;
}

enum proto_status proto_build_tile(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t m[PROTO_MAX_DIMS];
    multiples((struct proto_op *)op, m);
    return ints_step(op, b, aclnnRepeatGetWorkspaceSize, m);
}

/* ---- Expand ------------------------------------------------------------------------------ */

/* Expand: y = x broadcast with the dims input shape holds (numpy's rule both ways: a 1 in
 * shape keeps x's dim, as ONNX's Expand). shape is a value input: a Const, or a graph input
 * of a dynamic-shape model. */
enum proto_status proto_infer_expand(struct proto_op *op)
{
    struct core_op_val s = {0};
    int n = proto_const_ints(&op->in[1], s.dims, PROTO_MAX_DIMS);
    if (n < 0 || op->in[1].nd > 1)
        return proto_fail(op, PROTO_INPUT,
                          "input shape must hold at most %d int32 or int64 values (1-D)",
                          PROTO_MAX_DIMS);
    s.nd = n;
    for (int i = 0; i < n; i++)
        if (s.dims[i] < 0)
            return proto_fail(op, PROTO_INPUT, "input shape holds %lld at %d, a dim is >= 0",
                              (long long)s.dims[i], i);
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, &op->in[0], op->in[0].dtype);
    return proto_broadcast(op, &op->in[0], &s, o);
}

enum proto_status proto_build_expand(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *o = &op->out[0];
    aclIntArray *ia = aclCreateIntArray(o->dims, (uint64_t)o->nd);
    enum proto_status ps = PROTO_STEP(b, aclnnExpandGetWorkspaceSize, proto_operand(b, PIN(0)), ia,
                                      proto_operand(b, POUT(op, 0)));
    aclDestroyIntArray(ia);
    return ps;
}

/* ---- Fill -------------------------------------------------------------------------------- */

/* Fill: y of the dims input dims holds (a value input: a Const, or a graph input of a
 * dynamic-shape model), every element value's one element, of value's type. */
enum proto_status proto_infer_fill(struct proto_op *op)
{
    struct core_op_val *o = &op->out[0];
    int n = proto_const_ints(&op->in[0], o->dims, PROTO_MAX_DIMS);
    if (n < 0 || op->in[0].nd > 1)
        return proto_fail(op, PROTO_INPUT,
                          "input dims must hold at most %d int32 or int64 values (1-D)",
                          PROTO_MAX_DIMS);
    if (proto_numel(&op->in[1]) != 1)
        return proto_fail(op, PROTO_INPUT, "input value must hold one element");
    int64_t cnt = 1;
    for (int i = 0; i < n; i++)
        if (o->dims[i] < 0 || __builtin_mul_overflow(cnt, o->dims[i], &cnt) ||
            cnt > ((int64_t)1 << 31))
            return proto_fail(op, PROTO_INPUT,
                              "input dims holds %lld at %d: dims are >= 0, at most 2^31 elements",
                              (long long)o->dims[i], i);
    o->dtype = op->in[1].dtype;
    o->format = ACL_FORMAT_ND;
    o->nd = n;
    return PROTO_OK;
}

enum proto_status proto_build_fill(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnInplaceFillTensorGetWorkspaceSize, proto_operand(b, POUT(op, 0)),
                      proto_operand(b, PIN(1)));
}

/* ---- Range ------------------------------------------------------------------------------- */

/* Value input k of Range (one element: int32, int64, float or double) into *v. */
static bool range_value(const struct core_op_val *in, double *v)
{
    if (!in->data || proto_numel(in) != 1)
        return false;
    switch (in->dtype) {
    case ACL_INT32:
        *v = *(const int32_t *)in->data;
        return true;
    case ACL_INT64:
        *v = (double)*(const int64_t *)in->data;
        return true;
    case ACL_FLOAT:
        *v = *(const float *)in->data;
        return true;
    case ACL_DOUBLE:
        *v = *(const double *)in->data;
        return true;
    default:
        return false;
    }
}

/* Range: y = start, start + delta, ... below limit (above it for a negative delta):
 * max(ceil((limit - start) / delta), 0) elements of start's type, as ONNX's Range. start,
 * limit and delta are value inputs (Consts, or graph inputs of a dynamic-shape model). */
enum proto_status proto_infer_range(struct proto_op *op)
{
    enum proto_status st = proto_same_dtype(op, 0, 3);
    if (st)
        return st;
    double v[3];
    static const char *const name[3] = {"start", "limit", "delta"};
    for (int k = 0; k < 3; k++)
        if (!range_value(&op->in[k], &v[k]))
            return proto_fail(op, PROTO_INPUT,
                              "input %s must hold one int32, int64, float32 or float64 value",
                              name[k]);
    double n = v[2] != 0 ? ceil((v[1] - v[0]) / v[2]) : -1;
    if (!(n >= -1e300) || v[2] == 0 || n > (double)((int64_t)1 << 31))
        return proto_fail(op, PROTO_INPUT,
                          "start %g, limit %g, delta %g: delta is 0 or more than 2^31 elements",
                          v[0], v[1], v[2]);
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, &op->in[0], op->in[0].dtype);
    o->format = ACL_FORMAT_ND;
    o->nd = 1;
    o->dims[0] = n > 0 ? (int64_t)n : 0;
    return PROTO_OK;
}

enum proto_status proto_build_range(const struct proto_op *op, struct proto_plan_builder *b)
{
    if (op->out[0].dims[0] == 0)
        return PROTO_OK; /* nothing to write */
    double v[3];
    aclScalar *s[3];
    for (int k = 0; k < 3; k++) {
        range_value(&op->in[k], &v[k]);
        int64_t i = (int64_t)v[k];
        s[k] = op->in[0].dtype == ACL_INT32 || op->in[0].dtype == ACL_INT64
                   ? aclCreateScalar(&i, ACL_INT64)
                   : aclCreateScalar(&v[k], ACL_DOUBLE);
    }
    enum proto_status ps =
        PROTO_STEP(b, aclnnArangeGetWorkspaceSize, s[0], s[1], s[2], proto_operand(b, POUT(op, 0)));
    for (int k = 0; k < 3; k++)
        aclDestroyScalar(s[k]);
    return ps;
}

/* ---- GatherElements, ScatterElements --------------------------------------------------- */

/* The attribute `name` as an axis of x's rank into *axis; index input k of int32/int64 and
 * x's rank. */
static enum proto_status elements_axis(struct proto_op *op, const char *name, uint32_t k, int *axis)
{
    const struct core_op_val *x = &op->in[0], *ix = &op->in[k];
    *axis = proto_wrap_axis(proto_attr_i(op, name), x->nd);
    if (*axis < 0)
        return proto_fail(op, PROTO_ATTR, "attribute %s %lld is out of range for rank %d", name,
                          (long long)proto_attr_i(op, name), (int)x->nd);
    if (ix->dtype != ACL_INT32 && ix->dtype != ACL_INT64)
        return proto_fail(op, PROTO_DTYPE, "the indices have type %s, expected int32 or int64",
                          proto_dtype_name(ix->dtype));
    if (ix->nd != x->nd)
        return proto_fail(op, PROTO_INPUT, "the indices have rank %d, x has %d", (int)ix->nd,
                          (int)x->nd);
    return PROTO_OK;
}

/* GatherElements: y[i][j][k] = x[index[i][j][k]][j][k] (dim 0); y has index's shape. */
enum proto_status proto_infer_gather_elements(struct proto_op *op)
{
    int axis;
    enum proto_status st = elements_axis(op, "dim", 1, &axis);
    if (st)
        return st;
    proto_out_like(&op->out[0], &op->in[1], op->in[0].dtype);
    return PROTO_OK;
}

enum proto_status proto_build_gather_elements(const struct proto_op *op,
                                              struct proto_plan_builder *b)
{
    int axis = proto_wrap_axis(proto_attr_i(op, "dim"), op->in[0].nd);
    return PROTO_STEP(b, aclnnGatherGetWorkspaceSize, proto_operand(b, PIN(0)), axis,
                      proto_operand(b, PIN(1)), proto_operand(b, POUT(op, 0)));
}

/* ScatterElements: y = data with updates written (reduction none), added (add) or multiplied
 * (mul) at the positions indices give along axis; indices and updates of one shape. */
static int scatter_reduction(const struct proto_op *op)
{
    const char *r = proto_attr_s(op, "reduction");
    return !strcmp(r, "none") ? 0 : !strcmp(r, "add") ? 1 : !strcmp(r, "mul") ? 2 : -1;
}

enum proto_status proto_infer_scatter_elements(struct proto_op *op)
{
    int axis;
    enum proto_status st = elements_axis(op, "axis", 1, &axis);
    if (st)
        return st;
    if (op->in[2].dtype != op->in[0].dtype)
        return proto_fail(op, PROTO_DTYPE, "updates have type %s, data has %s",
                          proto_dtype_name(op->in[2].dtype), proto_dtype_name(op->in[0].dtype));
    if (scatter_reduction(op) < 0)
        return proto_fail(op, PROTO_ATTR, "attribute reduction is '%s', expected none, add or mul",
                          proto_attr_s(op, "reduction"));
    bool ok = op->in[2].nd == op->in[1].nd;
    for (int i = 0; ok && i < op->in[1].nd; i++)
        ok = op->in[2].dims[i] == op->in[1].dims[i];
    if (!ok) {
        char s1[96], s2[96];
        return proto_fail(op, PROTO_INPUT, "updates %s and indices %s differ in shape",
                          proto_shape_str(s1, sizeof(s1), &op->in[2]),
                          proto_shape_str(s2, sizeof(s2), &op->in[1]));
    }
    proto_out_like(&op->out[0], &op->in[0], op->in[0].dtype);
    return PROTO_OK;
}

enum proto_status proto_build_scatter_elements(const struct proto_op *op,
                                               struct proto_plan_builder *b)
{
    int axis = proto_wrap_axis(proto_attr_i(op, "axis"), op->in[0].nd);
    return PROTO_STEP(b, aclnnScatterGetWorkspaceSize, proto_operand(b, PIN(0)), axis,
                      proto_operand(b, PIN(1)), proto_operand(b, PIN(2)), scatter_reduction(op),
                      proto_operand(b, POUT(op, 0)));
}

/* ---- OneHot ------------------------------------------------------------------------------ */

/* The depth (a value input) into *n and the new axis, wrapped, into *axis. */
static enum proto_status one_hot_geom(struct proto_op *op, int64_t *n, int *axis)
{
    int64_t a = proto_attr_i(op, "axis"), nd = op->in[0].nd;
    if (proto_const_ints(&op->in[1], n, 1) != 1 || *n < 1 || *n > INT32_MAX)
        return proto_fail(op, PROTO_INPUT, "input depth must hold one value in [1, 2^31)");
    if (a < -1 || a > nd)
        return proto_fail(op, PROTO_ATTR, "attribute axis %lld is out of range [-1, %lld]",
                          (long long)a, (long long)nd);
    *axis = a < 0 ? (int)nd : (int)a;
    return PROTO_OK;
}

/* y: x's shape with depth inserted at axis, of on_value's type (off_value's too). */
enum proto_status proto_infer_one_hot(struct proto_op *op)
{
    int64_t n = 0;
    int axis = 0;
    enum proto_status st = one_hot_geom(op, &n, &axis);
    if (st)
        return st;
    if (op->in[0].nd + 1 > PROTO_MAX_DIMS)
        return proto_fail(op, PROTO_INPUT, "x has rank %d: y would exceed %d dims",
                          (int)op->in[0].nd, PROTO_MAX_DIMS);
    if (op->in[3].dtype != op->in[2].dtype)
        return proto_fail(op, PROTO_DTYPE, "off_value has type %s, on_value has %s",
                          proto_dtype_name(op->in[3].dtype), proto_dtype_name(op->in[2].dtype));
    struct core_op_val *o = &op->out[0];
    const struct core_op_val *x = &op->in[0];
    proto_out_like(o, x, op->in[2].dtype);
    o->nd = x->nd + 1;
    for (int i = 0, j = 0; i < o->nd; i++)
        o->dims[i] = i == axis ? n : x->dims[j++];
    return PROTO_OK;
}

enum proto_status proto_build_one_hot(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t n = 0;
    int axis = 0;
    one_hot_geom((struct proto_op *)op, &n, &axis);
    return PROTO_STEP(b, aclnnOneHotGetWorkspaceSize, proto_operand(b, PIN(0)), (int)n,
                      proto_operand(b, PIN(2)), proto_operand(b, PIN(3)), (int64_t)axis,
                      proto_operand(b, POUT(op, 0)));
}

/* ---- PadV3 ------------------------------------------------------------------------------- */

static int pad_mode_of(const struct proto_op *op)
{
    static const char *const names[] = {"constant", "edge", "reflect", "symmetric", "circular"};
    const char *m = proto_attr_s(op, "mode");
    for (int i = 0; i < 5; i++)
        if (!strcmp(m, names[i]))
            return i;
    return -1;
}

/* The pads before (lo) and after (hi) each dim of x from paddings (a value input: a Const, or
 * a graph input of a dynamic-shape model): [[lo0, hi0], [lo1, hi1], ...] when
 * paddings_contiguous, else [[lo0, lo1, ...], [hi0, hi1, ...]] (ONNX's layout). Each checked
 * against its mode as the IR states it. */
static enum proto_status pad_geom(struct proto_op *op, int64_t *lo, int64_t *hi)
{
    const struct core_op_val *x = &op->in[0];
    int64_t p[2 * PROTO_MAX_DIMS];
    int n = proto_const_ints(&op->in[1], p, 2 * PROTO_MAX_DIMS);
    if (n != 2 * x->nd)
        return proto_fail(op, PROTO_INPUT,
                          "input paddings must hold %d int32/int64 values (twice the rank of x)",
                          2 * (int)x->nd);
    int mode = pad_mode_of(op);
    if (mode < 0)
        return proto_fail(op, PROTO_ATTR,
                          "attribute mode is '%s', expected constant, edge, reflect, symmetric "
                          "or circular",
                          proto_attr_s(op, "mode"));
    bool contig = proto_attr_i(op, "paddings_contiguous") != 0;
    for (int i = 0; i < x->nd; i++) {
        lo[i] = contig ? p[2 * i] : p[i];
        hi[i] = contig ? p[2 * i + 1] : p[x->nd + i];
        int64_t d = x->dims[i], lim = mode == OPS_PAD_REFLECT ? d - 1 : d;
        bool ok = lo[i] >= -d && hi[i] >= -d && lo[i] < INT32_MAX && hi[i] < INT32_MAX &&
                  d + lo[i] + hi[i] >= 0;
        if (mode >= OPS_PAD_REFLECT) /* a pad <= 0 never reads outside x */
            ok = ok && (lo[i] <= 0 || lo[i] <= lim) && (hi[i] <= 0 || hi[i] <= lim);
        if (mode == OPS_PAD_EDGE && d == 0)
            ok = ok && lo[i] <= 0 && hi[i] <= 0;
        if (!ok)
            return proto_fail(op, PROTO_INPUT,
                              "paddings of dim %d are %lld and %lld, dim %lld in %s mode (each "
                              ">= -dim%s, the dim padded >= 0)",
                              i, (long long)lo[i], (long long)hi[i], (long long)d,
                              proto_attr_s(op, "mode"),
                              mode == OPS_PAD_REFLECT   ? ", < dim"
                              : mode >= OPS_PAD_REFLECT ? ", <= dim"
                              : mode == OPS_PAD_EDGE    ? ", none > 0 on an empty dim"
                                                        : "");
    }
    return PROTO_OK;
}

/* y: x with each dim padded by its lo and hi (negative ones crop); constant_values (optional)
 * one element of x's type. */
enum proto_status proto_infer_pad_v3(struct proto_op *op)
{
    int64_t lo[PROTO_MAX_DIMS], hi[PROTO_MAX_DIMS];
    enum proto_status st = pad_geom(op, lo, hi);
    if (st)
        return st;
    const struct core_op_val *cv = proto_in(op, 2), *x = &op->in[0];
    if (cv && cv->dtype != x->dtype)
        return proto_fail(op, PROTO_DTYPE, "constant_values has type %s, x has %s",
                          proto_dtype_name(cv->dtype), proto_dtype_name(x->dtype));
    if (cv && proto_numel(cv) != 1)
        return proto_fail(op, PROTO_INPUT, "input constant_values must hold one element");
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    for (int i = 0; i < x->nd; i++)
        o->dims[i] += lo[i] + hi[i];
    return PROTO_OK;
}

/* y: ops_pad_nd's remap (PD1 in ops/shape/remap.c) with the pads before each dim; the constant
 * (constant_values' element, read at each launch; zero bits without it). */
enum proto_status proto_build_pad_v3(const struct proto_op *op, struct proto_plan_builder *b)
{
    int64_t lo[PROTO_MAX_DIMS], hi[PROTO_MAX_DIMS];
    pad_geom((struct proto_op *)op, lo, hi);
    const struct core_op_val *cv = proto_in(op, 2);
    return PROTO_STEP(
        b, ops_pad_nd, proto_operand(b, PIN(0)), lo, (enum ops_pad_mode)pad_mode_of(op),
        cv ? proto_operand(b, proto_in_index(op, 2)) : NULL, proto_operand(b, POUT(op, 0)));
}

/* ---- StridedSliceV2 ---------------------------------------------------------------------- */

/* Per dim of x the first element taken (lo), the step and the count (into y's dims), from
 * begin, end and the optional axes (default 0, 1, ...) and strides (default 1), value inputs
 * all (Consts, or graph inputs of a dynamic-shape model), as ONNX's Slice: a negative begin or
 * end counts from the end of the dim, then both are clamped (a positive step: into [0, d]; a
 * negative one: begin into [0, d - 1], end into [-1, d - 1]); begin_mask / end_mask bit j:
 * spec j's begin / end is the whole dim's. */
static enum proto_status strided_geom(struct proto_op *op, int64_t *lo, int64_t *step, int64_t *cnt)
{
    const struct core_op_val *x = &op->in[0];
    int64_t b[PROTO_MAX_DIMS], e[PROTO_MAX_DIMS], ax[PROTO_MAX_DIMS], st[PROTO_MAX_DIMS];
    static const char *const names[4] = {"begin", "end", "axes", "strides"};
    int64_t *vals[4] = {b, e, ax, st};
    int n = proto_const_ints(&op->in[1], b, PROTO_MAX_DIMS);
    for (int k = 0; k < 4; k++) {
        const struct core_op_val *v = proto_in(op, k + 1);
        int m = v ? proto_const_ints(v, vals[k], PROTO_MAX_DIMS) : n;
        if (m < 0 || m != n || (v && v->nd > 1) || n > x->nd)
            return proto_fail(op, PROTO_INPUT,
                              "input %s must hold as many int32/int64 values as begin (1-D, "
                              "at most the rank of x, %d)",
                              names[k], (int)x->nd);
        for (int j = 0; !v && j < n; j++)
            vals[k][j] = k == 2 ? j : 1;
    }
    const char *bad[] = {"ellipsis_mask", "new_axis_mask", "shrink_axis_mask"};
    for (int k = 0; k < 3; k++)
        if (proto_attr_i(op, bad[k]))
            return proto_fail(op, PROTO_ATTR, "attribute %s %lld: only 0 is supported", bad[k],
                              (long long)proto_attr_i(op, bad[k]));
    int64_t bm = proto_attr_i(op, "begin_mask"), em = proto_attr_i(op, "end_mask");
    bool seen[PROTO_MAX_DIMS] = {false};
    for (int i = 0; i < x->nd; i++) {
        lo[i] = 0;
        step[i] = 1;
        cnt[i] = x->dims[i];
    }
    for (int j = 0; j < n; j++) {
        int a = proto_wrap_axis(ax[j], x->nd);
        if (a < 0 || seen[a])
            return proto_fail(op, PROTO_INPUT,
                              "axes holds %lld at %d: out of range for rank %d "
                              "or repeated",
                              (long long)ax[j], j, (int)x->nd);
        seen[a] = true;
        int64_t d = x->dims[a], s = st[j], bj = b[j], ej = e[j];
        if (s == 0)
            return proto_fail(op, PROTO_INPUT, "strides holds 0 at %d", j);
        if (bj < 0)
            bj = bj < -d ? -1 : bj + d;
        if (ej < 0)
            ej = ej < -d ? -1 : ej + d;
        if (s > 0) {
            bj = (bm >> j) & 1 ? 0 : bj < 0 ? 0 : bj > d ? d : bj;
            ej = (em >> j) & 1 ? d : ej < 0 ? 0 : ej > d ? d : ej;
            cnt[a] = ej > bj ? 1 + (ej - bj - 1) / s : 0; /* no overflow for any s */
        } else {
            bj = (bm >> j) & 1 ? d - 1 : bj < 0 ? 0 : bj > d - 1 ? d - 1 : bj;
            ej = (em >> j) & 1 ? -1 : ej < -1 ? -1 : ej > d - 1 ? d - 1 : ej;
            cnt[a] = bj > ej ? 1 + (bj - ej - 1) / (s == INT64_MIN ? INT64_MAX : -s) : 0;
        }
        if (d == 0) /* an empty dim: nothing to take (a negative step's clamp gave begin 0) */
            cnt[a] = 0;
        lo[a] = bj;
        step[a] = s;
    }
    return PROTO_OK;
}

enum proto_status proto_infer_strided_slice_v2(struct proto_op *op)
{
    int64_t lo[PROTO_MAX_DIMS], step[PROTO_MAX_DIMS];
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, &op->in[0], op->in[0].dtype);
    return strided_geom(op, lo, step, o->dims);
}

/* y: ops_strided_slice's move (VW2 in ops/shape/view.c): x's elements from lo by step per dim
 * (a negative step walks the dim backwards). */
enum proto_status proto_build_strided_slice_v2(const struct proto_op *op,
                                               struct proto_plan_builder *b)
{
    int64_t lo[PROTO_MAX_DIMS], step[PROTO_MAX_DIMS], cnt[PROTO_MAX_DIMS];
    strided_geom((struct proto_op *)op, lo, step, cnt);
    return PROTO_STEP(b, ops_strided_slice, proto_operand(b, PIN(0)), lo, step,
                      proto_operand(b, POUT(op, 0)));
}
