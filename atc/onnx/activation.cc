/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/activation.cc: the activations (Elu, LeakyRelu, Selu, Celu, HardSigmoid,
 * HardSwish, ThresholdedRelu, PRelu, Shrink, GELU's Erf), Softmax, LogSoftmax and
 * Hardmax, Identity and Dropout.
 */
#include "onnx_pvt.h"

#include <cstring>

namespace atc
{

/* Dropout's training_mode (input 2, opset 12 on): false (absent or a constant false) is
 * inference. True draws a random mask unless ratio is 0, which keeps every element (y = x, the
 * mask all true): deterministic only with a constant ratio 0 (absent: the default 0.5). ONNX's
 * reference draws a mask for a ratio above 0 from numpy's random stream, which no generator
 * of the graph reproduces: refused, as is a training_mode or ratio known only at run time. */
static void dropout_training(Ctx &c)
{
    if (c.node->op_type() != "Dropout" || c.node->input_size() < 3 || !has_in(c, 2))
        return;
    const char *why = "; in training a ratio above 0 draws a random mask (ONNX's reference: "
                      "numpy's random stream, which no generator matches)";
    std::string tn = in_name(c, 2);
    if (!c.consts.count(tn))
        refuse("training_mode (" + tn + ") must be a constant (false, or true with ratio 0)" + why);
    int32_t dt;
    std::vector<char> b = tensor_bytes(*c.consts[tn], &dt);
    if (b.empty() || !b[0])
        return;
    double r = 0.5;
    if (has_in(c, 1)) {
        std::string rn = in_name(c, 1);
        if (!c.consts.count(rn))
            refuse("ratio (" + rn + ") must be a constant 0 with training_mode true" + why);
        std::vector<char> rb = tensor_bytes(*c.consts[rn], &dt);
        if (dt == GE_F32 && rb.size() == 4) {
            float f;
            std::memcpy(&f, rb.data(), 4);
            r = f;
        } else if (dt == GE_F64 && rb.size() == 8) {
            std::memcpy(&r, rb.data(), 8);
        } else {
            refuse("ratio (" + rn + ") must be one float32 or double value");
        }
    }
    if (r != 0)
        refuse("training_mode true with ratio " + std::to_string(r) + " is not supported" + why);
}

void conv_identity(Ctx &c, const char *cann)
{
    known_attrs(c, {"ratio", "seed"});
    dropout_training(c);
    if (c.node->op_type() != "Dropout" || c.node->output_size() < 2 || c.node->output(1).empty()) {
        only_outputs(c, 1, "the dropout mask");
        one_input(c, cann);
        return;
    }
    /* inference: the mask keeps every element, a constant of x's dims, all true */
    const Shape &x = in_shape(c, 0);
    int64_t cnt = 1;
    for (int64_t d : x.dims)
        cnt = d < 0 || cnt < 0 ? -1 : cnt * d;
    if (!x.known || cnt < 0)
        refuse("output 1 (" + c.node->output(1) +
               "), the mask, needs every dim of the input known");
    onnx::TensorProto t;
    t.set_data_type(onnx::TensorProto::BOOL);
    t.set_name(c.node->output(1));
    for (int64_t d : x.dims)
        t.add_dims(d);
    t.set_raw_data(std::string((size_t)cnt, '\1'));
    c.owned.push_back(std::move(t));
    c.consts[c.node->output(1)] = &c.owned.back();
    one_input(c, cann);
}

void conv_elu(Ctx &c, const char *cann)
{
    known_attrs(c, {"alpha"});
    attr_f(c, one_input(c, cann), "alpha", get_f(c, "alpha", 1.0f));
}

void conv_leaky_relu(Ctx &c, const char *cann)
{
    known_attrs(c, {"alpha"});
    attr_f(c, one_input(c, cann), "negative_slope", get_f(c, "alpha", 0.01f));
}

/* The axis of Softmax, LogSoftmax and Hardmax: default 1 before opset 13 (the input
 * coerced to 2-D there: the last axis only), -1 from 13. */
static int64_t coerced_axis(Ctx &c)
{
    known_attrs(c, {"axis"});
    int r = rank_of(c, 0, "input");
    int64_t axis = wrap_axis(get_i(c, "axis", c.opset < 13 ? 1 : -1), r, "axis");
    if (c.opset < 13 && axis != r - 1)
        refuse("axis " + std::to_string(axis) +
               " before opset 13 (the input coerced to 2-D) is supported only as the last axis");
    return axis;
}

void conv_softmax(Ctx &c, const char *cann)
{
    int64_t axis = coerced_axis(c);
    int32_t n = add(c, cann);
    attr_ints(c, n, "axes", {axis});
    connect_in(c, n, !std::strcmp(cann, "SoftmaxV2") ? "x" : "logits", 0);
    set_out(c, 0, {n, 0});
}

/* Erf: inside the GELU subgraph fuse_gelu found, one GeluV2 (approximate
 * "none") on x stands for the subgraph, its output the subgraph's; a lone
 * Erf is the Erf type. */
void conv_erf_gelu(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    auto it = c.gelu.find(c.node);
    if (it == c.gelu.end()) {
        one_input(c, "Erf");
        return;
    }
    int32_t n = add(c, cann);
    connect(c, n, "x", value(c, it->second.first));
    attr_s(c, n, "approximate", "none");
    c.values[it->second.second] = {n, 0};
}

/* Selu: gamma * (x > 0 ? x : alpha * (exp(x) - 1)) = Elu(alpha, scale gamma). */
void conv_selu(Ctx &c, const char *cann)
{
    known_attrs(c, {"alpha", "gamma"});
    int32_t n = one_input(c, cann);
    attr_f(c, n, "alpha", get_f(c, "alpha", 1.67326319217681884765625f));
    attr_f(c, n, "scale", get_f(c, "gamma", 1.05070102214813232421875f));
}

/* Celu: max(0, x) + min(0, alpha * (exp(x / alpha) - 1)) = Elu(alpha, input_scale 1 / alpha). */
void conv_celu(Ctx &c, const char *cann)
{
    known_attrs(c, {"alpha"});
    float alpha = get_f(c, "alpha", 1.0f);
    if (alpha == 0.0f)
        refuse("alpha 0 is not valid");
    int32_t n = one_input(c, cann);
    attr_f(c, n, "alpha", alpha);
    attr_f(c, n, "input_scale", 1.0 / alpha);
}

Ref hard_sigmoid(Ctx &c, Ref x, int32_t ot, double alpha, double beta)
{
    Ref y = apply2(c, "Mul", "/alpha", x, const_scalar(c, "/alpha_value", ot, alpha));
    y = apply2(c, "Add", "/beta", y, const_scalar(c, "/beta_value", ot, beta));
    y = apply2(c, "Minimum", "/one", y, const_scalar(c, "/one_value", ot, 1.0));
    return apply2(c, "Maximum", "/zero", y, const_scalar(c, "/zero_value", ot, 0.0));
}

void conv_hard_sigmoid(Ctx &c, const char *)
{
    known_attrs(c, {"alpha", "beta"});
    set_out(c, 0,
            hard_sigmoid(c, value(c, in_name(c, 0)), in_shape(c, 0).dtype, get_f(c, "alpha", 0.2f),
                         get_f(c, "beta", 0.5f)));
}

/* HardSwish: x * HardSigmoid(x) with alpha 1/6, beta 0.5. */
void conv_hard_swish(Ctx &c, const char *)
{
    known_attrs(c, {});
    Ref x = value(c, in_name(c, 0));
    Ref h = hard_sigmoid(c, x, in_shape(c, 0).dtype, 1.0 / 6.0, 0.5);
    set_out(c, 0, apply2(c, "Mul", "", x, h));
}

/* ThresholdedRelu: x > alpha ? x : 0. */
void conv_thresholded_relu(Ctx &c, const char *)
{
    known_attrs(c, {"alpha"});
    int32_t ot = in_shape(c, 0).dtype;
    Ref x = value(c, in_name(c, 0));
    Ref m =
        apply2(c, "Greater", "/mask", x, const_scalar(c, "/alpha", ot, get_f(c, "alpha", 1.0f)));
    int32_t n = add(c, "SelectV2");
    connect(c, n, "condition", m);
    connect(c, n, "then", x);
    connect(c, n, "else", const_scalar(c, "/zero", ot, 0.0));
    set_out(c, 0, {n, 0});
}

/* PRelu: max(x, 0) + slope * min(x, 0) (slope broadcast to X, as ONNX). */
void conv_prelu(Ctx &c, const char *)
{
    known_attrs(c, {});
    int32_t ot = in_shape(c, 0).dtype;
    Ref x = value(c, in_name(c, 0));
    Ref pos = apply2(c, "Maximum", "/pos", x, const_scalar(c, "/zero", ot, 0.0));
    Ref neg = apply2(c, "Minimum", "/neg", x, const_scalar(c, "/zero_n", ot, 0.0));
    Ref slope = value(c, in_name(c, 1));
    const Shape &xs = in_shape(c, 0), &ss = in_shape(c, 1);
    if (c.model_opset < 7 && xs.known && xs.dims.size() > 2 && ss.known && ss.dims.size() == 1 &&
        ss.dims[0] > 1 && ss.dims[0] == xs.dims[1]) {
        /* PRelu-6 (before the version converter): a slope [C] is per channel, dim 1 */
        std::vector<int64_t> d(xs.dims.size() - 1, 1);
        d[0] = ss.dims[0];
        int32_t r = add(c, "Reshape", "/slope_channels");
        connect(c, r, "x", slope);
        connect(c, r, "shape", const_i64(c, "/slope_shape", d));
        slope = {r, 0};
    }
    neg = apply2(c, "Mul", "/slope", slope, neg);
    set_out(c, 0, apply2(c, "Add", "", pos, neg));
}

/* Shrink: CANN's Shrink (input input_x, output output_y). */
void conv_shrink(Ctx &c, const char *cann)
{
    known_attrs(c, {"bias", "lambd"});
    int32_t n = add(c, cann);
    connect_in(c, n, "input_x", 0);
    attr_f(c, n, "lambd", get_f(c, "lambd", 0.5f));
    attr_f(c, n, "bias", get_f(c, "bias", 0.0f));
    set_out(c, 0, {n, 0});
}

/* Hardmax: 1 at the first maximum along axis, else 0: OneHot(ArgMaxV2(x, axis), depth n,
 * on 1, off 0, axis). Before opset 13 the input is coerced to 2-D at axis: the last axis
 * only. */
void conv_hardmax(Ctx &c, const char *)
{
    int64_t axis = coerced_axis(c);
    int64_t n = in_shape(c, 0).dims[(size_t)axis];
    int32_t ot = in_shape(c, 0).dtype;
    if (n < 1)
        refuse("the size of the axis must be known");
    int32_t am = add(c, "ArgMaxV2", "/argmax");
    cpuaclGeAttrValue t{};
    t.kind = CPUACL_GE_ATTR_TYPE, t.i = GE_I64;
    attr(c, am, "dtype", t);
    connect_in(c, am, "x", 0);
    connect(c, am, "dimension", const_i64(c, "/dimension", {axis}, true));
    int32_t oh = add(c, "OneHot");
    connect(c, oh, "x", {am, 0});
    connect(c, oh, "depth", const_i64(c, "/depth", {n}, true));
    connect(c, oh, "on_value", const_scalar(c, "/on", ot, 1.0));
    connect(c, oh, "off_value", const_scalar(c, "/off", ot, 0.0));
    attr_i(c, oh, "axis", axis);
    set_out(c, 0, {oh, 0});
}

} // namespace atc
