/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Dynamic-shape models (docs/mdl.md, "Dynamic-shape models"): a GE graph whose Data
 * nodes feed value inputs, built with aclgrphBuildModel, loaded and executed:
 *   x [4,6] float, s [2] int64, m [2] int64 -> y = Tile(Reshape(x, s), m)
 * Checked: the description (outputs [-2], size 0), two executions with different values
 * against a host reference and aclmdlGetCurOutputDims after each, a cached plan's
 * re-execution timed against the first execution of new values and against the static
 * model of the same shapes (Const shape and multiples), more value sets than the plan
 * table keeps, bad values (a Reshape count mismatch, a negative dim, a negative multiple)
 * and a too small output buffer refused with ACL_ERROR_INVALID_PARAM naming the node or
 * output (the next execution runs), and two threads executing on two streams with
 * different values at once. Fill, Range, PadV3, TopKV2, StridedSliceV2, SqueezeV3 (optional
 * value inputs), and SplitV (a dynamic output) fed by Data nodes: their outputs and current
 * dims, bad values refused naming the node; values computed from fed values (Cast, Mul) folded on
 * the host.
 */
#include <algorithm>
#include <chrono>
#include <atomic>
#include <thread>

#include "cpuacl/cpuacl_test.h"
#include "mdl_small.h"

using namespace ge;
using namespace small;

namespace
{

constexpr int64_t XR = 4, XC = 6, XN = XR * XC;

Tensor i64_tensor(const std::vector<int64_t> &v)
{
    Tensor t(TensorDesc(Shape({(int64_t)v.size()}), FORMAT_ND, DT_INT64));
    t.SetData(reinterpret_cast<const uint8_t *>(v.data()), v.size() * 8);
    return t;
}

/* With shape and mult empty: the dynamic model (s and m Data nodes), else the static one. */
Graph tile_graph(const std::vector<int64_t> &shape, const std::vector<int64_t> &mult)
{
    op::Data x("x");
    x.set_attr_index(0);
    x.update_input_desc_x(TensorDesc(Shape({XR, XC}), FORMAT_ND, DT_FLOAT));
    Operator s("s", shape.empty() ? "Data" : "Const"), m("m", mult.empty() ? "Data" : "Const");
    if (shape.empty()) {
        s.SetAttr("index", (int64_t)1);
        m.SetAttr("index", (int64_t)2);
        s.UpdateInputDesc("x", TensorDesc(Shape({2}), FORMAT_ND, DT_INT64));
        m.UpdateInputDesc("x", TensorDesc(Shape({2}), FORMAT_ND, DT_INT64));
    } else {
        s.SetAttr("value", i64_tensor(shape));
        m.SetAttr("value", i64_tensor(mult));
    }
    Operator r("reshape", "Reshape"), t("tile", "Tile");
    r.SetInput("x", x).SetInput("shape", s);
    t.SetInput("x", r).SetInput("multiples", m);
    Graph g("tile");
    if (shape.empty())
        g.SetInputs({x, s, m});
    else
        g.SetInputs({x});
    g.SetOutputs({t});
    return g;
}

/* The dynamic model with a second output that does not wait for the values (Relu(x)), and
 * with bad_add: an Add of x and a [5] Const before the Reshape, which the build must refuse. */
Graph mixed_graph(bool bad_add)
{
    op::Data x("x");
    x.set_attr_index(0);
    x.update_input_desc_x(TensorDesc(Shape({XR, XC}), FORMAT_ND, DT_FLOAT));
    Operator s("s", "Data");
    s.SetAttr("index", (int64_t)1);
    s.UpdateInputDesc("x", TensorDesc(Shape({2}), FORMAT_ND, DT_INT64));
    static const float five[5] = {1, 2, 3, 4, 5};
    op::Const c("c");
    c.set_attr_value(host_tensor({5}, five, sizeof(five)));
    op::Add add("add");
    add.set_input_x1(x).set_input_x2(c);
    Operator r("reshape", "Reshape");
    if (bad_add)
        r.SetInput("x", add);
    else
        r.SetInput("x", x);
    r.SetInput("shape", s);
    op::Relu relu("relu");
    relu.set_input_x(x);
    Graph g("mixed");
    g.SetInputs({x, s}).SetOutputs({r, relu});
    return g;
}

uint32_t load(const Graph &g)
{
    ModelBufferData mb = build(g);
    uint32_t id = 0;
    EXPECT(aclmdlLoadFromMem(mb.data.get(), mb.length, &id) == ACL_SUCCESS);
    return id;
}

/* d [2] int64 -> Fill(d, 2.5); start, limit, delta float scalars -> Range: the other IR types
 * whose shapes their values set, one execution each with good and with bad values. */
void fill_range()
{
    Operator d("d", "Data"), s0("s0", "Data"), s1("s1", "Data"), s2("s2", "Data");
    d.SetAttr("index", (int64_t)0);
    d.UpdateInputDesc("x", TensorDesc(Shape({2}), FORMAT_ND, DT_INT64));
    Operator *sc[3] = {&s0, &s1, &s2};
    for (int k = 0; k < 3; k++) {
        sc[k]->SetAttr("index", (int64_t)(k + 1));
        sc[k]->UpdateInputDesc("x", TensorDesc(Shape(std::vector<int64_t>{}), FORMAT_ND, DT_FLOAT));
    }
    static const float v25 = 2.5f;
    op::Const v("v");
    v.set_attr_value(host_tensor({}, &v25, sizeof(v25)));
    Operator fill("fill", "Fill"), range("range", "Range");
    fill.SetInput("dims", d).SetInput("value", v);
    range.SetInput("start", s0).SetInput("limit", s1).SetInput("delta", s2);
    Graph g("fill_range");
    g.SetInputs({d, s0, s1, s2}).SetOutputs({fill, range});
    uint32_t id = load(g);
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS);
    Io in = make_io({4, 1, 1, 1}), out = make_io({8, 8});
    auto set = [&](std::vector<int64_t> dims, float a, float b, float c) {
        aclDataBuffer *db = aclmdlGetDatasetBuffer(in.ds, 0);
        EXPECT(aclrtMemcpy(aclGetDataBufferAddr(db), 16, dims.data(), 16,
                           ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
        put(in, 1, {a});
        put(in, 2, {b});
        put(in, 3, {c});
    };
    set({2, 3}, 1.0f, 2.0f, 0.25f);
    EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
    aclmdlIODims dd;
    EXPECT(aclmdlGetCurOutputDims(desc, 0, &dd) == ACL_SUCCESS && dd.dimCount == 2 &&
           dd.dims[0] == 2 && dd.dims[1] == 3);
    EXPECT(aclmdlGetCurOutputDims(desc, 1, &dd) == ACL_SUCCESS && dd.dimCount == 1 &&
           dd.dims[0] == 4);
    std::vector<float> f = get(out, 0), r = get(out, 1);
    expect_near(std::vector<float>(f.begin(), f.begin() + 6), std::vector<float>(6, 2.5f), "fill");
    expect_near(std::vector<float>(r.begin(), r.begin() + 4), {1.0f, 1.25f, 1.5f, 1.75f}, "range");
    set({-1, 3}, 1.0f, 2.0f, 0.25f);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "fill", aclmdlExecute(id, in.ds, out.ds));
    set({2, 3}, 1.0f, 2.0f, 0.0f);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "range",
                aclmdlExecute(id, in.ds, out.ds));
    set({1, 1}, 3.0f, 0.0f, -1.0f);
    EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
    r = get(out, 1);
    expect_near(std::vector<float>(r.begin(), r.begin() + 3), {3.0f, 2.0f, 1.0f}, "range down");
    free_io(in);
    free_io(out);
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
}

/* x [2,3] float, p [4] int64, k [1] int64, c scalar float -> PadV3(x, p, c) constant,
 * PadV3(x, p) reflect (ONNX's layout: paddings_contiguous false), TopKV2(x, k) along dim 1
 * with int64 indices: two executions with different values, then a reflect pad past the
 * border and a k past the dim refused naming their nodes. */
void pad_top_k()
{
    Operator x("x", "Data"), p("p", "Data"), k("k", "Data"), c("c", "Data");
    Operator *in[4] = {&x, &p, &k, &c};
    const std::vector<int64_t> dims[4] = {{2, 3}, {4}, {1}, {}};
    const DataType dt[4] = {DT_FLOAT, DT_INT64, DT_INT64, DT_FLOAT};
    for (int i = 0; i < 4; i++) {
        in[i]->SetAttr("index", (int64_t)i);
        in[i]->UpdateInputDesc("x", TensorDesc(Shape(dims[i]), FORMAT_ND, dt[i]));
    }
    Operator padc("padc", "PadV3"), padr("padr", "PadV3"), topk("topk", "TopKV2");
    padc.SetInput("x", x).SetInput("paddings", p).SetInput("constant_values", c);
    padc.SetAttr("paddings_contiguous", false);
    padr.SetInput("x", x).SetInput("paddings", p);
    padr.SetAttr("paddings_contiguous", false);
    padr.SetAttr("mode", "reflect");
    topk.SetInput("x", x).SetInput("k", k);
    topk.SetAttr("dim", (int64_t)1);
    topk.SetAttr("indices_dtype", (int64_t)DT_INT64);
    Graph g("pad_top_k");
    g.SetInputs({x, p, k, c}).SetOutputs({{padc, {0}}, {padr, {0}}, {topk, {0, 1}}});
    uint32_t id = load(g);
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS);
    Io io = make_io({6, 8, 2, 1}), out = make_io({32, 32, 6, 12});
    auto set = [&](std::vector<int64_t> pads, int64_t kv, float cv) {
        put(io, 0, {3, 1, 2, -1, 5, 4});
        aclDataBuffer *db = aclmdlGetDatasetBuffer(io.ds, 1);
        EXPECT(aclrtMemcpy(aclGetDataBufferAddr(db), 32, pads.data(), 32,
                           ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
        db = aclmdlGetDatasetBuffer(io.ds, 2);
        EXPECT(aclrtMemcpy(aclGetDataBufferAddr(db), 8, &kv, 8, ACL_MEMCPY_HOST_TO_DEVICE) ==
               ACL_SUCCESS);
        put(io, 3, {cv});
    };
    auto idx = [&](size_t n) {
        std::vector<int64_t> v(n);
        aclDataBuffer *db = aclmdlGetDatasetBuffer(out.ds, 3);
        EXPECT(aclrtMemcpy(v.data(), n * 8, aclGetDataBufferAddr(db), n * 8,
                           ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
        return v;
    };
    /* pads: dim 0 before, dim 1 before, dim 0 after, dim 1 after */
    set({0, 1, 1, 0}, 2, 9.0f);
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 0, {3, 4});
    cur_dims(desc, 1, {3, 4});
    cur_dims(desc, 2, {2, 2});
    expect_near(head_of(out, 0, 12), {9, 3, 1, 2, 9, -1, 5, 4, 9, 9, 9, 9}, "constant pad");
    expect_near(head_of(out, 1, 12), {1, 3, 1, 2, 5, -1, 5, 4, 1, 3, 1, 2}, "reflect pad");
    expect_near(head_of(out, 2, 4), {3, 2, 5, 4}, "top 2");
    EXPECT(idx(4) == (std::vector<int64_t>{0, 2, 1, 2}));
    set({0, -1, 0, 2}, 3, -1.5f); /* a negative pad crops */
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 0, {2, 4});
    cur_dims(desc, 2, {2, 3});
    expect_near(head_of(out, 0, 8), {1, 2, -1.5f, -1.5f, 5, 4, -1.5f, -1.5f},
                "cropped constant pad");
    expect_near(head_of(out, 1, 8), {1, 2, 1, 3, 5, 4, 5, -1}, "cropped reflect pad");
    expect_near(head_of(out, 2, 6), {3, 2, 1, 5, 4, -1}, "top 3");
    EXPECT(idx(6) == (std::vector<int64_t>{0, 2, 1, 1, 2, 0}));
    set({0, 3, 0, 0}, 1, 0.0f); /* reflect: a pad must be below the dim */
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "padr", aclmdlExecute(id, io.ds, out.ds));
    set({0, 0, 0, 0}, 4, 0.0f);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "topk", aclmdlExecute(id, io.ds, out.ds));
    set({1, 0, 0, 0}, 0, 0.0f);
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 2, {2, 0});
    expect_near(head_of(out, 1, 9), {-1, 5, 4, 3, 1, 2, -1, 5, 4}, "reflect pad of dim 0");
    free_io(io);
    free_io(out);
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
}

/* x [4,5] float, b, e, st [2] int64 -> StridedSliceV2(x, b, e, axes Const [0, 1], st) and
 * x1 [1,3,1] float, a [1] int64 -> SqueezeV3(x1, a): optional value inputs ("#?") fed by Data
 * nodes; two executions with different values (a negative step), a stride 0 and an axis not of
 * size 1 refused naming their nodes. */
void slice_squeeze()
{
    Operator x("x", "Data"), b("b", "Data"), e("e", "Data"), st("st", "Data"), x1("x1", "Data"),
        a("a", "Data");
    Operator *in[6] = {&x, &b, &e, &st, &x1, &a};
    const std::vector<int64_t> dims[6] = {{4, 5}, {2}, {2}, {2}, {1, 3, 1}, {1}};
    for (int i = 0; i < 6; i++) {
        in[i]->SetAttr("index", (int64_t)i);
        in[i]->UpdateInputDesc(
            "x", TensorDesc(Shape(dims[i]), FORMAT_ND, i == 0 || i == 4 ? DT_FLOAT : DT_INT64));
    }
    Operator axes("axes", "Const");
    axes.SetAttr("value", i64_tensor({0, 1}));
    Operator sl("slice", "StridedSliceV2"), sq("squeeze", "SqueezeV3");
    sl.SetInput("x", x).SetInput("begin", b).SetInput("end", e).SetInput("axes", axes);
    sl.SetInput("strides", st);
    sq.SetInput("x", x1).SetInput("axes", a);
    Graph g("slice_squeeze");
    g.SetInputs({x, b, e, st, x1, a}).SetOutputs({sl, sq});
    uint32_t id = load(g);
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS);
    Io io = make_io({20, 4, 4, 4, 3, 2}), out = make_io({20, 3});
    std::vector<float> xv(20);
    for (int i = 0; i < 20; i++)
        xv[(size_t)i] = (float)i;
    auto put64 = [&](size_t i, std::vector<int64_t> v) {
        aclDataBuffer *db = aclmdlGetDatasetBuffer(io.ds, i);
        EXPECT(aclrtMemcpy(aclGetDataBufferAddr(db), v.size() * 8, v.data(), v.size() * 8,
                           ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    };
    auto set = [&](std::vector<int64_t> bv, std::vector<int64_t> ev, std::vector<int64_t> sv,
                   int64_t av) {
        put(io, 0, xv);
        put64(1, bv);
        put64(2, ev);
        put64(3, sv);
        put(io, 4, {7, 8, 9});
        put64(5, {av});
    };
    set({1, 0}, {3, 5}, {1, 2}, 0); /* rows 1, 2; columns 0, 2, 4 */
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 0, {2, 3});
    cur_dims(desc, 1, {3, 1});
    expect_near(head_of(out, 0, 6), {5, 7, 9, 10, 12, 14}, "slice");
    expect_near(head_of(out, 1, 3), {7, 8, 9}, "squeeze");
    set({-1, 4}, {-9, 0}, {-2, -3}, -1); /* rows 3, 1; columns 4, 1 */
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 0, {2, 2});
    cur_dims(desc, 1, {1, 3});
    expect_near(head_of(out, 0, 4), {19, 16, 9, 6}, "reversed slice");
    set({0, 0}, {4, 5}, {1, 0}, 0);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "slice",
                aclmdlExecute(id, io.ds, out.ds));
    set({0, 0}, {4, 5}, {1, 1}, 1);
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "squeeze",
                aclmdlExecute(id, io.ds, out.ds));
    free_io(io);
    free_io(out);
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
}

/* Values computed from values fed at run time (folded on the host at each compile):
 * n [] int64 -> Range(0, Cast(n) float, 1) (the window functions' Range), and d [2] int64 ->
 * Fill(Mul(d, [2, 1]), 1.5): two executions with different values, a negative dim refused
 * naming the Fill. */
void computed_values()
{
    Operator nd("n", "Data"), d("d", "Data");
    nd.SetAttr("index", (int64_t)0);
    nd.UpdateInputDesc("x", TensorDesc(Shape(std::vector<int64_t>{}), FORMAT_ND, DT_INT64));
    d.SetAttr("index", (int64_t)1);
    d.UpdateInputDesc("x", TensorDesc(Shape({2}), FORMAT_ND, DT_INT64));
    static const float zero = 0, one = 1, v15 = 1.5f;
    op::Const c0("c0"), c1("c1"), v("v");
    c0.set_attr_value(host_tensor({}, &zero, 4));
    c1.set_attr_value(host_tensor({}, &one, 4));
    v.set_attr_value(host_tensor({}, &v15, 4));
    Operator two("two", "Const");
    two.SetAttr("value", i64_tensor({2, 1}));
    Operator cast("cast", "Cast"), range("range", "Range"), mul("mul", "Mul"), fill("fill", "Fill");
    cast.SetInput("x", nd);
    cast.SetAttr("dst_type", (int64_t)DT_FLOAT);
    range.SetInput("start", c0).SetInput("limit", cast).SetInput("delta", c1);
    mul.SetInput("x1", d).SetInput("x2", two);
    fill.SetInput("dims", mul).SetInput("value", v);
    Graph g("computed");
    g.SetInputs({nd, d}).SetOutputs({range, fill});
    uint32_t id = load(g);
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS);
    aclmdlIODims od;
    EXPECT(aclmdlGetOutputDims(desc, 0, &od) == ACL_SUCCESS && od.dimCount == 1 &&
           od.dims[0] == -2);
    Io io = make_io({2, 4}), out = make_io({16, 32});
    auto set = [&](int64_t n, std::vector<int64_t> dv) {
        aclDataBuffer *db = aclmdlGetDatasetBuffer(io.ds, 0);
        EXPECT(aclrtMemcpy(aclGetDataBufferAddr(db), 8, &n, 8, ACL_MEMCPY_HOST_TO_DEVICE) ==
               ACL_SUCCESS);
        db = aclmdlGetDatasetBuffer(io.ds, 1);
        EXPECT(aclrtMemcpy(aclGetDataBufferAddr(db), 16, dv.data(), 16,
                           ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    };
    set(5, {1, 3});
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 0, {5});
    cur_dims(desc, 1, {2, 3});
    std::vector<float> r = get(out, 0), f = get(out, 1);
    expect_near(std::vector<float>(r.begin(), r.begin() + 5), {0, 1, 2, 3, 4}, "range of cast");
    expect_near(std::vector<float>(f.begin(), f.begin() + 6), std::vector<float>(6, 1.5f),
                "fill of mul");
    set(3, {4, 2});
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 0, {3});
    cur_dims(desc, 1, {8, 2});
    r = get(out, 0);
    expect_near(std::vector<float>(r.begin(), r.begin() + 3), {0, 1, 2}, "range of cast 3");
    set(3, {-1, 2});
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "fill", aclmdlExecute(id, io.ds, out.ds));
    set(2, {1, 1});
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 1, {2, 1});
    free_io(io);
    free_io(out);
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
}

/* x [2,5] float, s [3] int64 -> SplitV(x, s, split_dim Const 1) with its dynamic output y of
 * three entries (num_split 3), each a graph output, the model loaded from its bytes (the
 * entry count is part of the graph section): two executions with different
 * sizes (an empty part), then sizes that do not cover the dim and a negative size refused
 * naming the node; the next good execution runs. */
void split_v()
{
    op::Data x("x"), s("s");
    x.set_attr_index(0);
    x.update_input_desc_x(TensorDesc(Shape({2, 5}), FORMAT_ND, DT_FLOAT));
    s.set_attr_index(1);
    s.update_input_desc_x(TensorDesc(Shape({3}), FORMAT_ND, DT_INT64));
    Operator dim("dim", "Const");
    dim.SetAttr("value", i64_tensor({1}));
    op::SplitV sp("split");
    sp.create_dynamic_output_y(3);
    sp.set_input_x(x).set_input_size_splits(s).set_input_split_dim(dim).set_attr_num_split(3);
    Graph g("split");
    g.SetInputs({x, s}).SetOutputs({{sp, {0, 1, 2}}});
    uint32_t id = load(g);
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS);
    EXPECT(aclmdlGetNumOutputs(desc) == 3);
    Io io = make_io({10, 6}), out = make_io({10, 10, 10});
    auto set = [&](std::vector<int64_t> sv) {
        put(io, 0, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
        aclDataBuffer *db = aclmdlGetDatasetBuffer(io.ds, 1);
        EXPECT(aclrtMemcpy(aclGetDataBufferAddr(db), 24, sv.data(), 24,
                           ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    };
    set({1, 3, 1});
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 0, {2, 1});
    cur_dims(desc, 1, {2, 3});
    cur_dims(desc, 2, {2, 1});
    expect_near(head_of(out, 0, 2), {0, 5}, "split part 0");
    expect_near(head_of(out, 1, 6), {1, 2, 3, 6, 7, 8}, "split part 1");
    expect_near(head_of(out, 2, 2), {4, 9}, "split part 2");
    set({0, 2, 3});
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 0, {2, 0});
    cur_dims(desc, 1, {2, 2});
    cur_dims(desc, 2, {2, 3});
    expect_near(head_of(out, 1, 4), {0, 1, 5, 6}, "split part 1 after an empty part");
    expect_near(head_of(out, 2, 6), {2, 3, 4, 7, 8, 9}, "split part 2 after an empty part");
    auto refused = [&](std::vector<int64_t> sv, const char *why) {
        set(sv);
        EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_ERROR_INVALID_PARAM);
        const char *m = aclGetRecentErrMsg();
        if (!m || !std::strstr(m, "node split (SplitV)") || !std::strstr(m, why))
            std::fprintf(stderr, "split: message \"%s\" lacks \"%s\"\n", m ? m : "(none)", why),
                std::exit(1);
    };
    refused({1, 1, 1}, "input size_splits holds [1, 1, 1], which do not cover dim 1 of x (5)");
    refused({4, -2, 3}, "input size_splits holds -2 at 1");
    set({2, 2, 1});
    EXPECT(aclmdlExecute(id, io.ds, out.ds) == ACL_SUCCESS);
    cur_dims(desc, 2, {2, 1});
    expect_near(head_of(out, 2, 2), {4, 9}, "split after refused values");
    free_io(io);
    free_io(out);
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
}

/* Reshape's dims for s (0 keeps x's dim, -1 the rest), then tiled by m. */
std::vector<int64_t> out_dims(const std::vector<int64_t> &s, const std::vector<int64_t> &m)
{
    int64_t a = s[0] == 0 ? XR : s[0], b = s[1] == 0 ? XC : s[1];
    if (a == -1)
        a = XN / b;
    if (b == -1)
        b = XN / a;
    return {a * m[0], b * m[1]};
}

std::vector<float> ref(const std::vector<float> &x, const std::vector<int64_t> &s,
                       const std::vector<int64_t> &m)
{
    std::vector<int64_t> d = out_dims(s, m);
    int64_t r = d[0] / m[0], c = d[1] / m[1];
    std::vector<float> y((size_t)(d[0] * d[1]));
    for (int64_t i = 0; i < d[0]; i++)
        for (int64_t j = 0; j < d[1]; j++)
            y[(size_t)(i * d[1] + j)] = x[(size_t)((i % r) * c + j % c)];
    return y;
}

struct Exec {
    aclmdlDataset *in, *out;
    void *x, *s, *m, *y;
    size_t ybytes;
};

Exec make_exec(size_t ycount)
{
    Exec e{};
    e.in = aclmdlCreateDataset();
    e.out = aclmdlCreateDataset();
    e.ybytes = ycount * 4;
    EXPECT(aclrtMalloc(&e.x, XN * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclrtMalloc(&e.s, 16, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclrtMalloc(&e.m, 16, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclrtMalloc(&e.y, e.ybytes, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclmdlAddDatasetBuffer(e.in, aclCreateDataBuffer(e.x, XN * 4)) == ACL_SUCCESS);
    EXPECT(aclmdlAddDatasetBuffer(e.in, aclCreateDataBuffer(e.s, 16)) == ACL_SUCCESS);
    EXPECT(aclmdlAddDatasetBuffer(e.in, aclCreateDataBuffer(e.m, 16)) == ACL_SUCCESS);
    EXPECT(aclmdlAddDatasetBuffer(e.out, aclCreateDataBuffer(e.y, e.ybytes)) == ACL_SUCCESS);
    return e;
}

void free_exec(Exec &e)
{
    for (aclmdlDataset *ds : {e.in, e.out}) {
        for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(ds); i++) {
            aclDataBuffer *b = aclmdlGetDatasetBuffer(ds, i);
            aclrtFree(aclGetDataBufferAddr(b));
            aclDestroyDataBuffer(b);
        }
        aclmdlDestroyDataset(ds);
    }
}

void set_values(Exec &e, const std::vector<float> &x, const std::vector<int64_t> &s,
                const std::vector<int64_t> &m)
{
    EXPECT(aclrtMemcpy(e.x, XN * 4, x.data(), XN * 4, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    EXPECT(aclrtMemcpy(e.s, 16, s.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    EXPECT(aclrtMemcpy(e.m, 16, m.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
}

void check_out(const Exec &e, const std::vector<float> &want, const char *what)
{
    std::vector<float> got(want.size());
    EXPECT(got.size() * 4 <= e.ybytes);
    EXPECT(aclrtMemcpy(got.data(), got.size() * 4, e.y, got.size() * 4,
                       ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
    expect_near(got, want, what);
}

/* Execute id with values s, m and check y and aclmdlGetCurOutputDims. */
void run_check(uint32_t id, aclmdlDesc *desc, Exec &e, const std::vector<float> &x,
               const std::vector<int64_t> &s, const std::vector<int64_t> &m)
{
    set_values(e, x, s, m);
    EXPECT(aclmdlExecute(id, e.in, e.out) == ACL_SUCCESS);
    check_out(e, ref(x, s, m), "y");
    aclmdlIODims d;
    EXPECT(aclmdlGetCurOutputDims(desc, 0, &d) == ACL_SUCCESS);
    std::vector<int64_t> want = out_dims(s, m);
    EXPECT(d.dimCount == 2 && d.dims[0] == want[0] && d.dims[1] == want[1]);
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double time_exec(uint32_t id, aclmdlDataset *in, aclmdlDataset *out, int n)
{
    std::vector<double> t;
    for (int i = 0; i < n; i++) {
        auto t0 = std::chrono::steady_clock::now();
        EXPECT(aclmdlExecute(id, in, out) == ACL_SUCCESS);
        t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                        .count());
    }
    return median(t);
}

} // namespace

int main()
{
    small_start();
    {
        /* not with queues: their buffers are sized from the description */
        ModelBufferData mb = build(tile_graph({}, {}));
        uint32_t qid = 0, q[4] = {1, 2, 3, 4};
        EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlLoadFromMemWithQ", "unknown shape",
                    aclmdlLoadFromMemWithQ(mb.data.get(), mb.length, &qid, q, 3, q + 3, 1));
    }
    uint32_t id = load(tile_graph({}, {}));
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS);
    EXPECT(aclmdlGetNumInputs(desc) == 3 && aclmdlGetNumOutputs(desc) == 1);
    EXPECT(aclmdlGetInputSizeByIndex(desc, 1) == 16);
    EXPECT(aclmdlGetOutputSizeByIndex(desc, 0) == 0);
    EXPECT(aclmdlGetOutputDataType(desc, 0) == ACL_FLOAT);
    aclmdlIODims d;
    EXPECT(aclmdlGetOutputDims(desc, 0, &d) == ACL_SUCCESS && d.dimCount == 1 && d.dims[0] == -2);
    EXPECT(aclmdlGetCurOutputDims(desc, 0, &d) == ACL_SUCCESS && d.dimCount == 1 &&
           d.dims[0] == -2); /* no execution yet */

    /* the build infers what does not wait for the values: its errors are the build's, its
     * outputs get their dims */
    {
        ModelBufferData mb;
        std::map<AscendString, AscendString> opts;
        EXPECT(aclgrphBuildModel(mixed_graph(true), opts, mb) != GRAPH_SUCCESS);
        EXPECT(std::strstr(aclGetRecentErrMsg(), "add"));
        uint32_t mid = load(mixed_graph(false));
        aclmdlDesc *md = aclmdlCreateDesc();
        EXPECT(aclmdlGetDesc(md, mid) == ACL_SUCCESS);
        EXPECT(aclmdlGetOutputDims(md, 0, &d) == ACL_SUCCESS && d.dimCount == 1 &&
               d.dims[0] == -2 && aclmdlGetOutputSizeByIndex(md, 0) == 0);
        EXPECT(aclmdlGetOutputDims(md, 1, &d) == ACL_SUCCESS && d.dimCount == 2 &&
               d.dims[0] == XR && d.dims[1] == XC && aclmdlGetOutputSizeByIndex(md, 1) == XN * 4);
        aclmdlDestroyDesc(md);
        EXPECT(aclmdlUnload(mid) == ACL_SUCCESS);
    }

    fill_range();
    pad_top_k();
    slice_squeeze();
    computed_values();
    split_v();

    std::vector<float> x = pattern(XN, 0.5f, 1.0f);
    Exec e = make_exec(XN * 16);
    /* two executions with different values, then the first again (its cached plan) */
    run_check(id, desc, e, x, {3, 8}, {2, 1});
    run_check(id, desc, e, x, {8, -1}, {1, 2});
    run_check(id, desc, e, x, {0, 0}, {2, 2});
    run_check(id, desc, e, x, {3, 8}, {2, 1});

    /* bad values fail that execution, naming the node; the next one runs */
    set_values(e, x, {5, 5}, {1, 1});
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "reshape",
                aclmdlExecute(id, e.in, e.out));
    set_values(e, x, {-2, 12}, {1, 1});
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "reshape",
                aclmdlExecute(id, e.in, e.out));
    set_values(e, x, {4, 6}, {-1, 1});
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "aclmdlExecute", "tile", aclmdlExecute(id, e.in, e.out));
    run_check(id, desc, e, x, {6, 4}, {1, 1});
    /* an output buffer too small for this execution's result: its code, naming the output */
    set_values(e, x, {4, 6}, {4, 8}); /* [16, 48]: 3072 bytes, the buffer 1536 */
    EXPECT_FAIL(ACL_ERROR_INVALID_PARAM, "output 0", "[16, 48] float32, 3072 bytes",
                aclmdlExecute(id, e.in, e.out));
    run_check(id, desc, e, x, {4, 6}, {4, 4});

    /* more value sets than the plan table keeps (16): each still right */
    for (int64_t a : {1, 2, 3, 4, 6, 8, 12, 24})
        for (int64_t t : {1, 2, 3})
            run_check(id, desc, e, x, {a, -1}, {t, 1});
    run_check(id, desc, e, x, {3, 8}, {2, 1});

    /* timing: the first execution of new values (compile + capture), a cached plan's
     * re-execution, and the static model of the same shapes */
    uint32_t sid = load(tile_graph({3, 8}, {2, 2}));
    Exec se = make_exec(XN * 4);
    set_values(se, x, {3, 8}, {2, 2});
    aclmdlDataset *sin = aclmdlCreateDataset();
    EXPECT(aclmdlAddDatasetBuffer(sin, aclmdlGetDatasetBuffer(se.in, 0)) == ACL_SUCCESS);
    EXPECT(aclmdlExecute(sid, sin, se.out) == ACL_SUCCESS);
    check_out(se, ref(x, {3, 8}, {2, 2}), "static y");
    std::vector<double> first;
    for (int64_t k = 1; k <= 5; k++) { /* new values each: {3, 8} x {2, 2 + k} */
        set_values(e, x, {3, 8}, {2, 2 + k});
        auto t0 = std::chrono::steady_clock::now();
        EXPECT(aclmdlExecute(id, e.in, e.out) == ACL_SUCCESS);
        first.push_back(
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0)
                .count());
    }
    /* a cached plan is not compiled again: the runtime core's allocations (the plan's
     * arena, its captured model run instance) happen at the first execution of the values
     * only */
    set_values(e, x, {3, 8}, {1, 9});
    cpuaclTestFailAlloc(INT64_MAX); /* counts; never fires */
    EXPECT(aclmdlExecute(id, e.in, e.out) == ACL_SUCCESS);
    uint64_t fresh = cpuaclTestAllocCount(nullptr);
    cpuaclTestFailAlloc(INT64_MAX);
    EXPECT(aclmdlExecute(id, e.in, e.out) == ACL_SUCCESS);
    uint64_t again = cpuaclTestAllocCount(nullptr);
    cpuaclTestFailAlloc(-1);
    std::printf("mdl_dynshape: core allocations: first execution of new values %llu, cached "
                "plan %llu\n",
                (unsigned long long)fresh, (unsigned long long)again);
    EXPECT(fresh > again);
    set_values(e, x, {3, 8}, {2, 2});
    EXPECT(aclmdlExecute(id, e.in, e.out) == ACL_SUCCESS);
    double cached = 0, stat = 0;
    for (int round = 0; round < 3; round++) { /* interleaved: the machine's load hits both */
        cached += time_exec(id, e.in, e.out, 201) / 3;
        stat += time_exec(sid, sin, se.out, 201) / 3;
    }
    check_out(e, ref(x, {3, 8}, {2, 2}), "cached y");
    std::printf("mdl_dynshape: first execution of new values %.1f us (median of 5), cached "
                "plan %.1f us, static model %.1f us (medians of 3 x 201): cached / static "
                "%.2f\n",
                median(first), cached, stat, cached / stat);

    /* two streams, two threads, different values, at once */
    auto worker = [&](std::vector<int64_t> s, std::vector<int64_t> m, int n) {
        EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
        aclrtStream st = nullptr;
        EXPECT(aclrtCreateStream(&st) == ACL_SUCCESS);
        Exec w = make_exec(XN * 4);
        for (int i = 0; i < n; i++) {
            std::vector<float> xi = pattern(XN, 0.25f, (float)i);
            set_values(w, xi, {1, 1}, {1, 1});
            /* the values come by a copy queued on the stream: the execution reads them after it */
            EXPECT(aclrtMemcpyAsync(w.s, 16, s.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE, st) ==
                   ACL_SUCCESS);
            EXPECT(aclrtMemcpyAsync(w.m, 16, m.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE, st) ==
                   ACL_SUCCESS);
            EXPECT(aclmdlExecuteAsync(id, w.in, w.out, st) == ACL_SUCCESS);
            EXPECT(aclrtSynchronizeStream(st) == ACL_SUCCESS);
            check_out(w, ref(xi, s, m), "threaded y");
        }
        free_exec(w);
        EXPECT(aclrtDestroyStream(st) == ACL_SUCCESS);
    };
    std::thread t1(worker, std::vector<int64_t>{3, 8}, std::vector<int64_t>{2, 1}, 40);
    std::thread t2(worker, std::vector<int64_t>{2, 12}, std::vector<int64_t>{1, 4}, 40);
    t1.join();
    t2.join();

    /* DY1: a plan dropped from a full table is freed outside the model's lock, since freeing
     * waits for the stream it last ran on. Stream sa runs a plan and then waits for a notify
     * that a second thread records only after aclmdlGetCurOutputDims (which takes the lock);
     * meanwhile this thread executes 16 new value sets, which drop sa's plan. Freed under the
     * lock, the drop waited for sa, sa for the notify, the notify for the lock: a hang
     * (ctest's timeout). */
    {
        aclrtStream sa = nullptr;
        aclrtNotify nt = nullptr;
        EXPECT(aclrtCreateStream(&sa) == ACL_SUCCESS);
        EXPECT(aclrtCreateNotify(&nt, 0) == ACL_SUCCESS);
        Exec a = make_exec(XN * 4);
        set_values(a, x, {2, 12}, {2, 2}); /* values no other execution uses: its own plan */
        EXPECT(aclmdlExecuteAsync(id, a.in, a.out, sa) == ACL_SUCCESS);
        EXPECT(aclrtWaitAndResetNotify(nt, sa, 0) == ACL_SUCCESS);
        std::atomic<bool> evicting{false};
        std::thread rec([&] {
            EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
            /* acquire: pairs with the store below */
            while (!evicting.load(std::memory_order_acquire))
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            std::this_thread::sleep_for(std::chrono::milliseconds(100)); /* the drop waits now */
            aclmdlIODims cd;
            EXPECT(aclmdlGetCurOutputDims(desc, 0, &cd) == ACL_SUCCESS);
            aclrtStream sr = nullptr;
            EXPECT(aclrtCreateStream(&sr) == ACL_SUCCESS);
            EXPECT(aclrtRecordNotify(nt, sr) == ACL_SUCCESS);
            EXPECT(aclrtSynchronizeStream(sr) == ACL_SUCCESS);
            EXPECT(aclrtDestroyStream(sr) == ACL_SUCCESS);
        });
        /* 16 new value sets fill the table past sa's plan, the least recently used */
        for (int64_t k = 1; k <= 16; k++) {
            if (k == 16)
                evicting.store(true, std::memory_order_release); /* release: see the acquire */
            run_check(id, desc, e, x, {4, 6}, {k, 1});
        }
        rec.join();
        EXPECT(aclrtSynchronizeStream(sa) == ACL_SUCCESS);
        check_out(a, ref(x, {2, 12}, {2, 2}), "y of the dropped plan");
        free_exec(a);
        EXPECT(aclrtDestroyNotify(nt) == ACL_SUCCESS);
        EXPECT(aclrtDestroyStream(sa) == ACL_SUCCESS);
    }

    aclmdlDestroyDataset(sin);
    free_exec(se);
    free_exec(e);
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(sid) == ACL_SUCCESS);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
    aclgrphBuildFinalize();
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::printf("mdl_dynshape: ok\n");
    return 0;
}
