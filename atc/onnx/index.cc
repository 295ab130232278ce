/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/index.cc: the ops that address elements by index: Gather, GatherElements,
 * GatherND, Scatter / ScatterElements, ScatterND, OneHot, TopK, ReverseSequence; and the
 * ones whose output dims depend on the data: NonZero, Unique, Compress.
 */
#include "onnx_pvt.h"

#include <algorithm>
#include <cstring>

namespace atc
{

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

/* GatherND's and ScatterND's data and indices: every dim known, indices of rank 1 or more. */
static void need_data_indices_known(const Shape &d, const Shape &ix)
{
    if (!d.known || !ix.known || ix.dims.empty())
        refuse("the ranks of data and indices must be known");
    for (int64_t v : d.dims)
        if (v < 0)
            refuse("every dim of data must be known");
    for (int64_t v : ix.dims)
        if (v < 0)
            refuse("every dim of indices must be known");
}

/* GatherND: each index tuple (the last dim of indices, k values) addresses a slice of data
 * after batch_dims; as one GatherV2 on data viewed as [B * prod(data dims b..b+k-1), rest]
 * (a Reshape) with the tuple's linear index: ReduceSum of the tuple (negatives wrapped)
 * times the dims' strides, plus each batch's offset (a constant). Every dim known. */
void conv_gather_nd(Ctx &c, const char *)
{
    known_attrs(c, {"batch_dims"});
    const Shape &d = in_shape(c, 0), &ix = in_shape(c, 1);
    need_data_indices_known(d, ix);
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
    need_data_indices_known(d, ix);
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
    Ref at = reshape_to(c, "/linear_column", nd_linear_index(c, idx, kd, strides, q), {n, 1});
    int32_t tile = add(c, "Tile", "/linear_tiled");
    connect(c, tile, "x", at);
    connect(c, tile, "multiples", const_i64(c, "/linear_multiples", {1, rest}));
    int32_t s = add(c, "ScatterElements", "/scatter");
    connect(c, s, "data", reshape_to(c, "/data_flat", value(c, in_name(c, 0)), {nk, rest}));
    connect(c, s, "indices", {tile, 0});
    connect(c, s, "updates", reshape_to(c, "/updates_flat", value(c, in_name(c, 2)), {n, rest}));
    attr_i(c, s, "axis", 0);
    attr_s(c, s, "reduction", red.c_str());
    set_out(c, 0, reshape_to(c, "", {s, 0}, d.dims));
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
    lens = reshape_to(c, "/lens_shape", lens, bdims);
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

void data_dependent(Ctx &c, int i)
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
    Ref x = reshape_to(c, "/flat", value(c, in_name(c, 0)), {len});
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
        x = reshape_to(c, "/flat", x, {len});
    int32_t g = add(c, "GatherV2");
    connect(c, g, "x", x);
    connect(c, g, "indices", const_i64(c, "/indices", idx));
    connect(c, g, "axis", const_i64(c, "/axis", {axis}, true));
    set_out(c, 0, {g, 0});
}

} // namespace atc
