/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/elementwise.cc: the elementwise ops: unary, binary and variadic (Max, Min,
 * Sum, Mean), Reciprocal, Pow, Cast, CastLike, Clip, Mod, BitShift, Where, IsInf.
 */
#include "onnx_pvt.h"

namespace atc
{

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

void conv_cast(Ctx &c, const char *cann)
{
    known_attrs(c, {"to"});
    int32_t dt = ge_dtype((int32_t)get_i(c, "to", 0));
    if (dt < 0)
        refuse("attribute to = " + std::to_string(get_i(c, "to", 0)) + " is not a supported type");
    attr_i(c, one_input(c, cann), "dst_type", dt);
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

} // namespace atc
