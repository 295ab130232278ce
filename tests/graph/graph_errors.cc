// SPDX-License-Identifier: Apache-2.0
// GE's status codes for every build-time error and misuse of the graph API:
// shape mismatch, unknown operator type, cycle, unconnected input (at
// BuildGraph); GEInitialize twice, a Session before GEInitialize, calls after
// GEFinalize; AddGraph with an id in use (SUCCESS, keeps the first graph);
// running/building/removing an id never added; options (unknown keys
// ignored, bad values refused); run-time argument errors. Each failure must
// leave a message in aclGetRecentErrMsg().
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "all_ops.h"
#include "ge/ge_api.h"

using namespace ge;

// aclGetRecentErrMsg() hands the message over once; keep it for EXPECT_MSG.
static std::string g_msg;
static const char *take_msg()
{
    const char *m = aclGetRecentErrMsg();
    g_msg = m ? m : "";
    return g_msg.c_str();
}

#define EXPECT_STATUS(want, call)                                                                  \
    do {                                                                                           \
        Status got_ = (call);                                                                      \
        const char *m_ = take_msg();                                                               \
        if (got_ != (Status)(want)) {                                                              \
            std::fprintf(stderr, "%s:%d: %s returned %u, expected %u (%s)\n", __FILE__, __LINE__, \
                         #call, got_, (Status)(want), m_);                                         \
            std::exit(1);                                                                          \
        }                                                                                          \
        if ((want) != SUCCESS && !*m_) {                                                           \
            std::fprintf(stderr, "%s:%d: %s failed without a message\n", __FILE__, __LINE__,      \
                         #call);                                                                   \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)
#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            std::fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #c);                  \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)
#define EXPECT_MSG(part)                                                                           \
    do {                                                                                           \
        if (!std::strstr(g_msg.c_str(), part)) {                                                   \
            std::fprintf(stderr, "%s:%d: message '%s' lacks '%s'\n", __FILE__, __LINE__,          \
                         g_msg.c_str(), part);                                                     \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

static TensorDesc fdesc(const std::vector<int64_t> &d)
{
    return TensorDesc(Shape(d), FORMAT_ND, DT_FLOAT);
}

static op::Data data(const char *name, int64_t index, const std::vector<int64_t> &shape)
{
    op::Data d(name);
    d.set_attr_index(index);
    d.update_input_desc_x(fdesc(shape));
    return d;
}

static Graph add_graph(const std::vector<int64_t> &sa, const std::vector<int64_t> &sb)
{
    op::Data a = data("a", 0, sa), b = data("b", 1, sb);
    op::Add add("add");
    add.set_input_x1(a).set_input_x2(b);
    Graph g("add");
    g.SetInputs({a, b}).SetOutputs({add});
    return g;
}

// x -> mid -> out, of which only out outlives the call.
static op::Relu relu_chain()
{
    op::Data x = data("x", 0, {4});
    op::Relu mid("mid"), out("out");
    mid.set_input_x(x);
    out.set_input_x(mid);
    return out;
}

static const std::map<AscendString, AscendString> kNone;

int main()
{
    EXPECT(aclInit(nullptr) == ACL_SUCCESS);
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);

    // ---- lifecycle -------------------------------------------------------------
    {
        Session early(kNone); // before GEInitialize
        EXPECT(early.GetSessionId() == 0);
        EXPECT_STATUS(GE_CLI_GE_NOT_INITIALIZED, early.AddGraph(1, add_graph({2}, {2})));
        EXPECT_MSG("not initialized");
    }
    EXPECT_STATUS(SUCCESS, GEFinalize()); // finalize before init: a no-op
    // Options: bad values refused, unknown keys ignored.
    EXPECT_STATUS(ACL_ERROR_GE_PARAM_INVALID,
                  GEInitialize(std::map<AscendString, AscendString>{{"ge.exec.deviceId", "zero"}}));
    EXPECT_MSG("ge.exec.deviceId");
    EXPECT_STATUS(ACL_ERROR_GE_PARAM_INVALID,
                  GEInitialize(std::map<AscendString, AscendString>{{"ge.exec.deviceId", "4096"}}));
    EXPECT_STATUS(ACL_ERROR_GE_PARAM_INVALID,
                  GEInitialize(std::map<AscendString, AscendString>{{"ge.graphRunMode", "2"}}));
    EXPECT_MSG("ge.graphRunMode");
    EXPECT_STATUS(ACL_ERROR_GE_PARAM_INVALID,
                  GEInitialize(std::map<std::string, std::string>{{"ge.exec.precision_mode", "fastest"}}));
    EXPECT_STATUS(SUCCESS, GEInitialize(std::map<AscendString, AscendString>{
                               {"ge.exec.deviceId", "0"},
                               {"ge.graphRunMode", "1"},
                               {"ge.some.future.option", "whatever"}}));
    EXPECT_STATUS(GE_CLI_GE_ALREADY_INITIALIZED,
                  GEInitialize(std::map<AscendString, AscendString>{{"ge.graphRunMode", "0"}}));

    Session *bad_opts = new Session(std::map<AscendString, AscendString>{{"ge.graphRunMode", "x"}});
    EXPECT(bad_opts->GetSessionId() == 0);
    EXPECT_STATUS(GE_SESSION_NOT_EXIST, bad_opts->AddGraph(1, add_graph({2}, {2})));
    delete bad_opts;

    Session s(kNone);
    EXPECT(s.GetSessionId() != 0);
    aclrtStream stream = nullptr;
    EXPECT(aclrtCreateStream(&stream) == ACL_SUCCESS);

    // ---- ids ---------------------------------------------------------------------
    EXPECT_STATUS(GE_GRAPH_GRAPH_NOT_EXIST, s.BuildGraph(7, std::vector<Tensor>{}));
    EXPECT_MSG("never added");
    std::vector<Tensor> none;
    EXPECT_STATUS(GE_GRAPH_GRAPH_NOT_EXIST, s.RunGraphWithStreamAsync(7, stream, none, none));
    EXPECT_STATUS(GE_GRAPH_GRAPH_NOT_EXIST, s.RunGraph(7, none, none));
    EXPECT_STATUS(GE_GRAPH_GRAPH_NOT_EXIST, s.RemoveGraph(7));
    // An id in use keeps the first graph: the second (a broken one) is ignored.
    EXPECT_STATUS(SUCCESS, s.AddGraph(1, add_graph({2, 3}, {3})));
    EXPECT_STATUS(SUCCESS, s.AddGraph(1, add_graph({2}, {5})));
    EXPECT_STATUS(SUCCESS, s.BuildGraph(1, std::vector<Tensor>{}));
    {
        float ha[6] = {1, 2, 3, 4, 5, 6}, hb[3] = {10, 20, 30};
        std::vector<Tensor> in = {Tensor(fdesc({2, 3}), (uint8_t *)ha, sizeof ha),
                                  Tensor(fdesc({3}), (uint8_t *)hb, sizeof hb)},
                            out;
        EXPECT_STATUS(SUCCESS, s.RunGraph(1, in, out));
        EXPECT(out.size() == 1 && out[0].GetTensorDesc().GetShape().GetDims() ==
                                      (std::vector<int64_t>{2, 3}));
        const float *y = reinterpret_cast<const float *>(out[0].GetData());
        for (int i = 0; i < 6; i++)
            EXPECT(y[i] == ha[i] + hb[i % 3]);
        // Host tensors are refused by the device-memory entry point.
        std::vector<Tensor> dout = out;
        EXPECT_STATUS(GRAPH_PARAM_INVALID, s.RunGraphWithStreamAsync(1, stream, in, dout));
        EXPECT_MSG("device memory");
        // Wrong number of inputs.
        std::vector<Tensor> one = {in[0]};
        EXPECT_STATUS(GRAPH_PARAM_INVALID, s.RunGraph(1, one, out));
        // Too small device buffers.
        void *p = nullptr;
        EXPECT(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        TensorDesc dd = fdesc({2, 3});
        dd.SetPlacement(kPlacementDevice);
        TensorDesc db = fdesc({3});
        db.SetPlacement(kPlacementDevice);
        Tensor small(dd), big(dd), bigb(db);
        small.SetData((uint8_t *)p, 8, [](uint8_t *) {});
        big.SetData((uint8_t *)p, 64, [](uint8_t *) {});
        bigb.SetData((uint8_t *)p, 64, [](uint8_t *) {});
        std::vector<Tensor> din = {small, bigb}, dout2 = {big};
        EXPECT_STATUS(GRAPH_PARAM_INVALID, s.RunGraphWithStreamAsync(1, stream, din, dout2));
        EXPECT_MSG("too small");
        EXPECT(aclrtFree(p) == ACL_SUCCESS);
    }

    // ---- build-time errors ----------------------------------------------------------
    // Shape mismatch.
    EXPECT_STATUS(SUCCESS, s.AddGraph(2, add_graph({2, 3}, {4})));
    EXPECT_STATUS(GE_GRAPH_INFERSHAPE_FAILED, s.BuildGraph(2, std::vector<Tensor>{}));
    EXPECT_MSG("do not broadcast");
    {
        op::Data x = data("x", 0, {2, 3}), w = data("w", 1, {4, 5});
        op::MatMulV2 mm("mm");
        mm.set_input_x1(x).set_input_x2(w);
        Graph g("mm");
        g.SetInputs({x, w}).SetOutputs({mm});
        EXPECT_STATUS(SUCCESS, s.AddGraph(3, g));
        EXPECT_STATUS(GE_GRAPH_INFERSHAPE_FAILED, s.BuildGraph(3, std::vector<Tensor>{}));
        EXPECT_MSG("inner dimensions");
    }
    // Unknown operator type.
    {
        op::Data x = data("x", 0, {4});
        Operator f("frob", "FrobnicateV9");
        f.SetInput("x", x);
        Graph g("unknown");
        g.SetInputs({x}).SetOutputs({f});
        EXPECT_STATUS(SUCCESS, s.AddGraph(4, g));
        EXPECT_STATUS(GE_GRAPH_INFERSHAPE_FAILED, s.BuildGraph(4, std::vector<Tensor>{}));
        EXPECT_MSG("unknown operator type FrobnicateV9");
    }
    // Cycle: relu1 <- relu2 <- relu1.
    {
        op::Data x = data("x", 0, {4});
        op::Relu r1("r1"), r2("r2");
        op::Add add("add");
        r1.set_input_x(r2);
        r2.set_input_x(r1);
        add.set_input_x1(x).set_input_x2(r2);
        Graph g("cycle");
        g.SetInputs({x}).SetOutputs({add});
        EXPECT_STATUS(SUCCESS, s.AddGraph(5, g));
        EXPECT_STATUS(GE_GRAPH_TOPO_SORT_FAILED, s.BuildGraph(5, std::vector<Tensor>{}));
        EXPECT_MSG("cycle");
        // r1 and r2 feed each other: their data is freed with the last handle all the
        // same (edges do not own their source; LeakSanitizer checks it).
    }
    // Operators whose edges form a cycle are freed with their last handle: an attribute's
    // tensor held by one of them runs its deleter (edges owned their source: the cycle owned
    // itself and leaked).
    {
        static int freed = 0;
        static uint8_t bytes[4];
        {
            op::Relu a("a"), b("b"), c("c");
            Tensor probe(fdesc({1}));
            probe.SetData(bytes, sizeof bytes, [](uint8_t *) { freed++; });
            a.SetAttr("probe", probe);
            a.set_input_x(c);
            b.set_input_x(a);
            c.set_input_x(b);
        }
        EXPECT(freed == 1);
        // A graph of temporaries stays whole while its output is held.
        op::Relu out = relu_chain();
        Graph g("temporaries");
        g.SetOutputs({out});
        EXPECT_STATUS(SUCCESS, s.AddGraph(12, g));
        EXPECT_STATUS(SUCCESS, s.BuildGraph(12, std::vector<Tensor>{}));
    }
    // Unconnected input.
    {
        op::Data x = data("x", 0, {4});
        op::Mul mul("mul");
        mul.set_input_x1(x); // x2 missing
        Graph g("unconnected");
        g.SetInputs({x}).SetOutputs({mul});
        EXPECT_STATUS(SUCCESS, s.AddGraph(6, g));
        EXPECT_STATUS(GE_GRAPH_INFERSHAPE_FAILED, s.BuildGraph(6, std::vector<Tensor>{}));
        EXPECT_MSG("input x2 is not connected");
    }
    // A Data node without a shape, and one given by BuildGraph's inputs instead.
    {
        op::Data x("x");
        op::Relu r("r");
        r.set_input_x(x);
        Graph g("noshape");
        g.SetInputs({x}).SetOutputs({r});
        EXPECT_STATUS(SUCCESS, s.AddGraph(8, g));
        EXPECT_STATUS(GE_GRAPH_INFERSHAPE_FAILED, s.BuildGraph(8, std::vector<Tensor>{}));
        EXPECT_MSG("no known shape");
        EXPECT_STATUS(SUCCESS, s.BuildGraph(8, std::vector<Tensor>{Tensor(fdesc({3}))}));
    }
    // Wrong names are refused when the graph is handed over.
    {
        op::Data x = data("x", 0, {4});
        Operator r("r", "Relu");
        r.SetInput("input", x); // Relu's input is x
        Graph g("badname");
        g.SetInputs({x}).SetOutputs({r});
        EXPECT_STATUS(FAILED, s.AddGraph(9, g));
        EXPECT_MSG("no input named input");
    }
    // Required attributes and bad attribute values.
    {
        op::Data x("x");
        x.set_attr_index(0);
        x.update_input_desc_x(TensorDesc(Shape({1, 1, 4, 4}), FORMAT_NCHW, DT_FLOAT));
        op::MaxPool mp("mp");
        mp.set_input_x(x).set_attr_ksize({1, 1, 2, 2}).set_attr_strides({1, 1, 2, 2})
            .set_attr_padding("HALF").set_attr_data_format("NCHW");
        Graph g("pool");
        g.SetInputs({x}).SetOutputs({mp});
        EXPECT_STATUS(SUCCESS, s.AddGraph(10, g));
        EXPECT_STATUS(GE_GRAPH_INFERSHAPE_FAILED, s.BuildGraph(10, std::vector<Tensor>{}));
        EXPECT_MSG("SAME or VALID");
    }

    // ---- after GEFinalize ---------------------------------------------------------------
    EXPECT_STATUS(SUCCESS, GEFinalize());
    std::vector<Tensor> out;
    EXPECT_STATUS(GE_CLI_GE_NOT_INITIALIZED, s.RunGraph(1, none, out));
    EXPECT_STATUS(GE_CLI_GE_NOT_INITIALIZED, s.RunGraphWithStreamAsync(1, stream, none, out));
    EXPECT_STATUS(GE_CLI_GE_NOT_INITIALIZED, s.AddGraph(11, add_graph({2}, {2})));
    EXPECT_STATUS(GE_CLI_GE_NOT_INITIALIZED, s.BuildGraph(1, none));
    EXPECT_STATUS(GE_CLI_GE_NOT_INITIALIZED, s.RemoveGraph(1));
    // A new GE instance does not resurrect the old session.
    EXPECT_STATUS(SUCCESS, GEInitialize(kNone));
    EXPECT_STATUS(GE_SESSION_NOT_EXIST, s.RunGraph(1, none, out));
    EXPECT_STATUS(SUCCESS, GEFinalize());

    EXPECT(aclrtDestroyStream(stream) == ACL_SUCCESS);
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    std::printf("graph_errors: ok\n");
    return 0;
}
