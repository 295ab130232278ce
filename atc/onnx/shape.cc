/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/shape.cc: the ops that rearrange a tensor's dims or elements without
 * computing: Concat, Flatten, Reshape, Transpose, Unsqueeze, Squeeze, Shape, Size, Split,
 * Expand, Tile, Pad, Slice.
 */
#include "onnx_pvt.h"

#include <algorithm>

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

bool axes_of(Ctx &c, int64_t input_since, std::vector<int64_t> *axes)
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

} // namespace atc
