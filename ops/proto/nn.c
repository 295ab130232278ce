/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto/nn.c: neural-network types of the table: SoftmaxV2,
 * LogSoftmaxV2, LayerNorm, RmsNorm, Conv2D, MaxPool and AvgPool. Conv2D and the pools take NCHW or
 * NHWC data (data_format): the kernels of ops/ work on NCHW, so an NHWC operand is handed over as
 * an NCHW view (strides, no copy); Conv2D's filter is read in the layout its description names
 * (NCHW, NHWC or HWCN).
 */
#include <string.h>

#include "aclnnop/aclnn_convolution.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_logsoftmax.h"
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

/* Positions of C, H and W for the data_format attribute (NCHW or NHWC). */
static enum proto_status data_layout(struct proto_op *op, int *c, int *h, int *w)
{
    const char *fmt = proto_attr_s(op, "data_format");
    bool nchw = !strcmp(fmt, "NCHW");
    if (!nchw && strcmp(fmt, "NHWC"))
        return proto_fail(op, PROTO_ATTR, "attribute data_format is '%s', expected NCHW or NHWC",
                          fmt);
    *c = nchw ? 1 : 3;
    *h = nchw ? 2 : 1;
    *w = nchw ? 3 : 2;
    return PROTO_OK;
}

/* A list attribute of exactly 4 values. */
static enum proto_status four(struct proto_op *op, const char *name, int64_t *v)
{
    const struct proto_attr *a = proto_attr(op, name);
    if (a->n != 4)
        return proto_fail(op, PROTO_ATTR, "attribute %s has %zu values, expected 4", name, a->n);
    memcpy(v, a->ints, 4 * sizeof(int64_t));
    return PROTO_OK;
}

/* The NCHW view (dims, strides) of a contiguous 4-D value whose dims are in
 * layout (n, c, h, w) = positions. */
static void nchw_view(const int64_t *dims, int pn, int pc, int ph, int pw, int64_t *vd, int64_t *vs)
{
    int64_t st[4], s = 1;
    for (int i = 3; i >= 0; i--) {
        st[i] = s;
        s *= dims[i];
    }
    const int pos[4] = {pn, pc, ph, pw};
    for (int i = 0; i < 4; i++) {
        vd[i] = dims[pos[i]];
        vs[i] = st[pos[i]];
    }
}

/* ---- Conv2D --------------------------------------------------------------------------- */

/* Filter positions of (out channels, in channels, kh, kw) for its format. */
static void filter_layout(aclFormat f, int *po, int *pi, int *ph, int *pw)
{
    if (f == ACL_FORMAT_NHWC)
        *po = 0, *ph = 1, *pw = 2, *pi = 3;
    else if (f == ACL_FORMAT_HWCN)
        *ph = 0, *pw = 1, *pi = 2, *po = 3;
    else
        *po = 0, *pi = 1, *ph = 2, *pw = 3;
}

struct conv_geom {
    int c, h, w;
    int64_t st[4], pd[4], dl[4], groups;
};

static enum proto_status conv_geom(struct proto_op *op, struct conv_geom *g)
{
    enum proto_status st = data_layout(op, &g->c, &g->h, &g->w);
    if (st || (st = four(op, "strides", g->st)) || (st = four(op, "pads", g->pd)) ||
        (st = four(op, "dilations", g->dl)))
        return st;
    g->groups = proto_attr_i(op, "groups");
    return PROTO_OK;
}

enum proto_status proto_infer_conv2d(struct proto_op *op)
{
    struct conv_geom g;
    enum proto_status st = conv_geom(op, &g);
    if (st)
        return st;
    const struct core_op_val *x = &op->in[0], *f = &op->in[1];
    char s1[96], s2[96];
    if (x->nd != 4 || f->nd != 4)
        return proto_fail(op, PROTO_INPUT, "x and filter must be 4-D (got %s and %s)",
                          proto_shape_str(s1, sizeof(s1), x), proto_shape_str(s2, sizeof(s2), f));
    if ((st = proto_same_dtype(op, 0, 2)))
        return st;
    if (proto_in(op, 3))
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "input offset_w (quantized weights) is not "
                          "supported");
    if (proto_attr_i(op, "offset_x") != 0)
        return proto_fail(op, PROTO_UNSUPPORTED, "attribute offset_x must be 0");
    int po, pi, ph, pw;
    filter_layout(f->format, &po, &pi, &ph, &pw);
    int64_t cin = x->dims[g.c], cout = f->dims[po], kh = f->dims[ph], kw = f->dims[pw];
    if (g.groups < 1 || cin % g.groups || cout % g.groups || f->dims[pi] * g.groups != cin)
        return proto_fail(op, PROTO_INPUT, "filter %s does not fit input %s with groups %lld",
                          proto_shape_str(s1, sizeof(s1), f), proto_shape_str(s2, sizeof(s2), x),
                          (long long)g.groups);
    if (g.st[g.h] < 1 || g.st[g.w] < 1 || g.dl[g.h] < 1 || g.dl[g.w] < 1 || g.pd[0] < 0 ||
        g.pd[1] < 0 || g.pd[2] < 0 || g.pd[3] < 0)
        return proto_fail(op, PROTO_ATTR, "strides and dilations must be >= 1, pads >= 0");
    if (g.pd[0] != g.pd[1] || g.pd[2] != g.pd[3])
        return proto_fail(op, PROTO_UNSUPPORTED,
                          "pads [%lld, %lld, %lld, %lld]: only equal top/bottom and left/right "
                          "pads are supported",
                          (long long)g.pd[0], (long long)g.pd[1], (long long)g.pd[2],
                          (long long)g.pd[3]);
    int64_t oh = (x->dims[g.h] + g.pd[0] + g.pd[1] - g.dl[g.h] * (kh - 1) - 1) / g.st[g.h] + 1;
    int64_t ow = (x->dims[g.w] + g.pd[2] + g.pd[3] - g.dl[g.w] * (kw - 1) - 1) / g.st[g.w] + 1;
    if (oh <= 0 || ow <= 0)
        return proto_fail(op, PROTO_INPUT, "the filter %s is larger than the padded input %s",
                          proto_shape_str(s1, sizeof(s1), f), proto_shape_str(s2, sizeof(s2), x));
    const struct core_op_val *bias = proto_in(op, 2);
    if (bias && (bias->nd != 1 || bias->dims[0] != cout))
        return proto_fail(op, PROTO_INPUT, "bias must be [%lld], got %s", (long long)cout,
                          proto_shape_str(s1, sizeof(s1), bias));
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    o->dims[g.c] = cout;
    o->dims[g.h] = oh;
    o->dims[g.w] = ow;
    return PROTO_OK;
}

enum proto_status proto_build_conv2d(const struct proto_op *op, struct proto_plan_builder *b)
{
    struct conv_geom g;
    conv_geom((struct proto_op *)op, &g);
    const struct core_op_val *x = &op->in[0], *f = &op->in[1], *y = &op->out[0];
    int po, pi, ph, pw;
    filter_layout(f->format, &po, &pi, &ph, &pw);
    int64_t xd[4], xs[4], fd[4], fs[4], yd[4], ys[4];
    nchw_view(x->dims, 0, g.c, g.h, g.w, xd, xs);
    nchw_view(f->dims, po, pi, ph, pw, fd, fs);
    nchw_view(y->dims, 0, g.c, g.h, g.w, yd, ys);
    int64_t s2[2] = {g.st[g.h], g.st[g.w]}, p2[2] = {g.pd[0], g.pd[2]};
    int64_t d2[2] = {g.dl[g.h], g.dl[g.w]}, z2[2] = {0, 0};
    aclIntArray *sv = aclCreateIntArray(s2, 2), *pv = aclCreateIntArray(p2, 2),
                *dv = aclCreateIntArray(d2, 2), *zv = aclCreateIntArray(z2, 2);
    aclTensor *bias = proto_in(op, 2) ? proto_operand(b, PIN(2)) : NULL;
    enum proto_status ps = PROTO_STEP(
        b, aclnnConvolutionGetWorkspaceSize, proto_tensor(b, PIN(0), x->dtype, xd, 4, xs),
        proto_tensor(b, PIN(1), f->dtype, fd, 4, fs), bias, sv, pv, dv, false, zv, g.groups,
        proto_tensor(b, POUT(op, 0), y->dtype, yd, 4, ys), 0);
    aclDestroyIntArray(sv);
    aclDestroyIntArray(pv);
    aclDestroyIntArray(dv);
    aclDestroyIntArray(zv);
    return ps;
}

/* ---- MaxPool, AvgPool ------------------------------------------------------------------ */

struct pool_geom {
    int c, h, w;
    bool same;
    int64_t k[4], s[4];
};

static enum proto_status pool_geom(struct proto_op *op, struct pool_geom *g)
{
    enum proto_status st = data_layout(op, &g->c, &g->h, &g->w);
    if (st || (st = four(op, "ksize", g->k)) || (st = four(op, "strides", g->s)))
        return st;
    const char *pad = proto_attr_s(op, "padding");
    g->same = !strcmp(pad, "SAME");
    if (!g->same && strcmp(pad, "VALID"))
        return proto_fail(op, PROTO_ATTR, "attribute padding is '%s', expected SAME or VALID", pad);
    if (g->k[0] != 1 || g->k[g->c] != 1 || g->s[0] != 1 || g->s[g->c] != 1 || g->k[g->h] < 1 ||
        g->k[g->w] < 1 || g->s[g->h] < 1 || g->s[g->w] < 1)
        return proto_fail(op, PROTO_ATTR,
                          "ksize and strides must be 1 on N and C and positive on H and W (%s)",
                          proto_attr_s(op, "data_format"));
    return PROTO_OK;
}

enum proto_status proto_infer_pool(struct proto_op *op)
{
    const struct core_op_val *x = &op->in[0];
    char s1[96];
    if (x->nd != 4)
        return proto_fail(op, PROTO_INPUT, "x must be 4-D, got %s",
                          proto_shape_str(s1, sizeof(s1), x));
    struct pool_geom g;
    enum proto_status st = pool_geom(op, &g);
    if (st)
        return st;
    struct core_op_val *o = &op->out[0];
    proto_out_like(o, x, x->dtype);
    const int pos[2] = {g.h, g.w};
    for (int i = 0; i < 2; i++) {
        int d = pos[i];
        int64_t n = x->dims[d];
        if (!g.same && n < g.k[d])
            return proto_fail(op, PROTO_INPUT, "window %lld is larger than the input %lld (VALID)",
                              (long long)g.k[d], (long long)n);
        o->dims[d] = g.same ? (n + g.s[d] - 1) / g.s[d] : (n - g.k[d]) / g.s[d] + 1;
    }
    return PROTO_OK;
}

static enum proto_status build_pool(const struct proto_op *op, struct proto_plan_builder *b,
                                    bool is_max)
{
    struct pool_geom g;
    pool_geom((struct proto_op *)op, &g);
    const struct core_op_val *x = &op->in[0], *y = &op->out[0];
    int64_t k[2] = {g.k[g.h], g.k[g.w]}, s[2] = {g.s[g.h], g.s[g.w]};
    int64_t pads[4] = {0, 0, 0, 0}, dil[2] = {1, 1};
    const int pos[2] = {g.h, g.w};
    for (int i = 0; g.same && i < 2; i++) {
        int64_t tot = (y->dims[pos[i]] - 1) * s[i] + k[i] - x->dims[pos[i]];
        if (tot < 0)
            tot = 0;
        pads[i] = tot / 2;           /* top / left */
        pads[2 + i] = tot - tot / 2; /* bottom / right */
    }
    int64_t xd[4], xs[4], yd[4], ys[4];
    nchw_view(x->dims, 0, g.c, g.h, g.w, xd, xs);
    nchw_view(y->dims, 0, g.c, g.h, g.w, yd, ys);
    return PROTO_STEP(b, ops_pool2d_build, op->def->type,
                      proto_tensor(b, PIN(0), x->dtype, xd, 4, xs),
                      proto_tensor(b, POUT(op, 0), y->dtype, yd, 4, ys), is_max, k, s, pads, dil,
                      false, false, 0);
}

enum proto_status proto_build_max_pool(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_pool(op, b, true);
}

enum proto_status proto_build_avg_pool(const struct proto_op *op, struct proto_plan_builder *b)
{
    return build_pool(op, b, false);
}
