/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/nn.c: neural-network types of the table: SoftmaxV2,
 * LogSoftmaxV2, LayerNorm, RmsNorm, Conv2D, Conv3D, Conv2DTranspose and Conv3DTranspose
 * (channels first only), MaxPool, AvgPool, MaxPool3D, AvgPool3D and MaxPoolWithArgmaxV3.
 * The convolutions and pools take channels-first or channels-last data (data_format NCHW / NHWC,
 * NCDHW / NDHWC): the kernels of ops/ work channels-first, so a channels-last operand is handed
 * over as a channels-first view (strides, no copy); the filter is read in the layout its
 * description names (NCHW, NHWC or HWCN; NCDHW or NDHWC).
 */
#include <string.h>

#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_softmax.h"
#include "ops/pool/pool.h"
#include "ops/proto/proto_pvt.h"

/* ---- SoftmaxV2 --------------------------------------------------------------------- */

enum proto_status proto_infer_softmax(struct proto_op *op)
{
    const struct proto_attr *a = proto_attr(op, "axes");
    if (a->n != 1)
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "attribute axes has %zu values; one axis is "
                          "supported",
                          a->n);
    const struct core_op_val *x = &op->in[0];
    if (proto_wrap_axis(a->ints[0], x->nd) < 0)
        return proto_fail(op, PROTO_ATTR, "attribute axes: axis %lld is out of range for rank %d",
                          (long long)a->ints[0], (int)x->nd);
    const struct proto_attr *h = proto_attr(op, "half_to_float"); /* SoftmaxV2's */
    bool h2f = h && h->i && x->dtype == ACL_FLOAT16;
    proto_out_like(&op->out[0], x, h2f ? ACL_FLOAT : x->dtype);
    return PROTO_OK;
}

enum proto_status proto_build_softmax(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnSoftmaxGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_attr(op, "axes")->ints[0], proto_operand(b, POUT(op, 0)));
}

enum proto_status proto_build_log_softmax(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnLogSoftmaxGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_attr(op, "axes")->ints[0], proto_operand(b, POUT(op, 0)));
}

/* ---- RmsNorm -------------------------------------------------------------------------- */

/* y = x / sqrt(mean(x^2) + epsilon) * gamma over gamma's dims (the last
 * ones of x); rstd float32, x's shape with those dims 1. */
enum proto_status proto_infer_rms_norm(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0], *g = &op->in[1];
    enum proto_status st = proto_same_dtype(op, 0, 2);
    if (st)
        return st;
    bool ok = g->nd >= 1 && g->nd <= x->nd;
    for (int i = 0; ok && i < g->nd; i++)
        ok = g->dims[i] == x->dims[x->nd - g->nd + i];
    if (!ok) {
        char s1[96], s2[96];
        return proto_fail(op, PROTO_INPUT, "gamma %s does not match the last dims of x %s",
                          proto_shape_str(s1, sizeof(s1), g), proto_shape_str(s2, sizeof(s2), x));
    }
    proto_out_like(&op->out[0], x, x->dtype);
    proto_out_like(&op->out[1], x, ACL_FLOAT);
    for (int i = x->nd - g->nd; i < x->nd; i++)
        op->out[1].dims[i] = 1;
    return PROTO_OK;
}

enum proto_status proto_build_rms_norm(const struct proto_op *op, struct proto_plan_builder *b)
{
    return PROTO_STEP(b, aclnnRmsNormGetWorkspaceSize, proto_operand(b, PIN(0)),
                      proto_operand(b, PIN(1)), proto_attr_f(op, "epsilon"),
                      proto_operand(b, POUT(op, 0)), proto_operand(b, POUT(op, 1)));
}

/* ---- LayerNorm ---------------------------------------------------------------------- */

enum proto_status proto_infer_layer_norm(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0];
    int nd = x->nd;
    int64_t bn = proto_attr_i(op, "begin_norm_axis"), bp = proto_attr_i(op, "begin_params_axis");
    int b = proto_wrap_axis(bn, nd), p = proto_wrap_axis(bp, nd);
    if (b < 0 || p < 0)
        return proto_fail(op, PROTO_ATTR,
                          "attributes begin_norm_axis %lld / begin_params_axis %lld: out of range "
                          "for rank %d",
                          (long long)bn, (long long)bp, nd);
    if (p != b)
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "begin_params_axis (%lld) must equal begin_norm_axis (%lld)",
                          (long long)bp, (long long)bn);
    enum proto_status st = proto_same_dtype(op, 0, 3);
    if (st)
        return st;
    for (int k = 1; k < 3; k++) {
        const struct core_op_val *w = &op->in[k];
        bool ok = w->nd == nd - b;
        for (int i = 0; ok && i < w->nd; i++)
            ok = w->dims[i] == x->dims[b + i];
        if (!ok) {
            char s1[96], s2[96];
            return proto_fail(op, PROTO_INPUT, "%s %s does not match the normalised dims of x %s",
                              k == 1 ? "gamma" : "beta", proto_shape_str(s1, sizeof(s1), w),
                              proto_shape_str(s2, sizeof(s2), x));
        }
    }
    proto_out_like(&op->out[0], x, x->dtype);
    proto_out_like(&op->out[1], x, x->dtype);
    for (int i = b; i < nd; i++)
        op->out[1].dims[i] = 1;
    proto_out_like(&op->out[2], &op->out[1], x->dtype);
    return PROTO_OK;
}

struct variance_arg {
    uint32_t operand;
    int64_t n;
    float eps;
};

/* aclnnLayerNorm writes 1/sqrt(var + eps); the IR's output is var. */
static int32_t rstd_to_variance(void *const *operands, const void *arg)
{
    const struct variance_arg *a = arg;
    float *v = operands[a->operand];
    for (int64_t i = 0; i < a->n; i++)
        v[i] = 1.0f / (v[i] * v[i]) - a->eps;
    return 0;
}

enum proto_status proto_build_layer_norm(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *x = &op->in[0];
    int nd = x->nd;
    int bn = proto_wrap_axis(proto_attr_i(op, "begin_norm_axis"), nd);
    double eps = proto_attr_f(op, "epsilon");
    aclIntArray *ia = aclCreateIntArray(x->dims + bn, (uint64_t)(nd - bn));
    enum proto_status ps = PROTO_STEP(b, aclnnLayerNormGetWorkspaceSize, proto_operand(b, PIN(0)),
                                      ia, proto_operand(b, PIN(1)), proto_operand(b, PIN(2)), eps,
                                      proto_operand(b, POUT(op, 0)), proto_operand(b, POUT(op, 1)),
                                      proto_operand(b, POUT(op, 2)));
    aclDestroyIntArray(ia);
    if (ps)
        return ps;
    struct variance_arg a = {POUT(op, 2), proto_numel(&op->out[2]), (float)eps};
    return proto_step_fn(b, rstd_to_variance, &a, sizeof(a));
}

/* ---- layouts ---------------------------------------------------------------------------- */

/* Positions of N, C and the sp spatial dims (outermost first) for the data_format attribute:
 * channels first (NCHW, NCDHW) or last (NHWC, NDHWC). */
static enum proto_status data_layout(struct proto_op *op, int sp, int *pos)
{
    const char *fmt = proto_attr_s(op, "data_format");
    const char *first = sp == 3 ? "NCDHW" : "NCHW", *last = sp == 3 ? "NDHWC" : "NHWC";
    bool cf = !strcmp(fmt, first);
    if (!cf && strcmp(fmt, last))
        return proto_fail(op, PROTO_ATTR, "attribute data_format is '%s', expected %s or %s", fmt,
                          first, last);
    pos[0] = 0;
    pos[1] = cf ? 1 : sp + 1;
    for (int i = 0; i < sp; i++)
        pos[2 + i] = cf ? 2 + i : 1 + i;
    return PROTO_OK;
}

/* A list attribute of exactly n values. */
static enum proto_status list_n(struct proto_op *op, const char *name, size_t n, int64_t *v)
{
    const struct proto_attr *a = proto_attr(op, name);
    if (a->n != n)
        return proto_fail(op, PROTO_ATTR, "attribute %s has %zu values, expected %zu", name, a->n,
                          n);
    memcpy(v, a->ints, n * sizeof(int64_t));
    return PROTO_OK;
}

/* The channels-first view (dims, strides) of a contiguous nd-dim value whose dims
 * (N, C, spatial...) sit at positions pos. */
static void cf_view(const int64_t *dims, int nd, const int *pos, int64_t *vd, int64_t *vs)
{
    int64_t st[5], s = 1;
    for (int i = nd - 1; i >= 0; i--) {
        st[i] = s;
        s *= dims[i];
    }
    for (int i = 0; i < nd; i++) {
        vd[i] = dims[pos[i]];
        vs[i] = st[pos[i]];
    }
}

/* ---- Conv2D, Conv3D --------------------------------------------------------------------- */

/* Filter positions of (out channels, in channels, spatial...) for its format: NCHW, NHWC or
 * HWCN (2-d), NCDHW or NDHWC (3-d). */
static void filter_layout(aclFormat f, int sp, int *pos)
{
    bool last = f == ACL_FORMAT_NHWC || f == ACL_FORMAT_NDHWC, hwcn = f == ACL_FORMAT_HWCN;
    pos[0] = hwcn ? sp + 1 : 0;
    pos[1] = hwcn ? sp : last ? sp + 1 : 1;
    for (int i = 0; i < sp; i++)
        pos[2 + i] = hwcn ? i : last ? 1 + i : 2 + i;
}

/* The geometry of a convolution: pads are (before, after) pairs per spatial dim, as Conv2D's
 * [top, bottom, left, right] and Conv3D's [front, back, top, bottom, left, right]. */
struct conv_geom {
    int sp, nd, pos[5];
    int64_t st[5], pd[6], dl[5], groups;
};

static enum proto_status conv_geom(struct proto_op *op, int sp, struct conv_geom *g)
{
    g->sp = sp, g->nd = sp + 2;
    enum proto_status st = data_layout(op, sp, g->pos);
    if (st || (st = list_n(op, "strides", g->nd, g->st)) ||
        (st = list_n(op, "pads", 2 * sp, g->pd)) || (st = list_n(op, "dilations", g->nd, g->dl)))
        return st;
    g->groups = proto_attr_i(op, "groups");
    return PROTO_OK;
}

static enum proto_status infer_conv(struct proto_op *op, int sp)
{
    struct conv_geom g;
    enum proto_status st = conv_geom(op, sp, &g);
    if (st)
        return st;
    const struct core_op_val *x = &op->in[0], *f = &op->in[1];
    char s1[96], s2[96];
    if (x->nd != g.nd || f->nd != g.nd)
        return proto_fail(op, PROTO_INPUT, "x and filter must be %d-D (got %s and %s)", g.nd,
                          proto_shape_str(s1, sizeof(s1), x), proto_shape_str(s2, sizeof(s2), f));
    if ((st = proto_same_dtype(op, 0, 2)))
        return st;
    if (proto_in(op, 3))
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "input offset_w (quantized weights) is not "
                          "supported");
    if (proto_attr_i(op, "offset_x") != 0)
        return proto_fail(op, PROTO_UNSUPPORTED, "attribute offset_x must be 0");
    int fp[5];
    filter_layout(f->format, sp, fp);
    int64_t cin = x->dims[g.pos[1]], cout = f->dims[fp[0]];
    if (g.groups < 1 || cin % g.groups || cout % g.groups || f->dims[fp[1]] * g.groups != cin)
        return proto_fail(op, PROTO_INPUT, "filter %s does not fit input %s with groups %lld",
                          proto_shape_str(s1, sizeof(s1), f), proto_shape_str(s2, sizeof(s2), x),
                          (long long)g.groups);
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    o->dims[g.pos[1]] = cout;
    for (int i = 0; i < sp; i++) {
        int d = g.pos[2 + i];
        int64_t lo = g.pd[2 * i], hi = g.pd[2 * i + 1];
        if (g.st[d] < 1 || g.dl[d] < 1 || lo < 0 || hi < 0)
            return proto_fail(op, PROTO_ATTR, "strides and dilations must be >= 1, pads >= 0");
        if (lo != hi)
            return proto_fail(op, PROTO_UNSUPPORTED,
                              "pads %lld and %lld of spatial dim %d: only equal pads before and "
                              "after are supported",
                              (long long)lo, (long long)hi, i);
        int64_t n = (x->dims[d] + lo + hi - g.dl[d] * (f->dims[fp[2 + i]] - 1) - 1) / g.st[d] + 1;
        if (n <= 0)
            return proto_fail(op, PROTO_INPUT, "the filter %s is larger than the padded input %s",
                              proto_shape_str(s1, sizeof(s1), f),
                              proto_shape_str(s2, sizeof(s2), x));
        o->dims[d] = n;
    }
    const struct core_op_val *bias = proto_in(op, 2);
    if (bias && (bias->nd != 1 || bias->dims[0] != cout))
        return proto_fail(op, PROTO_INPUT, "bias must be [%lld], got %s", (long long)cout,
                          proto_shape_str(s1, sizeof(s1), bias));
    return PROTO_OK;
}

enum proto_status proto_infer_conv2d(struct proto_op *op)
{
    return infer_conv(op, 2);
}

enum proto_status proto_infer_conv3d(struct proto_op *op)
{
    return infer_conv(op, 3);
}

/* aclnnConvolution on channels-first views of x, filter and y. */
static enum proto_status build_conv(const struct proto_op *op, struct proto_plan_builder *b, int sp)
{
    struct conv_geom g;
    conv_geom((struct proto_op *)op, sp, &g);
    const struct core_op_val *x = &op->in[0], *f = &op->in[1], *y = &op->out[0];
    int fp[5];
    filter_layout(f->format, sp, fp);
    int64_t xd[5], xs[5], fd[5], fs[5], yd[5], ys[5];
    cf_view(x->dims, g.nd, g.pos, xd, xs);
    cf_view(f->dims, g.nd, fp, fd, fs);
    cf_view(y->dims, g.nd, g.pos, yd, ys);
    int64_t sv3[3], pv3[3], dv3[3], zv3[3] = {0, 0, 0};
    for (int i = 0; i < sp; i++) {
        sv3[i] = g.st[g.pos[2 + i]];
        pv3[i] = g.pd[2 * i];
        dv3[i] = g.dl[g.pos[2 + i]];
    }
    aclIntArray *sv = aclCreateIntArray(sv3, (uint64_t)sp),
                *pv = aclCreateIntArray(pv3, (uint64_t)sp),
                *dv = aclCreateIntArray(dv3, (uint64_t)sp),
                *zv = aclCreateIntArray(zv3, (uint64_t)sp);
    aclTensor *bias = proto_in(op, 2) ? proto_operand(b, PIN(2)) : NULL;
    enum proto_status ps = PROTO_STEP(
        b, aclnnConvolutionGetWorkspaceSize, proto_tensor(b, PIN(0), x->dtype, xd, g.nd, xs),
        proto_tensor(b, PIN(1), f->dtype, fd, g.nd, fs), bias, sv, pv, dv, false, zv, g.groups,
        proto_tensor(b, POUT(op, 0), y->dtype, yd, g.nd, ys), 0);
    aclDestroyIntArray(sv);
    aclDestroyIntArray(pv);
    aclDestroyIntArray(dv);
    aclDestroyIntArray(zv);
    return ps;
}

enum proto_status proto_build_conv2d(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_conv(op, b, 2);
}

enum proto_status proto_build_conv3d(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_conv(op, b, 3);
}

/* ---- Conv2DTranspose, Conv3DTranspose ------------------------------------------------- */

/* The geometry of a transposed convolution (channels first only): strides, dilations and
 * output_padding per spatial dim, pads (before, after) pairs; y's dims from input_size. */
struct convt_geom {
    int sp;
    int64_t st[3], dl[3], op[3], pb[3], pe[3], y[5];
};

/* Per spatial dim of a list of nd values (1 on N and C) or sp values. */
static enum proto_status spatial_list(struct proto_op *op, const char *name, int sp, int64_t *v)
{
    const struct proto_attr *a = proto_attr(op, name);
    if (a->n != (size_t)sp && a->n != (size_t)sp + 2)
        return proto_fail(op, PROTO_ATTR, "attribute %s has %zu values, expected %d or %d", name,
                          a->n, sp, sp + 2);
    for (int i = 0; i < sp; i++)
        v[i] = a->ints[a->n == (size_t)sp ? i : 2 + i];
    return PROTO_OK;
}

static enum proto_status convt_geom(struct proto_op *op, int sp, struct convt_geom *g)
{
    const char *first = sp == 3 ? "NCDHW" : "NCHW";
    if (strcmp(proto_attr_s(op, "data_format"), first))
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "attribute data_format is '%s': only %s is supported",
                          proto_attr_s(op, "data_format"), first);
    int64_t pads[6];
    enum proto_status st;
    g->sp = sp;
    if ((st = spatial_list(op, "strides", sp, g->st)) ||
        (st = spatial_list(op, "dilations", sp, g->dl)) ||
        (st = spatial_list(op, "output_padding", sp, g->op)) ||
        (st = list_n(op, "pads", 2 * (size_t)sp, pads)))
        return st;
    for (int i = 0; i < sp; i++)
        g->pb[i] = pads[2 * i], g->pe[i] = pads[2 * i + 1];
    if (proto_const_ints(&op->in[0], g->y, 5) != sp + 2)
        return proto_fail(op, PROTO_INPUT, "input input_size must hold %d values (y's dims)",
                          sp + 2);
    return PROTO_OK;
}

static enum proto_status infer_conv_transpose(struct proto_op *op, int sp)
{
    struct convt_geom g;
    enum proto_status st = convt_geom(op, sp, &g);
    if (st)
        return st;
    const struct core_op_val *x = &op->in[1], *f = &op->in[2], *bias = proto_in(op, 3);
    char s1[96], s2[96];
    if (!ops_dt_in(x->dtype, DTM_F3) || f->dtype != x->dtype)
        return proto_fail(op, PROTO_DTYPE,
                          "x has type %s, filter %s: float32, float16 or bfloat16, "
                          "one type, are supported",
                          proto_dtype_name(x->dtype), proto_dtype_name(f->dtype));
    if (x->nd != sp + 2 || f->nd != sp + 2)
        return proto_fail(op, PROTO_INPUT, "x and filter must be %d-D (got %s and %s)", sp + 2,
                          proto_shape_str(s1, sizeof(s1), x), proto_shape_str(s2, sizeof(s2), f));
    if (proto_in(op, 4) || proto_attr_i(op, "offset_x"))
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "quantized weights (offset_w, offset_x) are not "
                          "supported");
    int64_t groups = proto_attr_i(op, "groups"), cout = f->dims[1] * groups;
    if (groups < 1 || f->dims[0] != x->dims[1] || x->dims[1] % groups)
        return proto_fail(op, PROTO_INPUT,
                          "filter %s does not fit input %s with groups %lld (filter [Cin, "
                          "Cout/groups, k...])",
                          proto_shape_str(s1, sizeof(s1), f), proto_shape_str(s2, sizeof(s2), x),
                          (long long)groups);
    bool ok = g.y[0] == x->dims[0] && g.y[1] == cout;
    for (int i = 0; ok && i < sp; i++) {
        int64_t full = (x->dims[2 + i] - 1) * g.st[i] + g.dl[i] * (f->dims[2 + i] - 1) + 1;
        /* y[i] = full[i + before]: pads after may be smaller than before (the extra rows are
         * output padding), never larger */
        ok = g.st[i] >= 1 && g.dl[i] >= 1 && g.pb[i] >= 0 && g.pe[i] <= g.pb[i] && g.op[i] >= 0 &&
             g.y[2 + i] == full - g.pb[i] - g.pe[i] + g.op[i];
    }
    if (!ok)
        return proto_fail(op, PROTO_INPUT,
                          "input_size does not match x %s, filter %s, strides, dilations, pads "
                          "(after at most before) and output_padding",
                          proto_shape_str(s1, sizeof(s1), x), proto_shape_str(s2, sizeof(s2), f));
    if (bias && (bias->nd != 1 || bias->dims[0] != cout))
        return proto_fail(op, PROTO_INPUT, "bias must be [%lld], got %s", (long long)cout,
                          proto_shape_str(s1, sizeof(s1), bias));
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    for (int i = 0; i < sp + 2; i++)
        o->dims[i] = g.y[i];
    return PROTO_OK;
}

enum proto_status proto_infer_conv2d_transpose(struct proto_op *op)
{
    return infer_conv_transpose(op, 2);
}

enum proto_status proto_infer_conv3d_transpose(struct proto_op *op)
{
    return infer_conv_transpose(op, 3);
}

/* aclnnConvolution transposed: padding the pads before, output padding the given one plus
 * (before - after). */
static enum proto_status build_conv_transpose(const struct proto_op *op,
                                              struct proto_plan_builder *b, int sp)
{
    struct convt_geom g;
    convt_geom((struct proto_op *)op, sp, &g);
    int64_t opad[3];
    for (int i = 0; i < sp; i++)
        opad[i] = g.op[i] + g.pb[i] - g.pe[i];
    aclIntArray *sv = aclCreateIntArray(g.st, (uint64_t)sp),
                *pv = aclCreateIntArray(g.pb, (uint64_t)sp),
                *dv = aclCreateIntArray(g.dl, (uint64_t)sp),
                *ov = aclCreateIntArray(opad, (uint64_t)sp);
    aclTensor *bias = proto_in(op, 3) ? proto_operand(b, PIN(3)) : NULL;
    enum proto_status ps = PROTO_STEP(b, aclnnConvolutionGetWorkspaceSize, proto_operand(b, PIN(1)),
                                      proto_operand(b, PIN(2)), bias, sv, pv, dv, true, ov,
                                      proto_attr_i(op, "groups"), proto_operand(b, POUT(op, 0)), 0);
    aclDestroyIntArray(sv);
    aclDestroyIntArray(pv);
    aclDestroyIntArray(dv);
    aclDestroyIntArray(ov);
    return ps;
}

enum proto_status proto_build_conv2d_transpose(const struct proto_op *op,
                                               struct proto_plan_builder *b)
{
    return build_conv_transpose(op, b, 2);
}

enum proto_status proto_build_conv3d_transpose(const struct proto_op *op,
                                               struct proto_plan_builder *b)
{
    return build_conv_transpose(op, b, 3);
}

/* ---- MaxPool, AvgPool, MaxPool3D, AvgPool3D ---------------------------------------------- */

/* The windows of a pooling, per spatial dim: kernel, stride, pads before (lo) and after (hi),
 * dilation; the output size follows (pool_out). */
struct pool_geom {
    int sp, nd, pos[5];
    int64_t k[3], s[3], lo[3], hi[3], dl[3];
    bool ceil, include_pad;
    int64_t divisor;
};

/* ksize / strides of a pool: sp values (the spatial dims) or nd values in data_format's order
 * with 1 on N and C. */
static enum proto_status pool_list(struct proto_op *op, const struct pool_geom *g, const char *name,
                                   int64_t *v)
{
    const struct proto_attr *a = proto_attr(op, name);
    bool full = a->n == (size_t)g->nd;
    if (!full && a->n != (size_t)g->sp)
        return proto_fail(op, PROTO_ATTR, "attribute %s has %zu values, expected %d or %d", name,
                          a->n, g->sp, g->nd);
    if (full && (a->ints[0] != 1 || a->ints[g->pos[1]] != 1))
        return proto_fail(op, PROTO_ATTR, "attribute %s must be 1 on N and C (%s)", name,
                          proto_attr_s(op, "data_format"));
    for (int i = 0; i < g->sp; i++)
        if ((v[i] = full ? a->ints[g->pos[2 + i]] : a->ints[i]) < 1)
            return proto_fail(op, PROTO_ATTR, "attribute %s must be positive on the spatial dims",
                              name);
    return PROTO_OK;
}

/* Padding "SAME": TF's pads (the smaller half before), the output ceil(in / stride). */
static void same_pads(struct pool_geom *g, const struct core_op_val *x)
{
    for (int i = 0; i < g->sp; i++) {
        int64_t n = x->dims[g->pos[2 + i]], o = (n + g->s[i] - 1) / g->s[i];
        int64_t tot = (o - 1) * g->s[i] + g->dl[i] * (g->k[i] - 1) + 1 - n;
        if (tot < 0)
            tot = 0;
        g->lo[i] = tot / 2;
        g->hi[i] = tot - tot / 2;
    }
}

/* The geometry of MaxPool / AvgPool (2-d, padding SAME or VALID) and of MaxPool3D (padding
 * SAME, VALID or CALCULATED with pads) / AvgPool3D (pads) on x. */
static enum proto_status pool_geom(struct proto_op *op, int sp, struct pool_geom *g)
{
    const struct core_op_val *x = &op->in[0];
    char s1[96];
    memset(g, 0, sizeof(*g));
    g->sp = sp, g->nd = sp + 2;
    if (x->nd != g->nd)
        return proto_fail(op, PROTO_INPUT, "x must be %d-D, got %s", g->nd,
                          proto_shape_str(s1, sizeof(s1), x));
    enum proto_status st = data_layout(op, sp, g->pos);
    if (st || (st = pool_list(op, g, "ksize", g->k)) || (st = pool_list(op, g, "strides", g->s)))
        return st;
    for (int i = 0; i < sp; i++)
        g->dl[i] = 1;
    const char *type = op->def->type;
    bool avg3 = !strcmp(type, "AvgPool3D"), max3 = !strcmp(type, "MaxPool3D");
    bool argmax = !strcmp(type, "MaxPoolWithArgmaxV3");
    const char *pad = avg3 || argmax ? "CALCULATED" : proto_attr_s(op, "padding");
    bool same = !strcmp(pad, "SAME"), calc = !strcmp(pad, "CALCULATED") && (avg3 || max3 || argmax);
    if (!same && !calc && strcmp(pad, "VALID"))
        return proto_fail(op, PROTO_ATTR, "attribute padding is '%s', expected %s", pad,
                          max3 ? "SAME, VALID or CALCULATED" : "SAME or VALID");
    if (argmax) {
        /* pads: one value a spatial dim, before and after alike, at most half the kernel
         * (the IR's constraint) */
        int64_t p[2];
        if ((st = pool_list(op, g, "dilation", g->dl)) || (st = list_n(op, "pads", 2, p)))
            return st;
        for (int i = 0; i < sp; i++) {
            if (p[i] < 0 || p[i] > g->k[i] / 2)
                return proto_fail(op, PROTO_ATTR,
                                  "attribute pads [%lld, %lld]: each must be in [0, ksize / 2]",
                                  (long long)p[0], (long long)p[1]);
            g->lo[i] = g->hi[i] = p[i];
        }
        g->ceil = proto_attr_i(op, "ceil_mode") != 0;
        return PROTO_OK;
    }
    if (max3) {
        /* dilation as ksize: 5 values in data_format's order (1 on N and C) or 3 */
        if ((st = pool_list(op, g, "dilation", g->dl)))
            return st;
        g->ceil = proto_attr_i(op, "ceil_mode") != 0;
    }
    if (avg3) {
        g->ceil = proto_attr_i(op, "ceil_mode") != 0;
        g->include_pad = proto_attr_i(op, "count_include_pad") != 0;
        g->divisor = proto_attr_i(op, "divisor_override");
    }
    if (same) {
        same_pads(g, x);
        g->ceil = false;
    } else if (calc) {
        int64_t p[6];
        if ((st = list_n(op, "pads", 6, p)))
            return st;
        for (int i = 0; i < sp; i++) {
            g->lo[i] = p[2 * i], g->hi[i] = p[2 * i + 1];
            if (g->lo[i] < 0 || g->hi[i] < 0)
                return proto_fail(op, PROTO_ATTR, "attribute pads must be >= 0");
        }
    } else {
        g->ceil = false;
    }
    return PROTO_OK;
}

/* Output sizes of the windows (PL4 of ops/pool/pool.c for ceil mode). */
static enum proto_status pool_out(struct proto_op *op, const struct pool_geom *g)
{
    const struct core_op_val *x = &op->in[0];
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    for (int i = 0; i < g->sp; i++) {
        int d = g->pos[2 + i];
        int64_t n = x->dims[d], span = n + g->lo[i] + g->hi[i] - g->dl[i] * (g->k[i] - 1) - 1;
        if (span < 0)
            return proto_fail(op, PROTO_INPUT, "window %lld is larger than the padded input %lld",
                              (long long)g->k[i], (long long)(n + g->lo[i] + g->hi[i]));
        int64_t m = (span + (g->ceil ? g->s[i] - 1 : 0)) / g->s[i] + 1;
        if (g->ceil && (m - 1) * g->s[i] >= n + g->lo[i])
            m--;
        o->dims[d] = m;
    }
    return PROTO_OK;
}

static enum proto_status infer_pool(struct proto_op *op, int sp)
{
    struct pool_geom g;
    enum proto_status st = pool_geom(op, sp, &g);
    return st ? st : pool_out(op, &g);
}

enum proto_status proto_infer_pool(struct proto_op *op)
{
    return infer_pool(op, 2);
}

enum proto_status proto_infer_pool3d(struct proto_op *op)
{
    return infer_pool(op, 3);
}

/* MaxPoolWithArgmaxV3: y as MaxPool's; argmax of y's dims, int32 (dtype 3) or int64 (9). */
enum proto_status proto_infer_pool_argmax(struct proto_op *op)
{
    enum proto_status st = infer_pool(op, 2);
    if (st)
        return st;
    int64_t dt = proto_attr_i(op, "dtype");
    if (dt != 3 && dt != 9)
        return proto_fail(op, PROTO_ATTR,
                          "attribute dtype is %lld, expected 3 (int32) or 9 (int64)",
                          (long long)dt);
    proto_out_like(&op->out[1], &op->out[0], dt == 3 ? ACL_INT32 : ACL_INT64);
    return PROTO_OK;
}

static enum proto_status build_pool(const struct proto_op *op, struct proto_plan_builder *b, int sp,
                                    bool is_max)
{
    struct pool_geom g;
    pool_geom((struct proto_op *)op, sp, &g);
    const struct core_op_val *x = &op->in[0], *y = &op->out[0];
    int64_t pads[6];
    for (int i = 0; i < sp; i++)
        pads[i] = g.lo[i], pads[sp + i] = g.hi[i];
    int64_t xd[5], xs[5], yd[5], ys[5];
    cf_view(x->dims, g.nd, g.pos, xd, xs);
    cf_view(y->dims, g.nd, g.pos, yd, ys);
    return PROTO_STEP(b, ops_pool_build, op->def->type, sp,
                      proto_tensor(b, PIN(0), x->dtype, xd, g.nd, xs),
                      proto_tensor(b, POUT(op, 0), y->dtype, yd, g.nd, ys), is_max, g.k, g.s, pads,
                      g.dl, g.ceil, g.include_pad, g.divisor);
}

enum proto_status proto_build_max_pool(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_pool(op, b, 2, true);
}

enum proto_status proto_build_avg_pool(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_pool(op, b, 2, false);
}

enum proto_status proto_build_max_pool3d(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_pool(op, b, 3, true);
}

enum proto_status proto_build_avg_pool3d(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_pool(op, b, 3, false);
}

/* MaxPoolWithArgmaxV3: aclnnMaxPool2dWithIndices (torch's max_pool2d_with_indices, as the IR
 * says): argmax holds each maximum's flat position in its input plane (h * W + w). */
enum proto_status proto_build_max_pool_argmax(const struct proto_op *op,
                                              struct proto_plan_builder *b)
{
    struct pool_geom g;
    pool_geom((struct proto_op *)op, 2, &g);
    const struct core_op_val *x = &op->in[0], *y = &op->out[0], *am = &op->out[1];
    int64_t xd[4], xs[4], yd[4], ys[4], ad[4], as[4];
    cf_view(x->dims, 4, g.pos, xd, xs);
    cf_view(y->dims, 4, g.pos, yd, ys);
    cf_view(am->dims, 4, g.pos, ad, as);
    aclIntArray *kv = aclCreateIntArray(g.k, 2), *sv = aclCreateIntArray(g.s, 2),
                *pv = aclCreateIntArray(g.lo, 2), *dv = aclCreateIntArray(g.dl, 2);
    enum proto_status ps = PROTO_STEP(b, aclnnMaxPool2dWithIndicesGetWorkspaceSize,
                                      proto_tensor(b, PIN(0), x->dtype, xd, 4, xs), kv, sv, pv, dv,
                                      g.ceil, proto_tensor(b, POUT(op, 0), y->dtype, yd, 4, ys),
                                      proto_tensor(b, POUT(op, 1), am->dtype, ad, 4, as));
    aclDestroyIntArray(kv);
    aclDestroyIntArray(sv);
    aclDestroyIntArray(pv);
    aclDestroyIntArray(dv);
    return ps;
}
