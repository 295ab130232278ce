// SPDX-License-Identifier: Apache-2.0
// Seed 001's flow as a user writes it against GE's C++ API: GEInitialize,
// Session, AddGraph, aclInit, BuildGraph (before aclrtSetDevice: inputs only
// carry shapes), aclrtSetDevice, stream, device memory, RunGraphWithStreamAsync
// with device tensors, aclrtSynchronizeStream, copy back, GEFinalize,
// aclFinalize. Graphs: Relu(a + b) * c with c a Const; MatMulV2 + SoftmaxV2;
// Conv2D (NCHW 1x1x4x4, 3x3 kernel) + BiasAdd. Every result is compared with
// a host reference; one graph runs three times with new inputs; two graphs
// run on two streams before either is synchronised.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "acl/acl.h"
#include "all_ops.h"
#include "ge/ge_api.h"
#include "graph/graph.h"
#include "graph/tensor.h"
#include "graph/types.h"

#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            std::fprintf(stderr, "%s:%d: failed: %s (%s)\n", __FILE__, __LINE__, #c,               \
                         aclGetRecentErrMsg());                                                    \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

using namespace ge;

static TensorDesc desc(const std::vector<int64_t> &dims, Format f = FORMAT_ND)
{
    return TensorDesc(Shape(dims), f, DT_FLOAT);
}

static Tensor host_tensor(const std::vector<int64_t> &dims, const std::vector<float> &v,
                          Format f = FORMAT_ND)
{
    Tensor t(desc(dims, f));
    t.SetData(reinterpret_cast<const uint8_t *>(v.data()), v.size() * sizeof(float));
    return t;
}

// A device tensor over freshly allocated device memory holding v.
struct DevBuf {
    void *p = nullptr;
    size_t n = 0;
};

static Tensor dev_tensor(const std::vector<int64_t> &dims, size_t count, DevBuf &b,
                         Format f = FORMAT_ND)
{
    b.n = count * sizeof(float);
    EXPECT(aclrtMalloc(&b.p, b.n, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    TensorDesc d = desc(dims, f);
    d.SetPlacement(kPlacementDevice);
    Tensor t(d);
    t.SetData(static_cast<uint8_t *>(b.p), b.n, [](uint8_t *) {}); // freed by the test
    return t;
}

static void upload(const DevBuf &b, const std::vector<float> &v)
{
    void *host = nullptr;
    EXPECT(aclrtMallocHost(&host, b.n) == ACL_SUCCESS);
    std::memcpy(host, v.data(), b.n);
    EXPECT(aclrtMemcpy(b.p, b.n, host, b.n, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    EXPECT(aclrtFreeHost(host) == ACL_SUCCESS);
}

static std::vector<float> download(const DevBuf &b)
{
    std::vector<float> v(b.n / sizeof(float));
    EXPECT(aclrtMemcpy(v.data(), b.n, b.p, b.n, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
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

static std::vector<float> pattern(size_t n, float scale, float shift)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; i++)
        v[i] = scale * (float)((i * 37 + 11) % 17) - shift;
    return v;
}

// ---- graph 1: Relu(a + b) * c ------------------------------------------------

static const std::vector<int64_t> kShape1 = {2, 3};
static const std::vector<float> kC = {0.5f, -1.f, 2.f, 3.f, -0.25f, 1.5f};

static Graph relu_graph()
{
    op::Data a("a"), b("b");
    a.set_attr_index(0);
    b.set_attr_index(1);
    a.update_input_desc_x(desc(kShape1));
    b.update_input_desc_x(desc(kShape1));
    op::Const c("c");
    c.set_attr_value(host_tensor(kShape1, kC));
    op::Add add("add");
    add.set_input_x1(a).set_input_x2(b);
    op::Relu relu("relu");
    relu.set_input_x(add);
    op::Mul mul("mul");
    mul.set_input_x1(relu).set_input_x2(c);
    Graph g("relu_graph");
    g.SetInputs({a, b}).SetOutputs({mul});
    return g;
}

static std::vector<float> relu_ref(const std::vector<float> &a, const std::vector<float> &b)
{
    std::vector<float> r(a.size());
    for (size_t i = 0; i < a.size(); i++)
        r[i] = std::fmax(a[i] + b[i], 0.f) * kC[i];
    return r;
}

// ---- graph 2: SoftmaxV2(MatMulV2(x, w)) ---------------------------------------

static Graph mm_graph()
{
    op::Data x("x"), w("w");
    x.set_attr_index(0);
    w.set_attr_index(1);
    op::MatMulV2 mm("mm");
    mm.set_input_x1(x).set_input_x2(w).set_attr_transpose_x1(false).set_attr_transpose_x2(true);
    op::SoftmaxV2 sm("sm");
    sm.set_input_x(mm).set_attr_axes({-1});
    Graph g("mm_graph");
    g.SetInputs({x, w}).SetOutputs({sm});
    return g;
}

// x [3, 4], w [5, 4] (transpose_x2) -> [3, 5], softmax over the last axis.
static std::vector<float> mm_ref(const std::vector<float> &x, const std::vector<float> &w)
{
    std::vector<float> y(15);
    for (int i = 0; i < 3; i++) {
        double row[5], mx = -1e300, sum = 0;
        for (int j = 0; j < 5; j++) {
            double s = 0;
            for (int k = 0; k < 4; k++)
                s += (double)x[i * 4 + k] * w[j * 4 + k];
            row[j] = s;
            mx = std::fmax(mx, s);
        }
        for (int j = 0; j < 5; j++)
            sum += std::exp(row[j] - mx);
        for (int j = 0; j < 5; j++)
            y[i * 5 + j] = (float)(std::exp(row[j] - mx) / sum);
    }
    return y;
}

// ---- graph 3: BiasAdd(Conv2D(x, filter), bias), NCHW ---------------------------

static const std::vector<float> kFilter = {1, 0, -1, 2, 0.5f, -2, 0.25f, 1, -0.5f};

static Graph conv_graph()
{
    op::Data x("x");
    x.set_attr_index(0);
    TensorDesc xd = desc({1, 1, 4, 4}, FORMAT_NCHW);
    x.update_input_desc_x(xd);
    x.update_output_desc_y(xd);
    op::Const filter("filter");
    filter.set_attr_value(host_tensor({1, 1, 3, 3}, kFilter, FORMAT_NCHW));
    op::Const bias("bias");
    bias.set_attr_value(host_tensor({1}, {0.75f}));
    op::Conv2D conv("conv");
    conv.set_input_x(x)
        .set_input_filter(filter)
        .set_attr_strides({1, 1, 1, 1})
        .set_attr_pads({0, 0, 0, 0})
        .set_attr_dilations({1, 1, 1, 1})
        .set_attr_groups(1)
        .set_attr_data_format("NCHW");
    op::BiasAdd add("bias_add");
    add.set_input_x(conv).set_input_bias(bias).set_attr_data_format("NCHW");
    Graph g("conv_graph");
    g.SetInputs({x}).SetOutputs({add});
    return g;
}

static std::vector<float> conv_ref(const std::vector<float> &x)
{
    std::vector<float> y(4);
    for (int oy = 0; oy < 2; oy++)
        for (int ox = 0; ox < 2; ox++) {
            double s = 0.75;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    s += (double)x[(oy + i) * 4 + ox + j] * kFilter[i * 3 + j];
            y[oy * 2 + ox] = (float)s;
        }
    return y;
}

int main()
{
    std::map<AscendString, AscendString> config = {{"ge.exec.deviceId", "0"},
                                                   {"ge.graphRunMode", "1"}};
    EXPECT(GEInitialize(config) == SUCCESS);
    std::map<AscendString, AscendString> options;
    Session *session = new Session(options);
    EXPECT(session->GetSessionId() != 0);
    EXPECT(session->AddGraph(1, relu_graph()) == SUCCESS);
    EXPECT(session->AddGraph(2, mm_graph()) == SUCCESS);
    EXPECT(session->AddGraph(3, conv_graph()) == SUCCESS);
    EXPECT(aclInit(nullptr) == ACL_SUCCESS);

    // BuildGraph before aclrtSetDevice: the inputs carry shapes only.
    std::vector<Tensor> in1 = {Tensor(desc(kShape1)), Tensor(desc(kShape1))};
    EXPECT(session->BuildGraph(1, in1) == SUCCESS);
    std::vector<Tensor> in2 = {Tensor(desc({3, 4})), Tensor(desc({5, 4}))};
    EXPECT(session->BuildGraph(2, in2) == SUCCESS);
    EXPECT(session->BuildGraph(3, std::vector<Tensor>{}) == SUCCESS); // from update_input_desc_x

    int32_t deviceId = 0;
    EXPECT(aclrtSetDevice(deviceId) == ACL_SUCCESS);
    aclrtStream stream = nullptr, stream2 = nullptr;
    EXPECT(aclrtCreateStream(&stream) == ACL_SUCCESS);
    EXPECT(aclrtCreateStream(&stream2) == ACL_SUCCESS);

    // Graph 1, three runs with different inputs (same buffers, new values).
    DevBuf a, b, y;
    std::vector<Tensor> inputs = {dev_tensor(kShape1, 6, a), dev_tensor(kShape1, 6, b)};
    std::vector<Tensor> outputs = {dev_tensor(kShape1, 6, y)};
    for (int run = 0; run < 3; run++) {
        std::vector<float> av = pattern(6, 0.5f + (float)run, 3.f), bv = pattern(6, -0.25f, -1.f * (float)run);
        upload(a, av);
        upload(b, bv);
        EXPECT(session->RunGraphWithStreamAsync(1, stream, inputs, outputs) == SUCCESS);
        EXPECT(aclrtSynchronizeStream(stream) == ACL_SUCCESS);
        expect_near(download(y), relu_ref(av, bv), "relu graph");
    }
    // Three runs queued back to back on one stream into three output buffers.
    {
        DevBuf ys[3], as[3];
        std::vector<float> avs[3], bv = pattern(6, 1.f, 2.f);
        upload(b, bv);
        for (int r = 0; r < 3; r++) {
            std::vector<Tensor> in = {dev_tensor(kShape1, 6, as[r]), inputs[1]};
            std::vector<Tensor> out = {dev_tensor(kShape1, 6, ys[r])};
            avs[r] = pattern(6, (float)(r + 1), (float)r);
            upload(as[r], avs[r]);
            EXPECT(session->RunGraphWithStreamAsync(1, stream, in, out) == SUCCESS);
        }
        EXPECT(aclrtSynchronizeStream(stream) == ACL_SUCCESS);
        for (int r = 0; r < 3; r++) {
            expect_near(download(ys[r]), relu_ref(avs[r], bv), "queued relu runs");
            aclrtFree(ys[r].p);
            aclrtFree(as[r].p);
        }
    }

    // Graphs 2 and 3 on two streams, neither synchronised before both queued.
    DevBuf x2, w2, y2, x3, y3;
    std::vector<float> xv = pattern(12, 0.3f, 1.f), wv = pattern(20, -0.2f, -1.5f),
                       cv = pattern(16, 0.7f, 4.f);
    std::vector<Tensor> mm_in = {dev_tensor({3, 4}, 12, x2), dev_tensor({5, 4}, 20, w2)};
    std::vector<Tensor> mm_out = {dev_tensor({3, 5}, 15, y2)};
    std::vector<Tensor> cv_in = {dev_tensor({1, 1, 4, 4}, 16, x3, FORMAT_NCHW)};
    std::vector<Tensor> cv_out = {dev_tensor({1, 1, 2, 2}, 4, y3, FORMAT_NCHW)};
    upload(x2, xv);
    upload(w2, wv);
    upload(x3, cv);
    EXPECT(session->RunGraphWithStreamAsync(2, stream, mm_in, mm_out) == SUCCESS);
    EXPECT(session->RunGraphWithStreamAsync(3, stream2, cv_in, cv_out) == SUCCESS);
    // The relu graph again, now on the second stream (hand-over between streams).
    std::vector<float> av = pattern(6, 2.f, 1.f), bv = pattern(6, 1.f, 5.f);
    upload(a, av);
    upload(b, bv);
    EXPECT(session->RunGraphWithStreamAsync(1, stream2, inputs, outputs) == SUCCESS);
    EXPECT(aclrtSynchronizeStream(stream2) == ACL_SUCCESS);
    EXPECT(aclrtSynchronizeStream(stream) == ACL_SUCCESS);
    expect_near(download(y2), mm_ref(xv, wv), "matmul+softmax graph");
    expect_near(download(y3), conv_ref(cv), "conv2d+bias graph");
    expect_near(download(y), relu_ref(av, bv), "relu graph on stream 2");

    // Session::RunGraph: synchronous, host tensors.
    std::vector<Tensor> hin = {host_tensor(kShape1, av), host_tensor(kShape1, bv)}, hout;
    EXPECT(session->RunGraph(1, hin, hout) == SUCCESS);
    EXPECT(hout.size() == 1 && hout[0].GetSize() == 6 * sizeof(float));
    std::vector<float> hv(6);
    std::memcpy(hv.data(), hout[0].GetData(), sizeof(float) * 6);
    expect_near(hv, relu_ref(av, bv), "RunGraph (host tensors)");

    // Outputs left empty: GE allocates device tensors for them.
    {
        std::vector<Tensor> auto_out;
        EXPECT(session->RunGraphWithStreamAsync(1, stream, inputs, auto_out) == SUCCESS);
        EXPECT(aclrtSynchronizeStream(stream) == ACL_SUCCESS);
        EXPECT(auto_out.size() == 1 && auto_out[0].GetSize() == 6 * sizeof(float));
        EXPECT(auto_out[0].GetTensorDesc().GetPlacement() == kPlacementDevice);
        DevBuf ob;
        ob.p = auto_out[0].GetData();
        ob.n = auto_out[0].GetSize();
        expect_near(download(ob), relu_ref(av, bv), "RunGraphWithStreamAsync (GE-allocated outputs)");
    }

    // RemoveGraph: the id is gone afterwards.
    EXPECT(session->RemoveGraph(2) == SUCCESS);
    EXPECT(session->RunGraphWithStreamAsync(2, stream, mm_in, mm_out) == GE_GRAPH_GRAPH_NOT_EXIST);

    for (DevBuf *p : {&a, &b, &y, &x2, &w2, &y2, &x3, &y3})
        EXPECT(aclrtFree(p->p) == ACL_SUCCESS);
    EXPECT(aclrtDestroyStream(stream) == ACL_SUCCESS);
    EXPECT(aclrtDestroyStream(stream2) == ACL_SUCCESS);
    EXPECT(GEFinalize() == SUCCESS);
    delete session;
    EXPECT(aclrtResetDevice(deviceId) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::printf("graph_seed001: ok\n");
    return 0;
}
