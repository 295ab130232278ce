/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Offline models built from GE graphs (ge/ge_ir_build.h) and run through
 * aclmdl: an MLP with two inputs and two outputs (MatMulV2, Add, Relu) and a
 * small CNN (Conv2D, Relu, MaxPool, Reshape, MatMulV2) are built with
 * aclgrphBuildModel (the MLP's Relu carrying list-of-strings and list-of-lists
 * attributes), saved with aclgrphSaveModel, loaded from the file, from
 * memory, with caller memory and through a configuration handle, described
 * (aclmdlGetDesc), executed synchronously, asynchronously on two streams at
 * once and from two threads, and compared with a double-precision host
 * reference. Then the misuse rows: build options GE refuses, dataset counts
 * and sizes, unloaded and unknown ids, and corrupted graph sections (every
 * truncation refused, every flipped byte refused or loaded, never a crash;
 * flips in a saved file refused by its checksums).
 */
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_mdl.h"
#include "all_ops.h"
#include "cpuacl/cpuacl.h"
#include "cpuacl/cpuacl_test.h"
#include "ge/ge_api_types.h"
#include "ge/ge_ir_build.h"
#include "graph/graph.h"

#include "mdl_expect.h"

using namespace ge;

static std::vector<float> pattern(size_t n, float scale, float shift)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; i++)
        v[i] = scale * (float)((i * 37 + 11) % 17) - shift;
    return v;
}

static Tensor host_tensor(const std::vector<int64_t> &dims, const void *p, size_t bytes,
                          DataType dt = DT_FLOAT, Format f = FORMAT_ND)
{
    Tensor t(TensorDesc(Shape(dims), f, dt));
    t.SetData(static_cast<const uint8_t *>(p), bytes);
    return t;
}

/* ---- the MLP: h = Relu(x @ W1 + y), z = h @ W2 + b2 ------------------------------- */

enum { MB = 4, MI = 8, MH = 6, MO = 3 };
static const std::vector<float> kW1 = pattern(MI * MH, 0.125f, 1.0f);
static const std::vector<float> kW2 = pattern(MH * MO, 0.25f, 2.0f);
static const std::vector<float> kB2 = {0.5f, -0.25f, 1.0f};

static Graph mlp_graph()
{
    op::Data x("x"), y("y");
    x.set_attr_index(0); /* no description: input_shape gives it */
    y.set_attr_index(1);
    y.update_input_desc_x(TensorDesc(Shape({MB, MH}), FORMAT_ND, DT_FLOAT));
    op::Const w1("w1"), w2("w2"), b2("b2");
    w1.set_attr_value(host_tensor({MI, MH}, kW1.data(), kW1.size() * 4));
    w2.set_attr_value(host_tensor({MH, MO}, kW2.data(), kW2.size() * 4));
    b2.set_attr_value(host_tensor({MO}, kB2.data(), kB2.size() * 4));
    op::MatMulV2 mm1("mm1"), mm2("mm2");
    mm1.set_input_x1(x).set_input_x2(w1);
    op::Add add1("add1"), add2("add2");
    add1.set_input_x1(mm1).set_input_x2(y);
    op::Relu relu("relu");
    relu.set_input_x(add1);
    /* attributes Relu does not declare, of the list kinds the graph section stores on
     * their own (lists of strings, of int lists): saved, loaded (and corrupted) with it */
    relu.SetAttr("_cpuacl_strs", std::vector<std::string>{"a", "", "bc"});
    relu.SetAttr("_cpuacl_rows", std::vector<std::vector<int64_t>>{{1, 2}, {}, {3}});
    mm2.set_input_x1(relu).set_input_x2(w2);
    add2.set_input_x1(mm2).set_input_x2(b2);
    Graph g("mlp");
    g.SetInputs({x, y}).SetOutputs({relu, add2});
    return g;
}

static void mlp_ref(const std::vector<float> &x, const std::vector<float> &y,
                    std::vector<float> &h, std::vector<float> &z)
{
    h.assign(MB * MH, 0);
    z.assign(MB * MO, 0);
    for (int b = 0; b < MB; b++) {
        for (int j = 0; j < MH; j++) {
            double s = y[b * MH + j];
            for (int k = 0; k < MI; k++)
                s += (double)x[b * MI + k] * kW1[k * MH + j];
            h[b * MH + j] = (float)std::fmax(s, 0.0);
        }
        for (int j = 0; j < MO; j++) {
            double s = kB2[j];
            for (int k = 0; k < MH; k++)
                s += (double)h[b * MH + k] * kW2[k * MO + j];
            z[b * MO + j] = (float)s;
        }
    }
}

/* ---- the CNN: MatMulV2(Reshape(MaxPool(Relu(Conv2D(x, F)))), W) ---------------- */

enum { CC = 2, CH = 8, CK = 4, CP = CH / 2, CF = CK * CP * CP, CO = 5 };
static const std::vector<float> kF = pattern(CK * CC * 9, 0.0625f, 0.5f);
static const std::vector<float> kW = pattern(CF * CO, 0.03125f, 0.25f);

static Graph cnn_graph()
{
    op::Data x("image");
    x.set_attr_index(0);
    x.update_input_desc_x(TensorDesc(Shape({1, CC, CH, CH}), FORMAT_NCHW, DT_FLOAT));
    op::Const f("filter"), w("fc"), shape("shape");
    f.set_attr_value(host_tensor({CK, CC, 3, 3}, kF.data(), kF.size() * 4, DT_FLOAT, FORMAT_NCHW));
    w.set_attr_value(host_tensor({CF, CO}, kW.data(), kW.size() * 4));
    const int64_t sh[2] = {1, CF};
    shape.set_attr_value(host_tensor({2}, sh, sizeof(sh), DT_INT64));
    op::Conv2D conv("conv");
    conv.set_input_x(x).set_input_filter(f);
    conv.set_attr_strides({1, 1, 1, 1}).set_attr_pads({1, 1, 1, 1}).set_attr_dilations({1, 1, 1, 1});
    conv.set_attr_data_format("NCHW");
    op::Relu relu("crelu");
    relu.set_input_x(conv);
    op::MaxPool pool("pool");
    pool.set_input_x(relu).set_attr_ksize({1, 1, 2, 2}).set_attr_strides({1, 1, 2, 2});
    pool.set_attr_padding("VALID").set_attr_data_format("NCHW");
    op::Reshape flat("flat");
    flat.set_input_x(pool).set_input_shape(shape);
    op::MatMulV2 fc("fcmm");
    fc.set_input_x1(flat).set_input_x2(w);
    Graph g("cnn");
    g.SetInputs({x}).SetOutputs({fc});
    return g;
}

static std::vector<float> cnn_ref(const std::vector<float> &x)
{
    std::vector<double> act(CK * CH * CH);
    for (int k = 0; k < CK; k++)
        for (int i = 0; i < CH; i++)
            for (int j = 0; j < CH; j++) {
                double s = 0;
                for (int c = 0; c < CC; c++)
                    for (int di = 0; di < 3; di++)
                        for (int dj = 0; dj < 3; dj++) {
                            int ii = i + di - 1, jj = j + dj - 1;
                            if (ii >= 0 && ii < CH && jj >= 0 && jj < CH)
                                s += (double)x[(c * CH + ii) * CH + jj] *
                                     kF[((k * CC + c) * 3 + di) * 3 + dj];
                        }
                act[(k * CH + i) * CH + j] = std::fmax(s, 0.0);
            }
    std::vector<double> pooled(CF);
    for (int k = 0; k < CK; k++)
        for (int i = 0; i < CP; i++)
            for (int j = 0; j < CP; j++) {
                double m = -1e300;
                for (int d = 0; d < 4; d++)
                    m = std::fmax(m, act[(k * CH + 2 * i + d / 2) * CH + 2 * j + d % 2]);
                pooled[(k * CP + i) * CP + j] = m;
            }
    std::vector<float> out(CO);
    for (int o = 0; o < CO; o++) {
        double s = 0;
        for (int f = 0; f < CF; f++)
            s += pooled[f] * kW[f * CO + o];
        out[o] = (float)s;
    }
    return out;
}

/* ---- datasets of device buffers ---------------------------------------------------- */

struct Io {
    aclmdlDataset *ds = nullptr;
    std::vector<void *> dev;
    std::vector<size_t> size;
};

static Io make_io(const std::vector<size_t> &sizes)
{
    Io io;
    io.ds = aclmdlCreateDataset();
    EXPECT(io.ds);
    for (size_t n : sizes) {
        void *p = nullptr;
        EXPECT(aclrtMalloc(&p, n, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
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
    EXPECT(v.size() * 4 == io.size[i]);
    EXPECT(aclrtMemcpy(io.dev[i], io.size[i], v.data(), io.size[i], ACL_MEMCPY_HOST_TO_DEVICE) ==
           ACL_SUCCESS);
}

static std::vector<float> get(const Io &io, size_t i)
{
    std::vector<float> v(io.size[i] / 4);
    EXPECT(aclrtMemcpy(v.data(), io.size[i], io.dev[i], io.size[i], ACL_MEMCPY_DEVICE_TO_HOST) ==
           ACL_SUCCESS);
    return v;
}

static void expect_near(const std::vector<float> &got, const std::vector<float> &want,
                        const char *what)
{
    EXPECT(got.size() == want.size());
    for (size_t i = 0; i < got.size(); i++)
        if (!(std::fabs(got[i] - want[i]) <= 1e-4f + 1e-4f * std::fabs(want[i]))) {
            std::fprintf(stderr, "%s[%zu] = %g, expected %g\n", what, i, got[i], want[i]);
            std::exit(1);
        }
}

/* An MLP execution's inputs (seeded by k) and its reference outputs. */
struct MlpCase {
    std::vector<float> x, y, h, z;
    explicit MlpCase(int k)
        : x(pattern(MB * MI, 0.25f, 1.5f + 0.125f * k)), y(pattern(MB * MH, 0.5f, 2.0f - 0.25f * k))
    {
        mlp_ref(x, y, h, z);
    }
};

static std::vector<size_t> bytes(std::initializer_list<size_t> counts)
{
    std::vector<size_t> v;
    for (size_t c : counts)
        v.push_back(c * 4);
    return v;
}

static ModelBufferData build(const Graph &g, const std::map<AscendString, AscendString> &opts)
{
    ModelBufferData m;
    EXPECT(aclgrphBuildModel(g, opts, m) == GRAPH_SUCCESS);
    EXPECT(m.data && m.length > 64);
    return m;
}

/* ---- corrupted graph sections ----------------------------------------------------- */

static uint32_t le32(const uint8_t *p)
{
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t le64(const uint8_t *p)
{
    return le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* The sections of a model file (docs/mdl.md: the table at 64, 32-byte entries). */
struct Sections {
    std::vector<uint32_t> ids;
    std::vector<std::vector<uint8_t>> data;
    uint64_t work;
};

static Sections split(const ModelBufferData &m)
{
    Sections s;
    const uint8_t *p = m.data.get();
    uint32_t n = le32(p + 16);
    s.work = le64(p + 32);
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *e = p + 64 + 32 * i;
        s.ids.push_back(le32(e));
        s.data.emplace_back(p + le64(e + 8), p + le64(e + 8) + le64(e + 16));
    }
    return s;
}

/* Load the file of s with section `id` replaced by bytes: the code. */
static aclError load_with(const Sections &s, uint32_t id, const std::vector<uint8_t> &bytes)
{
    std::vector<const void *> data;
    std::vector<size_t> sizes;
    for (size_t i = 0; i < s.ids.size(); i++) {
        const std::vector<uint8_t> &d = s.ids[i] == id ? bytes : s.data[i];
        data.push_back(d.data());
        sizes.push_back(d.size());
    }
    size_t len = 0;
    EXPECT(cpuaclTestModelFileWrite(s.ids.size(), s.ids.data(), data.data(), sizes.data(), s.work,
                                    nullptr, 0, &len) == ACL_SUCCESS);
    std::vector<uint8_t> file(len);
    EXPECT(cpuaclTestModelFileWrite(s.ids.size(), s.ids.data(), data.data(), sizes.data(), s.work,
                                    file.data(), len, &len) == ACL_SUCCESS);
    uint32_t id2 = 0;
    aclError rc = aclmdlLoadFromMem(file.data(), len, &id2);
    if (rc == ACL_SUCCESS)
        EXPECT(aclmdlUnload(id2) == ACL_SUCCESS);
    return rc;
}

static void corrupt_rows(const ModelBufferData &m)
{
    Sections s = split(m);
    size_t gi = 0;
    while (gi < s.ids.size() && s.ids[gi] != 2)
        gi++;
    EXPECT(gi < s.ids.size());
    const std::vector<uint8_t> g = s.data[gi];
    EXPECT(load_with(s, 2, g) == ACL_SUCCESS); /* the unchanged rebuild loads */
    for (size_t n = 0; n < g.size(); n++) {
        std::vector<uint8_t> t(g.begin(), g.begin() + n);
        aclError rc = load_with(s, 2, t);
        if (rc != ACL_ERROR_DESERIALIZE_MODEL) {
            std::fprintf(stderr, "truncated to %zu of %zu bytes: %d\n", n, g.size(), (int)rc);
            std::exit(1);
        }
    }
    std::vector<uint8_t> longer = g;
    longer.push_back(0);
    EXPECT(load_with(s, 2, longer) == ACL_ERROR_DESERIALIZE_MODEL);
    size_t refused = 0, loaded = 0;
    for (size_t i = 0; i < g.size(); i++) {
        std::vector<uint8_t> f = g;
        f[i] ^= 0x5A;
        aclError rc = load_with(s, 2, f);
        EXPECT(rc == ACL_SUCCESS || rc == ACL_ERROR_DESERIALIZE_MODEL ||
               rc == ACL_ERROR_PARSE_MODEL);
        (rc == ACL_SUCCESS ? loaded : refused)++;
    }
    std::printf("graph section of %zu bytes: every truncation refused; flipped bytes: %zu "
                "refused, %zu still a valid graph (names, values)\n",
                g.size(), refused, loaded);
    EXPECT(refused > g.size() / 2);
    /* A weights section too short for the Const tensors. */
    for (size_t i = 0; i < s.ids.size(); i++)
        if (s.ids[i] == 3) {
            std::vector<uint8_t> w(s.data[i].begin(), s.data[i].end() - 4);
            EXPECT(load_with(s, 3, w) == ACL_ERROR_DESERIALIZE_MODEL);
        }
    /* Flips in the file itself: the checksums refuse every one in the
     * header, the table and the sections (the zero padding between
     * sections is not checked by the reader). */
    const uint8_t *p = m.data.get();
    std::vector<bool> covered(m.length, false);
    uint32_t nsec = le32(p + 16);
    for (size_t i = 0; i < 64 + 32 * (size_t)nsec; i++)
        covered[i] = true;
    for (uint32_t k = 0; k < nsec; k++)
        for (uint64_t i = 0; i < le64(p + 64 + 32 * k + 16); i++)
            covered[le64(p + 64 + 32 * k + 8) + i] = true;
    for (size_t i = 0; i < m.length; i += 3) {
        if (!covered[i])
            continue;
        std::vector<uint8_t> f(p, p + m.length);
        f[i] ^= 0x01;
        uint32_t id = 0;
        aclError rc = aclmdlLoadFromMem(f.data(), f.size(), &id);
        if (rc != ACL_ERROR_DESERIALIZE_MODEL && rc != ACL_ERROR_PARSE_MODEL) {
            std::fprintf(stderr, "byte %zu flipped: %d (%s)\n", i, (int)rc, aclGetRecentErrMsg());
            std::exit(1);
        }
    }
}

/* ---- the rows ---------------------------------------------------------------------- */

static void build_misuse()
{
    ModelBufferData m;
    std::map<AscendString, AscendString> bad = {{"no_such_option", "1"}};
    EXPECT(aclgrphBuildModel(mlp_graph(), bad, m) == GRAPH_PARAM_INVALID);
    std::map<AscendString, AscendString> shape = {{ir_option::INPUT_SHAPE, "nobody:4,8"}};
    EXPECT(aclgrphBuildModel(mlp_graph(), shape, m) == GRAPH_PARAM_INVALID);
    std::map<AscendString, AscendString> neg = {{ir_option::INPUT_SHAPE, "x:-1,8"}};
    EXPECT(aclgrphBuildModel(mlp_graph(), neg, m) == GRAPH_PARAM_INVALID);
    std::map<AscendString, AscendString> fmt = {{ir_option::INPUT_FORMAT, "NC1HWC0"},
                                                {ir_option::INPUT_SHAPE, "x:4,8"}};
    EXPECT(aclgrphBuildModel(mlp_graph(), fmt, m) == GRAPH_PARAM_INVALID);
    std::map<AscendString, AscendString> out = {{ir_option::INPUT_SHAPE, "x:4,8"},
                                                {ir_option::OUTPUT_TYPE, "FP16"}};
    EXPECT(aclgrphBuildModel(mlp_graph(), out, m) == GRAPH_PARAM_INVALID);
    /* x has no shape without input_shape: inference fails at build. */
    std::map<AscendString, AscendString> none;
    EXPECT(aclgrphBuildModel(mlp_graph(), none, m) != GRAPH_SUCCESS);
    EXPECT(aclgrphSaveModel(static_cast<const char *>(nullptr), m) != GRAPH_SUCCESS);
    EXPECT(aclgrphSaveModel("/tmp/x", m) != GRAPH_SUCCESS); /* an empty model */
    int32_t a = 0, b = 0, c = 0;
    EXPECT(aclgrphGetIRVersion(&a, &b, &c) == GRAPH_SUCCESS && a == 1 && b == 0 && c == 0);
}

static void exec_misuse(uint32_t id, Io &in, Io &out)
{
    Io one = make_io(bytes({MB * MI}));
    EXPECT(aclmdlExecute(id, one.ds, out.ds) == ACL_ERROR_INVALID_PARAM);
    Io small = make_io(bytes({MB * MI, MB * MH - 1}));
    EXPECT(aclmdlExecute(id, small.ds, out.ds) == ACL_ERROR_INVALID_PARAM);
    EXPECT(std::strstr(aclGetRecentErrMsg(), "input 1") != nullptr);
    Io osmall = make_io(bytes({MB * MH, MB * MO - 1}));
    EXPECT(aclmdlExecute(id, in.ds, osmall.ds) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlExecute(id, nullptr, out.ds) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlExecuteAsync(id, in.ds, nullptr, nullptr) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlExecute(0xFFFFFFF0u, in.ds, out.ds) == ACL_ERROR_INVALID_MODEL_ID);
    free_io(one);
    free_io(small);
    free_io(osmall);
}

/* Tasks run by device 0's workers so far (after a pause: a worker counts a batch just after
 * the synchronisation it ended returned). */
static uint64_t worker_tasks()
{
    usleep(20000);
    uint32_t n = 0;
    EXPECT(cpuaclGetWorkerCount(0, &n) == ACL_SUCCESS);
    uint64_t t = 0;
    for (uint32_t i = 0; i < n; i++) {
        cpuaclWorkerStats st;
        EXPECT(cpuaclGetWorkerStats(0, i, &st) == ACL_SUCCESS);
        t += st.tasks;
    }
    return t;
}

/* aclmdlExecute of the CNN on the calling thread (core/model/model.c IN1, graph/compile.c
 * GC5) against aclmdlExecuteAsync on s (whose result cout holds for img): equal bit for bit,
 * with the buffers of the async run (no bind), with fresh ones (the caller writes the bind)
 * and after another async run on s (the hand-over: that run queues on the model's stream).
 * Synchronous runs that find the model and its stream idle run no task on a worker. */
static void caller_run_cnn(uint32_t id, aclrtStream s, Io &cin, Io &cout,
                           const std::vector<float> &img)
{
    std::vector<float> want = get(cout, 0);
    for (int r = 0; r < 6; r++) {
        bool fresh = r % 3 == 1;
        Io fi, fo;
        if (fresh) {
            fi = make_io(bytes({CC * CH * CH}));
            fo = make_io(bytes({CO}));
            put(fi, 0, img);
        }
        Io &ci = fresh ? fi : cin, &co = fresh ? fo : cout;
        if (r == 3) { /* the model's last run on s: the next synchronous one queues */
            EXPECT(aclmdlExecuteAsync(id, cin.ds, cout.ds, s) == ACL_SUCCESS);
            EXPECT(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        }
        std::vector<float> zero(CO, 0.0f);
        put(co, 0, zero);
        uint64_t before = worker_tasks();
        EXPECT(aclmdlExecute(id, ci.ds, co.ds) == ACL_SUCCESS);
        uint64_t ran = worker_tasks() - before;
        std::vector<float> got = get(co, 0);
        EXPECT(got.size() == want.size() && !std::memcmp(got.data(), want.data(), CO * 4));
        if (r != 0 && r != 3 && ran != 0) { /* r 0 and 3 follow a run on s */
            std::fprintf(stderr, "synchronous run %d ran %llu tasks on workers\n", r,
                         (unsigned long long)ran);
            std::exit(1);
        }
        if (fresh) {
            free_io(fi);
            free_io(fo);
        }
    }
}

/* aclmdlUnload while another thread runs aclmdlExecute of the CNN on itself (model.c IN4,
 * the execution's reference on the model): each run succeeds with the reference's result or
 * finds the id gone (INVALID_MODEL_ID); the unload succeeds; nothing is freed under a run. */
static void unload_racing_cnn(const ModelBufferData &cnn, const std::vector<float> &img)
{
    std::vector<float> want = cnn_ref(img);
    for (int round = 0; round < 5; round++) {
        uint32_t id = 0;
        EXPECT(aclmdlLoadFromMem(cnn.data.get(), cnn.length, &id) == ACL_SUCCESS);
        aclrtContext ctx = nullptr;
        EXPECT(aclrtGetCurrentContext(&ctx) == ACL_SUCCESS);
        std::atomic<int> runs{0};
        std::atomic<bool> bad{false};
        std::thread t([&] {
            if (aclrtSetCurrentContext(ctx) != ACL_SUCCESS) {
                bad = true;
                return;
            }
            Io ci = make_io(bytes({CC * CH * CH})), co = make_io(bytes({CO}));
            put(ci, 0, img);
            for (;;) {
                aclError e = aclmdlExecute(id, ci.ds, co.ds);
                if (e == ACL_ERROR_INVALID_MODEL_ID)
                    break;
                std::vector<float> got = get(co, 0);
                for (int o = 0; o < CO; o++)
                    if (e != ACL_SUCCESS ||
                        !(std::fabs(got[o] - want[o]) <= 1e-4f + 1e-4f * std::fabs(want[o])))
                        bad = true;
                if (bad)
                    break;
                runs++;
            }
            free_io(ci);
            free_io(co);
        });
        usleep(2000 + 3000 * round);
        EXPECT(aclmdlUnload(id) == ACL_SUCCESS);
        t.join();
        EXPECT(!bad);
    }
}

int main()
{
    EXPECT(aclInit(nullptr) == ACL_SUCCESS);
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
    std::map<AscendString, AscendString> global = {{ir_option::SOC_VERSION, "Ascend910B1"}};
    EXPECT(aclgrphBuildInitialize(global) == GRAPH_SUCCESS);
    build_misuse();

    std::map<AscendString, AscendString> mopt = {{ir_option::INPUT_FORMAT, "ND"},
                                                 {ir_option::INPUT_SHAPE, "x:4,8"},
                                                 {ir_option::OUTPUT_TYPE, "FP32"}};
    ModelBufferData mlp = build(mlp_graph(), mopt);
    std::map<AscendString, AscendString> copt = {{ir_option::INPUT_FORMAT, "NCHW"}};
    ModelBufferData cnn = build(cnn_graph(), copt);

    std::string base = "/tmp/mdl_graph_" + std::to_string(getpid());
    EXPECT(aclgrphSaveModel(base.c_str(), mlp) == GRAPH_SUCCESS);
    std::string file = base + ".om";
    EXPECT(access(file.c_str(), R_OK) == 0);

    /* Loads: file, memory, file with memory, configuration (memory). */
    uint32_t id_file = 0, id_mem = 0, id_cnn = 0, id_wm = 0;
    EXPECT(aclmdlLoadFromFile(file.c_str(), &id_file) == ACL_SUCCESS);
    EXPECT(aclmdlLoadFromMem(mlp.data.get(), mlp.length, &id_mem) == ACL_SUCCESS);
    EXPECT(id_mem != id_file);
    size_t work = 0, weight = 0;
    EXPECT(aclmdlQuerySize(file.c_str(), &work, &weight) == ACL_SUCCESS);
    EXPECT(weight >= (kW1.size() + kW2.size() + kB2.size()) * 4);
    void *wp = nullptr, *gp = nullptr;
    EXPECT(aclrtMalloc(&wp, work + 1, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclrtMalloc(&gp, weight, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    EXPECT(aclmdlLoadFromFileWithMem(file.c_str(), &id_wm, wp, work + 1, gp, weight - 1) ==
           ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlLoadFromFileWithMem(file.c_str(), &id_wm, wp, work + 1, gp, weight) ==
           ACL_SUCCESS);
    aclmdlConfigHandle *h = aclmdlCreateConfigHandle();
    size_t type = ACL_MDL_LOAD_FROM_MEM, size = cnn.length;
    const void *addr = cnn.data.get();
    EXPECT(aclmdlSetConfigOpt(h, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof(type)) == ACL_SUCCESS);
    EXPECT(aclmdlLoadWithConfig(h, &id_cnn) == ACL_ERROR_INVALID_PARAM); /* no address yet */
    EXPECT(aclmdlSetConfigOpt(h, ACL_MDL_MEM_ADDR_PTR, &addr, sizeof(addr)) == ACL_SUCCESS);
    EXPECT(aclmdlSetConfigOpt(h, ACL_MDL_MEM_SIZET, &size, sizeof(size)) == ACL_SUCCESS);
    EXPECT(aclmdlLoadWithConfig(h, &id_cnn) == ACL_SUCCESS);
    aclmdlDestroyConfigHandle(h);

    /* Descriptions of loaded models. */
    aclmdlDesc *d = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(d, id_file) == ACL_SUCCESS);
    EXPECT(aclmdlGetNumInputs(d) == 2 && aclmdlGetNumOutputs(d) == 2);
    EXPECT(aclmdlGetInputSizeByIndex(d, 0) == MB * MI * 4);
    EXPECT(aclmdlGetInputSizeByIndex(d, 1) == MB * MH * 4);
    EXPECT(aclmdlGetOutputSizeByIndex(d, 0) == MB * MH * 4);
    EXPECT(aclmdlGetOutputSizeByIndex(d, 1) == MB * MO * 4);
    EXPECT(!std::strcmp(aclmdlGetInputNameByIndex(d, 0), "x"));
    EXPECT(!std::strcmp(aclmdlGetInputNameByIndex(d, 1), "y"));
    EXPECT(aclmdlGetInputDataType(d, 0) == ACL_FLOAT);
    aclmdlIODims dims;
    EXPECT(aclmdlGetInputDims(d, 0, &dims) == ACL_SUCCESS);
    EXPECT(dims.dimCount == 2 && dims.dims[0] == MB && dims.dims[1] == MI);
    EXPECT(aclmdlGetOutputDims(d, 1, &dims) == ACL_SUCCESS);
    EXPECT(dims.dimCount == 2 && dims.dims[0] == MB && dims.dims[1] == MO);
    EXPECT(aclmdlGetCurOutputDims(d, 1, &dims) == ACL_SUCCESS);
    EXPECT(aclmdlGetDesc(d, id_cnn) == ACL_SUCCESS);
    EXPECT(aclmdlGetNumInputs(d) == 1 && aclmdlGetInputFormat(d, 0) == ACL_FORMAT_NCHW);
    EXPECT(aclmdlGetOutputSizeByIndex(d, 0) == CO * 4);
    EXPECT(aclmdlGetDesc(nullptr, id_cnn) == ACL_ERROR_INVALID_PARAM);

    /* Sync executions of each MLP load. */
    Io in = make_io(bytes({MB * MI, MB * MH})), out = make_io(bytes({MB * MH, MB * MO}));
    for (uint32_t id : {id_file, id_mem, id_wm}) {
        MlpCase c((int)id % 5);
        put(in, 0, c.x);
        put(in, 1, c.y);
        EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
        expect_near(get(out, 0), c.h, "mlp h");
        expect_near(get(out, 1), c.z, "mlp z");
    }
    exec_misuse(id_file, in, out);

    /* Async: the MLP on s1 and the CNN on s2 at once, each several times. */
    aclrtStream s1 = nullptr, s2 = nullptr;
    EXPECT(aclrtCreateStream(&s1) == ACL_SUCCESS && aclrtCreateStream(&s2) == ACL_SUCCESS);
    Io cin = make_io(bytes({CC * CH * CH})), cout = make_io(bytes({CO}));
    std::vector<float> img = pattern(CC * CH * CH, 0.125f, 1.0f);
    put(cin, 0, img);
    MlpCase c2(3);
    put(in, 0, c2.x);
    put(in, 1, c2.y);
    for (int r = 0; r < 4; r++) {
        EXPECT(aclmdlExecuteAsync(id_mem, in.ds, out.ds, s1) == ACL_SUCCESS);
        EXPECT(aclmdlExecuteAsync(id_cnn, cin.ds, cout.ds, s2) == ACL_SUCCESS);
    }
    EXPECT(aclrtSynchronizeStream(s1) == ACL_SUCCESS && aclrtSynchronizeStream(s2) == ACL_SUCCESS);
    expect_near(get(out, 0), c2.h, "async mlp h");
    expect_near(get(out, 1), c2.z, "async mlp z");
    expect_near(get(cout, 0), cnn_ref(img), "async cnn");
    caller_run_cnn(id_cnn, s2, cin, cout, img);
    unload_racing_cnn(cnn, img);

    /* Two threads, each its own model and buffers, sync executions. */
    auto worker = [](uint32_t id, int seed, bool *ok) {
        aclrtContext ctx = nullptr;
        *ok = aclrtSetDevice(0) == ACL_SUCCESS && aclrtGetCurrentContext(&ctx) == ACL_SUCCESS;
        Io i2 = make_io(bytes({MB * MI, MB * MH})), o2 = make_io(bytes({MB * MH, MB * MO}));
        for (int r = 0; r < 10 && *ok; r++) {
            MlpCase c(seed + r);
            put(i2, 0, c.x);
            put(i2, 1, c.y);
            *ok = aclmdlExecute(id, i2.ds, o2.ds) == ACL_SUCCESS;
            std::vector<float> h = get(o2, 0), z = get(o2, 1);
            for (size_t k = 0; k < z.size() && *ok; k++)
                *ok = std::fabs(z[k] - c.z[k]) <= 1e-4f + 1e-4f * std::fabs(c.z[k]);
        }
        free_io(i2);
        free_io(o2);
    };
    bool ok1 = false, ok2 = false;
    std::thread t1(worker, id_file, 1, &ok1), t2(worker, id_wm, 7, &ok2);
    t1.join();
    t2.join();
    EXPECT(ok1 && ok2);

    /* Unload: the id dies, others live; twice is refused. */
    EXPECT(aclmdlUnload(id_file) == ACL_SUCCESS);
    EXPECT(aclmdlUnload(id_file) == ACL_ERROR_INVALID_MODEL_ID);
    EXPECT(aclmdlExecute(id_file, in.ds, out.ds) == ACL_ERROR_INVALID_MODEL_ID);
    EXPECT(aclmdlGetDesc(d, id_file) == ACL_ERROR_INVALID_MODEL_ID);
    EXPECT(aclmdlExecute(id_mem, in.ds, out.ds) == ACL_SUCCESS);
    /* An unload with executions queued waits for them. */
    for (int r = 0; r < 8; r++)
        EXPECT(aclmdlExecuteAsync(id_cnn, cin.ds, cout.ds, s2) == ACL_SUCCESS);
    EXPECT(aclmdlUnload(id_cnn) == ACL_SUCCESS);
    expect_near(get(cout, 0), cnn_ref(img), "cnn before unload");
    EXPECT(aclmdlUnload(id_mem) == ACL_SUCCESS);
    EXPECT(aclmdlUnload(id_wm) == ACL_SUCCESS);

    /* Executing during an unload: each execution either runs whole or is
     * refused with ACL_ERROR_INVALID_MODEL_ID; once refused, always. */
    uint32_t id_race = 0;
    EXPECT(aclmdlLoadFromMem(mlp.data.get(), mlp.length, &id_race) == ACL_SUCCESS);
    bool race_ok = true;
    int runs = 0;
    std::thread racer([&] {
        aclrtSetDevice(0);
        Io i3 = make_io(bytes({MB * MI, MB * MH})), o3 = make_io(bytes({MB * MH, MB * MO}));
        bool gone = false;
        for (int r = 0; r < 2000 && race_ok; r++) {
            aclError rc = aclmdlExecute(id_race, i3.ds, o3.ds);
            race_ok = rc == ACL_ERROR_INVALID_MODEL_ID || (rc == ACL_SUCCESS && !gone);
            gone = rc == ACL_ERROR_INVALID_MODEL_ID;
            runs += rc == ACL_SUCCESS;
        }
        free_io(i3);
        free_io(o3);
    });
    usleep(2000);
    EXPECT(aclmdlUnload(id_race) == ACL_SUCCESS);
    racer.join();
    EXPECT(race_ok);
    std::printf("unload during executions: %d ran whole, the rest refused\n", runs);

    corrupt_rows(mlp);
    corrupt_rows(cnn);

    /* Files that are not models. */
    uint32_t id = 0;
    EXPECT(aclmdlLoadFromFile("/nonexistent/model.om", &id) == ACL_ERROR_INVALID_FILE);
    EXPECT(aclmdlLoadFromFile(file.c_str(), nullptr) == ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlLoadFromMem(mlp.data.get(), 10, &id) == ACL_ERROR_PARSE_MODEL);

    aclmdlDestroyDesc(d);
    free_io(in);
    free_io(out);
    free_io(cin);
    free_io(cout);
    aclrtDestroyStream(s1);
    aclrtDestroyStream(s2);
    aclrtFree(wp);
    aclrtFree(gp);
    std::remove(file.c_str());
    aclgrphBuildFinalize();
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::printf("mdl_graph: ok\n");
    return 0;
}
