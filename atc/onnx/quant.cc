/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/quant.cc: quantisation: QuantizeLinear, DequantizeLinear,
 * DynamicQuantizeLinear; ConvInteger, MatMulInteger, QLinearConv and QLinearMatMul.
 */
#include "onnx_pvt.h"

namespace atc
{

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
        z = reshape_to(c, "/" + w + "_zero_point_shape", z, per_shape);
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
        v = reshape_to(c, std::string("/") + what + "_shape", v, per_shape);
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
                     reshape_to(c, "/bias_shape",
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

} // namespace atc
