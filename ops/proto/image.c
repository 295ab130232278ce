/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/proto: image pre-processing types. Aipp (CANN's REG_OP(Aipp): images
 * uint8, params uint8 optional, features float16 or uint8, attribute
 * aipp_config_path): the shape rule and the plan of one host step running
 * ops/image's kernel.
 *
 * cpuacl's Aipp reads its parameters from `params`, always in the block of
 * core/aipp.h: a Const for a static configuration (INSERT_OP_FILE), the
 * ascend_dynamic_aipp_data input for a dynamic one. Real AIPP reads the
 * configuration named by aipp_config_path at compile time; cpuacl keeps the
 * attribute (its text is not read) and requires `params`. The output is the
 * model input AIPP feeds: its description (update_output_desc_features:
 * N, C, H, W as NCHW or NHWC, float16 or float32) is required, as GE's
 * inserted Aipp node carries it; a const block is checked against it here,
 * a dynamic one by aclmdlSetInputAIPP and again by the kernel.
 *
 * Resize (CANN's REG_OP(Resize) of ops-nn: x, roi, scales, sizes optional,
 * the attributes of ONNX's Resize of opsets 11-13): y's dims come from
 * sizes (int32 or int64, one a dim of x) or else scales (float32, one a dim:
 * floor(dim * scale)), so the one given must be a const input; roi (float32,
 * starts then ends, 2 * rank values) is read for tf_crop_and_resize only.
 * cpuacl runs every rank up to 8 and every axis, as ONNX defines Resize
 * (CANN documents 4-d x); x of an integer type takes mode nearest only
 * **(choice: an interpolated integer has no rounding rule in ONNX)**.
 *
 * GridSampler2D (CANN's: x (N, C, H, W), grid (N, H_out, W_out, 2) of x's
 * float type; attributes interpolation_mode bilinear / nearest / bicubic,
 * padding_mode zeros / border / reflection, align_corners): y (N, C, H_out,
 * W_out), the kernel of ops/image/grid_sample.c.
 */
#include <math.h>
#include <string.h>

#include "core/aipp.h"
#include "ops/image/image.h"
#include "ops/proto/proto_pvt.h"

/* C, H, W positions of a 4-d output. */
static void chw(const struct core_op_val *o, int64_t *c, int64_t *h, int64_t *w)
{
    bool nhwc = o->format == ACL_FORMAT_NHWC;
    *c = o->dims[nhwc ? 3 : 1];
    *h = o->dims[nhwc ? 1 : 2];
    *w = o->dims[nhwc ? 2 : 3];
}

enum proto_status proto_infer_aipp(struct proto_op *op)
{
    const struct core_op_val *img = &op->in[0], *prm = proto_in(op, 1);
    struct core_op_val *o = &op->out[0];
    if (!prm)
        return proto_fail(op, PROTO_INPUT,
                          "input params is required by cpuacl: the AIPP parameter block (a Const "
                          "for static AIPP, the %s input for dynamic AIPP)",
                          ACL_DYNAMIC_AIPP_NAME);
    if (prm->dtype != ACL_UINT8)
        return proto_fail(op, PROTO_INPUT, "input params has type %s, expected uint8",
                          proto_dtype_name(prm->dtype));
    if (img->nd < 1 || img->dims[0] < 1)
        return proto_fail(op, PROTO_INPUT, "input images needs a batch dim (N, ...)");
    if (o->nd != 4 || (o->format != ACL_FORMAT_NCHW && o->format != ACL_FORMAT_NHWC))
        return proto_fail(op, PROTO_OUTPUT,
                          "output features must be described as the model input AIPP feeds: 4 "
                          "dims in NCHW or NHWC (update_output_desc_features)");
    if (o->dtype != ACL_FLOAT16 && o->dtype != ACL_FLOAT)
        return proto_fail(op, PROTO_DTYPE,
                          "output features has type %s, expected float16 or "
                          "float32",
                          proto_dtype_name(o->dtype));
    for (int k = 1; k < 4; k++)
        if (o->dims[k] < 1)
            return proto_fail(op, PROTO_OUTPUT,
                              "output features has dim %d of %lld: its C, H and W must be known "
                              "(a H*W gear's are filled in when the gear is compiled)",
                              k, (long long)o->dims[k]);
    if (o->dims[0] != img->dims[0])
        return proto_fail(op, PROTO_OUTPUT, "output features has batch %lld, images %lld",
                          (long long)o->dims[0], (long long)img->dims[0]);
    if (!prm->data)
        return PROTO_OK; /* dynamic: checked when set and when run */
    struct core_aipp_set s;
    if (core_aipp_decode(prm->data, prm->bytes, &s))
        return proto_fail(op, PROTO_INPUT,
                          "input params (%zu bytes) is not an AIPP parameter "
                          "block",
                          prm->bytes);
    int64_t c, h, w;
    chw(o, &c, &h, &w);
    core_aipp_resolve_src(&s, h, w); /* static AIPP with H*W gears: the gear's size */
    size_t image_bytes = proto_bytes(img) / (size_t)img->dims[0];
    for (uint32_t i = 0; i < s.batch; i++) {
        struct core_aipp_image im;
        core_aipp_decode_image(prm->data, i, &im);
        char msg[256];
        if (core_aipp_check(&s, &im, h, w, c, image_bytes, msg, sizeof(msg)))
            return proto_fail(op, PROTO_ATTR, "%s", msg);
    }
    return PROTO_OK;
}

struct aipp_arg {
    struct ops_aipp_out o;
    size_t image_bytes, param_bytes;
    uint32_t out; /* the operand of features */
};

static int32_t aipp_step(void *const *operands, const void *arg)
{
    const struct aipp_arg *a = arg;
    return ops_aipp_run(operands[0], a->image_bytes, operands[1], a->param_bytes, operands[a->out],
                        &a->o);
}

enum proto_status proto_build_aipp(const struct proto_op *op, struct proto_plan_builder *b)
{
    const struct core_op_val *img = &op->in[0], *o = &op->out[0];
    struct aipp_arg a;
    memset(&a, 0, sizeof(a));
    a.o.n = o->dims[0];
    chw(o, &a.o.c, &a.o.h, &a.o.w);
    a.o.nhwc = o->format == ACL_FORMAT_NHWC;
    a.o.dtype = o->dtype;
    a.image_bytes = proto_bytes(img) / (size_t)img->dims[0];
    a.param_bytes = proto_bytes(&op->in[1]);
    a.out = POUT(op, 0);
    return proto_step_fn(b, aipp_step, &a, sizeof(a));
}

/* ---- Resize ---------------------------------------------------------------- */

/* The index of `v` in the n names, else -1. */
static int pick(const char *v, const char *const *names, int n)
{
    for (int k = 0; k < n; k++)
        if (!strcmp(v, names[k]))
            return k;
    return -1;
}

static const char *const g_coord[] = {"half_pixel", "pytorch_half_pixel",   "align_corners",
                                      "asymmetric", "tf_half_pixel_for_nn", "tf_crop_and_resize"};
static const char *const g_mode[] = {"nearest", "linear", "cubic"};
static const char *const g_round[] = {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"};

/* A given optional input: present with at least one element. */
static const struct core_op_val *given(const struct proto_op *op, uint32_t k)
{
    const struct core_op_val *v = proto_in(op, k);
    return v && proto_bytes(v) ? v : NULL;
}

/* Fill r from the instance: dims, scales, roi, attributes. */
static enum proto_status resize_setup(struct proto_op *op, struct ops_resize *r)
{
    const struct core_op_val *x = &op->in[0];
    const struct core_op_val *roi = given(op, 1), *sc = given(op, 2), *sz = given(op, 3);
    memset(r, 0, sizeof(*r));
    r->nd = x->nd;
    r->dt = ops_dt_index(x->dtype);
    int c = pick(proto_attr_s(op, "coordinate_transformation_mode"), g_coord, 6);
    int m = pick(proto_attr_s(op, "mode"), g_mode, 3);
    int n = pick(proto_attr_s(op, "nearest_mode"), g_round, 4);
    if (c < 0)
        return proto_fail(op, PROTO_ATTR,
                          "attribute coordinate_transformation_mode is %s: half_pixel, "
                          "pytorch_half_pixel, align_corners, asymmetric, tf_half_pixel_for_nn "
                          "or tf_crop_and_resize expected",
                          proto_attr_s(op, "coordinate_transformation_mode"));
    if (m < 0)
        return proto_fail(op, PROTO_ATTR, "attribute mode is %s: nearest, linear or cubic expected",
                          proto_attr_s(op, "mode"));
    if (n < 0)
        return proto_fail(op, PROTO_ATTR,
                          "attribute nearest_mode is %s: round_prefer_floor, round_prefer_ceil, "
                          "floor or ceil expected",
                          proto_attr_s(op, "nearest_mode"));
    r->coord = (enum ops_resize_coord)c;
    r->mode = (enum ops_resize_mode)m;
    r->round = (enum ops_resize_round)n;
    r->cubic_a = proto_attr_f(op, "cubic_coeff_a");
    r->extrapolation = proto_attr_f(op, "extrapolation_value");
    r->exclude_outside = proto_attr_i(op, "exclude_outside") != 0;
    if (x->nd < 1)
        return proto_fail(op, PROTO_INPUT, "input x is a scalar: it needs at least one dim");
    if (m != OPS_RESIZE_NEAREST && !ops_dt_is_float(r->dt))
        return proto_fail(op, PROTO_DTYPE,
                          "input x has type %s: mode %s takes float32, float16, bfloat16 or "
                          "double (integer types: nearest only)",
                          proto_dtype_name(x->dtype), g_mode[m]);
    if (!sz && !sc)
        return proto_fail(op, PROTO_INPUT,
                          "one of the inputs scales and sizes must be given, a const input (y's "
                          "dims depend on it)");
    const struct core_op_val *v = sz ? sz : sc;
    const char *vn = sz ? "sizes" : "scales";
    if (!v->data)
        return proto_fail(op, PROTO_INPUT,
                          "input %s must be a const input (y's dims depend on its values)", vn);
    if (v->nd != 1 || v->dims[0] != x->nd)
        return proto_fail(op, PROTO_INPUT, "input %s must be 1-d of %d values (the rank of x)", vn,
                          (int)x->nd);
    if (sz && sz->dtype != ACL_INT32 && sz->dtype != ACL_INT64)
        return proto_fail(op, PROTO_DTYPE, "input sizes has type %s, expected int32 or int64",
                          proto_dtype_name(sz->dtype));
    if (!sz && sc->dtype != ACL_FLOAT)
        return proto_fail(op, PROTO_DTYPE, "input scales has type %s, expected float32",
                          proto_dtype_name(sc->dtype));
    for (int a = 0; a < x->nd; a++) {
        int64_t in = x->dims[a], out;
        double s;
        if (sz) {
            out = sz->dtype == ACL_INT32 ? ((const int32_t *)sz->data)[a]
                                         : ((const int64_t *)sz->data)[a];
            s = in ? (double)out / (double)in : 1;
        } else {
            s = ((const float *)sc->data)[a];
            if (!(s > 0) || !isfinite(s))
                return proto_fail(op, PROTO_INPUT, "input scales holds %g at %d: scales are > 0", s,
                                  a);
            out = (int64_t)floor((double)in * s);
        }
        if (out < 0 || (in == 0 && out > 0))
            return proto_fail(op, PROTO_INPUT,
                              "dim %d of x is %lld and its output length %lld: not a resize", a,
                              (long long)in, (long long)out);
        r->in[a] = in;
        r->out[a] = out;
        r->scale[a] = s;
    }
    if (c == OPS_RESIZE_TF_CROP_AND_RESIZE) {
        if (!roi || !roi->data || roi->dtype != ACL_FLOAT || roi->nd != 1 ||
            roi->dims[0] != 2 * x->nd)
            return proto_fail(op, PROTO_INPUT,
                              "tf_crop_and_resize needs input roi: a const float32 1-d input of "
                              "%d values (the starts, then the ends)",
                              2 * (int)x->nd);
        for (int k = 0; k < 2 * x->nd; k++)
            r->roi[k] = ((const float *)roi->data)[k];
    }
    return PROTO_OK;
}

enum proto_status proto_infer_resize(struct proto_op *op)
{
    struct ops_resize r;
    enum proto_status st = resize_setup(op, &r);
    if (st)
        return st;
    struct core_op_val *y = &op->out[0];
    proto_out_like(y, &op->in[0], op->in[0].dtype);
    for (int a = 0; a < r.nd; a++)
        y->dims[a] = r.out[a];
    return PROTO_OK;
}

struct resize_arg {
    struct ops_resize r;
    uint32_t out; /* the operand of y */
};

static int32_t resize_step(void *const *operands, const void *arg)
{
    const struct resize_arg *a = arg;
    return ops_resize_run(operands[0], operands[a->out], &a->r);
}

enum proto_status proto_build_resize(const struct proto_op *op, struct proto_plan_builder *b)
{
    struct resize_arg a;
    /* the rule has checked the instance: setup succeeds again and writes no message */
    enum proto_status st = resize_setup((struct proto_op *)op, &a.r);
    if (st)
        return st;
    a.out = POUT(op, 0);
    return proto_step_fn(b, resize_step, &a, sizeof(a));
}

/* ---- GridSampler2D ----------------------------------------------------------- */

static const char *const g_grid_mode[] = {"bilinear", "nearest", "bicubic"};
static const char *const g_grid_pad[] = {"zeros", "border", "reflection"};

static enum proto_status grid_setup(struct proto_op *op, struct ops_grid_sample *g)
{
    const struct core_op_val *x = &op->in[0], *grid = &op->in[1];
    int m = pick(proto_attr_s(op, "interpolation_mode"), g_grid_mode, 3);
    int p = pick(proto_attr_s(op, "padding_mode"), g_grid_pad, 3);
    if (m < 0)
        return proto_fail(op, PROTO_ATTR,
                          "attribute interpolation_mode is %s: bilinear, nearest or bicubic "
                          "expected",
                          proto_attr_s(op, "interpolation_mode"));
    if (p < 0)
        return proto_fail(op, PROTO_ATTR,
                          "attribute padding_mode is %s: zeros, border or reflection expected",
                          proto_attr_s(op, "padding_mode"));
    if (x->nd != 4)
        return proto_fail(op, PROTO_INPUT, "input x has %d dims: it must be 4-d (N, C, H, W)",
                          (int)x->nd);
    if (grid->nd != 4 || grid->dims[0] != x->dims[0] || grid->dims[3] != 2)
        return proto_fail(op, PROTO_INPUT,
                          "input grid must be 4-d (N, H_out, W_out, 2) with x's N (%lld)",
                          (long long)x->dims[0]);
    if (grid->dtype != x->dtype)
        return proto_fail(op, PROTO_DTYPE, "input grid has type %s, x %s: they must agree",
                          proto_dtype_name(grid->dtype), proto_dtype_name(x->dtype));
    g->n = x->dims[0], g->c = x->dims[1], g->h = x->dims[2], g->w = x->dims[3];
    g->oh = grid->dims[1], g->ow = grid->dims[2];
    g->dt = ops_dt_index(x->dtype);
    g->grid_dt = ops_dt_index(grid->dtype);
    g->mode = (enum ops_grid_mode)m;
    g->pad = (enum ops_grid_pad)p;
    g->align_corners = proto_attr_i(op, "align_corners") != 0;
    return PROTO_OK;
}

enum proto_status proto_infer_grid_sampler2d(struct proto_op *op)
{
    struct ops_grid_sample g;
    enum proto_status st = grid_setup(op, &g);
    if (st)
        return st;
    struct core_op_val *y = &op->out[0];
    proto_out_like(y, &op->in[0], op->in[0].dtype);
    y->dims[2] = g.oh;
    y->dims[3] = g.ow;
    return PROTO_OK;
}

struct grid_arg {
    struct ops_grid_sample g;
    uint32_t out;
};

static int32_t grid_step(void *const *operands, const void *arg)
{
    const struct grid_arg *a = arg;
    return ops_grid_sample_run(operands[0], operands[1], operands[a->out], &a->g);
}

enum proto_status proto_build_grid_sampler2d(const struct proto_op *op,
                                             struct proto_plan_builder *b)
{
    struct grid_arg a;
    /* the rule has checked the instance: setup succeeds again and writes no message */
    enum proto_status st = grid_setup((struct proto_op *)op, &a.g);
    if (st)
        return st;
    a.out = POUT(op, 0);
    return proto_step_fn(b, grid_step, &a, sizeof(a));
}
