/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/norm.cc: the normalisations: LayerNormalization, BatchNormalization
 * (inference and training), InstanceNormalization, LRN, MeanVarianceNormalization.
 */
#include "onnx_pvt.h"

#include <cmath>
#include <cstring>

namespace atc
{

void conv_layer_norm(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis", "epsilon", "stash_type"});
    if (get_i(c, "stash_type", 1) != 1)
        refuse("stash_type other than 1 is not supported");
    int r = rank_of(c, 0, "X");
    int64_t axis = wrap_axis(get_i(c, "axis", -1), r, "axis");
    int32_t n = add(c, cann);
    attr_i(c, n, "begin_norm_axis", axis);
    attr_i(c, n, "begin_params_axis", axis);
    attr_f(c, n, "epsilon", get_f(c, "epsilon", 1e-5f));
    connect_in(c, n, "x", 0);
    connect_in(c, n, "gamma", 1);
    if (has_in(c, 2)) {
        connect_in(c, n, "beta", 2);
    } else {
        const Shape &s = in_shape(c, 1);
        int64_t cnt = 1;
        for (int64_t d : s.dims)
            cnt = d < 0 ? -1 : cnt * d;
        if (!s.known || cnt < 0 || s.dtype != onnx::TensorProto::FLOAT)
            refuse("without B, Scale must be float with known dims");
        std::vector<char> zero((size_t)cnt * 4, 0);
        connect(c, n, "beta", const_node(c, c.base + "/beta", GE_F32, s.dims, zero));
    }
    set_out(c, 0, {n, 0});
    /* Mean is LayerNorm's mean; InvStdDev = Rsqrt(variance + epsilon) */
    set_out(c, 1, {n, 1});
    if (c.node->output_size() > 2 && !c.node->output(2).empty()) {
        int32_t e = add(c, "Add", "/var_eps");
        connect(c, e, "x1", {n, 2});
        connect(c, e, "x2",
                const_scalar(c, "/epsilon", in_shape(c, 0).dtype, get_f(c, "epsilon", 1e-5f)));
        int32_t r = add(c, "Rsqrt", "/inv_std_dev");
        connect(c, r, "x", {e, 0});
        set_out(c, 2, {r, 0});
    }
}

/* ReduceMean of v over axes with the dims kept (node sfx, its axes sfx + "_axes"). */
static Ref mean_keep(Ctx &c, Ref v, const char *sfx, const std::vector<int64_t> &axes)
{
    int32_t n = add(c, "ReduceMean", sfx);
    attr_b(c, n, "keep_dims", true);
    attr_b(c, n, "noop_with_empty_axes", false);
    connect(c, n, "x", v);
    connect(c, n, "axes", const_i64(c, std::string(sfx) + "_axes", axes));
    return Ref{n, 0};
}

/* BatchNormalization whose parameters are not all float constants: the
 * same formula as graph nodes, s and b reshaped to [C, 1, ...]. */
static void batch_norm_graph(Ctx &c, int r)
{
    const Shape &sc = in_shape(c, 1);
    if (!sc.known || sc.dims.size() != 1 || sc.dims[0] < 0)
        refuse("scale must be 1-D with a known size");
    auto bin = [&](const char *type, const char *suffix, Ref a, Ref b) {
        int32_t n = add(c, type, suffix);
        connect(c, n, "x1", a);
        connect(c, n, "x2", b);
        return Ref{n, 0};
    };
    auto in = [&](int i) { return value(c, in_name(c, i)); };
    Ref veps = bin("Add", "/var_eps", in(4),
                   const_scalar(c, "/epsilon", in_shape(c, 4).dtype, get_f(c, "epsilon", 1e-5f)));
    int32_t sq = add(c, "Sqrt", "/std");
    connect(c, sq, "x", veps);
    Ref sv = bin("Div", "/scale", in(1), {sq, 0});
    Ref bv = bin("Sub", "/shift", in(2), bin("Mul", "/mean_scale", in(3), sv));
    std::vector<int64_t> dims{sc.dims[0]};
    for (int i = 2; i < r; i++)
        dims.push_back(1);
    Ref shape = const_i64(c, "/param_shape", dims);
    int32_t s4 = add(c, "Reshape", "/scale_nchw"), b4 = add(c, "Reshape", "/shift_nchw");
    connect(c, s4, "x", sv);
    connect(c, s4, "shape", shape);
    connect(c, b4, "x", bv);
    connect(c, b4, "shape", shape);
    Ref y = bin("Add", "", bin("Mul", "/mul", in(0), {s4, 0}), {b4, 0});
    set_out(c, 0, y);
}

/* BatchNormalization (inference): y = x * s + b with s = scale / sqrt(var +
 * eps) and b = B - mean * s, folded here into two constants of shape
 * [C, 1, ...] (float parameters only). */
/* Training mode, as ONNX defines it: the batch's mean and (population) variance over every
 * dim but C normalise X; running_mean / running_var = input * momentum + batch * (1 -
 * momentum). */
static void batch_norm_training(Ctx &c, int r)
{
    const Shape &sc = in_shape(c, 1);
    if (!sc.known || sc.dims.size() != 1 || sc.dims[0] < 0)
        refuse("scale must be 1-D with a known size");
    int32_t ot = in_shape(c, 0).dtype;
    double mom = get_f(c, "momentum", 0.9f);
    std::vector<int64_t> axes{0}, pdims{sc.dims[0]};
    for (int i = 2; i < r; i++) {
        axes.push_back(i);
        pdims.push_back(1);
    }
    auto in = [&](int i) { return value(c, in_name(c, i)); };
    auto mean = [&](Ref v, const char *sfx) { return mean_keep(c, v, sfx, axes); };
    auto reshape = [&](Ref v, const char *sfx, const std::vector<int64_t> &dims) {
        int32_t n = add(c, "Reshape", sfx);
        connect(c, n, "x", v);
        connect(c, n, "shape", const_i64(c, std::string(sfx) + "_shape", dims));
        return Ref{n, 0};
    };
    Ref m = mean(in(0), "/batch_mean");
    Ref dev = apply2(c, "Sub", "/centered", in(0), m);
    Ref var = mean(apply(c, "Square", "/square", dev), "/batch_var");
    Ref sd = apply(c, "Sqrt", "/std",
                   apply2(c, "Add", "/var_eps", var,
                          const_scalar(c, "/epsilon", ot, get_f(c, "epsilon", 1e-5f))));
    Ref y = apply2(c, "Mul", "/scale", apply2(c, "Div", "/normalized", dev, sd),
                   reshape(in(1), "/scale_nchw", pdims));
    set_out(c, 0, apply2(c, "Add", "", y, reshape(in(2), "/bias_nchw", pdims)));
    const char *names[2] = {"/running_mean", "/running_var"};
    Ref batch[2] = {m, var};
    for (int k = 0; k < 2; k++) {
        if (c.node->output_size() <= 1 + k || c.node->output(1 + k).empty())
            continue;
        std::string nm = names[k];
        Ref old = apply2(c, "Mul", nm + "/input", in(3 + k),
                         const_scalar(c, nm + "/momentum", in_shape(c, 3 + k).dtype, mom));
        Ref cur =
            apply2(c, "Mul", nm + "/batch", reshape(batch[k], (nm + "/flat").c_str(), {sc.dims[0]}),
                   const_scalar(c, nm + "/rest", ot, 1.0 - mom));
        set_out(c, 1 + k, apply2(c, "Add", nm, old, cur));
    }
}

void conv_batch_norm(Ctx &c, const char *)
{
    known_attrs(c, {"epsilon", "momentum", "training_mode"});
    int r = rank_of(c, 0, "X");
    if (r < 2)
        refuse("X must have rank 2 or more");
    if (get_i(c, "training_mode", 0))
        return batch_norm_training(c, r);
    only_outputs(c, 1, "training outputs (training_mode 0)");
    std::vector<std::vector<float>> p(4);
    for (int i = 0; i < 4; i++) {
        auto it = c.consts.find(in_name(c, 1 + i));
        int32_t dt = -1;
        std::vector<char> b;
        if (it != c.consts.end())
            b = tensor_bytes(*it->second, &dt);
        if (dt != GE_F32)
            return batch_norm_graph(c, r);
        p[i].resize(b.size() / 4);
        std::memcpy(p[i].data(), b.data(), b.size());
    }
    size_t ch = p[0].size();
    for (auto &v : p)
        if (v.size() != ch)
            refuse("scale, B, input_mean and input_var differ in size");
    float eps = get_f(c, "epsilon", 1e-5f);
    std::vector<float> s(ch), b(ch);
    for (size_t i = 0; i < ch; i++) {
        s[i] = p[0][i] / std::sqrt(p[3][i] + eps);
        b[i] = p[1][i] - p[2][i] * s[i];
    }
    std::vector<int64_t> dims{(int64_t)ch};
    for (int i = 2; i < r; i++)
        dims.push_back(1);
    auto bytes = [](const std::vector<float> &v) {
        std::vector<char> o(v.size() * 4);
        std::memcpy(o.data(), v.data(), o.size());
        return o;
    };
    int32_t m = add(c, "Mul");
    connect_in(c, m, "x1", 0);
    connect(c, m, "x2", const_node(c, c.base + "/scale", GE_F32, dims, bytes(s)));
    int32_t a = add(c, "Add", "/bias");
    connect(c, a, "x1", {m, 0});
    connect(c, a, "x2", const_node(c, c.base + "/shift", GE_F32, dims, bytes(b)));
    set_out(c, 0, {a, 0});
}

/* LRN over the channels (dim 1): y = x / (bias + alpha / size * sum of x^2 over the
 * channels [c - floor((size - 1) / 2), c + ceil((size - 1) / 2)])^beta. The window sum is
 * an AvgPool3D (count_include_pad, so mean * size) on x^2 viewed as [N, 1, C, prod(rest), 1],
 * a reshape; every dim known. */
void conv_lrn(Ctx &c, const char *)
{
    known_attrs(c, {"alpha", "beta", "bias", "size"});
    const Shape &x = in_shape(c, 0);
    int64_t size = get_i(c, "size", 0), rest = 1;
    if (size < 1)
        refuse("attribute size must be 1 or more");
    if (!x.known || x.dims.size() < 3)
        refuse("the input must have rank 3 or more");
    for (int64_t d : x.dims)
        if (d < 0)
            refuse("every dim of the input must be known");
    for (size_t i = 2; i < x.dims.size(); i++)
        rest *= x.dims[i];
    int32_t ot = x.dtype;
    Ref sq = apply(c, "Square", "/square", value(c, in_name(c, 0)));
    int32_t r5 = add(c, "Reshape", "/window");
    connect(c, r5, "x", sq);
    connect(c, r5, "shape", const_i64(c, "/window_shape", {x.dims[0], 1, x.dims[1], rest, 1}));
    int64_t before = (size - 1) / 2, after = size - 1 - before;
    Ref avg = pool3d_node(c, false, {r5, 0}, {size, 1, 1}, {1, 1, 1}, {before, 0, 0, after, 0, 0},
                          false, true, "/sum");
    int32_t back = add(c, "Reshape", "/unwindow");
    connect(c, back, "x", avg);
    connect(c, back, "shape", const_i64(c, "/unwindow_shape", x.dims));
    /* alpha / size * sum = alpha * mean */
    Ref d = apply2(c, "Mul", "/alpha", {back, 0},
                   const_scalar(c, "/alpha_value", ot, get_f(c, "alpha", 1e-4f)));
    d = apply2(c, "Add", "/bias", d, const_scalar(c, "/bias_value", ot, get_f(c, "bias", 1.0f)));
    d = apply2(c, "Pow", "/beta", d, const_scalar(c, "/beta_value", ot, get_f(c, "beta", 0.75f)));
    set_out(c, 0, apply2(c, "Div", "", value(c, in_name(c, 0)), d));
}

/* MeanVarianceNormalization, ONNX's function: (x - E[x]) / (sqrt(E[x^2] - E[x]^2) + 1e-9),
 * the means over `axes` (default 0, 2, 3) with the dims kept. */
void conv_mvn(Ctx &c, const char *)
{
    known_attrs(c, {"axes"});
    std::vector<int64_t> axes{0, 2, 3};
    get_ints(c, "axes", &axes);
    int32_t ot = in_shape(c, 0).dtype;
    Ref x = value(c, in_name(c, 0));
    auto mean = [&](Ref v, const char *sfx) { return mean_keep(c, v, sfx, axes); };
    Ref m = mean(x, "/mean");
    Ref var = apply2(c, "Sub", "/variance", mean(apply(c, "Square", "/square", x), "/mean_square"),
                     apply(c, "Square", "/mean_squared", m));
    Ref sd = apply2(c, "Add", "/epsilon", apply(c, "Sqrt", "/std", var),
                    const_scalar(c, "/epsilon_value", ot, 1e-9));
    set_out(c, 0, apply2(c, "Div", "", apply2(c, "Sub", "/centered", x, m), sd));
}

/* InstanceNormalization: per (N, C), over the spatial dims: (x - mean) * rsqrt(var + eps)
 * * scale + B, scale and B [C] reshaped to [C, 1, ...]. */
void conv_instance_norm(Ctx &c, const char *)
{
    known_attrs(c, {"epsilon"});
    int r = rank_of(c, 0, "input");
    if (r < 3)
        refuse("the input must have rank 3 or more");
    int32_t ot = in_shape(c, 0).dtype;
    std::vector<int64_t> axes, cshape{-1};
    for (int i = 2; i < r; i++)
        axes.push_back(i), cshape.push_back(1);
    auto per_channel = [&](int i, const std::string &sfx) {
        int32_t n = add(c, "Reshape", sfx);
        connect_in(c, n, "x", i);
        connect(c, n, "shape", const_i64(c, sfx + "_shape", cshape));
        return Ref{n, 0};
    };
    Ref x = value(c, in_name(c, 0));
    Ref d = apply2(c, "Sub", "/centered", x, mean_keep(c, x, "/mean", axes));
    Ref var = mean_keep(c, apply(c, "Square", "/square", d), "/var", axes);
    Ref veps = apply2(c, "Add", "/var_eps", var,
                      const_scalar(c, "/epsilon", ot, get_f(c, "epsilon", 1e-5f)));
    Ref y = apply2(c, "Mul", "/normed", d, apply(c, "Rsqrt", "/inv_std", veps));
    y = apply2(c, "Mul", "/scaled", y, per_channel(1, "/scale"));
    set_out(c, 0, apply2(c, "Add", "", y, per_channel(2, "/bias")));
}

} // namespace atc
