/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Offline models with dynamic gears built from GE graphs (ge.dynamicBatchSize,
 * ge.dynamicImageSize, ge.dynamicDims with -1 dims in input_shape): each gear
 * is selected with aclmdlSetDynamicBatchSize / SetDynamicHWSize /
 * SetInputDynamicDims, run (sync and async) and compared with the static
 * model built from the same graph at that gear's shapes; an unset dataset
 * runs the largest gear; the description getters (gears, the gear input,
 * -1 input dims, sizes at the largest gear, aclmdlGetCurOutputDims); then
 * the misuse rows with their codes (gears not configured, wrong kind, sizes,
 * unknown ids, build options GE refuses).
 */
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_mdl.h"
#include "acl/error_codes/ge_error_codes.h"
#include "all_ops.h"
#include "ge/ge_api_types.h"
#include "ge/ge_ir_build.h"
#include "graph/graph.h"

#include "mdl_expect.h"

using namespace ge;
using Opts = std::map<AscendString, AscendString>;

static std::vector<float> pattern(size_t n, float scale, float shift)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; i++)
        v[i] = scale * (float)((i * 29 + 7) % 19) - shift;
    return v;
}

static Tensor host_tensor(const std::vector<int64_t> &dims, const void *p, size_t bytes,
                          Format f = FORMAT_ND)
{
    Tensor t(TensorDesc(Shape(dims), f, DT_FLOAT));
    t.SetData(static_cast<const uint8_t *>(p), bytes);
    return t;
}

/* ---- graphs --------------------------------------------------------------------- */

/* h = Relu(x @ W + y), x [b, 8], y [b, 6]: batch gears and dims gears. */
static const std::vector<float> kW = pattern(8 * 6, 0.125f, 1.0f);

static Graph mlp_graph()
{
    op::Data x("x"), y("y");
    x.set_attr_index(0);
    y.set_attr_index(1);
    op::Const w("w");
    w.set_attr_value(host_tensor({8, 6}, kW.data(), kW.size() * 4));
    op::MatMulV2 mm("mm");
    mm.set_input_x1(x).set_input_x2(w);
    op::Add add("add");
    add.set_input_x1(mm).set_input_x2(y);
    op::Relu relu("relu");
    relu.set_input_x(add);
    Graph g("mlp");
    g.SetInputs({x, y}).SetOutputs({relu});
    return g;
}

/* Relu(Conv2D(image, F)) with 3x3 same padding: image [1, 2, H, W] -> [1, 4, H, W]. */
static const std::vector<float> kF = pattern(4 * 2 * 9, 0.0625f, 0.5f);

static Graph conv_graph()
{
    op::Data x("image");
    x.set_attr_index(0);
    op::Const f("filter");
    f.set_attr_value(host_tensor({4, 2, 3, 3}, kF.data(), kF.size() * 4, FORMAT_NCHW));
    op::Conv2D conv("conv");
    conv.set_input_x(x).set_input_filter(f);
    conv.set_attr_strides({1, 1, 1, 1})
        .set_attr_pads({1, 1, 1, 1})
        .set_attr_dilations({1, 1, 1, 1});
    conv.set_attr_data_format("NCHW");
    op::Relu relu("relu");
    relu.set_input_x(conv);
    Graph g("conv");
    g.SetInputs({x}).SetOutputs({relu});
    return g;
}

static ModelBufferData build(const Graph &g, const Opts &o)
{
    ModelBufferData m;
    EXPECT(aclgrphBuildModel(g, o, m) == GRAPH_SUCCESS);
    return m;
}

static uint32_t load(const ModelBufferData &m)
{
    uint32_t id = 0;
    EXPECT(aclmdlLoadFromMem(m.data.get(), m.length, &id) == ACL_SUCCESS);
    return id;
}

/* ---- datasets ---------------------------------------------------------------------- */

struct Io {
    aclmdlDataset *ds = nullptr;
    std::vector<void *> dev;
    std::vector<size_t> size;
};

static Io make_io(const std::vector<size_t> &sizes)
{
    Io io;
    io.ds = aclmdlCreateDataset();
    for (size_t n : sizes) {
        void *p = nullptr;
        EXPECT(aclrtMalloc(&p, n, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        EXPECT(aclrtMemset(p, n, 0, n) == ACL_SUCCESS);
        EXPECT(aclmdlAddDatasetBuffer(io.ds, aclCreateDataBuffer(p, n)) == ACL_SUCCESS);
        io.dev.push_back(p);
        io.size.push_back(n);
    }
    return io;
}

static void free_io(Io &io)
{
    for (size_t i = 0; i < io.dev.size(); i++) {
        aclDestroyDataBuffer(aclmdlGetDatasetBuffer(io.ds, i));
        aclrtFree(io.dev[i]);
    }
    aclmdlDestroyDataset(io.ds);
}

static void put(Io &io, size_t i, const std::vector<float> &v)
{
    EXPECT(v.size() * 4 <= io.size[i]);
    EXPECT(aclrtMemcpy(io.dev[i], io.size[i], v.data(), v.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE) ==
           ACL_SUCCESS);
}

static std::vector<float> get(const Io &io, size_t i, size_t n)
{
    std::vector<float> v(n);
    EXPECT(n * 4 <= io.size[i]);
    EXPECT(aclrtMemcpy(v.data(), n * 4, io.dev[i], n * 4, ACL_MEMCPY_DEVICE_TO_HOST) ==
           ACL_SUCCESS);
    return v;
}

static void expect_same(const std::vector<float> &got, const std::vector<float> &want,
                        const char *what)
{
    EXPECT(got.size() == want.size());
    for (size_t i = 0; i < got.size(); i++)
        if (!(std::fabs(got[i] - want[i]) <= 1e-5f + 1e-5f * std::fabs(want[i]))) {
            std::fprintf(stderr, "%s[%zu] = %g, the static model gives %g\n", what, i, got[i],
                         want[i]);
            std::exit(1);
        }
}

/* Run the static model built from g at inputs (shapes from opts) and return output 0. */
static std::vector<float> run_static(const Graph &g, const Opts &opts,
                                     const std::vector<std::vector<float>> &in, size_t nout)
{
    ModelBufferData m = build(g, opts);
    uint32_t id = load(m);
    std::vector<size_t> isz;
    for (const auto &v : in)
        isz.push_back(v.size() * 4);
    Io i = make_io(isz), o = make_io({nout * 4});
    for (size_t k = 0; k < in.size(); k++)
        put(i, k, in[k]);
    EXPECT(aclmdlExecute(id, i.ds, o.ds) == ACL_SUCCESS);
    std::vector<float> r = get(o, 0, nout);
    free_io(i);
    free_io(o);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
    return r;
}

static size_t gear_index(aclmdlDesc *d)
{
    size_t idx = 99;
    EXPECT(aclmdlGetInputIndexByName(d, ACL_DYNAMIC_TENSOR_NAME, &idx) == ACL_SUCCESS);
    return idx;
}

/* ---- batch gears ------------------------------------------------------------------- */

static void batch_gears()
{
    Opts o = {{ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"}, {ir_option::DYNAMIC_BATCH_SIZE, "1,2,4"}};
    ModelBufferData m = build(mlp_graph(), o);
    uint32_t id = load(m);
    aclmdlDesc *d = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(d, id) == ACL_SUCCESS);
    EXPECT(aclmdlGetNumInputs(d) == 3 && aclmdlGetNumOutputs(d) == 1);
    size_t gi = gear_index(d);
    EXPECT(gi == 2); /* the gear input comes after the model's own inputs */
    EXPECT(aclmdlGetInputDataType(d, gi) == ACL_INT32);
    EXPECT(aclmdlGetInputSizeByIndex(d, gi) == 4);
    EXPECT(aclmdlGetInputSizeByIndex(d, 0) == 4 * 8 * 4); /* the largest gear */
    EXPECT(aclmdlGetOutputSizeByIndex(d, 0) == 4 * 6 * 4);
    aclmdlIODims dims;
    EXPECT(aclmdlGetInputDims(d, 0, &dims) == ACL_SUCCESS);
    EXPECT(dims.dimCount == 2 && dims.dims[0] == -1 && dims.dims[1] == 8);
    EXPECT(aclmdlGetOutputDims(d, 0, &dims) == ACL_SUCCESS);
    EXPECT(dims.dimCount == 2 && dims.dims[0] == 4 && dims.dims[1] == 6);
    aclmdlBatch b;
    EXPECT(aclmdlGetDynamicBatch(d, &b) == ACL_SUCCESS);
    EXPECT(b.batchCount == 3 && b.batch[0] == 1 && b.batch[1] == 2 && b.batch[2] == 4);
    aclmdlHW hw;
    EXPECT(aclmdlGetDynamicHW(d, (size_t)-1, &hw) == ACL_SUCCESS && hw.hwCount == 0);
    /* before any setter: the largest gear */
    EXPECT(aclmdlGetCurOutputDims(d, 0, &dims) == ACL_SUCCESS && dims.dims[0] == 4);

    Io in = make_io({4 * 8 * 4, 4 * 6 * 4, 4}), out = make_io({4 * 6 * 4});
    aclrtStream s = nullptr;
    EXPECT(aclrtCreateStream(&s) == ACL_SUCCESS);
    for (int64_t bs : {1, 2, 4}) {
        std::vector<float> x = pattern((size_t)bs * 8, 0.25f, 1.5f + (float)bs);
        std::vector<float> y = pattern((size_t)bs * 6, 0.5f, 2.0f);
        Opts so = {{ir_option::INPUT_SHAPE,
                    ("x:" + std::to_string(bs) + ",8;y:" + std::to_string(bs) + ",6").c_str()}};
        std::vector<float> want = run_static(mlp_graph(), so, {x, y}, (size_t)bs * 6);
        put(in, 0, x);
        put(in, 1, y);
        EXPECT(aclmdlSetDynamicBatchSize(id, in.ds, gi, (uint64_t)bs) == ACL_SUCCESS);
        int32_t written = 0;
        EXPECT(aclrtMemcpy(&written, 4, in.dev[gi], 4, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
        EXPECT(written == bs); /* the gear input holds the selection */
        EXPECT(aclmdlGetCurOutputDims(d, 0, &dims) == ACL_SUCCESS);
        EXPECT(dims.dimCount == 2 && dims.dims[0] == bs && dims.dims[1] == 6);
        EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
        expect_same(get(out, 0, (size_t)bs * 6), want, "batch gear (sync)");
        std::vector<float> zero((size_t)4 * 6, 0.0f);
        put(out, 0, zero);
        EXPECT(aclmdlExecuteAsync(id, in.ds, out.ds, s) == ACL_SUCCESS);
        EXPECT(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        expect_same(get(out, 0, (size_t)bs * 6), want, "batch gear (async)");
    }
    /* A gear input buffer of 8 bytes takes the value as uint64 (GE's executor). */
    Io wide = make_io({4 * 8 * 4, 4 * 6 * 4, 8});
    EXPECT(aclmdlSetDynamicBatchSize(id, wide.ds, gi, 2) == ACL_SUCCESS);
    uint64_t w64 = 0;
    EXPECT(aclrtMemcpy(&w64, 8, wide.dev[gi], 8, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
    EXPECT(w64 == 2);
    EXPECT(aclmdlExecute(id, wide.ds, out.ds) == ACL_SUCCESS);
    free_io(wide);

    /* Per dataset: a fresh dataset (no setter) runs the largest gear, 4. */
    Io fresh = make_io({4 * 8 * 4, 4 * 6 * 4, 4});
    std::vector<float> x4 = pattern(32, 0.25f, 0.75f), y4 = pattern(24, 0.5f, 1.0f);
    put(fresh, 0, x4);
    put(fresh, 1, y4);
    EXPECT(aclmdlExecute(id, fresh.ds, out.ds) == ACL_SUCCESS);
    std::vector<float> want4 =
        run_static(mlp_graph(), {{ir_option::INPUT_SHAPE, "x:4,8;y:4,6"}}, {x4, y4}, 24);
    expect_same(get(out, 0, 24), want4, "unset dataset (largest gear)");
    free_io(fresh);

    /* A smaller gear accepts input buffers of the gear's size. */
    Io small = make_io({1 * 8 * 4, 1 * 6 * 4, 4});
    EXPECT(aclmdlSetDynamicBatchSize(id, small.ds, gi, 1) == ACL_SUCCESS);
    EXPECT(aclmdlExecute(id, small.ds, out.ds) == ACL_SUCCESS);
    EXPECT(aclmdlSetDynamicBatchSize(id, small.ds, gi, 1) == ACL_SUCCESS);
    /* ... and a selection whose inputs do not fit is refused at execute */
    EXPECT(aclmdlSetDynamicBatchSize(id, small.ds, gi, 2) == ACL_SUCCESS);
    EXPECT(aclmdlExecute(id, small.ds, out.ds) == ACL_ERROR_INVALID_PARAM);
    free_io(small);

    /* Misuse. */
    EXPECT(aclmdlSetDynamicBatchSize(id, in.ds, gi, 3) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "1 2 4") != nullptr);
    EXPECT(aclmdlSetDynamicBatchSize(id, in.ds, gi, 0) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlSetDynamicBatchSize(id, nullptr, gi, 1) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlSetDynamicBatchSize(id, in.ds, 7, 1) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlSetDynamicBatchSize(0xFFFFFF0u, in.ds, gi, 1) ==
           ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
    EXPECT(aclmdlSetDynamicHWSize(id, in.ds, gi, 4, 4) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    aclmdlIODims all = {};
    all.dimCount = 4;
    EXPECT(aclmdlSetInputDynamicDims(id, in.ds, gi, &all) == ACL_ERROR_INVALID_PARAM); /* dims 0 */
    Io tiny = make_io({4 * 8 * 4, 4 * 6 * 4, 2});
    EXPECT(aclmdlSetDynamicBatchSize(id, tiny.ds, gi, 1) ==
           ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
    EXPECT(aclmdlExecute(id, tiny.ds, out.ds) == ACL_ERROR_INVALID_PARAM); /* 2 < 4 bytes */
    free_io(tiny);
    /* a gear input the caller filled with a value that is no gear */
    int32_t bad = 3;
    EXPECT(aclmdlSetDynamicBatchSize(id, in.ds, gi, 1) == ACL_SUCCESS);
    EXPECT(aclrtMemcpy(in.dev[gi], 4, &bad, 4, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "holds 3") != nullptr);

    /* A static model has no gears. */
    ModelBufferData sm = build(mlp_graph(), {{ir_option::INPUT_SHAPE, "x:2,8;y:2,6"}});
    uint32_t sid = load(sm);
    Io sin = make_io({64, 48});
    EXPECT(aclmdlSetDynamicBatchSize(sid, sin.ds, 0, 2) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    free_io(sin);
    EXPECT(aclmdlUnload(sid) == ACL_SUCCESS);

    EXPECT(aclrtDestroyStream(s) == ACL_SUCCESS);
    free_io(in);
    free_io(out);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
    /* the description outlives the model: its current dims are the largest gear's */
    EXPECT(aclmdlGetCurOutputDims(d, 0, &dims) == ACL_SUCCESS && dims.dims[0] == 4);
    aclmdlDestroyDesc(d);
}

/* ---- H*W gears ---------------------------------------------------------------------- */

static void hw_gears()
{
    Opts o = {{ir_option::INPUT_FORMAT, "NCHW"},
              {ir_option::INPUT_SHAPE, "image:1,2,-1,-1"},
              {ir_option::DYNAMIC_IMAGE_SIZE, "4,6;8,8;5,3"}};
    ModelBufferData m = build(conv_graph(), o);
    uint32_t id = load(m);
    aclmdlDesc *d = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(d, id) == ACL_SUCCESS);
    size_t gi = gear_index(d);
    EXPECT(gi == 1 && aclmdlGetInputSizeByIndex(d, gi) == 8);
    aclmdlHW hw;
    EXPECT(aclmdlGetDynamicHW(d, (size_t)-1, &hw) == ACL_SUCCESS);
    EXPECT(hw.hwCount == 3 && hw.hw[1][0] == 8 && hw.hw[1][1] == 8 && hw.hw[2][0] == 5 &&
           hw.hw[2][1] == 3);
    aclmdlIODims dims;
    EXPECT(aclmdlGetInputDims(d, 0, &dims) == ACL_SUCCESS);
    EXPECT(dims.dimCount == 4 && dims.dims[2] == -1 && dims.dims[3] == -1);
    EXPECT(aclmdlGetInputSizeByIndex(d, 0) == 2 * 8 * 8 * 4);
    EXPECT(aclmdlGetOutputDims(d, 0, &dims) == ACL_SUCCESS);
    EXPECT(dims.dims[1] == 4 && dims.dims[2] == 8 && dims.dims[3] == 8);
    Io in = make_io({2 * 8 * 8 * 4, 8}), out = make_io({4 * 8 * 8 * 4});
    for (auto g : std::vector<std::pair<int, int>>{{4, 6}, {8, 8}, {5, 3}}) {
        std::vector<float> x = pattern((size_t)2 * g.first * g.second, 0.125f, 1.0f);
        std::string shape = "image:1,2," + std::to_string(g.first) + "," + std::to_string(g.second);
        std::vector<float> want =
            run_static(conv_graph(),
                       {{ir_option::INPUT_FORMAT, "NCHW"}, {ir_option::INPUT_SHAPE, shape.c_str()}},
                       {x}, (size_t)4 * g.first * g.second);
        put(in, 0, x);
        EXPECT(aclmdlSetDynamicHWSize(id, in.ds, gi, (uint64_t)g.first, (uint64_t)g.second) ==
               ACL_SUCCESS);
        EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
        expect_same(get(out, 0, want.size()), want, "H*W gear");
        EXPECT(aclmdlGetCurOutputDims(d, 0, &dims) == ACL_SUCCESS);
        EXPECT(dims.dims[2] == g.first && dims.dims[3] == g.second);
    }
    EXPECT(aclmdlSetDynamicHWSize(id, in.ds, gi, 6, 4) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "(4,6) (8,8) (5,3)") != nullptr);
    EXPECT(aclmdlSetDynamicHWSize(id, in.ds, gi, 0, 4) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlSetDynamicBatchSize(id, in.ds, gi, 4) == ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    free_io(in);
    free_io(out);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
    aclmdlDestroyDesc(d);
}

/* ---- dims gears ------------------------------------------------------------------------ */

static void dims_gears()
{
    /* x [-1, 8], y [-1, -1]: three -1 dims, gears of three values */
    Opts o = {{ir_option::INPUT_FORMAT, "ND"},
              {ir_option::INPUT_SHAPE, "x:-1,8;y:-1,-1"},
              {ir_option::DYNAMIC_DIMS, "1,1,6;3,3,6;2,2,6"}};
    ModelBufferData m = build(mlp_graph(), o);
    uint32_t id = load(m);
    aclmdlDesc *d = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(d, id) == ACL_SUCCESS);
    size_t gi = gear_index(d), count = 0;
    EXPECT(gi == 2 && aclmdlGetInputSizeByIndex(d, gi) == 12);
    EXPECT(aclmdlGetInputDynamicGearCount(d, (size_t)-1, &count) == ACL_SUCCESS && count == 3);
    aclmdlIODims g[3];
    EXPECT(aclmdlGetInputDynamicDims(d, (size_t)-1, g, 3) == ACL_SUCCESS);
    EXPECT(g[1].dimCount == 4 && g[1].dims[0] == 3 && g[1].dims[1] == 8 && g[1].dims[2] == 3 &&
           g[1].dims[3] == 6);
    Io in = make_io({3 * 8 * 4, 3 * 6 * 4, 12}), out = make_io({3 * 6 * 4});
    for (int k = 0; k < 3; k++) {
        int64_t bs = g[k].dims[0];
        std::vector<float> x = pattern((size_t)bs * 8, 0.25f, 0.5f * (float)k);
        std::vector<float> y = pattern((size_t)bs * 6, 0.5f, 1.0f);
        std::string shape = "x:" + std::to_string(bs) + ",8;y:" + std::to_string(bs) + ",6";
        std::vector<float> want = run_static(mlp_graph(), {{ir_option::INPUT_SHAPE, shape.c_str()}},
                                             {x, y}, (size_t)bs * 6);
        put(in, 0, x);
        put(in, 1, y);
        EXPECT(aclmdlSetInputDynamicDims(id, in.ds, gi, &g[k]) == ACL_SUCCESS);
        EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
        expect_same(get(out, 0, want.size()), want, "dims gear");
    }
    aclmdlIODims bad = g[0];
    bad.dims[0] = 2; /* (2, 8, 1, 6): not a gear */
    EXPECT(aclmdlSetInputDynamicDims(id, in.ds, gi, &bad) ==
           ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    bad = g[0];
    bad.dims[1] = 9; /* a fixed dim changed */
    EXPECT(aclmdlSetInputDynamicDims(id, in.ds, gi, &bad) ==
           ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
    bad = g[0];
    bad.dimCount = 3;
    EXPECT(aclmdlSetInputDynamicDims(id, in.ds, gi, &bad) ==
           ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
    EXPECT(aclmdlSetInputDynamicDims(id, in.ds, gi, nullptr) == ACL_ERROR_INVALID_PARAM);
    free_io(in);
    free_io(out);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
    aclmdlDestroyDesc(d);
}

/* ---- build options GE refuses ----------------------------------------------------------- */

static void build_misuse()
{
    ModelBufferData m;
    const Opts bad[] = {
        {{ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"}, {ir_option::DYNAMIC_BATCH_SIZE, "4"}},
        {{ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"}, {ir_option::DYNAMIC_BATCH_SIZE, "1,2,2"}},
        {{ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"}, {ir_option::DYNAMIC_BATCH_SIZE, "1,0"}},
        {{ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"}, {ir_option::DYNAMIC_BATCH_SIZE, "1,-2"}},
        {{ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"},
         {ir_option::DYNAMIC_BATCH_SIZE, "1,2"},
         {ir_option::DYNAMIC_IMAGE_SIZE, "2,2;3,3"}},
        {{ir_option::INPUT_SHAPE, "x:2,8;y:2,6"}, {ir_option::DYNAMIC_BATCH_SIZE, "1,2"}},
        {{ir_option::INPUT_SHAPE, "x:-1,-1;y:-1,6"}, {ir_option::DYNAMIC_BATCH_SIZE, "1,2"}},
        {{ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"}, {ir_option::DYNAMIC_IMAGE_SIZE, "2,2;3"}},
        {{ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"}, {ir_option::DYNAMIC_DIMS, "1,1;2,2"}},
        {{ir_option::INPUT_FORMAT, "ND"},
         {ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"},
         {ir_option::DYNAMIC_DIMS, "1,1,1;2,2,2"}},
    };
    for (const Opts &o : bad)
        EXPECT(aclgrphBuildModel(mlp_graph(), o, m) == GRAPH_PARAM_INVALID);
    /* gears whose shapes the graph refuses: x's batch 2 against y's batch 3 */
    Opts mismatch = {{ir_option::INPUT_FORMAT, "ND"},
                     {ir_option::INPUT_SHAPE, "x:-1,8;y:-1,6"},
                     {ir_option::DYNAMIC_DIMS, "1,1;2,3"}};
    EXPECT(aclgrphBuildModel(mlp_graph(), mismatch, m) != GRAPH_SUCCESS);
    const char *msg = aclGetRecentErrMsg();
    EXPECT(msg && std::strstr(msg, "gear 1") != nullptr);
}

int main()
{
    EXPECT(aclInit(nullptr) == ACL_SUCCESS);
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
    Opts global = {{ir_option::SOC_VERSION, "Ascend910B1"}};
    EXPECT(aclgrphBuildInitialize(global) == GRAPH_SUCCESS);
    build_misuse();
    batch_gears();
    hw_gears();
    dims_gears();
    aclgrphBuildFinalize();
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::puts("mdl_gears: ok");
    return 0;
}
