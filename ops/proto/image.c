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
 */
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
