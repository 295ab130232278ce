/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx_graph.cc: the converters of atc/onnx_ops.h's rows, on the helpers of
 * atc/onnx/onnx_pvt.h; atc/onnx/reader.cc reads the model and calls them. (Moving to
 * atc/onnx/, a file a family of ops.)
 */
#include "onnx/onnx_pvt.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

namespace atc
{

/* one_input plus a host-value input `input` of int64 values. */
static int32_t with_const(Ctx &c, const char *cann, const char *input,
                          const std::vector<int64_t> &v, bool scalar = false)
{
    int32_t n = one_input(c, cann);
    connect(c, n, input, const_i64(c, std::string("/") + input, v, scalar));
    return n;
}

void conv_unary(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    one_input(c, cann);
}

void conv_binary(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    if (c.node->input_size() != 2)
        refuse(std::to_string(c.node->input_size()) + " inputs (2 expected)");
    int32_t n = add(c, cann);
    connect_in(c, n, "x1", 0);
    connect_in(c, n, "x2", 1);
    set_out(c, 0, {n, 0});
}

/* Max, Min, Sum of one or more inputs: a chain of the binary type. */
void conv_variadic(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    int cnt = c.node->input_size();
    if (cnt < 1)
        refuse("no inputs");
    Ref y = value(c, in_name(c, 0));
    if (cnt == 1) {
        int32_t n = add(c, "Identity");
        connect(c, n, "x", y);
        y = {n, 0};
    }
    for (int i = 1; i < cnt; i++) {
        int32_t n = add(c, cann, i == cnt - 1 ? "" : "/" + std::to_string(i));
        connect(c, n, "x1", y);
        connect_in(c, n, "x2", i);
        y = {n, 0};
    }
    set_out(c, 0, y);
}

/* Mean: the inputs' sum (a chain of Add) times 1/count. */
void conv_mean(Ctx &c, const char *cann)
{
    conv_variadic(c, cann);
    int32_t m = add(c, "Mul", "/mean");
    connect(c, m, "x1", c.values[c.node->output(0)]);
    connect(c, m, "x2",
            const_scalar(c, "/inv_count", in_shape(c, 0).dtype, 1.0 / c.node->input_size()));
    set_out(c, 0, {m, 0});
}

/* Reciprocal: Div(1, x). */
void conv_reciprocal(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    int32_t n = add(c, cann);
    connect(c, n, "x1", const_scalar(c, "/one", in_shape(c, 0).dtype, 1.0));
    connect_in(c, n, "x2", 0);
    set_out(c, 0, {n, 0});
}

/* Pow: the result has the base's type (ONNX); CANN's Pow promotes, so an
 * exponent of another type is followed by a Cast back to the base's. */
void conv_pow(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    int32_t bt = ge_dtype(in_shape(c, 0).dtype), et = ge_dtype(in_shape(c, 1).dtype);
    int32_t n = add(c, cann);
    connect_in(c, n, "x1", 0);
    connect_in(c, n, "x2", 1);
    Ref y{n, 0};
    if (bt >= 0 && et >= 0 && bt != et) {
        int32_t k = add(c, "Cast", "/to_base_type");
        attr_i(c, k, "dst_type", bt);
        connect(c, k, "x", y);
        y = {k, 0};
    }
    set_out(c, 0, y);
}

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

void conv_cast(Ctx &c, const char *cann)
{
    known_attrs(c, {"to"});
    int32_t dt = ge_dtype((int32_t)get_i(c, "to", 0));
    if (dt < 0)
        refuse("attribute to = " + std::to_string(get_i(c, "to", 0)) + " is not a supported type");
    attr_i(c, one_input(c, cann), "dst_type", dt);
}

void conv_constant(Ctx &c, const char *)
{
    const onnx::AttributeProto *a = c.node->attribute_size() == 1 ? &c.node->attribute(0) : nullptr;
    if (!a)
        refuse("a Constant needs exactly one attribute");
    onnx::TensorProto t;
    const std::string &k = a->name();
    bool list = k == "value_floats" || k == "value_ints";
    if (k == "value") {
        t = a->t();
    } else if (k == "value_float" || k == "value_floats") {
        t.set_data_type(onnx::TensorProto::FLOAT);
        if (list)
            *t.mutable_float_data() = a->floats();
        else
            t.add_float_data(a->f());
    } else if (k == "value_int" || k == "value_ints") {
        t.set_data_type(onnx::TensorProto::INT64);
        if (list)
            *t.mutable_int64_data() = a->ints();
        else
            t.add_int64_data(a->i());
    } else {
        refuse("attribute " + k + " is not supported");
    }
    if (list)
        t.add_dims(k == "value_ints" ? a->ints_size() : a->floats_size());
    const_output(c, std::move(t));
}

void conv_concat(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis"});
    int64_t axis = axis_attr(c, "input 0");
    int32_t n = add(c, cann);
    uint32_t cnt = (uint32_t)c.node->input_size();
    ge_check(c, cpuaclGeGraphSetDynamicInputs(c.g, n, "x", cnt), "x");
    attr_i(c, n, "N", cnt);
    for (uint32_t i = 0; i < cnt; i++)
        connect_in(c, n, ("x" + std::to_string(i)).c_str(), (int)i);
    connect(c, n, "concat_dim", const_i64(c, "/concat_dim", {axis}, true));
    set_out(c, 0, {n, 0});
}

/* A 1-D operator (3-D X [N, C, L]) runs as its 2-D form on [N, C, 1, L]: the
 * spatial attributes of the 1-D form given H's identity (kernel, stride,
 * dilation 1; pads 0), ONNX's pad order [begin..., end...]. */
static void as_2d(std::vector<int64_t> *v, int64_t h, bool pads)
{
    if (pads && v->size() == 2)
        *v = {0, (*v)[0], 0, (*v)[1]};
    else if (!pads && v->size() == 1)
        *v = {h, (*v)[0]};
}

/* x with a unit dim inserted at 2 (a 1-D operand to its 2-D form) */
static Ref unsqueeze_h(Ctx &c, const std::string &suffix, Ref x)
{
    int32_t n = add(c, "Unsqueeze", suffix);
    connect(c, n, "x", x);
    attr_ints(c, n, "axes", {2});
    return {n, 0};
}

/* Output 0 of the current node: node n's output with dim 2 squeezed when the
 * node ran in the 2-D form of a 1-D operator. */
static void set_out_1d(Ctx &c, int32_t n, bool one)
{
    if (!one) {
        set_out(c, 0, {n, 0});
        return;
    }
    int32_t q = add(c, "Squeeze", "/1d");
    connect(c, q, "x", {n, 0});
    attr_ints(c, q, "axis", {2});
    set_out(c, 0, {q, 0});
}

/* ONNX's auto_pad SAME_UPPER / SAME_LOWER pads [b0, b1, ..., e0, e1, ...] for the spatial dims
 * `in` with effective kernel sizes `k` (dilation applied) and strides `st`. */
static std::vector<int64_t> same_pads(const std::vector<int64_t> &in, const std::vector<int64_t> &k,
                                      const std::vector<int64_t> &st, bool upper)
{
    size_t sp = in.size();
    std::vector<int64_t> pads(2 * sp);
    for (size_t i = 0; i < sp; i++) {
        if (in[i] < 0)
            refuse("auto_pad SAME needs a known input size");
        int64_t o = (in[i] + st[i] - 1) / st[i];
        int64_t tot = std::max<int64_t>((o - 1) * st[i] + k[i] - in[i], 0);
        int64_t small = tot / 2, big = tot - small;
        pads[i] = upper ? small : big;
        pads[sp + i] = upper ? big : small;
    }
    return pads;
}

/* ONNX pads [b0, b1, b2, e0, e1, e2] -> CANN's 3-d [front, back, top, bottom, left, right]. */
static std::vector<int64_t> pads_3d(const std::vector<int64_t> &p)
{
    return {p[0], p[3], p[1], p[4], p[2], p[5]};
}

/* Conv 3-D (5-D X and W) -> Conv3D on NCDHW. */
static void conv_conv3d(Ctx &c)
{
    const Shape &x = in_shape(c, 0), &w = in_shape(c, 1);
    std::vector<int64_t> st{1, 1, 1}, dl{1, 1, 1}, pads(6, 0);
    get_ints(c, "strides", &st);
    get_ints(c, "dilations", &dl);
    get_ints(c, "pads", &pads);
    if (st.size() != 3 || dl.size() != 3 || pads.size() != 6)
        refuse("strides, dilations and pads must have one entry a spatial dim");
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    if (ap == "SAME_UPPER" || ap == "SAME_LOWER") {
        std::vector<int64_t> k(3);
        for (int i = 0; i < 3; i++)
            k[i] = (w.dims[2 + i] - 1) * dl[i] + 1;
        pads = same_pads({x.dims[2], x.dims[3], x.dims[4]}, k, st, ap == "SAME_UPPER");
    } else if (ap == "VALID") {
        pads.assign(6, 0);
    } else if (ap != "NOTSET") {
        refuse("auto_pad " + ap + " is not supported");
    }
    int32_t n = add(c, "Conv3D");
    attr_ints(c, n, "strides", {1, 1, st[0], st[1], st[2]});
    attr_ints(c, n, "dilations", {1, 1, dl[0], dl[1], dl[2]});
    attr_ints(c, n, "pads", pads_3d(pads));
    attr_i(c, n, "groups", get_i(c, "group", 1));
    attr_s(c, n, "data_format", "NCDHW");
    connect_in(c, n, "x", 0);
    connect_in(c, n, "filter", 1);
    if (has_in(c, 2))
        connect_in(c, n, "bias", 2);
    set_out(c, 0, {n, 0});
}

/* x (ONNX type ot, NCDHW dims xd) padded explicitly along D, H, W by ONNX pads [b0, b1,
 * b2, e0, e1, e2] with the value v: ConcatV2 of constant blocks; *xd becomes the padded
 * dims. */
static Ref pad_spatial(Ctx &c, Ref x, int32_t ot, std::vector<int64_t> *xd,
                       const std::vector<int64_t> &pads, double v, const std::string &suffix)
{
    int32_t dt = ge_dtype(ot);
    size_t es = ge_size(dt);
    std::vector<char> one(es);
    if (dt == GE_F32) {
        float f = (float)v;
        std::memcpy(one.data(), &f, 4);
    } else if (dt == GE_F64) {
        std::memcpy(one.data(), &v, 8);
    } else {
        refuse("explicit pooling pads: X must be float32 or double");
    }
    for (int i = 0; i < 3; i++) {
        int64_t b = pads[(size_t)i], e = pads[(size_t)i + 3];
        if (!b && !e)
            continue;
        std::string sfx = suffix + "/pad" + std::to_string(i);
        std::vector<Ref> parts;
        for (int side = 0; side < 2; side++) {
            int64_t w = side ? e : b;
            if (side == 1)
                parts.push_back(x);
            if (!w)
                continue;
            std::vector<int64_t> bd = *xd;
            bd[(size_t)i + 2] = w;
            int64_t cnt = 1;
            for (int64_t d : bd)
                cnt *= d;
            std::vector<char> bytes;
            bytes.reserve((size_t)cnt * es);
            for (int64_t j = 0; j < cnt; j++)
                bytes.insert(bytes.end(), one.begin(), one.end());
            parts.push_back(
                const_node(c, c.base + sfx + (side ? "/after" : "/before"), dt, bd, bytes));
        }
        int32_t n = add(c, "ConcatV2", sfx);
        ge_check(c, cpuaclGeGraphSetDynamicInputs(c.g, n, "x", (uint32_t)parts.size()), "x");
        attr_i(c, n, "N", (int64_t)parts.size());
        for (size_t j = 0; j < parts.size(); j++)
            connect(c, n, ("x" + std::to_string(j)).c_str(), parts[j]);
        connect(c, n, "concat_dim", const_i64(c, sfx + "/axis", {i + 2}, true));
        x = {n, 0};
        (*xd)[(size_t)i + 2] += b + e;
    }
    return x;
}

/* A MaxPool3D (padding CALCULATED) / AvgPool3D node on NCDHW x: kernel k, strides st, ONNX
 * pads [b0, b1, b2, e0, e1, e2]; ceil_mode and count_include_pad carry over. CANN's kernels
 * pad at most half the kernel: larger pads (ceil_mode 0, x's dims xd given, float) are made
 * explicit (pad_spatial: -inf for the max, 0 for the average), the pool then runs unpadded,
 * and an average that does not count the pads is scaled by kernel size / the window's
 * count of real elements (a constant of the output's D, H, W). */
static Ref pool3d_node(Ctx &c, bool maxp, Ref x, const std::vector<int64_t> &k,
                       const std::vector<int64_t> &st, const std::vector<int64_t> &pads, bool ceil,
                       bool count_pad, const std::string &suffix,
                       const std::vector<int64_t> *xd = nullptr,
                       const std::vector<int64_t> &dl = {1, 1, 1})
{
    bool over = false;
    for (int i = 0; i < 3; i++)
        over = over || pads[(size_t)i] > k[(size_t)i] / 2 || pads[(size_t)i + 3] > k[(size_t)i] / 2;
    if (over && !ceil && xd && dl == std::vector<int64_t>{1, 1, 1} &&
        std::all_of(xd->begin(), xd->end(), [](int64_t d) { return d >= 0; })) {
        int32_t ot = in_shape(c, 0).dtype;
        std::vector<int64_t> pd = *xd;
        Ref xp = pad_spatial(c, x, ot, &pd, pads,
                             maxp ? -std::numeric_limits<double>::infinity() : 0.0, suffix);
        Ref y = pool3d_node(c, maxp, xp, k, st, {0, 0, 0, 0, 0, 0}, false, true, suffix);
        if (maxp || count_pad)
            return y;
        /* the window of output o along dim i covers [o * s - b, o * s - b + k) of [0, in) */
        std::vector<int64_t> od{1, 1};
        std::vector<std::vector<double>> f(3);
        for (int i = 0; i < 3; i++) {
            int64_t in = (*xd)[(size_t)i + 2], kk = k[(size_t)i], s = st[(size_t)i],
                    b = pads[(size_t)i];
            int64_t o = (pd[(size_t)i + 2] - kk) / s + 1;
            od.push_back(o);
            for (int64_t j = 0; j < o; j++) {
                int64_t lo = std::max<int64_t>(j * s - b, 0), hi = std::min(j * s - b + kk, in);
                f[(size_t)i].push_back(hi > lo ? (double)kk / (double)(hi - lo) : 0.0);
            }
        }
        int32_t dt = ge_dtype(ot);
        std::vector<char> bytes;
        for (double a : f[0])
            for (double b2 : f[1])
                for (double c2 : f[2]) {
                    double v = a * b2 * c2;
                    if (dt == GE_F32) {
                        float fv = (float)v;
                        bytes.insert(bytes.end(), (char *)&fv, (char *)&fv + 4);
                    } else {
                        bytes.insert(bytes.end(), (char *)&v, (char *)&v + 8);
                    }
                }
        return apply2(c, "Mul", suffix + "/uncounted_pads", y,
                      const_node(c, c.base + suffix + "/pad_scale", dt, od, bytes));
    }
    int32_t n = add(c, maxp ? "MaxPool3D" : "AvgPool3D", suffix);
    connect(c, n, "x", x);
    attr_ints(c, n, "ksize", {1, 1, k[0], k[1], k[2]});
    attr_ints(c, n, "strides", {1, 1, st[0], st[1], st[2]});
    attr_ints(c, n, "pads", pads_3d(pads));
    attr_s(c, n, "data_format", "NCDHW");
    if (maxp) {
        attr_s(c, n, "padding", "CALCULATED");
        attr_i(c, n, "ceil_mode", ceil);
        attr_ints(c, n, "dilation", {1, 1, dl[0], dl[1], dl[2]});
    } else {
        attr_b(c, n, "ceil_mode", ceil);
        attr_b(c, n, "count_include_pad", count_pad);
    }
    return {n, 0};
}

/* The pads of auto_pad (SAME_UPPER, SAME_LOWER, VALID; NOTSET keeps `pads`) for the spatial
 * dims `in`, kernel k, strides st. */
static void auto_pads(Ctx &c, const std::vector<int64_t> &in, const std::vector<int64_t> &k,
                      const std::vector<int64_t> &st, std::vector<int64_t> *pads)
{
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    if (ap == "SAME_UPPER" || ap == "SAME_LOWER")
        *pads = same_pads(in, k, st, ap == "SAME_UPPER");
    else if (ap == "VALID")
        pads->assign(2 * in.size(), 0);
    else if (ap != "NOTSET")
        refuse("auto_pad " + ap + " is not supported");
}

/* A pooling node's window over sp spatial dims: kernel_shape (required), strides (default 1),
 * pads (2 sp, default 0), dilations (default 1), each with one entry a spatial dim. */
static void pool_window(Ctx &c, size_t sp, std::vector<int64_t> *k, std::vector<int64_t> *st,
                        std::vector<int64_t> *pads, std::vector<int64_t> *dl)
{
    st->assign(sp, 1);
    pads->assign(2 * sp, 0);
    dl->assign(sp, 1);
    get_ints(c, "kernel_shape", k);
    get_ints(c, "strides", st);
    get_ints(c, "pads", pads);
    get_ints(c, "dilations", dl);
    if (k->size() != sp || st->size() != sp || pads->size() != 2 * sp || dl->size() != sp)
        refuse("kernel_shape, strides, dilations and pads must have one entry a spatial dim");
}

/* MaxPool / AveragePool 3-D (5-D X) -> MaxPool3D (padding CALCULATED) / AvgPool3D on NCDHW:
 * explicit pads, ceil_mode and count_include_pad carry over. */
static void conv_pool3d(Ctx &c, bool maxp)
{
    const Shape &x = in_shape(c, 0);
    std::vector<int64_t> k, st, pads, dl;
    pool_window(c, 3, &k, &st, &pads, &dl);
    bool dilated = dl != std::vector<int64_t>{1, 1, 1};
    if (dilated && get_s(c, "auto_pad", "NOTSET") != "NOTSET" &&
        get_s(c, "auto_pad", "") != "VALID")
        refuse("auto_pad SAME with dilations is not supported");
    auto_pads(c, {x.dims[2], x.dims[3], x.dims[4]}, k, st, &pads);
    set_out(c, 0,
            pool3d_node(c, maxp, value(c, in_name(c, 0)), k, st, pads,
                        get_i(c, "ceil_mode", 0) != 0, get_i(c, "count_include_pad", 0) != 0, "",
                        &x.dims, dl));
}

/* MaxPool / AveragePool 1-D and 2-D in their 3-D form: X [N, C, H, W] as [N, C, 1, H, W]
 * (1-D: [N, C, L] as [N, C, 1, 1, L]), the 2-D kernel, strides and pads (as_2d form) with a
 * unit depth; any pads, auto_pad, ceil_mode and count_include_pad. */
static void pool_as_3d(Ctx &c, bool maxp, bool one, const Shape &x, const std::vector<int64_t> &k,
                       const std::vector<int64_t> &st, std::vector<int64_t> pads,
                       const std::vector<int64_t> &dl = {1, 1})
{
    auto_pads(c, {x.dims[2], x.dims[3]}, k, st, &pads);
    std::vector<int64_t> axes = one ? std::vector<int64_t>{2, 3} : std::vector<int64_t>{2};
    int32_t u = add(c, "Unsqueeze", "/x_3d");
    connect_in(c, u, "x", 0);
    attr_ints(c, u, "axes", axes);
    std::vector<int64_t> xd{x.dims[0], x.dims[1], 1, x.dims[2], x.dims[3]};
    Ref y = pool3d_node(c, maxp, {u, 0}, {1, k[0], k[1]}, {1, st[0], st[1]},
                        {0, pads[0], pads[1], 0, pads[2], pads[3]}, get_i(c, "ceil_mode", 0) != 0,
                        get_i(c, "count_include_pad", 0) != 0, "/3d", &xd, {1, dl[0], dl[1]});
    int32_t q = add(c, "Squeeze");
    connect(c, q, "x", y);
    attr_ints(c, q, "axis", axes);
    set_out(c, 0, {q, 0});
}

/* Conv 1-D and 2-D: ONNX pads [top, left, bottom, right] -> Conv2D [top, bottom, left,
 * right]; 1-D runs as 2-D on [N, C, 1, L] (as_2d). */
void conv_conv(Ctx &c, const char *cann)
{
    known_attrs(c, {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
    const Shape &xs = in_shape(c, 0), &ws = in_shape(c, 1);
    if (xs.known && xs.dims.size() == 5 && ws.known && ws.dims.size() == 5)
        return conv_conv3d(c);
    bool one = xs.known && xs.dims.size() == 3 && ws.known && ws.dims.size() == 3;
    if (!one && (!xs.known || xs.dims.size() != 4 || !ws.known || ws.dims.size() != 4))
        refuse("only 1-D, 2-D and 3-D convolutions (3-D, 4-D or 5-D X and W) are supported");
    Shape x = xs, w = ws;
    if (one) {
        x.dims.insert(x.dims.begin() + 2, 1);
        w.dims.insert(w.dims.begin() + 2, 1);
    }
    std::vector<int64_t> st{1, 1}, dl{1, 1}, pads{0, 0, 0, 0};
    get_ints(c, "strides", &st);
    get_ints(c, "dilations", &dl);
    get_ints(c, "pads", &pads);
    if (one) {
        as_2d(&st, 1, false);
        as_2d(&dl, 1, false);
        as_2d(&pads, 0, true);
    }
    if (st.size() != 2 || dl.size() != 2 || pads.size() != 4)
        refuse("strides, dilations and pads must have one entry a spatial dim");
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    if (ap == "SAME_UPPER" || ap == "SAME_LOWER") {
        std::vector<int64_t> k{(w.dims[2] - 1) * dl[0] + 1, (w.dims[3] - 1) * dl[1] + 1};
        std::vector<int64_t> p = same_pads({x.dims[2], x.dims[3]}, k, st, ap == "SAME_UPPER");
        pads = {p[0], p[1], p[2], p[3]};
    } else if (ap == "VALID") {
        pads = {0, 0, 0, 0};
    } else if (ap != "NOTSET") {
        refuse("auto_pad " + ap + " is not supported");
    }
    int32_t n = add(c, cann);
    attr_ints(c, n, "strides", {1, 1, st[0], st[1]});
    attr_ints(c, n, "dilations", {1, 1, dl[0], dl[1]});
    attr_ints(c, n, "pads", {pads[0], pads[2], pads[1], pads[3]});
    attr_i(c, n, "groups", get_i(c, "group", 1));
    attr_s(c, n, "data_format", "NCHW");
    Ref xin = value(c, in_name(c, 0)), win = value(c, in_name(c, 1));
    connect(c, n, "x", one ? unsqueeze_h(c, "/x_2d", xin) : xin);
    connect(c, n, "filter", one ? unsqueeze_h(c, "/w_2d", win) : win);
    if (has_in(c, 2))
        connect_in(c, n, "bias", 2);
    set_out_1d(c, n, one);
}

/* MaxPool with its Indices output (2-D): CANN's MaxPoolWithArgmaxV3 (pads alike before and
 * after, at most half the kernel), whose argmax is the position in the input plane (h * W + w);
 * ONNX's index runs over the whole tensor: plus (n * C + c) * H * W, and with storage_order 1
 * the plane is column-major (w * H + h, from h = a / W, w = a - h * W). */
static void conv_max_pool_indices(Ctx &c)
{
    const Shape &x = in_shape(c, 0);
    bool known = x.known && x.dims.size() == 4;
    for (size_t i = 0; known && i < 4; i++)
        known = x.dims[i] >= 0;
    if (!known)
        refuse("the Indices output: X must be 4-D (2-D pooling) with known dims");
    int64_t N = x.dims[0], C = x.dims[1], H = x.dims[2], W = x.dims[3];
    std::vector<int64_t> k, st, pads, dl;
    pool_window(c, 2, &k, &st, &pads, &dl);
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    bool ceil = get_i(c, "ceil_mode", 0) != 0;
    if (ap == "VALID") {
        pads = {0, 0, 0, 0};
    } else if (ap == "SAME_UPPER" || ap == "SAME_LOWER") {
        for (int i = 0; i < 2; i++) {
            int64_t in = x.dims[2 + i], o = (in + st[i] - 1) / st[i];
            int64_t tot = std::max<int64_t>((o - 1) * st[i] + dl[i] * (k[i] - 1) + 1 - in, 0);
            pads[i] = ap == "SAME_UPPER" ? tot / 2 : tot - tot / 2;
            pads[2 + i] = tot - pads[i];
        }
        ceil = false;
    } else if (ap != "NOTSET") {
        refuse("auto_pad " + ap + " is not supported");
    }
    for (int i = 0; i < 2; i++)
        if (pads[i] != pads[2 + i] || pads[i] > k[i] / 2)
            refuse("the Indices output (MaxPoolWithArgmaxV3) needs pads alike before and after "
                   "and at most half the kernel, got [" +
                   dims_str(pads) + "]");
    int64_t order = get_i(c, "storage_order", 0);
    if (order != 0 && order != 1)
        refuse("storage_order " + std::to_string(order) + " is not 0 or 1");
    int32_t n = add(c, "MaxPoolWithArgmaxV3");
    connect_in(c, n, "x", 0);
    attr_ints(c, n, "ksize", k);
    attr_ints(c, n, "strides", st);
    attr_ints(c, n, "pads", {pads[0], pads[1]});
    attr_i(c, n, "dtype", GE_I64);
    attr_ints(c, n, "dilation", dl);
    attr_b(c, n, "ceil_mode", ceil);
    attr_s(c, n, "data_format", "NCHW");
    set_out(c, 0, {n, 0});
    Ref idx{n, 1};
    if (order == 1) {
        Ref h = apply2(c, "Div", "/h", idx, const_i64(c, "/W", {W}, true));
        Ref hw = apply2(c, "Mul", "/hW", h, const_i64(c, "/W_", {W}, true));
        Ref w = apply2(c, "Sub", "/w", idx, hw);
        Ref wh = apply2(c, "Mul", "/wH", w, const_i64(c, "/H", {H}, true));
        idx = apply2(c, "Add", "/col", h, wh);
    }
    if (N * C > 1) { /* each plane's offset, [N, C, 1, 1] */
        std::vector<int64_t> base((size_t)(N * C));
        for (int64_t i = 0; i < N * C; i++)
            base[(size_t)i] = i * H * W;
        std::vector<char> b(base.size() * 8);
        std::memcpy(b.data(), base.data(), b.size());
        idx = apply2(c, "Add", "/flat", idx,
                     const_node(c, c.base + "/plane", GE_I64, {N, C, 1, 1}, b));
    }
    set_out(c, 1, idx);
}

/* MaxPool / AveragePool 1-D and 2-D: CANN's 2-d pools pad VALID or TF's SAME only; 3-D goes
 * to conv_pool3d. */
void conv_pool(Ctx &c, const char *cann)
{
    bool maxp = !std::strcmp(cann, "MaxPool");
    if (maxp)
        known_attrs(c, {"auto_pad", "ceil_mode", "dilations", "kernel_shape", "pads",
                        "storage_order", "strides"});
    else
        known_attrs(
            c, {"auto_pad", "ceil_mode", "count_include_pad", "kernel_shape", "pads", "strides"});
    if (maxp && c.node->output_size() > 1 && !c.node->output(1).empty())
        return conv_max_pool_indices(c);
    only_outputs(c, 1, "the Indices output");
    const Shape &xs = in_shape(c, 0);
    if (xs.known && xs.dims.size() == 5)
        return conv_pool3d(c, maxp);
    bool one = xs.known && xs.dims.size() == 3;
    if (!xs.known || (xs.dims.size() != 4 && !one))
        refuse("only 1-D, 2-D and 3-D pooling (3-D, 4-D or 5-D X) is supported");
    Shape x = xs;
    if (one)
        x.dims.insert(x.dims.begin() + 2, 1);
    std::vector<int64_t> k, st{1, 1}, pads{0, 0, 0, 0}, dl{1, 1};
    get_ints(c, "kernel_shape", &k);
    get_ints(c, "strides", &st);
    get_ints(c, "pads", &pads);
    get_ints(c, "dilations", &dl);
    if (one) { /* 1-D runs as 2-D on [N, C, 1, L] */
        as_2d(&k, 1, false);
        as_2d(&st, 1, false);
        as_2d(&dl, 1, false);
        as_2d(&pads, 0, true);
    }
    if (k.size() != 2 || st.size() != 2 || pads.size() != 4 || dl.size() != 2)
        refuse("kernel_shape, strides, dilations and pads must have one entry a spatial dim");
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    if (dl[0] != 1 || dl[1] != 1) {
        /* the 3-D form takes dilations (MaxPool3D's dilation): explicit pads or VALID */
        if (ap != "NOTSET" && ap != "VALID")
            refuse("auto_pad " + ap + " with dilations is not supported");
        for (int i = 0; i < 2; i++)
            if (x.dims[2 + i] < 0)
                refuse("pooling with dilations needs the spatial dims known");
        return pool_as_3d(c, maxp, one, x, k, st, pads, dl);
    }
    bool ceil = get_i(c, "ceil_mode", 0) != 0;
    /* CANN's 2-d pools pad VALID or TF's SAME (SAME_UPPER) only, without ceil_mode and, for
     * the average, without counting the pads: anything else runs in the 3-D form */
    bool zero = pads == std::vector<int64_t>{0, 0, 0, 0};
    bool same = ap == "SAME_UPPER";
    if (ap == "NOTSET" && !zero) {
        same = true; /* pads equal to TF's SAME? */
        for (int i = 0; i < 2; i++) {
            int64_t in = x.dims[2 + i];
            int64_t o = in < 0 ? 0 : (in + st[i] - 1) / st[i];
            int64_t tot = std::max<int64_t>((o - 1) * st[i] + k[i] - in, 0);
            same = same && in >= 0 && pads[i] == tot / 2 && pads[2 + i] == tot - tot / 2;
        }
    }
    bool plain = ap == "NOTSET" ? zero || same : ap == "VALID" || ap == "SAME_UPPER";
    if (ceil && !same) /* ceil_mode gives the same sizes as floor when every window fits */
        for (int i = 0; i < 2; i++) {
            int64_t in = x.dims[2 + i], p = ap == "NOTSET" ? pads[i] + pads[2 + i] : 0;
            plain = plain && in >= 0 && (in + p - k[i]) % st[i] == 0;
        }
    plain = plain && !(ceil && same);
    plain = plain && !(!maxp && same && get_i(c, "count_include_pad", 0));
    if (!plain) {
        for (int i = 0; i < 2; i++)
            if (x.dims[2 + i] < 0)
                refuse("pooling with these pads needs the spatial dims known");
        return pool_as_3d(c, maxp, one, x, k, st, pads);
    }
    int32_t n = add(c, cann);
    Ref xin = value(c, in_name(c, 0));
    connect(c, n, "x", one ? unsqueeze_h(c, "/x_2d", xin) : xin);
    attr_ints(c, n, "ksize", {1, 1, k[0], k[1]});
    attr_ints(c, n, "strides", {1, 1, st[0], st[1]});
    attr_s(c, n, "padding", same ? "SAME" : "VALID");
    attr_s(c, n, "data_format", "NCHW");
    set_out_1d(c, n, one);
}

/* The spatial axes [2, rank) of a global pool's X (rank 3 or more). */
static std::vector<int64_t> global_axes(Ctx &c)
{
    known_attrs(c, {});
    int r = rank_of(c, 0, "X");
    if (r < 3)
        refuse("X must have rank 3 or more");
    std::vector<int64_t> axes;
    for (int i = 2; i < r; i++)
        axes.push_back(i);
    return axes;
}

void conv_global_avg_pool(Ctx &c, const char *cann)
{
    std::vector<int64_t> axes = global_axes(c);
    int32_t n = one_input(c, cann);
    attr_ints(c, n, "axes", axes);
    attr_b(c, n, "keep_dims", true);
}

/* GlobalMaxPool: ReduceMax over the spatial dims, kept. */
void conv_global_max_pool(Ctx &c, const char *cann)
{
    std::vector<int64_t> axes = global_axes(c);
    int32_t n = one_input(c, cann);
    attr_b(c, n, "keep_dims", true);
    attr_b(c, n, "noop_with_empty_axes", false);
    connect(c, n, "axes", const_i64(c, "/axes", axes));
}

/* y = alpha * op(A) op(B) + beta * C */
void conv_gemm(Ctx &c, const char *cann)
{
    known_attrs(c, {"alpha", "beta", "transA", "transB"});
    if (rank_of(c, 0, "A") != 2 || rank_of(c, 1, "B") != 2)
        refuse("A and B must be 2-D");
    float alpha = get_f(c, "alpha", 1.0f), beta = get_f(c, "beta", 1.0f);
    int32_t ot = in_shape(c, 0).dtype;
    int32_t n = add(c, cann);
    attr_b(c, n, "transpose_x1", get_i(c, "transA", 0) != 0);
    attr_b(c, n, "transpose_x2", get_i(c, "transB", 0) != 0);
    connect_in(c, n, "x1", 0);
    connect_in(c, n, "x2", 1);
    bool cin = has_in(c, 2) && beta != 0.0f;
    const Shape &cs = in_shape(c, 2);
    const Shape &ys = shape_of(c, c.node->output(0));
    bool as_bias = cin && alpha == 1.0f && beta == 1.0f && cs.known && cs.dims.size() == 1 &&
                   ys.known && ys.dims.size() == 2 && ys.dims[1] == cs.dims[0];
    if (as_bias)
        connect_in(c, n, "bias", 2);
    Ref y{n, 0};
    if (alpha != 1.0f) {
        int32_t m = add(c, "Mul", "/alpha");
        connect(c, m, "x1", y);
        connect(c, m, "x2", const_scalar(c, "/alpha_value", ot, alpha));
        y = {m, 0};
    }
    if (cin && !as_bias) {
        Ref cv = value(c, in_name(c, 2));
        if (beta != 1.0f) {
            int32_t m = add(c, "Mul", "/beta");
            connect(c, m, "x1", cv);
            connect(c, m, "x2", const_scalar(c, "/beta_value", ot, beta));
            cv = {m, 0};
        }
        int32_t a = add(c, "Add", "/c");
        connect(c, a, "x1", y);
        connect(c, a, "x2", cv);
        y = {a, 0};
    }
    set_out(c, 0, y);
}

void conv_matmul(Ctx &c, const char *)
{
    known_attrs(c, {});
    int ra = rank_of(c, 0, "A"), rb = rank_of(c, 1, "B");
    if (ra < 2 || rb < 2)
        refuse("1-D operands are not supported (ranks " + std::to_string(ra) + " and " +
               std::to_string(rb) + ")");
    int32_t n = add(c, ra == 2 && rb == 2 ? "MatMulV2" : "BatchMatMulV2");
    connect_in(c, n, "x1", 0);
    connect_in(c, n, "x2", 1);
    set_out(c, 0, {n, 0});
}

/* Flatten(axis): Reshape to [prod(d[:axis]), prod(d[axis:])]. */
void conv_flatten(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis"});
    const Shape &x = in_shape(c, 0);
    if (!x.known)
        refuse("the rank of the input is unknown");
    int r = (int)x.dims.size();
    int64_t axis = get_i(c, "axis", 1);
    if (axis < -r || axis > r)
        refuse("axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(r));
    if (axis < 0)
        axis += r;
    int64_t lo = 1, hi = 1;
    bool lo_known = true, hi_known = true;
    for (int i = 0; i < r; i++) {
        int64_t &p = i < axis ? lo : hi;
        bool &k = i < axis ? lo_known : hi_known;
        if (x.dims[i] < 0)
            k = false;
        else
            p *= x.dims[i];
    }
    if (!lo_known && !hi_known)
        refuse("the input has unknown dims on both sides of axis");
    with_const(c, cann, "shape", {lo_known ? lo : -1, hi_known ? hi : -1});
}

void conv_reshape(Ctx &c, const char *cann)
{
    known_attrs(c, {"allowzero"});
    /* allowzero goes to GE's Reshape as an attribute, as CANN's ONNX parser hands it
     * (reshape_onnx_plugin.cpp): 1 makes a 0 of shape a zero extent instead of a copy */
    int64_t allowzero = get_i(c, "allowzero", 0) != 0;
    if (fed_at_run_time(c, 1)) { /* GE's Reshape takes 0 and -1 as ONNX */
        int32_t n = add(c, cann);
        connect_in(c, n, "x", 0);
        connect_in(c, n, "shape", 1);
        if (allowzero)
            attr_i(c, n, "allowzero", 1);
        set_out(c, 0, {n, 0});
        return;
    }
    std::vector<int64_t> s = need_ints(c, 1, "shape");
    int32_t rn = with_const(c, cann, "shape", s);
    if (allowzero)
        attr_i(c, rn, "allowzero", 1);
    /* the output's dims when inference left them unknown (a shape from a Shape node): later
     * converters that need them (NLLLoss's C) find them */
    const Shape &x = in_shape(c, 0);
    Shape &y = c.shapes[c.node->output(0)];
    if (y.known || !x.known)
        return;
    int64_t total = 1, known = 1, minus = -1;
    for (int64_t d : x.dims)
        total = d < 0 || total < 0 ? -1 : total * d;
    std::vector<int64_t> dims;
    for (size_t i = 0; i < s.size(); i++) {
        int64_t d = s[i] == 0 && !allowzero && i < x.dims.size() ? x.dims[i] : s[i];
        if (d == -1)
            minus = (int64_t)i;
        else if (d < 0)
            return;
        else
            known *= d;
        dims.push_back(d);
    }
    if (minus >= 0) {
        if (total < 0 || known == 0 || total % known)
            return;
        dims[(size_t)minus] = total / known;
    }
    y.dtype = x.dtype;
    y.known = true;
    y.dims = dims;
}

void conv_transpose(Ctx &c, const char *cann)
{
    known_attrs(c, {"perm"});
    std::vector<int64_t> perm;
    if (!get_ints(c, "perm", &perm)) {
        int r = rank_of(c, 0, "data");
        for (int i = r - 1; i >= 0; i--)
            perm.push_back(i);
    }
    with_const(c, cann, "perm", perm);
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

/* Axes of Squeeze/Unsqueeze/Reduce*: the attribute before opset 13 (18
 * for ReduceMean), else input 1. */
static bool axes_of(Ctx &c, int64_t input_since, std::vector<int64_t> *axes)
{
    if (c.opset < input_since)
        return get_ints(c, "axes", axes);
    if (!has_in(c, 1))
        return false;
    *axes = need_ints(c, 1, "axes");
    return true;
}

void conv_unsqueeze(Ctx &c, const char *cann)
{
    known_attrs(c, {"axes"});
    std::vector<int64_t> axes;
    if (c.opset >= 13 && fed_at_run_time(c, 1)) { /* the IR's UnsqueezeV3(x, axes) */
        int32_t n = add(c, "UnsqueezeV3");
        connect_in(c, n, "x", 0);
        connect_in(c, n, "axes", 1);
        set_out(c, 0, {n, 0});
        return;
    }
    if (!axes_of(c, 13, &axes))
        refuse("axes are missing");
    int32_t n = one_input(c, cann);
    attr_ints(c, n, "axes", axes);
}

void conv_squeeze(Ctx &c, const char *cann)
{
    known_attrs(c, {"axes"});
    std::vector<int64_t> axes;
    if (c.opset >= 13 && fed_at_run_time(c, 1)) { /* the IR's SqueezeV3(x, axes) */
        int32_t n = add(c, "SqueezeV3");
        connect_in(c, n, "x", 0);
        connect_in(c, n, "axes", 1);
        set_out(c, 0, {n, 0});
        return;
    }
    axes_of(c, 13, &axes);
    int32_t n = one_input(c, cann);
    attr_ints(c, n, "axis", axes);
}

/* ReduceSum/ReduceMean/ReduceMax/ReduceMin/ReduceProd, and the reductions
 * made of them: ReduceSumSquare (Square first), ReduceL1 (Abs), ReduceL2
 * (Square, then Sqrt), ReduceLogSum (then Log), ReduceLogSumExp (Exp, then
 * Log). ReduceProd over several axes: one ReduceProd an axis. */
void conv_reduce(Ctx &c, const char *cann)
{
    known_attrs(c, {"axes", "keepdims", "noop_with_empty_axes"});
    const std::string &op = c.node->op_type();
    std::vector<int64_t> axes;
    if (op == "ReduceSum" && c.opset >= 13 && fed_at_run_time(c, 1)) {
        /* the IR's ReduceSum: noop_with_empty_axes and empty axes as ONNX */
        int32_t n = add(c, cann);
        attr_b(c, n, "keep_dims", get_i(c, "keepdims", 1) != 0);
        attr_b(c, n, "noop_with_empty_axes", get_i(c, "noop_with_empty_axes", 0) != 0);
        connect_in(c, n, "x", 0);
        connect_in(c, n, "axes", 1);
        set_out(c, 0, {n, 0});
        return;
    }
    bool given = axes_of(c, op == "ReduceSum" ? 13 : 18, &axes);
    bool noop = get_i(c, "noop_with_empty_axes", 0) != 0;
    Ref x = value(c, in_name(c, 0));
    if ((!given || axes.empty()) && noop) {
        set_out(c, 0, apply(c, "Identity", "", x));
        return;
    }
    if (!given || axes.empty()) {
        int r = rank_of(c, 0, "data");
        axes.clear();
        for (int i = 0; i < r; i++)
            axes.push_back(i);
    }
    if (op == "ReduceSumSquare" || op == "ReduceL2")
        x = apply(c, "Square", "/square", x);
    else if (op == "ReduceL1")
        x = apply(c, "Abs", "/abs", x);
    else if (op == "ReduceLogSumExp")
        x = apply(c, "Exp", "/exp", x);
    bool post = op == "ReduceL2" || op == "ReduceLogSum" || op == "ReduceLogSumExp";
    bool keep = get_i(c, "keepdims", 1) != 0;
    if (op == "ReduceProd" && axes.size() > 1) {
        /* CANN's kernel takes one axis: one ReduceProd an axis, dims kept, then Squeeze */
        int r = rank_of(c, 0, "data");
        for (auto &a : axes)
            a = wrap_axis(a, r, "axis");
        for (size_t i = 0; i < axes.size(); i++) {
            int32_t p = add(c, cann, "/" + std::to_string(i));
            attr_b(c, p, "keep_dims", true);
            attr_b(c, p, "noop_with_empty_axes", false);
            connect(c, p, "x", x);
            connect(c, p, "axes", const_i64(c, "/axes" + std::to_string(i), {axes[i]}));
            x = {p, 0};
        }
        if (!keep) {
            int32_t q = add(c, "Squeeze");
            connect(c, q, "x", x);
            attr_ints(c, q, "axis", axes);
            x = {q, 0};
        }
        set_out(c, 0, x);
        return;
    }
    int32_t n = add(c, cann, post ? "/sum" : "");
    attr_b(c, n, "keep_dims", keep);
    attr_b(c, n, "noop_with_empty_axes", false);
    connect(c, n, "x", x);
    connect(c, n, "axes", const_i64(c, "/axes", axes));
    Ref y{n, 0};
    if (op == "ReduceL2")
        y = apply(c, "Sqrt", "", y);
    else if (post)
        y = apply(c, "Log", "", y);
    set_out(c, 0, y);
}

/* Clip: Maximum with min, then Minimum with max (each when given). */
void conv_clip(Ctx &c, const char *)
{
    known_attrs(c, {});
    Ref y = value(c, in_name(c, 0));
    const char *types[2] = {"Maximum", "Minimum"};
    for (int i = 0; i < 2; i++) {
        if (!has_in(c, 1 + i))
            continue;
        int32_t n = add(c, types[i], i ? "/max" : "/min");
        connect(c, n, "x1", y);
        connect_in(c, n, "x2", 1 + i);
        y = {n, 0};
    }
    if (y.node == value(c, in_name(c, 0)).node)
        y = apply(c, "Identity", "", y);
    set_out(c, 0, y);
}

/* CastLike: Cast to the type of input 1. */
void conv_cast_like(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    int32_t dt = ge_dtype(in_shape(c, 1).dtype);
    if (dt < 0)
        refuse("the type of target_type is not supported");
    attr_i(c, one_input(c, cann), "dst_type", dt);
}

/* Shape: a constant of the input's dims (every dim must be known). */
void conv_shape(Ctx &c, const char *)
{
    known_attrs(c, {"start", "end"});
    const Shape &x = in_shape(c, 0);
    if (!x.known)
        refuse("the input's rank is unknown");
    int64_t r = (int64_t)x.dims.size();
    int64_t st = get_i(c, "start", 0), en = get_i(c, "end", r);
    st = std::clamp<int64_t>(st < 0 ? st + r : st, 0, r);
    en = std::clamp<int64_t>(en < 0 ? en + r : en, 0, r);
    onnx::TensorProto t;
    t.set_data_type(onnx::TensorProto::INT64);
    t.add_dims(std::max<int64_t>(en - st, 0));
    for (int64_t i = st; i < en; i++) {
        if (x.dims[(size_t)i] < 0)
            refuse("dim " + std::to_string(i) + " of the input is not known at conversion");
        t.add_int64_data(x.dims[(size_t)i]);
    }
    const_output(c, std::move(t));
}

/* ConstantOfShape: a constant of the dims its input holds (a host value: its output's
 * shape depends on it), every element the value attribute's (default float32 0). */
void conv_constant_of_shape(Ctx &c, const char *)
{
    known_attrs(c, {"value"});
    std::vector<int64_t> dims;
    if (fed_at_run_time(c, 0)) { /* the IR's Fill(dims, value): a dynamic-shape model */
        std::vector<char> one(4, 0);
        int32_t gdt = GE_F32;
        const onnx::AttributeProto *a = find_attr(c, "value");
        if (a && (a->t().dims_size() > 1 || (a->t().dims_size() == 1 && a->t().dims(0) != 1)))
            refuse("attribute value must hold one element");
        if (a)
            one = tensor_bytes(a->t(), &gdt);
        int32_t n = add(c, "Fill");
        connect_in(c, n, "dims", 0);
        connect(c, n, "value", const_node(c, c.base + "/value", gdt, {}, one));
        set_out(c, 0, {n, 0});
        return;
    }
    if (!const_ints(c, in_name(c, 0), &dims))
        refuse("input " + in_name(c, 0) +
               " must be a constant (an initializer, a Constant or a value computed from them): "
               "the output's shape is its value");
    onnx::TensorProto t;
    std::vector<char> one;
    int32_t gdt = GE_F32;
    const onnx::AttributeProto *a = find_attr(c, "value");
    if (a) {
        if (a->t().dims_size() > 1 || (a->t().dims_size() == 1 && a->t().dims(0) != 1))
            refuse("attribute value must hold one element");
        one = tensor_bytes(a->t(), &gdt);
        t.set_data_type(a->t().data_type());
    } else {
        one.assign(4, 0);
        t.set_data_type(onnx::TensorProto::FLOAT);
    }
    int64_t cnt = 1;
    for (int64_t d : dims) {
        if (d < 0)
            refuse("input " + in_name(c, 0) + " holds a negative dim " + std::to_string(d));
        if (__builtin_mul_overflow(cnt, d, &cnt) || cnt > ((int64_t)1 << 31))
            refuse("input " + in_name(c, 0) + " holds [" + dims_str(dims) +
                   "]: more than 2^31 elements");
        t.add_dims(d);
    }
    std::string raw;
    raw.reserve((size_t)cnt * one.size());
    for (int64_t i = 0; i < cnt; i++)
        raw.append(one.data(), one.size());
    t.set_raw_data(raw);
    const_output(c, std::move(t));
}

void conv_gather(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis"});
    int64_t axis = axis_attr(c, "data");
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    connect_in(c, n, "indices", 1);
    connect(c, n, "axis", const_i64(c, "/axis", {axis}, true));
    set_out(c, 0, {n, 0});
}

/* Split: one Slice per output, along `axis`, of the sizes the `split`
 * attribute (opset < 13) or input 1 gives, else of equal parts (the dim
 * must divide evenly: opsets 11-17 say nothing of a remainder). Sizes fed at
 * run time (opset 13+): the IR's SplitV(x, size_splits, split_dim) with a
 * dynamic output y of num_split entries, size_splits the graph input (a
 * dynamic-shape model: SplitV's rule checks the sizes at each execution). */
void conv_split(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis", "split"});
    int64_t axis = axis_attr(c, "input");
    if (c.opset >= 13 && fed_at_run_time(c, 1)) {
        int nout = c.node->output_size();
        if (nout > 4)
            refuse("split fed at run time: " + std::to_string(nout) +
                   " outputs, SplitV's dynamic output takes at most 4");
        int32_t n = add(c, "SplitV");
        ge_check(c, cpuaclGeGraphSetDynamicOutputs(c.g, n, "y", (uint32_t)nout), "y");
        attr_i(c, n, "num_split", nout);
        connect_in(c, n, "x", 0);
        connect_in(c, n, "size_splits", 1);
        connect(c, n, "split_dim", const_i64(c, "/split_dim", {axis}, true));
        for (int i = 0; i < nout; i++)
            set_out(c, i, {n, i});
        return;
    }
    const Shape &s = in_shape(c, 0);
    int64_t dim = s.dims[axis];
    if (dim < 0)
        refuse("the dim split along (axis " + std::to_string(axis) + ") is unknown");
    std::vector<int64_t> sizes;
    bool given = c.opset < 13 ? get_ints(c, "split", &sizes) : has_in(c, 1);
    if (given && c.opset >= 13)
        sizes = need_ints(c, 1, "split");
    int64_t nout = c.node->output_size();
    if (!given) {
        if (dim % nout)
            refuse("dim " + std::to_string(dim) + " does not split into " + std::to_string(nout) +
                   " equal parts");
        sizes.assign(nout, dim / nout);
    }
    int64_t sum = 0;
    for (int64_t v : sizes)
        sum += v < 0 ? dim + 1 : v; /* a negative size fails the sum check */
    if ((int64_t)sizes.size() != nout || sum != dim)
        refuse("split sizes [" + dims_str(sizes) + "] do not cover dim " + std::to_string(dim) +
               " in " + std::to_string(nout) + " outputs");
    Ref x = value(c, in_name(c, 0));
    std::vector<int64_t> off(s.dims.size(), 0), size = s.dims;
    for (int64_t i = 0; i < nout; i++) {
        size[axis] = sizes[i];
        std::string sfx = "/" + std::to_string(i);
        int32_t n = add(c, cann, sfx);
        connect(c, n, "x", x);
        connect(c, n, "offsets", const_i64(c, sfx + "/offsets", off));
        connect(c, n, "size", const_i64(c, sfx + "/size", size));
        set_out(c, (int)i, {n, 0});
        off[axis] += sizes[i];
    }
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

/* Range: the IR's Range(start, limit, delta), each a constant, a graph input, or computed
 * by the graph (Cast(size) in the window functions: the engine computes it on the host at
 * execution, a dynamic-shape model). */
void conv_range(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    static const char *const names[3] = {"start", "limit", "delta"};
    int32_t n = add(c, cann);
    for (int i = 0; i < 3; i++) {
        if (!fed_at_run_time(c, i, true) && !c.consts.count(in_name(c, i)))
            c.dynamic = true;
        connect_in(c, n, names[i], i);
    }
    set_out(c, 0, {n, 0});
}

/* Expand: the IR's Expand(x, shape), its shape a constant or a graph input. */
void conv_expand(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    if (!fed_at_run_time(c, 1))
        need_ints(c, 1, "shape"); /* a constant, else refused naming it */
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    connect_in(c, n, "shape", 1);
    set_out(c, 0, {n, 0});
}

void conv_tile(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    if (fed_at_run_time(c, 1)) {
        int32_t n = add(c, cann);
        connect_in(c, n, "x", 0);
        connect_in(c, n, "multiples", 1);
        set_out(c, 0, {n, 0});
        return;
    }
    std::vector<int64_t> rep = need_ints(c, 1, "repeats");
    with_const(c, cann, "multiples", rep);
}

/* Pad (opset 11+): the IR's PadV3(x, paddings, constant_values) with ONNX's pads layout (all
 * the begins, then all the ends: paddings_contiguous false); wrap is the IR's circular. */
void conv_pad(Ctx &c, const char *cann)
{
    known_attrs(c, {"mode"});
    std::string mode = get_s(c, "mode", "constant");
    if (mode == "wrap")
        mode = "circular";
    else if (mode != "constant" && mode != "reflect" && mode != "edge")
        refuse("mode '" + mode + "' is not constant, reflect, edge or wrap");
    if (!fed_at_run_time(c, 1))
        need_ints(c, 1, "pads"); /* a constant, else refused naming it */
    int32_t n = add(c, cann);
    attr_s(c, n, "mode", mode.c_str());
    attr_b(c, n, "paddings_contiguous", false);
    connect_in(c, n, "x", 0);
    connect_in(c, n, "paddings", 1);
    if (has_in(c, 2) && mode == "constant")
        connect_in(c, n, "constant_values", 2);
    set_out(c, 0, {n, 0});
}

/* OneHot (opset 11): the IR's OneHot(x, depth, on_value, off_value) with x the indices cast
 * to int64, ONNX's negative ones counted from depth (x + (x < 0) * depth), depth cast to int32
 * (a constant; a graph input's Cast is computed on the host at execution: a dynamic-shape
 * model), off and on values[0] and values[1] (GatherV2), and ONNX's axis in [-r-1, r] as the
 * IR's in [-1, r]. */
void conv_one_hot(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis"});
    int64_t r = rank_of(c, 0, "indices"), axis = get_i(c, "axis", -1);
    if (axis < -r - 1 || axis > r)
        refuse("axis " + std::to_string(axis) + " is out of range for indices of rank " +
               std::to_string(r));
    if (axis < -1)
        axis += r + 1;
    Ref depth;
    if (fed_at_run_time(c, 1, true))
        depth = value(c, in_name(c, 1));
    else if (c.consts.count(in_name(c, 1)))
        depth = value(c, in_name(c, 1));
    else
        refuse("input depth (" + in_name(c, 1) + ") must be a constant or a graph input");
    Ref idx = cast_to(c, "/indices", value(c, in_name(c, 0)), GE_I64);
    Ref d64 = cast_to(c, "/depth_i64", depth, GE_I64);
    Ref neg =
        cast_to(c, "/negative_int",
                apply2(c, "Less", "/negative", idx, const_i64(c, "/zero", {0}, true)), GE_I64);
    idx = apply2(c, "Add", "/wrapped", idx, apply2(c, "Mul", "/offset", neg, d64));
    Ref vals = value(c, in_name(c, 2));
    Ref pick[2];
    for (int k = 0; k < 2; k++) {
        int32_t g = add(c, "GatherV2", k ? "/on" : "/off");
        connect(c, g, "x", vals);
        connect(c, g, "indices", const_i64(c, k ? "/on_index" : "/off_index", {k}));
        connect(c, g, "axis", const_i64(c, k ? "/on_axis" : "/off_axis", {0}, true));
        pick[k] = {g, 0};
    }
    int32_t n = add(c, cann);
    attr_i(c, n, "axis", axis);
    connect(c, n, "x", idx);
    connect(c, n, "depth", cast_to(c, "/depth", depth, GE_I32));
    connect(c, n, "on_value", pick[1]);
    connect(c, n, "off_value", pick[0]);
    set_out(c, 0, {n, 0});
}

/* TopK (opset 10+): the IR's TopKV2(x, k) along axis, its indices int64 as ONNX's. */
void conv_top_k(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis", "largest", "sorted"});
    if (!fed_at_run_time(c, 1))
        need_ints(c, 1, "K");
    int32_t n = add(c, cann);
    attr_i(c, n, "dim", get_i(c, "axis", -1));
    attr_b(c, n, "largest", get_i(c, "largest", 1) != 0);
    attr_b(c, n, "sorted", get_i(c, "sorted", 1) != 0);
    attr_i(c, n, "indices_dtype", 9); /* DT_INT64 */
    connect_in(c, n, "x", 0);
    connect_in(c, n, "k", 1);
    set_out(c, 0, {n, 0});
    set_out(c, 1, {n, 1});
}

/* CumSum: axis a constant, or fed at run time (Cumsum then runs the kernel of the axis it
 * holds at each execution: y's shape is x's whatever the axis). */
void conv_cumsum(Ctx &c, const char *cann)
{
    known_attrs(c, {"exclusive", "reverse"});
    std::vector<int64_t> ax;
    bool konst = const_ints(c, in_name(c, 1), &ax);
    if (konst && ax.size() != 1)
        refuse("axis must hold one value");
    int32_t n = add(c, cann);
    attr_b(c, n, "exclusive", get_i(c, "exclusive", 0) != 0);
    attr_b(c, n, "reverse", get_i(c, "reverse", 0) != 0);
    connect_in(c, n, "x", 0);
    if (konst)
        connect(c, n, "axis", const_i64(c, "/axis", ax, true));
    else
        connect_in(c, n, "axis", 1);
    set_out(c, 0, {n, 0});
}

/* ArgMax: ArgMaxV2 drops the axis; keepdims puts it back (ExpandDims). */
void conv_arg_max(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis", "keepdims", "select_last_index"});
    int64_t axis = axis_attr(c, "data");
    Ref x = value(c, in_name(c, 0));
    /* select_last_index: the first maximum of the data reversed along axis (a
     * GatherV2 of indices d-1 .. 0) is the last one, at d-1 minus its index */
    bool last = get_i(c, "select_last_index", 0) != 0;
    int64_t d = last ? in_shape(c, 0).dims[(size_t)axis] : 0;
    if (last && d < 1)
        refuse("select_last_index 1 needs the size of the axis known");
    if (last) {
        std::vector<int64_t> rev((size_t)d);
        for (int64_t i = 0; i < d; i++)
            rev[(size_t)i] = d - 1 - i;
        int32_t g = add(c, "GatherV2", "/reverse");
        connect(c, g, "x", x);
        connect(c, g, "indices", const_i64(c, "/reverse_indices", rev));
        connect(c, g, "axis", const_i64(c, "/reverse_axis", {axis}, true));
        x = {g, 0};
    }
    int32_t n = add(c, cann);
    cpuaclGeAttrValue t{};
    t.kind = CPUACL_GE_ATTR_TYPE, t.i = GE_I64;
    attr(c, n, "dtype", t);
    connect(c, n, "x", x);
    connect(c, n, "dimension", const_i64(c, "/dimension", {axis}, true));
    Ref y{n, 0};
    if (last) {
        int32_t sub = add(c, "Sub", "/last_index");
        connect(c, sub, "x1", const_i64(c, "/last", {d - 1}, true));
        connect(c, sub, "x2", y);
        y = {sub, 0};
    }
    if (get_i(c, "keepdims", 1)) {
        int32_t e = add(c, "ExpandDims", "/keepdims");
        connect(c, e, "x", y);
        connect(c, e, "axis", const_i64(c, "/keepdims_axis", {axis}, true));
        y = {e, 0};
    }
    set_out(c, 0, y);
}

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
    auto mean = [&](Ref v, const char *sfx) {
        int32_t n = add(c, "ReduceMean", sfx);
        attr_b(c, n, "keep_dims", true);
        attr_b(c, n, "noop_with_empty_axes", false);
        connect(c, n, "x", v);
        connect(c, n, "axes", const_i64(c, std::string(sfx) + "_axes", axes));
        return Ref{n, 0};
    };
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

/* max(0, min(1, alpha * x + beta)) on x, of ONNX type ot. */
static Ref hard_sigmoid(Ctx &c, Ref x, int32_t ot, double alpha, double beta)
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

/* Mod: fmod 0 (the divisor's sign, integers only) FloorMod; fmod 1 (C's
 * fmod, the dividend's sign) TruncateMod. */
void conv_mod(Ctx &c, const char *)
{
    known_attrs(c, {"fmod"});
    int64_t fm = get_i(c, "fmod", 0);
    int32_t t = in_shape(c, 0).dtype;
    bool fl = t == onnx::TensorProto::FLOAT || t == onnx::TensorProto::DOUBLE ||
              t == onnx::TensorProto::FLOAT16 || t == onnx::TensorProto::BFLOAT16;
    if (fm != 0 && fm != 1)
        refuse("fmod " + std::to_string(fm) + " is not 0 or 1");
    if (fl && !fm)
        refuse("fmod 0 with floating-point inputs is not valid (ONNX: fmod must be 1)");
    set_out(c, 0,
            apply2(c, fm ? "TruncateMod" : "FloorMod", "", value(c, in_name(c, 0)),
                   value(c, in_name(c, 1))));
}

/* BitShift: direction LEFT or RIGHT (LeftShift / RightShift, inputs x and y). */
void conv_bit_shift(Ctx &c, const char *)
{
    known_attrs(c, {"direction"});
    std::string d = get_s(c, "direction", "");
    if (d != "LEFT" && d != "RIGHT")
        refuse("direction '" + d + "' is not LEFT or RIGHT");
    set_out(c, 0,
            apply2(c, d == "LEFT" ? "LeftShift" : "RightShift", "", value(c, in_name(c, 0)),
                   value(c, in_name(c, 1)), "x", "y"));
}

/* Where: SelectV2(condition, X, Y). */
void conv_where(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    int32_t n = add(c, cann);
    connect_in(c, n, "condition", 0);
    connect_in(c, n, "then", 1);
    connect_in(c, n, "else", 2);
    set_out(c, 0, {n, 0});
}

/* IsInf: IsPosInf, IsNegInf, or both joined by LogicalOr. */
void conv_is_inf(Ctx &c, const char *)
{
    known_attrs(c, {"detect_negative", "detect_positive"});
    bool neg = get_i(c, "detect_negative", 1) != 0, pos = get_i(c, "detect_positive", 1) != 0;
    Ref x = value(c, in_name(c, 0));
    if (!neg && !pos)
        refuse("detect_negative 0 with detect_positive 0 is not supported");
    if (neg != pos) {
        set_out(c, 0, apply(c, pos ? "IsPosInf" : "IsNegInf", "", x));
        return;
    }
    set_out(c, 0,
            apply2(c, "LogicalOr", "", apply(c, "IsPosInf", "/pos", x),
                   apply(c, "IsNegInf", "/neg", x)));
}

/* Trilu: Triu (upper 1, the default) or Tril, k (input 1, a constant) the diagonal. */
/* Trilu: k a constant (or absent): Triu / Tril with diagonal k; k fed at run time (a graph
 * input or a computed value): the Trilu type with its input k, which reads it at each
 * execution (y's shape does not depend on it), as CANN's ONNX parser maps Trilu. */
void conv_trilu(Ctx &c, const char *)
{
    known_attrs(c, {"upper"});
    int64_t k = 0;
    bool upper = get_i(c, "upper", 1) != 0;
    std::vector<int64_t> v;
    if (has_in(c, 1) && !const_ints(c, in_name(c, 1), &v)) {
        int32_t n = add(c, "Trilu");
        attr_i(c, n, "upper", upper);
        connect_in(c, n, "x", 0);
        connect_in(c, n, "k", 1);
        set_out(c, 0, {n, 0});
        return;
    }
    if (has_in(c, 1)) {
        if (v.size() != 1)
            refuse("k must hold one value");
        k = v[0];
    }
    int32_t n = one_input(c, upper ? "Triu" : "Tril");
    attr_i(c, n, "diagonal", k);
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
    auto mean = [&](Ref v, const char *sfx) {
        int32_t n = add(c, "ReduceMean", sfx);
        attr_b(c, n, "keep_dims", true);
        attr_b(c, n, "noop_with_empty_axes", false);
        connect(c, n, "x", v);
        connect(c, n, "axes", const_i64(c, std::string(sfx) + "_axes", axes));
        return Ref{n, 0};
    };
    Ref m = mean(x, "/mean");
    Ref var = apply2(c, "Sub", "/variance", mean(apply(c, "Square", "/square", x), "/mean_square"),
                     apply(c, "Square", "/mean_squared", m));
    Ref sd = apply2(c, "Add", "/epsilon", apply(c, "Sqrt", "/std", var),
                    const_scalar(c, "/epsilon_value", ot, 1e-9));
    set_out(c, 0, apply2(c, "Div", "", apply2(c, "Sub", "/centered", x, m), sd));
}

/* Einsum without repeated letters in an operand (no diagonals) and without ellipses: each
 * operand transposed to the order of its letters among all letters (the output's first,
 * then the summed ones) and unsqueezed to all of them; the product (Mul, broadcasting),
 * then ReduceSum over the summed letters. The implicit output (no "->") is the letters seen
 * once, in alphabetical order, as ONNX defines it. */
/* One operand's repeated letter (a diagonal): its two axes p < q moved last, viewed as one
 * of d * d (Reshape; 0 copies the other dims), and GatherV2 of positions k (d + 1) takes the
 * diagonal; the letter then stands once, last. */
static Ref einsum_diagonal(Ctx &c, const std::string &sfx, Ref v, std::string *o,
                           std::vector<int64_t> *dims)
{
    for (size_t p = 0; p < o->size(); p++) {
        size_t q = o->find((*o)[p], p + 1);
        if (q == std::string::npos)
            continue;
        if (dims->size() != o->size())
            refuse("a letter twice in one operand (a diagonal) needs its dims known");
        int64_t d = (*dims)[p];
        if (d < 0 || (*dims)[q] < 0)
            refuse("a letter twice in one operand (a diagonal) needs its dims known");
        if ((*dims)[q] != d)
            refuse("letter '" + std::string(1, (*o)[p]) + "' names dims " + std::to_string(d) +
                   " and " + std::to_string((*dims)[q]));
        std::vector<int64_t> perm, shape, nd, idx;
        std::string no;
        for (size_t k = 0; k < o->size(); k++)
            if (k != p && k != q) {
                perm.push_back((int64_t)k);
                shape.push_back(0);
                nd.push_back((*dims)[k]);
                no += (*o)[k];
            }
        perm.push_back((int64_t)p);
        perm.push_back((int64_t)q);
        shape.push_back(d * d);
        std::string ds = sfx + "/diag" + std::string(1, (*o)[p]);
        int32_t t = add(c, "Transpose", ds + "/transpose");
        connect(c, t, "x", v);
        connect(c, t, "perm", const_i64(c, ds + "/perm", perm));
        int32_t r = add(c, "Reshape", ds + "/reshape");
        connect(c, r, "x", {t, 0});
        connect(c, r, "shape", const_i64(c, ds + "/shape", shape));
        for (int64_t k = 0; k < d; k++)
            idx.push_back(k * (d + 1));
        int32_t g = add(c, "GatherV2", ds + "/gather");
        connect(c, g, "x", {r, 0});
        connect(c, g, "indices", const_i64(c, ds + "/indices", idx));
        connect(c, g, "axis", const_i64(c, ds + "/axis", {(int64_t)shape.size() - 1}, true));
        nd.push_back(d);
        *o = no + (*o)[p];
        *dims = nd;
        return einsum_diagonal(c, sfx, {g, 0}, o, dims);
    }
    return v;
}

void conv_einsum(Ctx &c, const char *)
{
    known_attrs(c, {"equation"});
    std::string eq;
    for (char ch : get_s(c, "equation", ""))
        if (ch != ' ')
            eq += ch;
    size_t arrow = eq.find("->");
    std::string lhs = eq.substr(0, arrow), out;
    std::vector<std::string> ops;
    for (size_t p = 0, q; p <= lhs.size(); p = q + 1) {
        q = lhs.find(',', p);
        if (q == std::string::npos)
            q = lhs.size();
        ops.push_back(lhs.substr(p, q - p));
    }
    if ((int)ops.size() != c.node->input_size())
        refuse("equation " + eq + " names " + std::to_string(ops.size()) +
               " operands, the node has " + std::to_string(c.node->input_size()));
    /* an ellipsis stands for the operand's dims the letters leave, aligned right across the
     * operands (broadcast): each becomes letters the equation does not use */
    std::string fresh;
    for (char ch = 'A'; ch <= 'Z'; ch++)
        if (eq.find(ch) == std::string::npos)
            fresh += ch;
    for (char ch = 'a'; ch <= 'z'; ch++)
        if (eq.find(ch) == std::string::npos)
            fresh += ch;
    size_t ell = 0;
    std::vector<size_t> own_ell(ops.size(), 0);
    for (size_t i = 0; i < ops.size(); i++) {
        size_t at = ops[i].find("...");
        if (at == std::string::npos)
            continue;
        int r = rank_of(c, (int)i, "an operand with an ellipsis");
        int letters = (int)ops[i].size() - 3;
        if (r < letters)
            refuse("operand " + std::to_string(i) + " has rank " + std::to_string(r) +
                   ", fewer than its " + std::to_string(letters) + " letters");
        own_ell[i] = (size_t)(r - letters);
        ell = std::max(ell, own_ell[i]);
    }
    if (ell > fresh.size())
        refuse("equation " + eq + ": the ellipsis spans more dims than free letters");
    std::string ell_letters = fresh.substr(0, ell);
    for (size_t i = 0; i < ops.size(); i++) {
        size_t at = ops[i].find("...");
        if (at != std::string::npos)
            ops[i] =
                ops[i].substr(0, at) + ell_letters.substr(ell - own_ell[i]) + ops[i].substr(at + 3);
    }
    std::map<char, int> seen;
    for (const auto &o : ops)
        for (char ch : o) {
            if (!std::isalpha((unsigned char)ch))
                refuse("equation " + eq + ": '" + std::string(1, ch) + "' is not a letter");
            seen[ch]++;
        }
    if (arrow != std::string::npos) {
        out = eq.substr(arrow + 2);
        size_t at = out.find("...");
        if (at != std::string::npos)
            out = out.substr(0, at) + ell_letters + out.substr(at + 3);
        for (char ch : out)
            if (!seen.count(ch) || std::count(out.begin(), out.end(), ch) > 1)
                refuse("equation " + eq + ": output letter '" + std::string(1, ch) +
                       "' is not valid");
    } else {
        /* the ellipsis' dims first, then the letters named once, in order */
        out = ell_letters;
        for (const auto &kv : seen)
            if (kv.second == 1 && ell_letters.find(kv.first) == std::string::npos)
                out += kv.first;
    }
    std::string all = out;
    for (const auto &kv : seen)
        if (out.find(kv.first) == std::string::npos)
            all += kv.first;
    Ref prod{-1, 0};
    for (size_t i = 0; i < ops.size(); i++) {
        if (rank_of(c, (int)i, "an operand") != (int)ops[i].size())
            refuse("operand " + std::to_string(i) + " has rank " +
                   std::to_string(rank_of(c, (int)i, "an operand")) + ", the equation gives it " +
                   std::to_string(ops[i].size()) + " letters");
        std::string sfx = "/operand" + std::to_string(i);
        Ref v = value(c, in_name(c, (int)i));
        std::string o = ops[i];
        std::vector<int64_t> odims = in_shape(c, (int)i).dims;
        v = einsum_diagonal(c, sfx, v, &o, &odims);
        /* its letters in the order of `all`, then the missing ones as unit dims */
        std::vector<int64_t> perm, missing;
        std::string order;
        for (size_t k = 0; k < all.size(); k++) {
            size_t at = o.find(all[k]);
            if (at == std::string::npos) {
                missing.push_back((int64_t)k);
            } else {
                perm.push_back((int64_t)at);
                order += all[k];
            }
        }
        bool ident = true;
        for (size_t k = 0; k < perm.size(); k++)
            ident = ident && perm[k] == (int64_t)k;
        if (!ident) {
            int32_t t = add(c, "Transpose", sfx + "/transpose");
            connect(c, t, "x", v);
            connect(c, t, "perm", const_i64(c, sfx + "/perm", perm));
            v = {t, 0};
        }
        if (!missing.empty()) {
            int32_t u = add(c, "Unsqueeze", sfx + "/unsqueeze");
            connect(c, u, "x", v);
            attr_ints(c, u, "axes", missing);
            v = {u, 0};
        }
        prod = prod.node < 0 ? v : apply2(c, "Mul", sfx + "/mul", prod, v);
    }
    std::vector<int64_t> sum;
    for (size_t k = out.size(); k < all.size(); k++)
        sum.push_back((int64_t)k);
    if (sum.empty()) {
        set_out(c, 0, ops.size() == 1 ? apply(c, "Identity", "", prod) : prod);
        return;
    }
    int32_t n = add(c, "ReduceSum");
    attr_b(c, n, "keep_dims", false);
    attr_b(c, n, "noop_with_empty_axes", false);
    connect(c, n, "x", prod);
    connect(c, n, "axes", const_i64(c, "/axes", sum));
    set_out(c, 0, {n, 0});
}

/* GatherND's and ScatterND's flat index: the int64 tuples idx (last dim of q dims), each
 * component wrapped by its dim kd when negative, dotted with the row-major strides of kd. */
static Ref nd_linear_index(Ctx &c, Ref idx, const std::vector<int64_t> &kd,
                           const std::vector<int64_t> &strides, int64_t q)
{
    Ref neg = cast_to(c, "/negative_int",
                      apply2(c, "Less", "/negative", idx,
                             const_scalar(c, "/zero", onnx::TensorProto::INT64, 0.0)),
                      GE_I64);
    idx = apply2(c, "Add", "/wrapped", idx,
                 apply2(c, "Mul", "/offset", neg, const_i64(c, "/dims", kd)));
    int32_t lin = add(c, "ReduceSum", "/linear");
    attr_b(c, lin, "keep_dims", false);
    attr_b(c, lin, "noop_with_empty_axes", false);
    connect(c, lin, "x", apply2(c, "Mul", "/strided", idx, const_i64(c, "/strides", strides)));
    connect(c, lin, "axes", const_i64(c, "/linear_axes", {q - 1}));
    return {lin, 0};
}

/* GatherND: each index tuple (the last dim of indices, k values) addresses a slice of data
 * after batch_dims; as one GatherV2 on data viewed as [B * prod(data dims b..b+k-1), rest]
 * (a Reshape) with the tuple's linear index: ReduceSum of the tuple (negatives wrapped)
 * times the dims' strides, plus each batch's offset (a constant). Every dim known. */
void conv_gather_nd(Ctx &c, const char *)
{
    known_attrs(c, {"batch_dims"});
    const Shape &d = in_shape(c, 0), &ix = in_shape(c, 1);
    if (!d.known || !ix.known || ix.dims.empty())
        refuse("the ranks of data and indices must be known");
    for (int64_t v : d.dims)
        if (v < 0)
            refuse("every dim of data must be known");
    for (int64_t v : ix.dims)
        if (v < 0)
            refuse("every dim of indices must be known");
    int64_t b = get_i(c, "batch_dims", 0), q = (int64_t)ix.dims.size(), r = (int64_t)d.dims.size();
    int64_t k = ix.dims.back();
    if (b < 0 || b >= q || b >= r || k < 1 || b + k > r)
        refuse("batch_dims " + std::to_string(b) + " and an index tuple of " + std::to_string(k) +
               " do not fit data of rank " + std::to_string(r));
    int64_t nb = 1, nk = 1;
    for (int64_t i = 0; i < b; i++)
        nb *= d.dims[(size_t)i];
    std::vector<int64_t> kd(d.dims.begin() + b, d.dims.begin() + b + k), strides((size_t)k, 1);
    for (int64_t i = k - 1; i >= 0; i--) {
        strides[(size_t)i] = nk;
        nk *= kd[(size_t)i];
    }
    std::vector<int64_t> flat{nb * nk};
    flat.insert(flat.end(), d.dims.begin() + b + k, d.dims.end());
    int32_t rs = add(c, "Reshape", "/flat");
    connect_in(c, rs, "x", 0);
    connect(c, rs, "shape", const_i64(c, "/flat_shape", flat));
    /* the tuples as int64, negatives wrapped by their dims */
    Ref idx = value(c, in_name(c, 1));
    if (ix.dtype != onnx::TensorProto::INT64)
        idx = cast_to(c, "/indices_int64", idx, GE_I64);
    Ref at = nd_linear_index(c, idx, kd, strides, q);
    if (b > 0) {
        /* batch j's slices start at j * nk: a constant [batch dims..., 1, ...] */
        std::vector<int64_t> off((size_t)nb), od(ix.dims.begin(), ix.dims.begin() + b);
        for (int64_t j = 0; j < nb; j++)
            off[(size_t)j] = j * nk;
        od.resize((size_t)(q - 1), 1);
        std::vector<char> bytes(off.size() * 8);
        std::memcpy(bytes.data(), off.data(), bytes.size());
        at = apply2(c, "Add", "/batch", at,
                    const_node(c, c.base + "/batch_offsets", GE_I64, od, bytes));
    }
    int32_t g = add(c, "GatherV2");
    connect(c, g, "x", {rs, 0});
    connect(c, g, "indices", at);
    connect(c, g, "axis", const_i64(c, "/axis", {0}, true));
    set_out(c, 0, {g, 0});
}

/* Adagrad, Momentum and Adam of ONNX's training domain, per ONNX's formulas (inputs R, T,
 * then n X, n G and the state tensors; outputs the n new X, then each new state), as
 * elementwise compositions. The branches on T (the step count, a value fed at run time) are
 * SelectV2 on Greater(T, 0): the outputs' shapes do not depend on it. */
void conv_optimizer(Ctx &c, const char *)
{
    const std::string &op = c.node->op_type();
    bool adam = op == "Adam", mom = op == "Momentum";
    if (adam)
        known_attrs(c, {"alpha", "beta", "epsilon", "norm_coefficient", "norm_coefficient_post"});
    else if (mom)
        known_attrs(c, {"alpha", "beta", "mode", "norm_coefficient"});
    else
        known_attrs(c, {"decay_factor", "epsilon", "norm_coefficient"});
    int per = adam ? 4 : 3, nin = c.node->input_size();
    if (nin < 2 + per || (nin - 2) % per)
        refuse("expected R, T and " + std::to_string(per) + " tensors per optimized tensor");
    int n = (nin - 2) / per;
    int32_t ot = in_shape(c, 2).dtype;
    if (ot != onnx::TensorProto::FLOAT && ot != onnx::TensorProto::DOUBLE)
        refuse("the optimized tensors must be float32 or double");
    auto k = [&](const std::string &sfx, double v) { return const_scalar(c, sfx, ot, v); };
    auto in = [&](int i) { return value(c, in_name(c, i)); };
    Ref r = in(0), t = in(1);
    Ref tf = cast_to(c, "/t_float", t, ge_dtype(ot));
    Ref started =
        apply2(c, "Greater", "/t_positive", t, const_scalar(c, "/t_zero", in_shape(c, 1).dtype, 0));
    double nc = get_f(c, "norm_coefficient", 0.0f);
    std::string mode = get_s(c, "mode", "standard");
    if (mom && mode != "standard" && mode != "nesterov")
        refuse("mode " + mode + " is not valid (standard or nesterov)");
    if (!adam && !mom) /* r = R / (1 + T * decay_factor) */
        r = apply2(
            c, "Div", "/rate", r,
            apply2(c, "Add", "/decay_plus_one",
                   apply2(c, "Mul", "/decay", tf, k("/decay_factor", get_f(c, "decay_factor", 0))),
                   k("/one", 1.0)));
    /* the schemas' defaults (Adam: alpha 0.9, beta 0.999, epsilon 1e-6; Adagrad: epsilon
     * 1e-6); Momentum's attributes are all required */
    if (mom)
        for (const char *a : {"alpha", "beta", "mode", "norm_coefficient"})
            if (!find_attr(c, a))
                refuse(std::string("attribute ") + a + " is required");
    double alpha = get_f(c, "alpha", 0.9f), beta = get_f(c, "beta", adam ? 0.999f : 0.0f);
    Ref beta_adj{-1, 0};
    if (mom) { /* beta when T > 0, else 1 */
        int32_t sel = add(c, "SelectV2", "/beta_adjusted");
        connect(c, sel, "condition", started);
        connect(c, sel, "then", k("/beta", beta));
        connect(c, sel, "else", k("/beta_one", 1.0));
        beta_adj = {sel, 0};
    }
    if (adam) { /* T > 0: R * sqrt(1 - beta^T) / (1 - alpha^T) */
        Ref bt = apply2(c, "Pow", "/beta_t", k("/beta", beta), tf);
        Ref at = apply2(c, "Pow", "/alpha_t", k("/alpha", alpha), tf);
        Ref adj = apply2(c, "Div", "/rate_adjusted",
                         apply2(c, "Mul", "/rate_sqrt", r,
                                apply(c, "Sqrt", "/beta_sqrt",
                                      apply2(c, "Sub", "/one_beta_t", k("/one_b", 1.0), bt))),
                         apply2(c, "Sub", "/one_alpha_t", k("/one_a", 1.0), at));
        int32_t sel = add(c, "SelectV2", "/rate");
        connect(c, sel, "condition", started);
        connect(c, sel, "then", adj);
        connect(c, sel, "else", r);
        r = {sel, 0};
    }
    for (int i = 0; i < n; i++) {
        std::string sx = "/" + std::to_string(i);
        Ref x = in(2 + i), g = in(2 + n + i), s1 = in(2 + 2 * n + i);
        Ref greg = apply2(c, "Add", sx + "/g_reg",
                          apply2(c, "Mul", sx + "/norm", x, k(sx + "/nc", nc)), g);
        if (adam) {
            Ref h = in(2 + 3 * n + i);
            Ref vn =
                apply2(c, "Add", sx + "/v_new",
                       apply2(c, "Mul", sx + "/v_alpha", s1, k(sx + "/alpha", alpha)),
                       apply2(c, "Mul", sx + "/g_alpha", greg, k(sx + "/one_alpha", 1.0 - alpha)));
            Ref hn = apply2(c, "Add", sx + "/h_new",
                            apply2(c, "Mul", sx + "/h_beta", h, k(sx + "/beta", beta)),
                            apply2(c, "Mul", sx + "/g2_beta", apply(c, "Square", sx + "/g2", greg),
                                   k(sx + "/one_beta", 1.0 - beta)));
            Ref hs = apply2(c, "Add", sx + "/h_sqrt", apply(c, "Sqrt", sx + "/h_root", hn),
                            k(sx + "/epsilon", get_f(c, "epsilon", 1e-6f)));
            Ref xn =
                apply2(c, "Sub", sx + "/x_new", x,
                       apply2(c, "Mul", sx + "/step", r, apply2(c, "Div", sx + "/v_h", vn, hs)));
            xn = apply2(c, "Mul", sx + "/x_final", xn,
                        k(sx + "/post", 1.0 - get_f(c, "norm_coefficient_post", 0.0f)));
            set_out(c, i, xn);
            set_out(c, n + i, vn);
            set_out(c, 2 * n + i, hn);
        } else if (mom) {
            Ref vn = apply2(c, "Add", sx + "/v_new",
                            apply2(c, "Mul", sx + "/v_alpha", s1, k(sx + "/alpha", alpha)),
                            apply2(c, "Mul", sx + "/g_beta", beta_adj, greg));
            Ref step = vn;
            if (mode == "nesterov")
                step = apply2(c, "Add", sx + "/nesterov", greg,
                              apply2(c, "Mul", sx + "/v_alpha_new", vn, k(sx + "/alpha_n", alpha)));
            set_out(c, i,
                    apply2(c, "Sub", sx + "/x_new", x, apply2(c, "Mul", sx + "/step", r, step)));
            set_out(c, n + i, vn);
        } else {
            Ref hn = apply2(c, "Add", sx + "/h_new", s1, apply(c, "Square", sx + "/g2", greg));
            Ref ha = apply2(c, "Add", sx + "/h_adaptive", apply(c, "Sqrt", sx + "/h_root", hn),
                            k(sx + "/epsilon", get_f(c, "epsilon", 1e-6f)));
            set_out(
                c, i,
                apply2(c, "Sub", sx + "/x_new", x,
                       apply2(c, "Div", sx + "/step", apply2(c, "Mul", sx + "/rg", r, greg), ha)));
            set_out(c, n + i, hn);
        }
    }
}

/* Input i (a scale or zero point: a scalar, or 1-D along `axis` of input 0) shaped to
 * broadcast against input 0: [C] becomes [C, 1, ..., 1] (a Reshape). */
static Ref per_axis(Ctx &c, int i, const std::string &suffix)
{
    Ref v = value(c, in_name(c, i));
    const Shape &s = in_shape(c, i);
    if (!s.known)
        refuse("the rank of input " + in_name(c, i) + " is unknown");
    if (s.dims.size() == 0 || (s.dims.size() == 1 && s.dims[0] == 1 && c.opset < 13))
        return v;
    if (s.dims.size() != 1)
        refuse("input " + in_name(c, i) + " must be a scalar or 1-D");
    int r = rank_of(c, 0, "x");
    int64_t axis = wrap_axis(get_i(c, "axis", 1), r, "axis");
    std::vector<int64_t> shape((size_t)(r - axis), 1);
    shape[0] = s.dims[0];
    int32_t n = add(c, "Reshape", suffix);
    connect(c, n, "x", v);
    connect(c, n, "shape", const_i64(c, suffix + "_shape", shape));
    return {n, 0};
}

/* round(x) + zero point, saturated to the range of uint8 / int8, as that type; q float32. */
static Ref saturate(Ctx &c, Ref q, Ref zp_f, int32_t ge_out)
{
    q = apply(c, "Round", "/round", q);
    if (zp_f.node >= 0)
        q = apply2(c, "Add", "/zero_point", q, zp_f);
    bool u8 = ge_out == GE_U8;
    q = apply2(c, "Maximum", "/lo", q,
               const_scalar(c, "/lo_value", onnx::TensorProto::FLOAT, u8 ? 0 : -128));
    q = apply2(c, "Minimum", "/hi", q,
               const_scalar(c, "/hi_value", onnx::TensorProto::FLOAT, u8 ? 255 : 127));
    return cast_to(c, "", q, ge_out);
}

/* QuantizeLinear: saturate(round(x / y_scale) + y_zero_point) (round half to even), uint8 or
 * int8 as the zero point (uint8 without one); per tensor or per `axis` (1-D scale). */
void conv_quantize_linear(Ctx &c, const char *)
{
    known_attrs(c, {"axis"});
    int32_t xt = in_shape(c, 0).dtype;
    if (xt != onnx::TensorProto::FLOAT)
        refuse("x must be float32");
    int32_t zt = has_in(c, 2) ? in_shape(c, 2).dtype : onnx::TensorProto::UINT8;
    if (zt != onnx::TensorProto::UINT8 && zt != onnx::TensorProto::INT8)
        refuse("the zero point must be uint8 or int8");
    Ref q = apply2(c, "Div", "/scale", value(c, in_name(c, 0)), per_axis(c, 1, "/scale_shape"));
    Ref zp{-1, 0};
    if (has_in(c, 2))
        zp = cast_to(c, "/zero_point_float", per_axis(c, 2, "/zero_point_shape"), GE_F32);
    set_out(c, 0, saturate(c, q, zp, ge_dtype(zt)));
}

/* DequantizeLinear: (x - x_zero_point) * x_scale, float32; per tensor or per `axis`. */
void conv_dequantize_linear(Ctx &c, const char *)
{
    known_attrs(c, {"axis"});
    int32_t xt = in_shape(c, 0).dtype;
    if (xt != onnx::TensorProto::UINT8 && xt != onnx::TensorProto::INT8 &&
        xt != onnx::TensorProto::INT32)
        refuse("x must be uint8, int8 or int32");
    Ref x = cast_to(c, "/x_float", value(c, in_name(c, 0)), GE_F32);
    if (has_in(c, 2))
        x = apply2(c, "Sub", "/zero_point", x,
                   cast_to(c, "/zero_point_float", per_axis(c, 2, "/zero_point_shape"), GE_F32));
    set_out(c, 0, apply2(c, "Mul", "", x, per_axis(c, 1, "/scale_shape")));
}

/* DynamicQuantizeLinear, as ONNX defines it: the range [min(0, min x), max(0, max x)]
 * onto uint8: y_scale = range / 255, y_zero_point = saturate(round(-min / y_scale)),
 * y = saturate(round(x / y_scale) + y_zero_point). */
void conv_dynamic_quantize_linear(Ctx &c, const char *)
{
    known_attrs(c, {});
    if (in_shape(c, 0).dtype != onnx::TensorProto::FLOAT)
        refuse("x must be float32");
    int r = rank_of(c, 0, "x");
    std::vector<int64_t> all;
    for (int i = 0; i < r; i++)
        all.push_back(i);
    Ref x = value(c, in_name(c, 0));
    auto reduce = [&](const char *type, const char *sfx) {
        int32_t n = add(c, type, sfx);
        attr_b(c, n, "keep_dims", false);
        attr_b(c, n, "noop_with_empty_axes", false);
        connect(c, n, "x", x);
        connect(c, n, "axes", const_i64(c, std::string(sfx) + "_axes", all));
        return Ref{n, 0};
    };
    const int32_t f = onnx::TensorProto::FLOAT;
    Ref lo = apply2(c, "Minimum", "/min0", reduce("ReduceMin", "/min"),
                    const_scalar(c, "/zero_min", f, 0));
    Ref hi = apply2(c, "Maximum", "/max0", reduce("ReduceMax", "/max"),
                    const_scalar(c, "/zero_max", f, 0));
    Ref scale = apply2(c, "Div", "/scale", apply2(c, "Sub", "/range", hi, lo),
                       const_scalar(c, "/qmax", f, 255));
    Ref zpf = apply2(c, "Div", "/min_scaled", apply(c, "Neg", "/neg_min", lo), scale);
    zpf = apply(c, "Round", "/zp_round", zpf);
    zpf = apply2(c, "Maximum", "/zp_lo", zpf, const_scalar(c, "/zp_lo_value", f, 0));
    zpf = apply2(c, "Minimum", "/zp_hi", zpf, const_scalar(c, "/zp_hi_value", f, 255));
    Ref q = apply2(c, "Div", "/x_scaled", x, scale);
    set_out(c, 0, saturate(c, q, zpf, GE_U8));
    set_out(c, 1, scale);
    set_out(c, 2, cast_to(c, "/zero_point", zpf, GE_U8));
}

/* DepthToSpace (DCR, CRD) and SpaceToDepth: Reshape to 6-D, Transpose, Reshape back
 * (every dim of the 4-D input known). */
void conv_depth_space(Ctx &c, const char *)
{
    bool d2s = c.node->op_type() == "DepthToSpace";
    if (d2s)
        known_attrs(c, {"blocksize", "mode"});
    else
        known_attrs(c, {"blocksize"});
    const Shape &x = in_shape(c, 0);
    if (!x.known || x.dims.size() != 4)
        refuse("the input must be 4-D");
    for (int64_t d : x.dims)
        if (d < 0)
            refuse("the input's dims must be known");
    int64_t bs = get_i(c, "blocksize", 0), n = x.dims[0], ch = x.dims[1], h = x.dims[2],
            w = x.dims[3];
    if (bs < 1)
        refuse("blocksize must be positive");
    std::vector<int64_t> six, perm, out;
    if (d2s) {
        std::string mode = get_s(c, "mode", "DCR");
        if (ch % (bs * bs))
            refuse("the channels are not a multiple of blocksize^2");
        int64_t co = ch / (bs * bs);
        if (mode == "DCR")
            six = {n, bs, bs, co, h, w}, perm = {0, 3, 4, 1, 5, 2};
        else if (mode == "CRD")
            six = {n, co, bs, bs, h, w}, perm = {0, 1, 4, 2, 5, 3};
        else
            refuse("mode " + mode + " is not DCR or CRD");
        out = {n, co, h * bs, w * bs};
    } else {
        if (h % bs || w % bs)
            refuse("H and W are not multiples of blocksize");
        six = {n, ch, h / bs, bs, w / bs, bs}, perm = {0, 3, 5, 1, 2, 4};
        out = {n, ch * bs * bs, h / bs, w / bs};
    }
    int32_t r1 = add(c, "Reshape", "/6d");
    connect_in(c, r1, "x", 0);
    connect(c, r1, "shape", const_i64(c, "/6d_shape", six));
    int32_t t = add(c, "Transpose", "/perm");
    connect(c, t, "x", {r1, 0});
    connect(c, t, "perm", const_i64(c, "/perm_value", perm));
    int32_t r2 = add(c, "Reshape");
    connect(c, r2, "x", {t, 0});
    connect(c, r2, "shape", const_i64(c, "/shape", out));
    set_out(c, 0, {r2, 0});
}

/* NLLLoss on log-probabilities lp (input [N, C, ...]) and the node's inputs
 * target (input it) and weight (input iw, optional); reduction and
 * ignore_index from the node's attributes. */
static Ref nll_loss(Ctx &c, Ref lp, int it, int iw, const std::string &suffix)
{
    std::string red = get_s(c, "reduction", "mean");
    if (red != "none" && red != "mean" && red != "sum")
        refuse("reduction " + red + " is not none, mean or sum");
    int32_t n = add(c, "NLLLoss", suffix);
    connect(c, n, "x", lp);
    connect_in(c, n, "target", it);
    if (has_in(c, iw)) {
        connect_in(c, n, "weight", iw);
    } else { /* CANN's kernel wants the weight: ones [C] of x's type */
        const Shape &x = in_shape(c, 0);
        int32_t dt = ge_dtype(x.dtype);
        if (!x.known || x.dims.size() < 2 || x.dims[1] < 1 || (dt != GE_F32 && dt != GE_F64))
            refuse("without weights, the input must be float or double with C known");
        std::vector<char> b((size_t)x.dims[1] * ge_size(dt));
        for (int64_t i = 0; i < x.dims[1]; i++) {
            float f = 1.0f;
            double d = 1.0;
            std::memcpy(b.data() + (size_t)i * ge_size(dt), dt == GE_F32 ? (void *)&f : (void *)&d,
                        ge_size(dt));
        }
        connect(c, n, "weight", const_node(c, c.base + "/ones", dt, {x.dims[1]}, b));
    }
    attr_s(c, n, "reduction", red.c_str());
    /* ONNX without ignore_index ignores no class: a value no valid target holds */
    attr_i(c, n, "ignore_index",
           find_attr(c, "ignore_index") ? get_i(c, "ignore_index", 0) : INT32_MIN + 1);
    return {n, 0};
}

void conv_nll_loss(Ctx &c, const char *)
{
    known_attrs(c, {"ignore_index", "reduction"});
    set_out(c, 0, nll_loss(c, value(c, in_name(c, 0)), 1, 2, ""));
}

/* SoftmaxCrossEntropyLoss: NLLLoss of LogSoftmax(scores) over dim 1; output 1
 * (log_prob) the LogSoftmax. */
void conv_softmax_ce(Ctx &c, const char *)
{
    known_attrs(c, {"ignore_index", "reduction"});
    if (rank_of(c, 0, "scores") < 2)
        refuse("scores must have rank 2 or more");
    int32_t ls = add(c, "LogSoftmaxV2", "/log_prob");
    connect_in(c, ls, "logits", 0);
    attr_ints(c, ls, "axes", {1});
    set_out(c, 0, nll_loss(c, {ls, 0}, 1, 2, ""));
    set_out(c, 1, {ls, 0});
}

/* Indices (input i) along `axis` of input 0 with ONNX's negative values (counting from
 * the end) made non-negative: idx + (idx < 0) * n; constant indices without negative
 * values as they are. */
static Ref wrapped_indices(Ctx &c, int i, int64_t axis)
{
    std::vector<int64_t> v;
    if (const_ints(c, in_name(c, i), &v) &&
        std::all_of(v.begin(), v.end(), [](int64_t x) { return x >= 0; }))
        return value(c, in_name(c, i));
    int64_t n = in_shape(c, 0).dims[(size_t)axis];
    if (n < 0)
        refuse("the size of the axis must be known (for negative indices)");
    int32_t it = in_shape(c, i).dtype;
    Ref idx = value(c, in_name(c, i));
    Ref neg = apply2(c, "Less", "/negative", idx, const_scalar(c, "/zero", it, 0.0));
    int32_t k = add(c, "Cast", "/negative_int");
    attr_i(c, k, "dst_type", ge_dtype(it));
    connect(c, k, "x", neg);
    Ref off = apply2(c, "Mul", "/offset", {k, 0}, const_scalar(c, "/size", it, (double)n));
    return apply2(c, "Add", "/wrapped", idx, off);
}

void conv_gather_elements(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis"});
    int64_t axis = axis_attr(c, "data");
    Ref idx = wrapped_indices(c, 1, axis);
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    connect(c, n, "index", idx);
    attr_i(c, n, "dim", axis);
    set_out(c, 0, {n, 0});
}

void conv_scatter_elements(Ctx &c, const char *cann)
{
    known_attrs(c, {"axis", "reduction"});
    int64_t axis = axis_attr(c, "data");
    std::string red = get_s(c, "reduction", "none");
    if (red != "none" && red != "add" && red != "mul")
        refuse("reduction " + red + " is not none, add or mul");
    Ref idx = wrapped_indices(c, 1, axis);
    int32_t n = add(c, cann);
    connect_in(c, n, "data", 0);
    connect(c, n, "indices", idx);
    connect_in(c, n, "updates", 2);
    attr_i(c, n, "axis", axis);
    attr_s(c, n, "reduction", red.c_str());
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

/* Size: a constant, the input's element count (every dim known). */
void conv_size(Ctx &c, const char *)
{
    known_attrs(c, {});
    const Shape &x = in_shape(c, 0);
    if (!x.known)
        refuse("the input's rank is unknown");
    int64_t n = 1;
    for (int64_t d : x.dims) {
        if (d < 0)
            refuse("the input's dims are not known at conversion");
        n *= d;
    }
    onnx::TensorProto t;
    t.set_data_type(onnx::TensorProto::INT64);
    t.add_int64_data(n);
    const_output(c, std::move(t));
}

/* EyeLike: a constant, ones on diagonal k of the 2-D input's shape, of type dtype (default
 * the input's). */
void conv_eye_like(Ctx &c, const char *)
{
    known_attrs(c, {"dtype", "k"});
    const Shape &x = in_shape(c, 0);
    if (!x.known || x.dims.size() != 2 || x.dims[0] < 0 || x.dims[1] < 0)
        refuse("the input must be 2-D with known dims");
    int32_t ot = (int32_t)get_i(c, "dtype", x.dtype), dt = ge_dtype(ot);
    if (dt < 0)
        refuse("dtype " + std::to_string(ot) + " is not supported");
    size_t es = ge_size(dt);
    /* one of each type: float 1.0, double 1.0, float16 0x3c00, bfloat16 0x3f80, else 1 */
    uint64_t one = dt == GE_F32    ? 0x3f800000u
                   : dt == GE_F64  ? 0x3ff0000000000000ull
                   : dt == GE_F16  ? 0x3c00u
                   : dt == GE_BF16 ? 0x3f80u
                                   : 1u;
    int64_t rows = x.dims[0], cols = x.dims[1], k = get_i(c, "k", 0);
    std::string raw((size_t)(rows * cols) * es, '\0');
    for (int64_t i = 0; i < rows; i++)
        if (i + k >= 0 && i + k < cols)
            std::memcpy(&raw[(size_t)(i * cols + i + k) * es], &one, es);
    onnx::TensorProto t;
    t.set_data_type(ot);
    t.add_dims(rows);
    t.add_dims(cols);
    t.set_raw_data(raw);
    const_output(c, std::move(t));
}

/* ConvTranspose 1-D (as 2-D on [N, C, 1, L]), 2-D and 3-D -> Conv2DTranspose /
 * Conv3DTranspose on NCHW / NCDHW: y's dims (input_size) and pads from pads, auto_pad or
 * output_shape as ONNX computes them. */
void conv_conv_transpose(Ctx &c, const char *)
{
    known_attrs(c, {"auto_pad", "dilations", "group", "kernel_shape", "output_padding",
                    "output_shape", "pads", "strides"});
    const Shape &xs = in_shape(c, 0), &ws = in_shape(c, 1);
    if (!xs.known || !ws.known || xs.dims.size() != ws.dims.size() || xs.dims.size() < 3 ||
        xs.dims.size() > 5)
        refuse("only 1-D, 2-D and 3-D transposed convolutions (3-D to 5-D X and W) are supported");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("the dims of X must be known");
    for (int64_t d : ws.dims)
        if (d < 0)
            refuse("the dims of W must be known");
    bool one = xs.dims.size() == 3;
    std::vector<int64_t> x = xs.dims, w = ws.dims;
    if (one) {
        x.insert(x.begin() + 2, 1);
        w.insert(w.begin() + 2, 1);
    }
    size_t sp = x.size() - 2;
    std::vector<int64_t> st(sp, 1), dl(sp, 1), opad(sp, 0), pads(2 * sp, 0), oshape;
    auto spatial = [&](const char *name, std::vector<int64_t> *v, bool is_pads) {
        std::vector<int64_t> a;
        if (!get_ints(c, name, &a))
            return;
        if (one)
            as_2d(&a, is_pads ? 0 : 1, is_pads);
        if (a.size() != (is_pads ? 2 * sp : sp))
            refuse(std::string("attribute ") + name + " must have one entry a spatial dim");
        *v = a;
    };
    spatial("strides", &st, false);
    spatial("dilations", &dl, false);
    spatial("output_padding", &opad, false);
    spatial("pads", &pads, true);
    std::string ap = get_s(c, "auto_pad", "NOTSET");
    bool given = get_ints(c, "output_shape", &oshape);
    if (given) {
        if (oshape.size() == xs.dims.size()) /* [N, C, spatial...] */
            oshape.erase(oshape.begin(), oshape.begin() + 2);
        if (one && oshape.size() == 1)
            oshape.insert(oshape.begin(), 1);
        if (oshape.size() != sp)
            refuse("output_shape must have one entry a spatial dim");
    }
    if (given || ap == "SAME_UPPER" || ap == "SAME_LOWER") {
        for (size_t i = 0; i < sp; i++) {
            int64_t out = given ? oshape[i] : x[2 + i] * st[i];
            int64_t tot = st[i] * (x[2 + i] - 1) + opad[i] + (w[2 + i] - 1) * dl[i] + 1 - out;
            int64_t half = tot >= 0 ? tot / 2 : -((-tot + 1) / 2); /* floor, as ONNX */
            if (ap == "SAME_UPPER")
                pads[i] = half, pads[sp + i] = tot - half;
            else
                pads[i] = tot - half, pads[sp + i] = half;
        }
    } else if (ap == "VALID") {
        pads.assign(2 * sp, 0);
    } else if (ap != "NOTSET") {
        refuse("auto_pad " + ap + " is not supported");
    }
    int64_t group = get_i(c, "group", 1);
    /* pads after larger than before: the node pads the before amount on both sides and a
     * Slice crops the rest off the end */
    std::vector<int64_t> y{x[0], w[1] * group}, cut = y, cpads, st_f{1, 1}, dl_f{1, 1}, op_f{0, 0};
    bool crop = false;
    for (size_t i = 0; i < sp; i++) {
        if (pads[i] < 0)
            refuse("pads before " + std::to_string(pads[i]) + " (negative) is not supported");
        int64_t pe = std::min(pads[i], pads[sp + i]);
        int64_t full = (x[2 + i] - 1) * st[i] + dl[i] * (w[2 + i] - 1) + 1;
        y.push_back(full - pads[i] - pe + opad[i]);
        cut.push_back(full - pads[i] - pads[sp + i] + opad[i]);
        crop = crop || pe != pads[sp + i];
        cpads.push_back(pads[i]);
        cpads.push_back(pe);
        st_f.push_back(st[i]);
        dl_f.push_back(dl[i]);
        op_f.push_back(opad[i]);
    }
    int32_t n = add(c, sp == 3 ? "Conv3DTranspose" : "Conv2DTranspose");
    attr_ints(c, n, "strides", st_f);
    attr_ints(c, n, "dilations", dl_f);
    attr_ints(c, n, "output_padding", op_f);
    attr_ints(c, n, "pads", cpads);
    attr_i(c, n, "groups", group);
    attr_s(c, n, "data_format", sp == 3 ? "NCDHW" : "NCHW");
    connect(c, n, "input_size", const_i64(c, "/input_size", y));
    Ref xin = value(c, in_name(c, 0)), win = value(c, in_name(c, 1));
    connect(c, n, "x", one ? unsqueeze_h(c, "/x_2d", xin) : xin);
    connect(c, n, "filter", one ? unsqueeze_h(c, "/w_2d", win) : win);
    if (has_in(c, 2))
        connect_in(c, n, "bias", 2);
    if (crop) {
        int32_t sl = add(c, "Slice", "/crop");
        connect(c, sl, "x", {n, 0});
        connect(c, sl, "offsets", const_i64(c, "/crop_offsets", std::vector<int64_t>(y.size())));
        connect(c, sl, "size", const_i64(c, "/crop_size", cut));
        n = sl;
    }
    set_out_1d(c, n, one);
}

/* Slice: starts, ends, axes and steps constants (opset >= 10 inputs). A 1-D integer
 * constant (a shape from Shape) is sliced here into a constant, any step; a tensor with
 * known dims becomes a CANN Slice (offsets, size), steps 1. */
void conv_slice(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    /* starts, ends, axes or steps fed at run time: the IR's StridedSliceV2(x, begin, end,
     * axes, strides), which takes them as ONNX gives them (the others constants) */
    bool run_time = false;
    for (int i = 1; i <= 4; i++)
        run_time = (has_in(c, i) && fed_at_run_time(c, i)) || run_time;
    if (run_time) {
        static const char *const names[5] = {"x", "begin", "end", "axes", "strides"};
        int32_t n = add(c, "StridedSliceV2");
        for (int i = 0; i <= 4; i++) {
            if (!has_in(c, i))
                continue;
            if (i > 0 && !c.inputs.count(in_name(c, i)))
                need_ints(c, i, names[i]); /* a constant, else refused naming it */
            connect_in(c, n, names[i], i);
        }
        set_out(c, 0, {n, 0});
        return;
    }
    std::vector<int64_t> starts = need_ints(c, 1, "starts"), ends = need_ints(c, 2, "ends"), axes,
                         steps;
    if (has_in(c, 3))
        axes = need_ints(c, 3, "axes");
    else
        for (size_t i = 0; i < starts.size(); i++)
            axes.push_back((int64_t)i);
    if (has_in(c, 4))
        steps = need_ints(c, 4, "steps");
    else
        steps.assign(starts.size(), 1);
    if (ends.size() != starts.size() || axes.size() != starts.size() ||
        steps.size() != starts.size())
        refuse("starts, ends, axes and steps differ in length");
    const Shape &x = in_shape(c, 0);
    if (!x.known)
        refuse("the rank of data is unknown");
    int r = (int)x.dims.size();
    std::vector<int64_t> lo(r, 0), hi = x.dims, step(r, 1);
    for (size_t i = 0; i < starts.size(); i++) {
        int64_t a = wrap_axis(axes[i], r, "axis"), d = x.dims[(size_t)a], sp = steps[i];
        if (d < 0)
            refuse("dim " + std::to_string(a) + " of data is unknown");
        if (sp == 0)
            refuse("a step of 0 is not valid");
        int64_t b = starts[i] < 0 ? starts[i] + d : starts[i];
        int64_t e = ends[i] < 0 ? ends[i] + d : ends[i];
        if (sp > 0)
            b = std::clamp<int64_t>(b, 0, d), e = std::clamp<int64_t>(e, 0, d);
        else
            b = std::clamp<int64_t>(b, 0, d - 1), e = std::clamp<int64_t>(e, -1, d - 1);
        lo[(size_t)a] = b, hi[(size_t)a] = e, step[(size_t)a] = sp;
    }
    std::vector<int64_t> v;
    if (r == 1 && const_ints(c, in_name(c, 0), &v)) { /* fold: a constant of the same type */
        onnx::TensorProto t;
        t.set_data_type(x.dtype);
        int64_t cnt = 0;
        for (int64_t i = lo[0]; step[0] > 0 ? i < hi[0] : i > hi[0]; i += step[0], cnt++)
            if (x.dtype == onnx::TensorProto::INT64)
                t.add_int64_data(v[(size_t)i]);
            else
                t.add_int32_data((int32_t)v[(size_t)i]);
        t.add_dims(cnt);
        const_output(c, std::move(t));
        return;
    }
    std::vector<int64_t> size(r);
    for (int i = 0; i < r; i++) {
        if (step[(size_t)i] != 1)
            refuse("steps other than 1 are not supported on tensors");
        if (x.dims[(size_t)i] < 0)
            refuse("the dims of data must be known");
        size[(size_t)i] = std::max<int64_t>(hi[(size_t)i] - lo[(size_t)i], 0);
    }
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    connect(c, n, "offsets", const_i64(c, "/offsets", lo));
    connect(c, n, "size", const_i64(c, "/size", size));
    set_out(c, 0, {n, 0});
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
    auto mean = [&](const std::string &sfx, Ref v) {
        int32_t n = add(c, "ReduceMean", sfx);
        connect(c, n, "x", v);
        connect(c, n, "axes", const_i64(c, sfx + "_axes", axes));
        attr_b(c, n, "keep_dims", true);
        attr_b(c, n, "noop_with_empty_axes", false);
        return Ref{n, 0};
    };
    auto per_channel = [&](int i, const std::string &sfx) {
        int32_t n = add(c, "Reshape", sfx);
        connect_in(c, n, "x", i);
        connect(c, n, "shape", const_i64(c, sfx + "_shape", cshape));
        return Ref{n, 0};
    };
    Ref x = value(c, in_name(c, 0));
    Ref d = apply2(c, "Sub", "/centered", x, mean("/mean", x));
    Ref var = mean("/var", apply(c, "Square", "/square", d));
    Ref veps = apply2(c, "Add", "/var_eps", var,
                      const_scalar(c, "/epsilon", ot, get_f(c, "epsilon", 1e-5f)));
    Ref y = apply2(c, "Mul", "/normed", d, apply(c, "Rsqrt", "/inv_std", veps));
    y = apply2(c, "Mul", "/scaled", y, per_channel(1, "/scale"));
    set_out(c, 0, apply2(c, "Add", "", y, per_channel(2, "/bias")));
}

/* Input i is given and holds at least one element (opset 11 gives scales as an empty
 * tensor when sizes is used; roi is often an empty tensor). */
static bool nonempty_in(Ctx &c, int i)
{
    if (!has_in(c, i))
        return false;
    const Shape &s = in_shape(c, i);
    if (!s.known)
        return true;
    for (int64_t d : s.dims)
        if (d == 0)
            return false;
    return true;
}

/* Resize (opsets 11-13; older models and Upsample come through the version converter, with
 * the asymmetric coordinates and floor rounding of their opsets): CANN's Resize
 * with ONNX's attributes. scales or sizes (y's dims depend on them) are constants, which
 * become Const inputs of the Resize node, or graph inputs, which feed its value inputs (a
 * dynamic-shape model); so is roi for tf_crop_and_resize (it is not read otherwise). */
void conv_resize(Ctx &c, const char *cann)
{
    known_attrs(c, {"coordinate_transformation_mode", "cubic_coeff_a", "exclude_outside",
                    "extrapolation_value", "mode", "nearest_mode"});
    int rank = rank_of(c, 0, "X");
    /* Upsample and Resize before opset 11 map x to x / scale and take the floor for nearest;
     * ONNX's version converter makes them opset-11 Resize nodes without saying so */
    bool legacy = c.model_opset < 11;
    std::string coord =
        get_s(c, "coordinate_transformation_mode", legacy ? "asymmetric" : "half_pixel");
    std::string nearest = get_s(c, "nearest_mode", legacy ? "floor" : "round_prefer_floor");
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    /* scales, sizes and roi fed as graph inputs go to the Resize node's value inputs: a
     * dynamic-shape model (docs/atc.md, "Values known at run time"); the node checks their
     * count against x's rank when it is compiled for the values */
    if (nonempty_in(c, 3) && fed_at_run_time(c, 3)) {
        connect_in(c, n, "sizes", 3);
    } else if (!nonempty_in(c, 3) && nonempty_in(c, 2) && fed_at_run_time(c, 2, true)) {
        if (in_shape(c, 2).dtype != onnx::TensorProto::FLOAT)
            refuse("input scales (" + in_name(c, 2) + ") must be float32");
        connect_in(c, n, "scales", 2);
    } else if (nonempty_in(c, 3)) {
        std::vector<int64_t> sizes = need_ints(c, 3, "sizes");
        if ((int)sizes.size() != rank)
            refuse("sizes holds " + std::to_string(sizes.size()) + " values for rank " +
                   std::to_string(rank));
        connect(c, n, "sizes", const_i64(c, "/sizes", sizes));
    } else if (nonempty_in(c, 2)) {
        std::vector<double> sc = need_floats(c, 2, "scales");
        if ((int)sc.size() != rank)
            refuse("scales holds " + std::to_string(sc.size()) + " values for rank " +
                   std::to_string(rank));
        std::vector<char> b(sc.size() * 4);
        for (size_t k = 0; k < sc.size(); k++) {
            float f = (float)sc[k];
            std::memcpy(&b[k * 4], &f, 4);
        }
        connect(c, n, "scales", const_node(c, c.base + "/scales", GE_F32, {(int64_t)sc.size()}, b));
    } else {
        refuse("one of scales and sizes must be given");
    }
    if (coord == "tf_crop_and_resize" && fed_at_run_time(c, 1, true)) {
        if (in_shape(c, 1).dtype != onnx::TensorProto::FLOAT)
            refuse("input roi (" + in_name(c, 1) + ") must be float32");
        connect_in(c, n, "roi", 1);
    } else if (coord == "tf_crop_and_resize") {
        std::vector<double> roi = need_floats(c, 1, "roi");
        if ((int)roi.size() != 2 * rank)
            refuse("roi holds " + std::to_string(roi.size()) + " values for rank " +
                   std::to_string(rank) + " (starts then ends: " + std::to_string(2 * rank) + ")");
        std::vector<char> b(roi.size() * 4);
        for (size_t k = 0; k < roi.size(); k++) {
            float f = (float)roi[k];
            std::memcpy(&b[k * 4], &f, 4);
        }
        connect(c, n, "roi", const_node(c, c.base + "/roi", GE_F32, {(int64_t)roi.size()}, b));
    }
    attr_s(c, n, "coordinate_transformation_mode", coord.c_str());
    attr_f(c, n, "cubic_coeff_a", get_f(c, "cubic_coeff_a", -0.75f));
    attr_i(c, n, "exclude_outside", get_i(c, "exclude_outside", 0));
    attr_f(c, n, "extrapolation_value", get_f(c, "extrapolation_value", 0.0f));
    attr_s(c, n, "mode", get_s(c, "mode", "nearest").c_str());
    attr_s(c, n, "nearest_mode", nearest.c_str());
    set_out(c, 0, {n, 0});
}

/* GridSample (opset 16): CANN's GridSampler2D, the same attributes (mode -> interpolation_mode).
 * X 4-D; ONNX 16 defines no other rank. */
void conv_grid_sample(Ctx &c, const char *cann)
{
    known_attrs(c, {"align_corners", "mode", "padding_mode"});
    if (rank_of(c, 0, "X") != 4)
        refuse("X must be 4-D (N, C, H, W)");
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    connect_in(c, n, "grid", 1);
    attr_s(c, n, "interpolation_mode", get_s(c, "mode", "bilinear").c_str());
    attr_s(c, n, "padding_mode", get_s(c, "padding_mode", "zeros").c_str());
    attr_b(c, n, "align_corners", get_i(c, "align_corners", 0) != 0);
    set_out(c, 0, {n, 0});
}

/* ONNX's RNN, GRU and LSTM run as their formulas over the sequence, one step after the
 * other (the sequence length is X's dim, known at conversion): per direction, X W^T (+ Wb)
 * is one MatMulV2 over every step, then each step adds H R^T (+ Rb), slices the gates,
 * applies clip and the activations, and updates the state; the outputs are ConcatV2 of
 * the steps. sequence_lens (a constant or a run-time input) masks each step: a batch
 * entry past its length keeps its state and outputs zeros (SelectV2 on Less(t, lens));
 * the reverse direction starts at each entry's own last step, as ONNX defines. layout 1
 * (batch first): X, initial_h / initial_c and the outputs are transposed. */

/* a [M, K] times b [N, K] transposed */
static Ref rnn_matmul_t(Ctx &c, const std::string &sfx, Ref a, Ref b)
{
    int32_t n = add(c, "MatMulV2", sfx);
    connect(c, n, "x1", a);
    connect(c, n, "x2", b);
    attr_b(c, n, "transpose_x2", true);
    return {n, 0};
}

static Ref rnn_zeros(Ctx &c, const std::string &sfx, int32_t ot, const std::vector<int64_t> &dims)
{
    int32_t dt = ge_dtype(ot);
    int64_t n = 1;
    for (int64_t d : dims)
        n *= d;
    return const_node(c, c.base + sfx, dt, dims, std::vector<char>((size_t)n * ge_size(dt), 0));
}

namespace
{
/* One activation of the activations attribute, with its alpha / beta when it takes them. */
struct RnnAct {
    std::string name;
    double alpha = 0, beta = 0;
};
} // namespace

static Ref rnn_act(Ctx &c, const std::string &sfx, const RnnAct &a, Ref x, int32_t ot)
{
    const std::string &f = a.name;
    if (f == "tanh")
        return apply(c, "Tanh", sfx, x);
    if (f == "sigmoid")
        return apply(c, "Sigmoid", sfx, x);
    if (f == "relu")
        return apply(c, "Relu", sfx, x);
    if (f == "softsign")
        return apply(c, "Softsign", sfx, x);
    if (f == "softplus")
        return apply(c, "Softplus", sfx, x);
    if (f == "leakyrelu") {
        Ref y = apply(c, "LeakyRelu", sfx, x);
        attr_f(c, y.node, "negative_slope", a.alpha);
        return y;
    }
    if (f == "elu") {
        Ref y = apply(c, "Elu", sfx, x);
        attr_f(c, y.node, "alpha", a.alpha);
        return y;
    }
    if (f == "hardsigmoid")
        return hard_sigmoid(c, x, ot, a.alpha, a.beta);
    if (f == "affine")
        return apply2(c, "Add", sfx + "_beta",
                      apply2(c, "Mul", sfx + "_alpha", x, const_scalar(c, sfx + "_a", ot, a.alpha)),
                      const_scalar(c, sfx + "_b", ot, a.beta));
    if (f == "scaledtanh")
        return apply2(
            c, "Mul", sfx + "_alpha",
            apply(c, "Tanh", sfx,
                  apply2(c, "Mul", sfx + "_beta", x, const_scalar(c, sfx + "_b", ot, a.beta))),
            const_scalar(c, sfx + "_a", ot, a.alpha));
    refuse("activation " + f + " is not supported");
}

void conv_rnn(Ctx &c, const char *)
{
    const std::string &op = c.node->op_type();
    bool gru = op == "GRU", lstm = op == "LSTM";
    int G = lstm ? 4 : gru ? 3 : 1;
    known_attrs(c, {"activation_alpha", "activation_beta", "activations", "clip", "direction",
                    "hidden_size", "layout", gru ? "linear_before_reset" : "layout",
                    lstm ? "input_forget" : "layout"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() != 3)
        refuse("X must be 3-D with known dims");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("X's dims must be known (the steps are unrolled)");
    int32_t ot = xs.dtype;
    int64_t layout = get_i(c, "layout", 0);
    int64_t T = layout ? xs.dims[1] : xs.dims[0], Bn = layout ? xs.dims[0] : xs.dims[1];
    int64_t I = xs.dims[2], H = get_i(c, "hidden_size", 0);
    const Shape &ws = in_shape(c, 1);
    if (H <= 0 && ws.known && ws.dims.size() == 3 && ws.dims[1] > 0)
        H = ws.dims[1] / G;
    if (H <= 0)
        refuse("hidden_size must be given (or W's dims known)");
    std::string dir = get_s(c, "direction", "forward");
    if (dir != "forward" && dir != "reverse" && dir != "bidirectional")
        refuse("direction " + dir + " is not forward, reverse or bidirectional");
    int nd = dir == "bidirectional" ? 2 : 1;
    if (T == 0)
        refuse("X has no steps");
    /* activations: f (RNN), f g (GRU), f g h (LSTM) a direction */
    int nact = lstm ? 3 : gru ? 2 : 1;
    std::vector<std::string> names;
    if (const auto *a = find_attr(c, "activations"))
        for (const auto &s : a->strings())
            names.push_back(s);
    if (names.empty()) {
        static const char *dflt[] = {"Sigmoid", "Tanh", "Tanh"};
        for (int d = 0; d < nd; d++)
            for (int k = 0; k < nact; k++)
                names.push_back(gru || lstm ? dflt[k] : "Tanh");
    }
    if ((int)names.size() != nact * nd)
        refuse("activations holds " + std::to_string(names.size()) + " names, expected " +
               std::to_string(nact * nd));
    std::vector<float> alphas, betas;
    if (const auto *a = find_attr(c, "activation_alpha"))
        alphas.assign(a->floats().begin(), a->floats().end());
    if (const auto *a = find_attr(c, "activation_beta"))
        betas.assign(a->floats().begin(), a->floats().end());
    std::vector<RnnAct> acts;
    size_t ia = 0, ib = 0;
    for (const std::string &s : names) {
        RnnAct a;
        for (char ch : s)
            a.name += (char)std::tolower((unsigned char)ch);
        /* ONNX's defaults; alpha and beta consumed in order by the functions that take them */
        bool takes_a = a.name == "leakyrelu" || a.name == "elu" || a.name == "hardsigmoid" ||
                       a.name == "affine" || a.name == "scaledtanh" || a.name == "thresholdedrelu";
        bool takes_b = a.name == "hardsigmoid" || a.name == "affine" || a.name == "scaledtanh";
        a.alpha = a.name == "leakyrelu" ? 0.01 : a.name == "hardsigmoid" ? 0.2 : 1.0;
        a.beta = a.name == "hardsigmoid" ? 0.5 : 0.0;
        if (takes_a && ia < alphas.size())
            a.alpha = alphas[ia++];
        if (takes_b && ib < betas.size())
            a.beta = betas[ib++];
        acts.push_back(a);
    }
    float clip = get_f(c, "clip", 0.0f);
    bool lbr = gru && get_i(c, "linear_before_reset", 0) != 0;
    bool input_forget = lstm && get_i(c, "input_forget", 0) != 0;
    auto clipped = [&](const std::string &sfx, Ref x) {
        if (!(clip > 0))
            return x;
        x = apply2(c, "Maximum", sfx + "/clip_lo", x,
                   const_scalar(c, sfx + "/clip_lo_v", ot, -clip));
        return apply2(c, "Minimum", sfx + "/clip_hi", x,
                      const_scalar(c, sfx + "/clip_hi_v", ot, clip));
    };

    Ref X = value(c, in_name(c, 0));
    if (layout)
        X = rnn_transpose(c, "/x_tbi", X, {1, 0, 2});
    Ref X2 = rnn_reshape(c, "/x_2d", X, {T * Bn, I});
    /* sequence_lens: masking unless a constant of T everywhere */
    bool mask = false;
    Ref lens{};
    int32_t lens_ot = onnx::TensorProto::INT32;
    if (has_in(c, 4)) {
        std::vector<int64_t> v;
        bool all_t = const_ints(c, in_name(c, 4), &v);
        for (int64_t l : v)
            all_t = all_t && l == T;
        if (!all_t) {
            mask = true;
            lens = value(c, in_name(c, 4));
            lens_ot = in_shape(c, 4).dtype;
        }
    }
    std::vector<Ref> ys(nd), yhs(nd), ycs(nd);
    Ref zero_bh{};
    if (mask)
        zero_bh = rnn_zeros(c, "/zeros", ot, {Bn, H});
    for (int d = 0; d < nd; d++) {
        bool rev = dir == "reverse" || d == 1;
        std::string p = "/d" + std::to_string(d);
        Ref W = rnn_reshape(
            c, p + "/w",
            rnn_slice(c, p + "/w_slice", value(c, in_name(c, 1)), {d, 0, 0}, {1, G * H, I}),
            {G * H, I});
        Ref R = rnn_reshape(
            c, p + "/r",
            rnn_slice(c, p + "/r_slice", value(c, in_name(c, 2)), {d, 0, 0}, {1, G * H, H}),
            {G * H, H});
        Ref XW = rnn_matmul_t(c, p + "/xw", X2, W);
        bool bias = has_in(c, 3);
        Ref Rb{};
        if (bias) {
            Ref Bd = rnn_reshape(
                c, p + "/b",
                rnn_slice(c, p + "/b_slice", value(c, in_name(c, 3)), {d, 0}, {1, 2 * G * H}),
                {2 * G * H});
            XW = apply2(c, "Add", p + "/xw_b", XW, rnn_slice(c, p + "/wb", Bd, {0}, {G * H}));
            Rb = rnn_slice(c, p + "/rb", Bd, {G * H}, {G * H});
        }
        Ref Rzr{}, Rh{}, Rbh{};
        if (gru) { /* the h gate's recurrence is apart: (r * H) R_h^T, or r * (H R_h^T + Rb_h) */
            Rzr = rnn_slice(c, p + "/r_zr", R, {0, 0}, {2 * H, H});
            Rh = rnn_slice(c, p + "/r_h", R, {2 * H, 0}, {H, H});
            if (bias)
                Rbh = rnn_slice(c, p + "/rb_h", Rb, {2 * H}, {H});
        }
        auto state = [&](int i, const char *nm) {
            if (has_in(c, i))
                return rnn_reshape(c, p + "/" + nm,
                                   rnn_slice(c, p + "/" + nm + "_slice", value(c, in_name(c, i)),
                                             layout ? std::vector<int64_t>{0, d, 0}
                                                    : std::vector<int64_t>{d, 0, 0},
                                             layout ? std::vector<int64_t>{Bn, 1, H}
                                                    : std::vector<int64_t>{1, Bn, H}),
                                   {Bn, H});
            return rnn_zeros(c, p + "/" + nm + "_zeros", ot, {Bn, H});
        };
        Ref Ht = state(5, "initial_h"), Ct{};
        Ref Pi{}, Po{}, Pf{};
        bool peep = lstm && has_in(c, 7);
        if (lstm) {
            Ct = state(6, "initial_c");
            if (peep) {
                Ref P = rnn_reshape(
                    c, p + "/p",
                    rnn_slice(c, p + "/p_slice", value(c, in_name(c, 7)), {d, 0}, {1, 3 * H}),
                    {3 * H});
                Pi = rnn_slice(c, p + "/p_i", P, {0}, {H});
                Po = rnn_slice(c, p + "/p_o", P, {H}, {H});
                Pf = rnn_slice(c, p + "/p_f", P, {2 * H}, {H});
            }
        }
        const RnnAct *f = &acts[(size_t)d * nact], *g = f + 1, *h = f + 2;
        std::vector<Ref> steps((size_t)T);
        for (int64_t k = 0; k < T; k++) {
            int64_t t = rev ? T - 1 - k : k;
            std::string s = p + "/t" + std::to_string(t);
            Ref xw = rnn_slice(c, s + "/xw", XW, {t * Bn, 0}, {Bn, G * H});
            auto gate = [&](Ref all, int j) {
                return rnn_slice(c, s + "/gate" + std::to_string(j), all, {0, j * H}, {Bn, H});
            };
            Ref Hn{}, Cn{};
            if (gru) {
                Ref hr = rnn_matmul_t(c, s + "/hr_zr", Ht, Rzr);
                Ref zr = apply2(c, "Add", s + "/zr",
                                rnn_slice(c, s + "/xw_zr", xw, {0, 0}, {Bn, 2 * H}), hr);
                if (bias)
                    zr = apply2(c, "Add", s + "/zr_b", zr,
                                rnn_slice(c, s + "/rb_zr", Rb, {0}, {2 * H}));
                Ref z = rnn_act(c, s + "/z", *f, clipped(s + "/z", gate(zr, 0)), ot);
                Ref r = rnn_act(c, s + "/r", *f, clipped(s + "/r", gate(zr, 1)), ot);
                Ref xh = gate(xw, 2), hh;
                if (lbr) {
                    hh = rnn_matmul_t(c, s + "/hr_h", Ht, Rh);
                    if (bias)
                        hh = apply2(c, "Add", s + "/hr_h_b", hh, Rbh);
                    hh = apply2(c, "Mul", s + "/r_hh", r, hh);
                } else {
                    hh = rnn_matmul_t(c, s + "/hr_h", apply2(c, "Mul", s + "/r_h", r, Ht), Rh);
                    if (bias)
                        hh = apply2(c, "Add", s + "/hr_h_b", hh, Rbh);
                }
                Ref ht = rnn_act(c, s + "/h_tilde", *g,
                                 clipped(s + "/h", apply2(c, "Add", s + "/h_in", xh, hh)), ot);
                /* (1 - z) h~ + z H = h~ + z (H - h~) */
                Hn = apply2(c, "Add", s + "/h_new", ht,
                            apply2(c, "Mul", s + "/z_d", z, apply2(c, "Sub", s + "/d", Ht, ht)));
            } else {
                Ref all = apply2(c, "Add", s + "/gates", xw, rnn_matmul_t(c, s + "/hr", Ht, R));
                if (bias)
                    all = apply2(c, "Add", s + "/gates_b", all, Rb);
                if (!lstm) {
                    Hn = rnn_act(c, s + "/h", *f, clipped(s + "/h", all), ot);
                } else {
                    Ref gi = gate(all, 0), go = gate(all, 1), gf = gate(all, 2), gc = gate(all, 3);
                    if (peep) {
                        gi = apply2(c, "Add", s + "/pi", gi, apply2(c, "Mul", s + "/pi_c", Pi, Ct));
                        gf = apply2(c, "Add", s + "/pf", gf, apply2(c, "Mul", s + "/pf_c", Pf, Ct));
                    }
                    Ref i = rnn_act(c, s + "/i", *f, clipped(s + "/i", gi), ot);
                    Ref fg = input_forget ? apply2(c, "Sub", s + "/f",
                                                   const_scalar(c, s + "/one", ot, 1.0), i)
                                          : rnn_act(c, s + "/f", *f, clipped(s + "/f", gf), ot);
                    Ref ct = rnn_act(c, s + "/c_tilde", *g, clipped(s + "/c", gc), ot);
                    Cn = apply2(c, "Add", s + "/c_new", apply2(c, "Mul", s + "/f_c", fg, Ct),
                                apply2(c, "Mul", s + "/i_c", i, ct));
                    if (peep)
                        go = apply2(c, "Add", s + "/po", go, apply2(c, "Mul", s + "/po_c", Po, Cn));
                    Ref o = rnn_act(c, s + "/o", *f, clipped(s + "/o", go), ot);
                    Hn = apply2(c, "Mul", s + "/h_new", o, rnn_act(c, s + "/h_c", *h, Cn, ot));
                }
            }
            Ref Yt = Hn;
            if (mask) {
                Ref cond = rnn_reshape(c, s + "/valid",
                                       apply2(c, "Less", s + "/valid_less",
                                              const_scalar(c, s + "/t", lens_ot, (double)t), lens),
                                       {Bn, 1});
                auto sel = [&](const std::string &nm, Ref a, Ref b) {
                    int32_t n = add(c, "SelectV2", s + nm);
                    connect(c, n, "condition", cond);
                    connect(c, n, "then", a);
                    connect(c, n, "else", b);
                    return Ref{n, 0};
                };
                Yt = sel("/y", Hn, zero_bh);
                Hn = sel("/h_kept", Hn, Ht);
                if (lstm)
                    Cn = sel("/c_kept", Cn, Ct);
            }
            Ht = Hn;
            if (lstm)
                Ct = Cn;
            steps[(size_t)t] = rnn_reshape(c, s + "/y4", Yt, {1, 1, Bn, H});
        }
        ys[d] = rnn_concat(c, p + "/y", steps, 0);
        yhs[d] = rnn_reshape(c, p + "/y_h", Ht, {1, Bn, H});
        if (lstm)
            ycs[d] = rnn_reshape(c, p + "/y_c", Ct, {1, Bn, H});
    }
    auto used = [&](int i) { return i < c.node->output_size() && !c.node->output(i).empty(); };
    if (used(0)) {
        Ref Y = rnn_concat(c, "/y", ys, 1); /* [T, dirs, B, H] */
        if (layout)
            Y = rnn_transpose(c, "/y_layout", Y, {2, 0, 1, 3});
        set_out(c, 0, apply(c, "Identity", "", Y));
    }
    auto last = [&](int i, std::vector<Ref> &v, const char *nm) {
        if (!used(i))
            return;
        Ref Y = rnn_concat(c, std::string("/") + nm, v, 0); /* [dirs, B, H] */
        if (layout)
            Y = rnn_transpose(c, std::string("/") + nm + "_layout", Y, {1, 0, 2});
        set_out(c, i, apply(c, "Identity", std::string("/") + nm + "_out", Y));
    };
    last(1, yhs, "y_h");
    if (lstm)
        last(2, ycs, "y_c");
}

/* ScatterND (opsets 11-16: reduction none, add, mul): each index tuple (the last dim of
 * indices, k values) addresses a slice of data; as one ScatterElements (axis 0) on data
 * viewed as [prod(data dims 0..k-1), rest] with each tuple's linear index (negatives wrapped,
 * times the strides, ReduceSum) tiled over the slice, and updates viewed as [tuples, rest];
 * then back to data's dims. Every dim known. */
void conv_scatter_nd(Ctx &c, const char *)
{
    known_attrs(c, {"reduction"});
    std::string red = get_s(c, "reduction", "none");
    if (red != "none" && red != "add" && red != "mul")
        refuse("reduction " + red + " is not none, add or mul");
    const Shape &d = in_shape(c, 0), &ix = in_shape(c, 1);
    if (!d.known || !ix.known || ix.dims.empty())
        refuse("the ranks of data and indices must be known");
    for (int64_t v : d.dims)
        if (v < 0)
            refuse("every dim of data must be known");
    for (int64_t v : ix.dims)
        if (v < 0)
            refuse("every dim of indices must be known");
    int64_t q = (int64_t)ix.dims.size(), r = (int64_t)d.dims.size(), k = ix.dims.back();
    if (k < 1 || k > r)
        refuse("an index tuple of " + std::to_string(k) + " does not fit data of rank " +
               std::to_string(r));
    int64_t nk = 1, rest = 1, n = 1;
    std::vector<int64_t> kd(d.dims.begin(), d.dims.begin() + k), strides((size_t)k, 1);
    for (int64_t i = k - 1; i >= 0; i--) {
        strides[(size_t)i] = nk;
        nk *= kd[(size_t)i];
    }
    for (int64_t i = k; i < r; i++)
        rest *= d.dims[(size_t)i];
    for (int64_t i = 0; i + 1 < q; i++)
        n *= ix.dims[(size_t)i];
    Ref idx = value(c, in_name(c, 1));
    if (ix.dtype != onnx::TensorProto::INT64)
        idx = cast_to(c, "/indices_int64", idx, GE_I64);
    Ref at = rnn_reshape(c, "/linear_column", nd_linear_index(c, idx, kd, strides, q), {n, 1});
    int32_t tile = add(c, "Tile", "/linear_tiled");
    connect(c, tile, "x", at);
    connect(c, tile, "multiples", const_i64(c, "/linear_multiples", {1, rest}));
    int32_t s = add(c, "ScatterElements", "/scatter");
    connect(c, s, "data", rnn_reshape(c, "/data_flat", value(c, in_name(c, 0)), {nk, rest}));
    connect(c, s, "indices", {tile, 0});
    connect(c, s, "updates", rnn_reshape(c, "/updates_flat", value(c, in_name(c, 2)), {n, rest}));
    attr_i(c, s, "axis", 0);
    attr_s(c, s, "reduction", red.c_str());
    set_out(c, 0, rnn_reshape(c, "", {s, 0}, d.dims));
}

/* ConvInteger, MatMulInteger, QLinearConv and QLinearMatMul: the zero points subtracted in
 * float32 (exact: the differences are integers of at most 9 bits), then the Conv or MatMul
 * mapping on the float operands, then Cast to int32 or the quantisation of QuantizeLinear.
 * CANN's Conv2D / Conv3D / MatMulV2 take no double: sums are exact while the terms a sum
 * (C / group x the kernel's elements; MatMul's K) stay at most 258 (255^2 x 258 < 2^24)
 * **(choice)**. */

/* The mapping `fn` (cann: its row's first type) on a node built here, as if of ONNX type
 * `type` (the name of its nodes under the current one's): its inputs the values `ins` with
 * the shapes given, the current node's attributes named in `keep`; returns its output. */
static Ref sub_convert(Ctx &c, Conv fn, const char *cann, const char *type,
                       const std::vector<std::pair<Ref, Shape>> &ins,
                       std::initializer_list<const char *> keep)
{
    onnx::NodeProto nd;
    nd.set_op_type(c.node->op_type()); /* messages name the ONNX node's own type */
    nd.set_name(c.node->name());
    std::string base = c.base, stem = c.base + "/" + type;
    for (size_t i = 0; i < ins.size(); i++) {
        std::string nm = stem + "_in" + std::to_string(i);
        c.values[nm] = ins[i].first;
        c.shapes[nm] = ins[i].second;
        nd.add_input(nm);
    }
    nd.add_output(stem + "_out");
    for (const auto &a : c.node->attribute())
        for (const char *k : keep)
            if (a.name() == k)
                *nd.add_attribute() = a;
    const onnx::NodeProto *saved = c.node;
    c.node = &nd;
    c.base = stem;
    try {
        fn(c, cann);
    } catch (...) {
        c.node = saved;
        c.base = base;
        throw;
    }
    c.node = saved;
    c.base = base;
    return c.values.at(stem + "_out");
}

static bool quant8(int32_t ot)
{
    return ot == onnx::TensorProto::UINT8 || ot == onnx::TensorProto::INT8;
}

/* Input i (uint8 / int8) minus zero point input zi (absent: 0) as ONNX type ft, the zero
 * point a scalar, one value, or 1-D of `per` values reshaped to `per_shape`. */
static Ref minus_zero_point(Ctx &c, int i, int zi, int32_t ft, const char *what,
                            const std::vector<int64_t> &per_shape)
{
    if (!quant8(in_shape(c, i).dtype))
        refuse(std::string(what) + " must be uint8 or int8");
    std::string w = what;
    Ref v = cast_to(c, "/" + w + "_float", value(c, in_name(c, i)), ge_dtype(ft));
    if (!has_in(c, zi))
        return v;
    const Shape &zs = in_shape(c, zi);
    if (!zs.known || zs.dims.size() > 1)
        refuse(w + "'s zero point must be a scalar or 1-D");
    if (zs.dtype != in_shape(c, i).dtype)
        refuse(w + "'s zero point must have " + w + "'s type");
    Ref z = cast_to(c, "/" + w + "_zero_point_float", value(c, in_name(c, zi)), ge_dtype(ft));
    if (zs.dims.size() == 1 && zs.dims[0] != 1) {
        if (per_shape.empty() || zs.dims[0] != per_shape[0])
            refuse(
                w + "'s zero point has " + std::to_string(zs.dims[0]) + " values: one, or one a " +
                (per_shape.empty() ? std::string("(none here)") : "row / channel") + " expected");
        z = rnn_reshape(c, "/" + w + "_zero_point_shape", z, per_shape);
    }
    return apply2(c, "Sub", "/" + w + "_centered", v, z);
}

static Shape float_shape(const Shape &s, int32_t ft)
{
    Shape f = s;
    f.dtype = ft;
    return f;
}

/* A scale input (float32 scalar, one value, or 1-D reshaped to per_shape). */
static Ref scale_in(Ctx &c, int i, const char *what, const std::vector<int64_t> &per_shape)
{
    const Shape &s = in_shape(c, i);
    if (s.dtype != onnx::TensorProto::FLOAT)
        refuse(std::string(what) + " must be float32");
    if (!s.known || s.dims.size() > 1)
        refuse(std::string(what) + " must be a scalar or 1-D");
    Ref v = value(c, in_name(c, i));
    if (s.dims.size() == 1 && s.dims[0] != 1) {
        if (per_shape.empty() || s.dims[0] != per_shape[0])
            refuse(std::string(what) + " has " + std::to_string(s.dims[0]) +
                   " values: one, or one a channel / column expected");
        v = rnn_reshape(c, std::string("/") + what + "_shape", v, per_shape);
    }
    return v;
}

/* q (float32) * scale, then QuantizeLinear's saturate(round(.) + zero point) into the type
 * of input zi (the output zero point; uint8 without one). */
static Ref requantize(Ctx &c, Ref q, int si, int zi)
{
    Ref ys = scale_in(c, si, "y_scale", {});
    q = apply2(c, "Div", "/y_scale_div", q, ys);
    int32_t zt = has_in(c, zi) ? in_shape(c, zi).dtype : onnx::TensorProto::UINT8;
    if (!quant8(zt))
        refuse("y_zero_point must be uint8 or int8");
    Ref zp{-1, 0};
    if (has_in(c, zi))
        zp = cast_to(c, "/y_zero_point_float", value(c, in_name(c, zi)), GE_F32);
    return saturate(c, q, zp, ge_dtype(zt));
}

static int64_t weight_channels(Ctx &c, int wi)
{
    const Shape &ws = in_shape(c, wi);
    if (!ws.known || ws.dims.size() < 3 || ws.dims[0] < 0)
        refuse("W's dims must be known");
    return ws.dims[0];
}

/* ConvInteger's and QLinearConv's product: (x - x_zero_point) conv (w - w_zero_point) in
 * float32 with the node's Conv attributes (x input 0, its zero point xz; w input wi, its zero
 * point wz, per output channel: *m channels). */
static Ref zero_point_conv(Ctx &c, const char *cann, int xz, int wi, int wz, int64_t *m)
{
    const int32_t ft = onnx::TensorProto::FLOAT;
    *m = weight_channels(c, wi);
    std::vector<int64_t> per((size_t)in_shape(c, wi).dims.size(), 1);
    per[0] = *m;
    Ref x = minus_zero_point(c, 0, xz, ft, "x", {});
    Ref w = minus_zero_point(c, wi, wz, ft, "w", per);
    return sub_convert(
        c, conv_conv, cann, "Conv",
        {{x, float_shape(in_shape(c, 0), ft)}, {w, float_shape(in_shape(c, wi), ft)}},
        {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
}

void conv_conv_integer(Ctx &c, const char *cann)
{
    known_attrs(c, {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
    int64_t m;
    set_out(c, 0, cast_to(c, "", zero_point_conv(c, cann, 2, 1, 3, &m), GE_I32));
}

void conv_qlinear_conv(Ctx &c, const char *cann)
{
    known_attrs(c, {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
    int64_t m;
    Ref acc = zero_point_conv(c, cann, 2, 3, 5, &m);
    /* [M, 1, ...] (one dim fewer than w): broadcasts against y's [N, M, ...] */
    std::vector<int64_t> chan(in_shape(c, 3).dims.size() - 1, 1);
    chan[0] = m;
    if (has_in(c, 8)) { /* the int32 bias, in units of x_scale * w_scale */
        const Shape &bs = in_shape(c, 8);
        if (bs.dtype != onnx::TensorProto::INT32)
            refuse("B must be int32");
        acc = apply2(c, "Add", "/bias", acc,
                     rnn_reshape(c, "/bias_shape",
                                 cast_to(c, "/bias_float", value(c, in_name(c, 8)), GE_F32), chan));
    }
    Ref s =
        apply2(c, "Mul", "/scale", scale_in(c, 1, "x_scale", {}), scale_in(c, 4, "w_scale", chan));
    set_out(c, 0, requantize(c, apply2(c, "Mul", "/scaled", acc, s), 6, 7));
}

/* A's rows and B's columns, for per-row / per-column zero points and scales. */
static void matmul_dims(Ctx &c, int ai, int bi, int64_t *rows, int64_t *cols)
{
    const Shape &a = in_shape(c, ai), &b = in_shape(c, bi);
    if (!a.known || !b.known || a.dims.size() < 2 || b.dims.size() < 2)
        refuse("A and B must have known ranks of 2 or more");
    *rows = a.dims[a.dims.size() - 2];
    *cols = b.dims.back();
}

/* MatMulInteger's and QLinearMatMul's product: (A - a_zero_point) @ (B - b_zero_point) in
 * float32 (A input 0, its zero point az per row; B input bi, its zero point bz per column;
 * an and bn their ONNX names), with A's rows and B's columns. */
static Ref zero_point_matmul(Ctx &c, int az, int bi, int bz, const char *an, const char *bn,
                             int64_t *rows, int64_t *cols)
{
    const int32_t ft = onnx::TensorProto::FLOAT;
    matmul_dims(c, 0, bi, rows, cols);
    Ref a = minus_zero_point(c, 0, az, ft, an, {*rows, 1});
    Ref b = minus_zero_point(c, bi, bz, ft, bn, {*cols});
    return sub_convert(
        c, conv_matmul, "MatMulV2", "MatMul",
        {{a, float_shape(in_shape(c, 0), ft)}, {b, float_shape(in_shape(c, bi), ft)}}, {});
}

void conv_matmul_integer(Ctx &c, const char *)
{
    known_attrs(c, {});
    int64_t rows, cols;
    set_out(c, 0, cast_to(c, "", zero_point_matmul(c, 2, 1, 3, "A", "B", &rows, &cols), GE_I32));
}

void conv_qlinear_matmul(Ctx &c, const char *)
{
    known_attrs(c, {});
    int64_t rows, cols;
    Ref acc = zero_point_matmul(c, 2, 3, 5, "a", "b", &rows, &cols);
    Ref s = apply2(c, "Mul", "/scale", scale_in(c, 1, "a_scale", {rows, 1}),
                   scale_in(c, 4, "b_scale", {cols}));
    set_out(c, 0, requantize(c, apply2(c, "Mul", "/scaled", acc, s), 6, 7));
}

/* An int64 constant of `dims` holding v (row-major). */
static Ref const_i64_dims(Ctx &c, const std::string &sfx, const std::vector<int64_t> &v,
                          const std::vector<int64_t> &dims)
{
    std::vector<char> b(v.size() * 8);
    if (!v.empty())
        std::memcpy(b.data(), v.data(), b.size());
    return const_node(c, c.base + sfx, GE_I64, dims, b);
}

/* ReverseSequence: GatherElements along time_axis with index t' = t < len ? len - 1 - t : t
 * (SelectV2 on Less(t, len)), computed on [T at time_axis, B at batch_axis, 1 elsewhere]
 * from sequence_lens (fed at run time or constant) and Tiled to x's dims. Every dim known. */
void conv_reverse_sequence(Ctx &c, const char *)
{
    known_attrs(c, {"batch_axis", "time_axis"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() < 2)
        refuse("input's rank must be known and 2 or more");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("input's dims must be known");
    int r = (int)xs.dims.size();
    int64_t ta = wrap_axis(get_i(c, "time_axis", 0), r, "time_axis");
    int64_t ba = wrap_axis(get_i(c, "batch_axis", 1), r, "batch_axis");
    if (ta == ba || ta > 1 || ba > 1)
        refuse("time_axis and batch_axis must be 0 and 1 or 1 and 0");
    int64_t T = xs.dims[(size_t)ta], B = xs.dims[(size_t)ba];
    std::vector<int64_t> tdims((size_t)r, 1), bdims((size_t)r, 1), t((size_t)T), mult = xs.dims;
    tdims[(size_t)ta] = T;
    bdims[(size_t)ba] = B;
    for (int64_t i = 0; i < T; i++)
        t[(size_t)i] = i;
    mult[(size_t)ta] = 1;
    mult[(size_t)ba] = 1;
    Ref tg = const_i64_dims(c, "/t", t, tdims);
    Ref lens = value(c, in_name(c, 1));
    if (in_shape(c, 1).dtype != onnx::TensorProto::INT64)
        lens = cast_to(c, "/lens_int64", lens, GE_I64);
    lens = rnn_reshape(c, "/lens_shape", lens, bdims);
    Ref rev = apply2(
        c, "Sub", "/reversed",
        apply2(c, "Sub", "/last", lens, const_scalar(c, "/one", onnx::TensorProto::INT64, 1)), tg);
    int32_t sel = add(c, "SelectV2", "/index");
    connect(c, sel, "condition", apply2(c, "Less", "/inside", tg, lens));
    connect(c, sel, "then", rev);
    connect(c, sel, "else", tg);
    int32_t tile = add(c, "Tile", "/index_tiled");
    connect(c, tile, "x", {sel, 0});
    connect(c, tile, "multiples", const_i64(c, "/index_multiples", mult));
    int32_t n = add(c, "GatherElements");
    connect_in(c, n, "x", 0);
    connect(c, n, "index", {tile, 0});
    attr_i(c, n, "dim", ta);
    set_out(c, 0, {n, 0});
}

/* Det: sign * exp(log |det|) of CANN's LogMatrixDeterminant (an LU factorisation in double,
 * aclnnSlogdet's kernel); float32 or double. */
void conv_det(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    int32_t n = add(c, cann, "/slogdet");
    connect_in(c, n, "x", 0);
    Ref e = apply(c, "Exp", "/abs", {n, 1});
    set_out(c, 0, apply2(c, "Mul", "", Ref{n, 0}, e));
}

/* MaxUnpool: X's values scattered into zeros at I, the flat indices into the output (what
 * MaxPool's Indices give): one ScatterElements on [1, N*C*prod(out)] views, out = (in - 1) *
 * stride + kernel - pads; a larger output_shape (a constant) appends zeros to each spatial
 * dim (ConcatV2), as ONNX's reference does. output_shape fed at run time (a dynamic-shape
 * model): the zeros appended along spatial dim i are the IR's Fill(dims, 0) with dims
 * output_shape[0 .. i-1], output_shape[i] - out[i], out[i+1 ..] computed on the host: a
 * spatial dim below the unpooled one fails the execution naming the Fill (a negative dim),
 * an N or C other than X's naming the ConcatV2 (dims that differ). */
void conv_max_unpool(Ctx &c, const char *)
{
    known_attrs(c, {"kernel_shape", "pads", "strides"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() < 3)
        refuse("X's rank must be known and 3 or more");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("X's dims must be known");
    size_t sp = xs.dims.size() - 2;
    std::vector<int64_t> k, st(sp, 1), pads(2 * sp, 0), out, given;
    if (!get_ints(c, "kernel_shape", &k) || k.size() != sp)
        refuse("kernel_shape must have one entry a spatial dim");
    get_ints(c, "strides", &st);
    get_ints(c, "pads", &pads);
    if (st.size() != sp || pads.size() != 2 * sp)
        refuse("strides and pads must have one (pads: two) entries a spatial dim");
    out = {xs.dims[0], xs.dims[1]};
    for (size_t i = 0; i < sp; i++)
        out.push_back((xs.dims[i + 2] - 1) * st[i] + k[i] - pads[i] - pads[i + sp]);
    bool shape_rt = has_in(c, 2) && fed_at_run_time(c, 2);
    if (shape_rt && in_shape(c, 2).dims != std::vector<int64_t>{(int64_t)xs.dims.size()})
        refuse("output_shape must hold one dim a dim of X");
    if (has_in(c, 2) && !shape_rt) {
        given = need_ints(c, 2, "output_shape");
        if (given.size() != xs.dims.size() || given[0] != xs.dims[0] || given[1] != xs.dims[1])
            refuse("output_shape must give N and C of X, then one dim a spatial dim");
        for (size_t i = 2; i < given.size(); i++)
            if (given[i] < out[i])
                refuse("output_shape " + dims_str(given) + " is smaller than the unpooled " +
                       dims_str(out));
    }
    int64_t nin = 1, nout = 1;
    for (int64_t d : xs.dims)
        nin *= d;
    for (int64_t d : out)
        nout *= d;
    int32_t ot = xs.dtype, dt = ge_dtype(ot);
    Ref zeros = const_node(c, c.base + "/zeros", dt, {1, nout},
                           std::vector<char>((size_t)nout * ge_size(dt), 0));
    Ref idx = value(c, in_name(c, 1));
    int32_t s = add(c, "ScatterElements", "/scatter");
    connect(c, s, "data", zeros);
    connect(c, s, "indices", rnn_reshape(c, "/indices_flat", idx, {1, nin}));
    connect(c, s, "updates", rnn_reshape(c, "/x_flat", value(c, in_name(c, 0)), {1, nin}));
    attr_i(c, s, "axis", 1);
    attr_s(c, s, "reduction", "none");
    Ref y = rnn_reshape(c, "/unpooled", {s, 0}, out);
    if (shape_rt) {
        Ref os = cast_to(c, "/output_shape_i64", value(c, in_name(c, 2)), GE_I64);
        auto part = [&](const std::string &sfx, int64_t b, int64_t e) {
            int32_t sl = add(c, "StridedSliceV2", sfx);
            connect(c, sl, "x", os);
            connect(c, sl, "begin", const_i64(c, sfx + "_begin", {b}));
            connect(c, sl, "end", const_i64(c, sfx + "_end", {e}));
            return Ref{sl, 0};
        };
        Ref zero = const_scalar(c, "/zero", ot, 0.0);
        int64_t r = (int64_t)out.size();
        for (int64_t i = 2; i < r; i++) {
            std::string k = std::to_string(i);
            std::vector<Ref> dims = {part("/shape_before" + k, 0, i),
                                     apply2(c, "Sub", "/pad_extent" + k,
                                            part("/shape_at" + k, i, i + 1),
                                            const_i64(c, "/unpooled" + k, {out[(size_t)i]}))};
            if (i + 1 < r)
                dims.push_back(
                    const_i64(c, "/unpooled_after" + k,
                              std::vector<int64_t>(out.begin() + (long)i + 1, out.end())));
            int32_t f = add(c, "Fill", "/pad" + k);
            connect(c, f, "dims", rnn_concat(c, "/pad_dims" + k, dims, 0));
            connect(c, f, "value", zero);
            y = rnn_concat(c, "/padded" + k, {y, Ref{f, 0}}, i);
        }
        set_out(c, 0, apply(c, "Identity", "", y));
        return;
    }
    /* a larger output_shape: the unpooled values keep their places, zeros after them */
    for (size_t i = 2; i < given.size(); i++) {
        if (given[i] == out[i])
            continue;
        std::vector<int64_t> zd = out;
        zd[i] = given[i] - out[i];
        int64_t nz = 1;
        for (int64_t d : zd)
            nz *= d;
        Ref z = const_node(c, c.base + "/pad" + std::to_string(i), dt, zd,
                           std::vector<char>((size_t)nz * ge_size(dt), 0));
        y = rnn_concat(c, "/padded" + std::to_string(i), {y, z}, (int64_t)i);
        out[i] = given[i];
    }
    set_out(c, 0, apply(c, "Identity", "", y));
}

/* HannWindow, HammingWindow, BlackmanWindow (opset 17): constants of `size` values (size a
 * constant; fed at run time, the formula as nodes on Range(0, size)), ONNX's formulas: w[n] = a0 -
 * a1 cos(2 pi n / N) + a2 cos(4 pi n / N), N = size (periodic, the default) or size - 1;
 * output_datatype float32 (the default), double, int32 or int64 (truncated). */
void conv_window(Ctx &c, const char *)
{
    known_attrs(c, {"output_datatype", "periodic"});
    const std::string &op = c.node->op_type();
    double a0 = 0.5, a1 = 0.5, a2 = 0; /* Hann */
    if (op == "HammingWindow")
        a0 = 25.0 / 46, a1 = 1 - 25.0 / 46;
    else if (op == "BlackmanWindow")
        a0 = 0.42, a1 = 0.5, a2 = 0.08;
    int32_t ot = (int32_t)get_i(c, "output_datatype", onnx::TensorProto::FLOAT);
    int32_t dt = ge_dtype(ot);
    if (dt != GE_F32 && dt != GE_F64 && dt != GE_I32 && dt != GE_I64)
        refuse("output_datatype " + std::to_string(ot) + " is not supported");
    if (fed_at_run_time(c, 0)) {
        /* size fed at run time: the same formula as nodes, in double, on n = Range(0, size)
         * (a dynamic-shape model: the Range's limit is the graph input) */
        int32_t st = in_shape(c, 0).dtype;
        int32_t r = add(c, "Range", "/n");
        connect(c, r, "start", const_scalar(c, "/zero", st, 0.0));
        connect_in(c, r, "limit", 0);
        connect(c, r, "delta", const_scalar(c, "/one", st, 1.0));
        Ref n = cast_to(c, "/n_f64", {r, 0}, GE_F64);
        Ref N = cast_to(c, "/size_f64", value(c, in_name(c, 0)), GE_F64);
        if (!get_i(c, "periodic", 1))
            N = apply2(c, "Sub", "/size_minus_1", N,
                       const_scalar(c, "/one_f64", onnx::TensorProto::DOUBLE, 1.0));
        const double pi = 3.14159265358979323846;
        Ref t = apply2(c, "Div", "/angle",
                       apply2(c, "Mul", "/two_pi_n", n,
                              const_scalar(c, "/two_pi", onnx::TensorProto::DOUBLE, 2 * pi)),
                       N);
        Ref v = apply2(c, "Sub", "/hann", const_scalar(c, "/a0", onnx::TensorProto::DOUBLE, a0),
                       apply2(c, "Mul", "/a1_cos",
                              const_scalar(c, "/a1", onnx::TensorProto::DOUBLE, a1),
                              apply(c, "Cos", "/cos", t)));
        if (a2 != 0)
            v = apply2(c, "Add", "/blackman", v,
                       apply2(c, "Mul", "/a2_cos",
                              const_scalar(c, "/a2", onnx::TensorProto::DOUBLE, a2),
                              apply(c, "Cos", "/cos2", apply2(c, "Add", "/angle2", t, t))));
        set_out(c, 0, dt == GE_F64 ? apply(c, "Identity", "", v) : cast_to(c, "", v, dt));
        return;
    }
    std::vector<int64_t> sv = need_ints(c, 0, "size");
    if (sv.size() != 1 || sv[0] < 0)
        refuse("size must be one value >= 0");
    int64_t size = sv[0];
    double N = get_i(c, "periodic", 1) ? (double)size : (double)size - 1;
    std::vector<char> b((size_t)size * ge_size(dt));
    for (int64_t n = 0; n < size; n++) {
        const double pi = 3.14159265358979323846;
        double v =
            a0 - a1 * std::cos(2 * pi * (double)n / N) + a2 * std::cos(4 * pi * (double)n / N);
        char *p = b.data() + (size_t)n * ge_size(dt);
        if (dt == GE_F32) {
            float f = (float)v;
            std::memcpy(p, &f, 4);
        } else if (dt == GE_F64) {
            std::memcpy(p, &v, 8);
        } else {
            int64_t i = (int64_t)v; /* truncated, as a Cast */
            std::memcpy(p, &i, ge_size(dt));
        }
    }
    set_out(c, 0, const_node(c, c.base, dt, {size}, b));
}

/* A float32 constant [rows, cols] of values f(j, k). */
static Ref const_f32_matrix(Ctx &c, const std::string &sfx, int64_t rows, int64_t cols,
                            const std::function<double(int64_t, int64_t)> &f)
{
    std::vector<char> b((size_t)(rows * cols) * 4);
    for (int64_t j = 0; j < rows; j++)
        for (int64_t k = 0; k < cols; k++) {
            float v = (float)f(j, k);
            std::memcpy(&b[(size_t)(j * cols + k) * 4], &v, 4);
        }
    return const_node(c, c.base + sfx, GE_F32, {rows, cols}, b);
}

/* The real and imaginary parts of the product of (xr + i xi) with C - i S (forward) or C + i S
 * (inverse): C and S the cosine and sine matrices, products by `mm` nodes (MatMulV2 or
 * BatchMatMulV2); xi NULL for a real input. */
static std::pair<Ref, Ref> complex_products(Ctx &c, const char *mm_type, Ref xr, const Ref *xi,
                                            Ref C, Ref S, bool inv)
{
    auto mm = [&](const std::string &sfx, Ref a1, Ref b1) {
        int32_t node = add(c, mm_type, sfx);
        connect(c, node, "x1", a1);
        connect(c, node, "x2", b1);
        return Ref{node, 0};
    };
    Ref yr = mm("/re_cos", xr, C), rs = mm("/re_sin", xr, S);
    Ref yi = inv ? rs : apply(c, "Neg", "/re_sin_neg", rs);
    if (xi) {
        yr = apply2(c, inv ? "Sub" : "Add", "/real_out", yr, mm("/im_sin", *xi, S));
        yi = apply2(c, "Add", "/imag_out", yi, mm("/im_cos", *xi, C));
    }
    return {yr, yi};
}

/* DFT (opset 17): as matrix products with constant cosine and sine matrices of the length L
 * (dft_length, a constant, else the axis' n): the axis moved last (Transpose), the real and
 * imaginary parts [P, n] times C[j, k] = cos(2 pi j k / L) and S[j, k] = sin(2 pi j k / L)
 * (rows j >= L zero: the signal cut to L; L > n: zero-padded), k < L or L / 2 + 1 (onesided):
 * forward y_re = x_re C + x_im S, y_im = x_im C - x_re S; inverse the conjugate, divided by L;
 * then the parts stacked and the axis moved back. float32; every dim known. */
void conv_dft(Ctx &c, const char *)
{
    known_attrs(c, {"axis", "inverse", "onesided"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() < 3)
        refuse("input's rank must be known and 3 or more ([batch, signal..., 1 or 2])");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("input's dims must be known");
    if (xs.dtype != onnx::TensorProto::FLOAT)
        refuse("input must be float32");
    int r = (int)xs.dims.size();
    int64_t cplx = xs.dims.back();
    if (cplx != 1 && cplx != 2)
        refuse("the last dim must be 1 (real) or 2 (complex)");
    int64_t a = get_i(c, "axis", 1);
    if (a < 0)
        a += r;
    if (a < 1 || a > r - 2)
        refuse("axis must name a signal dim (1 to rank - 2)");
    bool inv = get_i(c, "inverse", 0) != 0, one = get_i(c, "onesided", 0) != 0;
    if (inv && one)
        refuse("inverse with onesided is not supported");
    int64_t n = xs.dims[(size_t)a], L = n;
    if (has_in(c, 1)) {
        std::vector<int64_t> v = need_ints(c, 1, "dft_length");
        if (v.size() != 1 || v[0] < 1)
            refuse("dft_length must be one value >= 1");
        L = v[0];
    }
    int64_t m = one ? L / 2 + 1 : L, P = 1;
    std::vector<int64_t> perm, tdims;
    for (int i = 0; i < r - 1; i++)
        if (i != a) {
            perm.push_back(i);
            tdims.push_back(xs.dims[(size_t)i]);
            P *= xs.dims[(size_t)i];
        }
    perm.push_back(a);
    perm.push_back(r - 1);
    Ref x = rnn_transpose(c, "/axis_last", value(c, in_name(c, 0)), perm);
    std::vector<int64_t> zero((size_t)r, 0), part = tdims;
    part.push_back(n);
    part.push_back(1);
    auto component = [&](int64_t k, const char *nm) {
        std::vector<int64_t> off = zero;
        off[(size_t)r - 1] = k;
        return rnn_reshape(c, std::string("/") + nm,
                           rnn_slice(c, std::string("/") + nm + "_slice", x, off, part), {P, n});
    };
    const double pi = 3.14159265358979323846;
    double sc = inv ? 1.0 / (double)L : 1.0;
    auto entry = [&](bool sine) {
        return [=](int64_t j, int64_t k) {
            if (j >= L)
                return 0.0;
            double th = 2 * pi * (double)((j * k) % L) / (double)L;
            return sc * (sine ? std::sin(th) : std::cos(th));
        };
    };
    Ref C = const_f32_matrix(c, "/cos", n, m, entry(false));
    Ref S = const_f32_matrix(c, "/sin", n, m, entry(true));
    Ref xr = component(0, "real"), xi = cplx == 2 ? component(1, "imag") : xr;
    auto [yr, yi] = complex_products(c, "MatMulV2", xr, cplx == 2 ? &xi : nullptr, C, S, inv);
    std::vector<int64_t> od = tdims;
    od.push_back(m);
    od.push_back(1);
    Ref y = rnn_concat(
        c, "/stacked",
        {rnn_reshape(c, "/real_shape", yr, od), rnn_reshape(c, "/imag_shape", yi, od)}, r - 1);
    std::vector<int64_t> back((size_t)r);
    for (int i = 0; i < r; i++)
        back[(size_t)perm[(size_t)i]] = i;
    set_out(c, 0, rnn_transpose(c, "", y, back));
}

/* STFT with frame_step or frame_length fed at run time (a dynamic-shape model): the frame
 * starts are the IR's Range(0, T - L + 1, step) (its limit and delta value inputs: the graph
 * inputs, or computed from them on the host), the positions starts[f] + j (j = Range(0, L) or
 * a constant) gathered from the signal, each part times the window, then BatchMatMulV2 with
 * the cosine and sine matrices of length L (constants when L is, else built on Range(0, L)
 * and Range(0, m): cos / sin of 2 pi ((j k) mod L) / L). A step of 0 fails the execution,
 * naming the Range. */
static void stft_run_time(Ctx &c, int64_t T, int64_t cplx, int64_t L, bool one)
{
    Ref step;
    if (c.consts.count(in_name(c, 1))) {
        std::vector<int64_t> sv = need_ints(c, 1, "frame_step");
        if (sv.size() != 1 || sv[0] < 1)
            refuse("frame_step must be one value >= 1");
        step = const_i64(c, "/frame_step", sv, true);
    } else {
        step = cast_to(c, "/frame_step_i64", value(c, in_name(c, 1)), GE_I64);
    }
    bool fixed = L > 0;
    Ref len = fixed ? const_i64(c, "/frame_length", {L}, true)
                    : cast_to(c, "/frame_length_i64", value(c, in_name(c, 3)), GE_I64);
    auto range = [&](const std::string &sfx, Ref start, Ref limit, Ref delta) {
        int32_t r = add(c, "Range", sfx);
        connect(c, r, "start", start);
        connect(c, r, "limit", limit);
        connect(c, r, "delta", delta);
        return Ref{r, 0};
    };
    auto unsq = [&](const std::string &sfx, Ref x, int64_t axis) {
        int32_t n = add(c, "ExpandDims", sfx);
        connect(c, n, "x", x);
        connect(c, n, "axis", const_i64(c, sfx + "_axis", {axis}, true));
        return Ref{n, 0};
    };
    Ref zero = const_i64(c, "/zero", {0}, true), unit = const_i64(c, "/one", {1}, true);
    Ref limit = fixed ? const_i64(c, "/starts_limit", {T - L + 1}, true)
                      : apply2(c, "Sub", "/starts_limit", const_i64(c, "/T1", {T + 1}, true), len);
    Ref starts = range("/starts", zero, limit, step);
    std::vector<int64_t> jc((size_t)std::max<int64_t>(L, 0));
    for (int64_t j = 0; j < L; j++)
        jc[(size_t)j] = j;
    Ref jv = fixed ? const_i64(c, "/offsets", jc) : range("/offsets", zero, len, unit);
    Ref pos =
        apply2(c, "Add", "/positions", unsq("/starts_col", starts, 1), unsq("/offsets_row", jv, 0));
    int32_t g = add(c, "GatherV2", "/frames");
    connect_in(c, g, "x", 0);
    connect(c, g, "indices", pos);
    connect(c, g, "axis", const_i64(c, "/axis", {1}, true));
    Ref fr = {g, 0}; /* [B, F, L, cplx] */
    auto component = [&](int64_t k, const char *nm) {
        Ref v = fr;
        std::string n = std::string("/") + nm;
        if (cplx == 2) {
            int32_t sl = add(c, "StridedSliceV2", n + "_slice");
            connect(c, sl, "x", fr);
            connect(c, sl, "begin", const_i64(c, n + "_begin", {k}));
            connect(c, sl, "end", const_i64(c, n + "_end", {k + 1}));
            connect(c, sl, "axes", const_i64(c, n + "_axes", {3}));
            v = {sl, 0};
        }
        int32_t q = add(c, "Squeeze", n);
        connect(c, q, "x", v);
        attr_ints(c, q, "axis", {3});
        v = {q, 0};
        if (has_in(c, 2))
            v = apply2(c, "Mul", n + "_windowed", v, value(c, in_name(c, 2)));
        return v;
    };
    const double pi = 3.14159265358979323846;
    Ref C, S;
    if (fixed) {
        int64_t m = one ? L / 2 + 1 : L;
        auto entry = [&](bool sine) {
            return [=](int64_t j, int64_t k) {
                double th = 2 * pi * (double)((j * k) % L) / (double)L;
                return sine ? std::sin(th) : std::cos(th);
            };
        };
        C = const_f32_matrix(c, "/cos", L, m, entry(false));
        S = const_f32_matrix(c, "/sin", L, m, entry(true));
    } else {
        /* L / 2 + 1: halved in double and truncated by the Cast (the IR's integer Div is
         * aclnnDiv's, whose int64 quotient is not an integer one) */
        Ref half = apply2(c, "Mul", "/half", cast_to(c, "/length_f64", len, GE_F64),
                          const_scalar(c, "/one_half", onnx::TensorProto::DOUBLE, 0.5));
        Ref m = one ? apply2(c, "Add", "/bins", cast_to(c, "/half_i64", half, GE_I64), unit) : len;
        Ref kv = range("/bin_index", zero, m, unit);
        Ref jk = apply2(c, "Mul", "/jk", unsq("/j_col", jv, 1), unsq("/k_row", kv, 0));
        /* in double, as the constant matrices, then float32 */
        Ref r = cast_to(c, "/jk_mod_f64", apply2(c, "FloorMod", "/jk_mod", jk, len), GE_F64);
        Ref th = apply2(c, "Div", "/angle",
                        apply2(c, "Mul", "/two_pi_jk", r,
                               const_scalar(c, "/two_pi", onnx::TensorProto::DOUBLE, 2 * pi)),
                        cast_to(c, "/length_f64", len, GE_F64));
        C = cast_to(c, "/cos_f32", apply(c, "Cos", "/cos", th), GE_F32);
        S = cast_to(c, "/sin_f32", apply(c, "Sin", "/sin", th), GE_F32);
    }
    Ref xr = component(0, "real"), xi = cplx == 2 ? component(1, "imag") : xr;
    auto [yr, yi] =
        complex_products(c, "BatchMatMulV2", xr, cplx == 2 ? &xi : nullptr, C, S, false);
    set_out(c, 0, rnn_concat(c, "", {unsq("/real_part", yr, 3), unsq("/imag_part", yi, 3)}, 3));
}

/* STFT (opset 17): the frames (frame_step and frame_length constants) gathered with one
 * GatherV2 of constant positions f * step + j, times the window, then DFT's matrix products
 * of length frame_length: y [batch, frames, L or L / 2 + 1 (onesided, the default), 2].
 * float32; the signal's dims known. frame_step or frame_length fed at run time:
 * stft_run_time. */
void conv_stft(Ctx &c, const char *)
{
    known_attrs(c, {"onesided"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known || xs.dims.size() != 3)
        refuse("signal must be 3-D [batch, length, 1 or 2]");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("signal's dims must be known");
    if (xs.dtype != onnx::TensorProto::FLOAT)
        refuse("signal must be float32");
    int64_t B = xs.dims[0], T = xs.dims[1], cplx = xs.dims[2];
    if (cplx != 1 && cplx != 2)
        refuse("signal's last dim must be 1 (real) or 2 (complex)");
    /* the frame length: the window's, or frame_length's (a constant, or fed at run time
     * without a window); checked alike for both paths */
    bool step_rt = fed_at_run_time(c, 1), len_rt = has_in(c, 3) && fed_at_run_time(c, 3);
    int64_t L = -1;
    bool win = has_in(c, 2);
    if (win) {
        const Shape &ws = in_shape(c, 2);
        if (!ws.known || ws.dims.size() != 1 || ws.dims[0] < 1)
            refuse("window must be 1-D with its length known");
        if (len_rt)
            refuse("frame_length fed at run time with a window: the window's length is it");
        L = ws.dims[0];
    }
    if (has_in(c, 3) && !len_rt) {
        std::vector<int64_t> lv = need_ints(c, 3, "frame_length");
        if (lv.size() != 1 || lv[0] < 1 || (win && lv[0] != L))
            refuse("frame_length must be one value >= 1 (the window's length when both given)");
        L = lv[0];
    }
    if (L < 1 && !len_rt)
        refuse("one of window and frame_length must be given");
    if (L > T)
        refuse("frame_length " + std::to_string(L) + " is longer than the signal (" +
               std::to_string(T) + ")");
    bool one = get_i(c, "onesided", 1) != 0;
    if (one && cplx == 2)
        refuse("onesided with a complex signal is not supported");
    if (step_rt || len_rt) {
        stft_run_time(c, T, cplx, L, one);
        return;
    }
    std::vector<int64_t> sv = need_ints(c, 1, "frame_step");
    if (sv.size() != 1 || sv[0] < 1)
        refuse("frame_step must be one value >= 1");
    int64_t step = sv[0];
    int64_t F = (T - L) / step + 1, m = one ? L / 2 + 1 : L;
    std::vector<int64_t> pos((size_t)(F * L));
    for (int64_t f = 0; f < F; f++)
        for (int64_t j = 0; j < L; j++)
            pos[(size_t)(f * L + j)] = f * step + j;
    int32_t g = add(c, "GatherV2", "/frames");
    connect_in(c, g, "x", 0);
    connect(c, g, "indices", const_i64(c, "/positions", pos));
    connect(c, g, "axis", const_i64(c, "/axis", {1}, true));
    Ref fr = rnn_reshape(c, "/frames_shape", {g, 0}, {B * F, L, cplx});
    auto component = [&](int64_t k, const char *nm) {
        Ref v = rnn_reshape(
            c, std::string("/") + nm,
            rnn_slice(c, std::string("/") + nm + "_slice", fr, {0, 0, k}, {B * F, L, 1}),
            {B * F, L});
        if (win)
            v = apply2(c, "Mul", std::string("/") + nm + "_windowed", v, value(c, in_name(c, 2)));
        return v;
    };
    const double pi = 3.14159265358979323846;
    auto entry = [&](bool sine) {
        return [=](int64_t j, int64_t k) {
            double th = 2 * pi * (double)((j * k) % L) / (double)L;
            return sine ? std::sin(th) : std::cos(th);
        };
    };
    Ref C = const_f32_matrix(c, "/cos", L, m, entry(false));
    Ref S = const_f32_matrix(c, "/sin", L, m, entry(true));
    Ref xr = component(0, "real"), xi = cplx == 2 ? component(1, "imag") : xr;
    auto [yr, yi] = complex_products(c, "MatMulV2", xr, cplx == 2 ? &xi : nullptr, C, S, false);
    set_out(c, 0,
            rnn_concat(c, "",
                       {rnn_reshape(c, "/real_shape", yr, {B, F, m, 1}),
                        rnn_reshape(c, "/imag_shape", yi, {B, F, m, 1})},
                       3));
}

/* MelWeightMatrix (opset 17): a constant (every input a constant), ONNX's formula: num_mel_bins
 * + 2 points lower_mel + k (upper_mel - lower_mel) / (num_mel_bins + 2), k = 0 .. num_mel_bins
 * + 1 (mel = 2595 log10(1 + f / 700); ONNX's reference divides by the number of points, so the
 * last is short of upper_edge_hertz), back to hertz, to bins floor((dft_length + 1) f /
 * sample_rate); column i
 * rises from point i to point i + 1 and falls to point i + 2. [dft_length / 2 + 1,
 * num_mel_bins] of output_datatype (float32, the default, or double). */
static void mel_run_time(Ctx &c, int32_t dt);

void conv_mel_weight_matrix(Ctx &c, const char *)
{
    known_attrs(c, {"output_datatype"});
    bool fed = false;
    for (int i = 0; i < 5; i++)
        fed = fed_at_run_time(c, i, i >= 3) || fed; /* every input: each may set c.dynamic */
    if (fed) {
        int32_t ot = (int32_t)get_i(c, "output_datatype", onnx::TensorProto::FLOAT);
        int32_t dt = ge_dtype(ot);
        if (dt != GE_F32 && dt != GE_F64)
            refuse("output_datatype " + std::to_string(ot) + " is not float32 or double");
        mel_run_time(c, dt);
        return;
    }
    auto one_int = [&](int i, const char *what) {
        std::vector<int64_t> v = need_ints(c, i, what);
        if (v.size() != 1)
            refuse(std::string(what) + " must be one value");
        return v[0];
    };
    auto one_float = [&](int i, const char *what) {
        std::vector<double> v = need_floats(c, i, what);
        if (v.size() != 1)
            refuse(std::string(what) + " must be one value");
        return v[0];
    };
    int64_t mels = one_int(0, "num_mel_bins"), dft = one_int(1, "dft_length");
    int64_t rate = one_int(2, "sample_rate");
    double lo = one_float(3, "lower_edge_hertz"), hi = one_float(4, "upper_edge_hertz");
    if (mels < 1 || dft < 1 || rate < 1 || lo < 0 || hi <= lo)
        refuse("num_mel_bins, dft_length and sample_rate must be >= 1, 0 <= lower_edge_hertz < "
               "upper_edge_hertz");
    int32_t ot = (int32_t)get_i(c, "output_datatype", onnx::TensorProto::FLOAT);
    int32_t dt = ge_dtype(ot);
    if (dt != GE_F32 && dt != GE_F64)
        refuse("output_datatype " + std::to_string(ot) + " is not float32 or double");
    int64_t bins = dft / 2 + 1;
    double lm = 2595 * std::log10(1 + lo / 700), hm = 2595 * std::log10(1 + hi / 700);
    double step = (hm - lm) / (double)(mels + 2); /* ONNX's reference: over mels + 2 steps */
    std::vector<int64_t> pt((size_t)mels + 2);
    for (int64_t k = 0; k < mels + 2; k++) {
        double hz = 700 * (std::pow(10.0, ((double)k * step + lm) / 2595) - 1);
        pt[(size_t)k] = (int64_t)std::floor((double)(dft + 1) * hz / (double)rate);
    }
    std::vector<double> w((size_t)(bins * mels), 0.0);
    auto set = [&](int64_t j, int64_t i, double v) {
        if (j < 0 || j >= bins)
            refuse("upper_edge_hertz maps past the last of the " + std::to_string(bins) + " bins");
        w[(size_t)(j * mels + i)] = v;
    };
    for (int64_t i = 0; i < mels; i++) {
        int64_t l = pt[(size_t)i], m = pt[(size_t)i + 1], h = pt[(size_t)i + 2];
        if (m == l)
            set(m, i, 1);
        else
            for (int64_t j = l; j <= m; j++)
                set(j, i, (double)(j - l) / (double)(m - l));
        for (int64_t j = m; j < h; j++)
            set(j, i, (double)(h - j) / (double)(h - m));
    }
    std::vector<char> b(w.size() * ge_size(dt));
    for (size_t k = 0; k < w.size(); k++) {
        if (dt == GE_F32) {
            float f = (float)w[k];
            std::memcpy(&b[k * 4], &f, 4);
        } else {
            std::memcpy(&b[k * 8], &w[k], 8);
        }
    }
    set_out(c, 0, const_node(c, c.base, dt, {bins, mels}, b));
}

/* MelWeightMatrix with an input fed at run time (a dynamic-shape model): the formula of
 * conv_mel_weight_matrix as nodes, in double: the mels + 2 points k = Range(0, mels + 2) to
 * hertz and to bins pt = floor((dft + 1) hz / rate); l, m, h = pt[0 .. mels), pt[1 ..),
 * pt[2 ..) (StridedSliceV2, their ends computed on the host); for bin j = Range(0, dft / 2 +
 * 1) and column i: 0 below l, (j - l) / (m - l) below m, 1 at m, (h - j) / (h - m) below h,
 * 0 after (SelectV2s on [bins, mels]). Not refused at run time: values the constant path
 * refuses (a count below 1, lower >= upper, an upper edge past the last bin) give what the
 * formula gives. */
static void mel_run_time(Ctx &c, int32_t dt)
{
    auto in_as = [&](int i, int32_t to, const char *nm) {
        return cast_to(c, std::string("/") + nm, value(c, in_name(c, i)), to);
    };
    auto f64 = [&](const std::string &sfx, double v) {
        return const_scalar(c, sfx, onnx::TensorProto::DOUBLE, v);
    };
    auto i64 = [&](const std::string &sfx, int64_t v) { return const_i64(c, sfx, {v}, true); };
    auto unsq = [&](const std::string &sfx, Ref x, int64_t axis) {
        int32_t n = add(c, "ExpandDims", sfx);
        connect(c, n, "x", x);
        connect(c, n, "axis", const_i64(c, sfx + "_axis", {axis}, true));
        return Ref{n, 0};
    };
    auto range = [&](const std::string &sfx, Ref limit) {
        int32_t r = add(c, "Range", sfx);
        connect(c, r, "start", i64(sfx + "_start", 0));
        connect(c, r, "limit", limit);
        connect(c, r, "delta", i64(sfx + "_delta", 1));
        return Ref{r, 0};
    };
    Ref mels = in_as(0, GE_I64, "mels"), dft = in_as(1, GE_F64, "dft");
    Ref rate = in_as(2, GE_F64, "rate");
    Ref lo = in_as(3, GE_F64, "lower"), hi = in_as(4, GE_F64, "upper");
    /* mel = 2595 log10(1 + f / 700) = 2595 / ln 10 ln(1 + f / 700) (cpuacl's Log and Exp
     * take base e only) */
    const double ln10 = 2.30258509299404568402;
    auto mel = [&](const std::string &nm, Ref f) {
        Ref lg = apply(c, "Log", nm + "_ln",
                       apply2(c, "Add", nm + "_ratio", f64(nm + "_one", 1.0),
                              apply2(c, "Div", nm + "_over", f, f64(nm + "_700", 700.0))));
        return apply2(c, "Mul", nm, lg, f64(nm + "_2595", 2595.0 / ln10));
    };
    Ref lm = mel("/lower_mel", lo), hm = mel("/upper_mel", hi);
    Ref npts = apply2(c, "Add", "/points", mels, i64("/two", 2));
    Ref step = apply2(c, "Div", "/mel_step", apply2(c, "Sub", "/mel_range", hm, lm),
                      cast_to(c, "/points_f64", npts, GE_F64));
    Ref k = cast_to(c, "/k_f64", range("/k", npts), GE_F64);
    Ref mk = apply2(c, "Add", "/mel_k", apply2(c, "Mul", "/k_step", k, step), lm);
    /* hz = 700 (10^(mel / 2595) - 1) = 700 (exp(mel ln 10 / 2595) - 1) */
    Ref ex =
        apply(c, "Exp", "/pow10", apply2(c, "Mul", "/mel_2595", mk, f64("/c2595", ln10 / 2595.0)));
    Ref hz = apply2(c, "Mul", "/hz", apply2(c, "Sub", "/pow10_m1", ex, f64("/one", 1.0)),
                    f64("/c700", 700.0));
    Ref pt = cast_to(c, "/pt",
                     apply(c, "Floor", "/pt_floor",
                           apply2(c, "Div", "/pt_scaled",
                                  apply2(c, "Mul", "/hz_dft",
                                         apply2(c, "Add", "/dft1", dft, f64("/dft_one", 1.0)), hz),
                                  rate)),
                     GE_I64);
    auto part = [&](const std::string &nm, int64_t b) {
        int32_t sl = add(c, "StridedSliceV2", nm);
        connect(c, sl, "x", pt);
        connect(c, sl, "begin", const_i64(c, nm + "_begin", {b}));
        connect(c, sl, "end",
                unsq(nm + "_end", apply2(c, "Add", nm + "_last", mels, i64(nm + "_off", b)), 0));
        return unsq(nm + "_row", Ref{sl, 0}, 0); /* [1, mels] */
    };
    Ref l = part("/left", 0), m = part("/center", 1), h = part("/right", 2);
    /* bins = dft / 2 + 1, halved in double and truncated by the Cast */
    Ref bins = apply2(
        c, "Add", "/bins",
        cast_to(c, "/half_dft", apply2(c, "Mul", "/dft_half", dft, f64("/one_half", 0.5)), GE_I64),
        i64("/bins_one", 1));
    Ref j = unsq("/j_col", range("/j", bins), 1); /* [bins, 1] */
    auto fdiff = [&](const std::string &nm, Ref a, Ref b) {
        return cast_to(c, nm + "_f64", apply2(c, "Sub", nm, a, b), GE_F64);
    };
    Ref rise = apply2(c, "Div", "/rise", fdiff("/j_l", j, l), fdiff("/m_l", m, l));
    Ref fall = apply2(c, "Div", "/fall", fdiff("/h_j", h, j), fdiff("/h_m", h, m));
    auto sel = [&](const std::string &nm, Ref cond, Ref a, Ref b) {
        int32_t n = add(c, "SelectV2", nm);
        connect(c, n, "condition", cond);
        connect(c, n, "then", a);
        connect(c, n, "else", b);
        return Ref{n, 0};
    };
    Ref zero = f64("/zero", 0.0);
    Ref w = sel("/after_center", apply2(c, "Less", "/below_right", j, h), fall, zero);
    w = sel("/at_center", apply2(c, "Equal", "/is_center", j, m), f64("/peak", 1.0), w);
    w = sel("/before_center", apply2(c, "Less", "/below_center", j, m), rise, w);
    w = sel("/weights", apply2(c, "Less", "/below_left", j, l), zero, w);
    set_out(c, 0, dt == GE_F64 ? apply(c, "Identity", "", w) : cast_to(c, "", w, dt));
}

/* Output i of the current node has dims known only once its CANN node ran (a bound at
 * build, the real extent written at run time: docs/mdl.md, "Data-dependent output
 * shapes"): it may only be a graph output (convert_node refuses a node reading it). */
static void data_dependent(Ctx &c, int i)
{
    if (i < c.node->output_size() && !c.node->output(i).empty())
        c.ddep[c.node->output(i)] = "Op [" + c.base + "] of type [" + c.node->op_type() + "]";
}

/* NonZero: CANN's NonZero with transpose true (ONNX's [rank, count] layout, as GE's ONNX
 * parser maps it), int64. */
void conv_non_zero(Ctx &c, const char *cann)
{
    known_attrs(c, {});
    if (rank_of(c, 0, "X") < 1)
        refuse("X is a scalar: NonZero takes a tensor of rank >= 1");
    int32_t n = add(c, cann);
    attr_b(c, n, "transpose", true);
    cpuaclGeAttrValue t{};
    t.kind = CPUACL_GE_ATTR_TYPE, t.i = GE_I64;
    attr(c, n, "dtype", t);
    connect_in(c, n, "x", 0);
    set_out(c, 0, {n, 0});
    data_dependent(c, 0);
}

/* Unique: without axis UniqueWithCountsAndSorting over all elements (as GE's ONNX parser;
 * its inverse has X's shape, reshaped to ONNX's 1-d), with axis UniqueDim; sorted 0 keeps
 * the order of first occurrence. Neither CANN type gives ONNX's indices (each unique
 * slice's first occurrence; GE's parser outputs an empty tensor there), so they are
 * composed from inverse_indices (n items, fixed dims): a ScatterElements of the positions
 * n-1 .. 0 at the reversed inverse into n values of n, where the later positions (the
 * earlier items) win (cpuacl's scatter writes in order), holds at k the first occurrence
 * of unique k for k < K and n past K; a MaskedSelect of the values below n gives the K
 * indices (a data-dependent output itself). */
void conv_unique(Ctx &c, const char *)
{
    known_attrs(c, {"axis", "sorted"});
    const Shape &xs = in_shape(c, 0);
    if (!xs.known)
        refuse("the rank of X is unknown");
    for (int64_t d : xs.dims)
        if (d < 0)
            refuse("every dim of X must be known");
    const onnx::AttributeProto *ax = find_attr(c, "axis");
    bool sorted = get_i(c, "sorted", 1) != 0;
    int64_t n = 1;
    int32_t u;
    if (ax) {
        int64_t axis = wrap_axis(ax->i(), (int)xs.dims.size(), "axis");
        n = xs.dims[(size_t)axis];
        u = add(c, "UniqueDim");
        attr_i(c, u, "dim", axis);
    } else {
        for (int64_t d : xs.dims)
            n *= d;
        u = add(c, "UniqueWithCountsAndSorting");
        cpuaclGeAttrValue t{};
        t.kind = CPUACL_GE_ATTR_TYPE, t.i = GE_I64;
        attr(c, u, "out_idx", t);
    }
    attr_b(c, u, "sorted", sorted);
    attr_b(c, u, "return_inverse", true);
    attr_b(c, u, "return_counts", true);
    connect_in(c, u, "x", 0);
    Ref inv{u, 1};
    if (!ax && xs.dims.size() != 1) {
        int32_t r = add(c, "Reshape", "/inverse");
        connect(c, r, "x", inv);
        connect(c, r, "shape", const_i64(c, "/inverse_shape", {n}));
        inv = {r, 0};
    }
    set_out(c, 0, {u, 0});
    set_out(c, 2, inv);
    set_out(c, 3, {u, 2});
    data_dependent(c, 0);
    data_dependent(c, 3);
    if (c.node->output_size() < 2 || c.node->output(1).empty())
        return;
    std::vector<int64_t> rev((size_t)n), fill((size_t)n, n);
    for (int64_t i = 0; i < n; i++)
        rev[(size_t)i] = n - 1 - i;
    int32_t g = add(c, "GatherV2", "/reverse");
    connect(c, g, "x", inv);
    connect(c, g, "indices", const_i64(c, "/reverse_indices", rev));
    connect(c, g, "axis", const_i64(c, "/reverse_axis", {0}, true));
    int32_t s = add(c, "ScatterElements", "/first");
    attr_i(c, s, "axis", 0);
    connect(c, s, "data", const_i64(c, "/none", fill));
    connect(c, s, "indices", {g, 0});
    connect(c, s, "updates", const_i64(c, "/positions", rev));
    int32_t ne = add(c, "NotEqual", "/found");
    connect(c, ne, "x1", {s, 0});
    connect(c, ne, "x2", const_i64(c, "/n", {n}, true));
    int32_t m = add(c, "MaskedSelect", "/indices");
    connect(c, m, "x", {s, 0});
    connect(c, m, "mask", {ne, 0});
    set_out(c, 1, {m, 0});
    data_dependent(c, 1);
}

/* NonMaxSuppression: CANN's NonMaxSuppressionV6 (as GE's ONNX parser), its int32 rows cast
 * to ONNX's int64. max_output_boxes_per_class (int64 in ONNX, int32 in the IR: a constant is
 * converted, a graph input cast), iou_threshold and score_threshold are constants or graph
 * inputs (the kernel reads them at each execution); absent, they are left out. */
void conv_nms(Ctx &c, const char *cann)
{
    known_attrs(c, {"center_point_box"});
    int64_t cpb = get_i(c, "center_point_box", 0);
    if (cpb != 0 && cpb != 1)
        refuse("center_point_box " + std::to_string(cpb) + " is not 0 or 1");
    int32_t n = add(c, cann);
    attr_i(c, n, "center_point_box", cpb);
    connect_in(c, n, "boxes", 0);
    connect_in(c, n, "scores", 1);
    if (has_in(c, 2)) {
        std::vector<int64_t> v;
        if (const_ints(c, in_name(c, 2), &v)) {
            if (v.size() != 1)
                refuse("max_output_boxes_per_class must hold one value");
            int32_t m = (int32_t)std::min<int64_t>(std::max<int64_t>(v[0], 0), INT32_MAX);
            std::vector<char> b(4);
            std::memcpy(b.data(), &m, 4);
            connect(c, n, "max_output_size",
                    const_node(c, c.base + "/max_output_size", GE_I32, in_shape(c, 2).dims, b));
        } else {
            int32_t k = add(c, "Cast", "/max_output_size");
            attr_i(c, k, "dst_type", GE_I32);
            connect_in(c, k, "x", 2);
            connect(c, n, "max_output_size", {k, 0});
        }
    }
    if (has_in(c, 3))
        connect_in(c, n, "iou_threshold", 3);
    if (has_in(c, 4))
        connect_in(c, n, "score_threshold", 4);
    int32_t k = add(c, "Cast", "/int64");
    attr_i(c, k, "dst_type", GE_I64);
    connect(c, k, "x", {n, 0});
    set_out(c, 0, {k, 0});
    data_dependent(c, 0);
}

/* Compress without axis of a condition computed or fed at run time: the flattened input's
 * first len(condition) elements where the condition is true, a MaskedSelect (the output's
 * dims depend on the data: a graph output, docs/mdl.md). */
static void compress_fed(Ctx &c)
{
    const Shape &xs = in_shape(c, 0), &cs = in_shape(c, 1);
    if (!xs.known || !cs.known || cs.dims.size() != 1 || cs.dims[0] < 0)
        refuse("the dims of input and of condition (1-d) must be known");
    if (cs.dtype != onnx::TensorProto::BOOL)
        refuse("condition fed at run time must be bool");
    int64_t len = 1;
    for (int64_t d : xs.dims)
        len *= d;
    if (len < 0 || cs.dims[0] > len)
        refuse("condition holds " + std::to_string(cs.dims[0]) + " values for " +
               std::to_string(len) + " elements");
    Ref x = rnn_reshape(c, "/flat", value(c, in_name(c, 0)), {len});
    if (cs.dims[0] < len) {
        int32_t sl = add(c, "Slice", "/head");
        connect(c, sl, "x", x);
        connect(c, sl, "offsets", const_i64(c, "/offsets", {0}));
        connect(c, sl, "size", const_i64(c, "/size", {cs.dims[0]}));
        x = {sl, 0};
    }
    int32_t m = add(c, "MaskedSelect");
    connect(c, m, "x", x);
    connect_in(c, m, "mask", 1);
    set_out(c, 0, {m, 0});
    data_dependent(c, 0);
}

/* Compress: the slices along axis (or the elements of the flattened input) whose condition
 * is true: one GatherV2 of their indices. condition must be a constant (a bool or integer
 * initializer or Constant): the output's dims depend on its values. */
void conv_compress(Ctx &c, const char *)
{
    known_attrs(c, {"axis"});
    auto it = c.consts.find(in_name(c, 1));
    if (it == c.consts.end() && !find_attr(c, "axis")) {
        compress_fed(c);
        return;
    }
    if (it == c.consts.end())
        refuse("input condition (" + in_name(c, 1) +
               ") must be a constant (an initializer or a Constant output) when axis is given");
    int32_t dt;
    std::vector<char> b = tensor_bytes(*it->second, &dt);
    size_t es = ge_size(dt);
    const Shape &xs = in_shape(c, 0);
    if (!xs.known)
        refuse("the rank of input is unknown");
    const onnx::AttributeProto *ax = find_attr(c, "axis");
    int r = (int)xs.dims.size();
    int64_t axis = ax ? wrap_axis(ax->i(), r, "axis") : 0, len = 1;
    if (ax) {
        len = xs.dims[(size_t)axis];
    } else {
        for (int64_t d : xs.dims)
            len *= d;
    }
    if (len < 0)
        refuse("the length along axis must be known");
    if ((int64_t)(b.size() / es) > len)
        refuse("condition holds " + std::to_string(b.size() / es) + " values for " +
               std::to_string(len) + " slices");
    std::vector<int64_t> idx;
    for (size_t k = 0; k < b.size() / es; k++) {
        bool on = false;
        for (size_t j = 0; j < es; j++)
            on = on || b[k * es + j] != 0;
        if (on)
            idx.push_back((int64_t)k);
    }
    Ref x = value(c, in_name(c, 0));
    if (!ax)
        x = rnn_reshape(c, "/flat", x, {len});
    int32_t g = add(c, "GatherV2");
    connect(c, g, "x", x);
    connect(c, g, "indices", const_i64(c, "/indices", idx));
    connect(c, g, "axis", const_i64(c, "/axis", {axis}, true));
    set_out(c, 0, {g, 0});
}

} // namespace atc
