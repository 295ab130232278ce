/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/reduce.cc: the reductions (ReduceSum, ReduceMean, ReduceMax, ReduceMin,
 * ReduceProd, ReduceL1, ReduceL2, ReduceLogSum, ReduceLogSumExp, ReduceSumSquare), ArgMax
 * and ArgMin, CumSum.
 */
#include "onnx_pvt.h"

namespace atc
{

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

} // namespace atc
