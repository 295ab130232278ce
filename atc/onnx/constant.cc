/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/constant.cc: the ops that make a tensor from attributes and shapes:
 * Constant, ConstantOfShape, Range, EyeLike (constants at conversion when their inputs
 * are, else Fill / Range nodes).
 */
#include "onnx_pvt.h"

#include <cstring>

namespace atc
{

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

} // namespace atc
