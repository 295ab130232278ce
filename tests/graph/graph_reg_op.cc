// SPDX-License-Identifier: Apache-2.0
// Operator prototypes written with GE's REG_OP macros (graph/operator_reg.h), as CANN's
// op_graph/<op>_proto.h and users' own headers declare them, without all_ops.h:
// - a probe prototype with every clause (INPUT, OPTIONAL_INPUT, DYNAMIC_INPUT, OUTPUT,
//   DYNAMIC_OUTPUT, ATTR of each type, REQUIRED_ATTR, DATATYPE, GRAPH, DYNAMIC_GRAPH):
//   getters of unset attributes return the declared defaults, setters chain and are read
//   back, the class is a ge::Operator of its type;
// - real IR types declared here (Add, Elu, ConcatD) run in a ge::Session from host
//   tensors, as the graph examples of CANN's operator repositories do: results against
//   a host reference, an attribute set through its REG_OP setter (Elu's alpha), a dynamic
//   input;
// - aclgrphDumpGraph writes the operators, edges and attributes (an AddOp-only operator
//   included) and refuses a NULL or empty name;
// - a graph of a type the engine does not run fails to run with a message naming it, and
//   its list-of-strings and list-of-lists attributes reach the engine's copy intact
//   (checked by the sanitizers; the build refuses the type, not the attributes);
// - Data nodes whose index attributes collide bind in SetInputs order when it lists them
//   all (graph/ir.c GI1), and are refused otherwise;
// - GEInitialize without aclInit brings the runtime up, GEFinalize takes it down, an
//   aclInit in between takes it over (graph/session.c GE1).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "array_ops.h"
#include "ge/ge_api.h"
#include "ge/ge_ir_build.h"
#include "graph/graph.h"
#include "graph/operator_reg.h"

#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            std::fprintf(stderr, "%s:%d: failed: %s (%s)\n", __FILE__, __LINE__, #c,               \
                         aclGetRecentErrMsg());                                                    \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

namespace ge {

REG_OP(CpuaclRegProbe)
    .INPUT(x, TensorType({DT_FLOAT, DT_FLOAT16}))
    .OPTIONAL_INPUT(bias, TensorType::FLOAT())
    .DYNAMIC_INPUT(extra, TensorType::ALL())
    .OUTPUT(y, "T")
    .DYNAMIC_OUTPUT(parts, TensorType::IndexNumberType())
    .ATTR(i, Int, 7)
    .ATTR(f, Float, 0.25)
    .ATTR(b, Bool, true)
    .ATTR(s, String, "NCHW")
    .ATTR(li, ListInt, {1, 2, 3})
    .ATTR(lf, ListFloat, {0.5, 1.5})
    .ATTR(lb, ListBool, {true, false})
    .ATTR(ls, ListString, {"a", "bc"})
    .ATTR(t, Type, DT_INT64)
    .ATTR(lt, ListType, {DT_FLOAT, DT_INT8})
    .ATTR(lli, ListListInt, {{1}, {2, 3}})
    .ATTR(tensor, Tensor, Tensor())
    .ATTR(named, NamedAttrs, NamedAttrs())
    .ATTR(bytes, Bytes, OpBytes())
    .REQUIRED_ATTR(axis, Int)
    .REQUIRED_ATTR(mode, String)
    .DATATYPE(T, TensorType({DT_FLOAT}))
    .GRAPH(body)
    .DYNAMIC_GRAPH(branches)
    .OP_END_FACTORY_REG(CpuaclRegProbe)

REG_OP(Add)
    .INPUT(x1, TensorType::NumberType())
    .INPUT(x2, TensorType::NumberType())
    .OUTPUT(y, TensorType::NumberType())
    .OP_END_FACTORY_REG(Add)

REG_OP(Sub)
    .INPUT(x1, TensorType::NumberType())
    .INPUT(x2, TensorType::NumberType())
    .OUTPUT(y, TensorType::NumberType())
    .OP_END_FACTORY_REG(Sub)

REG_OP(Elu)
    .INPUT(x, TensorType::FloatingDataType())
    .OUTPUT(y, TensorType::FloatingDataType())
    .ATTR(alpha, Float, 1.0)
    .ATTR(scale, Float, 1.0)
    .ATTR(input_scale, Float, 1.0)
    .OP_END_FACTORY_REG(Elu)

REG_OP(ConcatD)
    .DYNAMIC_INPUT(x, TensorType::ALL())
    .OUTPUT(y, TensorType::ALL())
    .REQUIRED_ATTR(concat_dim, Int)
    .ATTR(N, Int, 1)
    .OP_END_FACTORY_REG(ConcatD)

} // namespace ge

using namespace ge;

static void probe_members()
{
    op::CpuaclRegProbe p("probe");
    EXPECT(std::strcmp(op::CpuaclRegProbe::OpType(), "CpuaclRegProbe") == 0);
    EXPECT(p.GetOpType() == "CpuaclRegProbe" && p.GetName() == "probe");
    Operator &base = p; // a prototype is a ge::Operator
    EXPECT(!base.IsEmpty());
    // unset attributes read as their declared defaults (REQUIRED_ATTR: the type's zero)
    EXPECT(p.get_attr_i() == 7 && p.get_attr_f() == 0.25f && p.get_attr_b());
    EXPECT(p.get_attr_s() == "NCHW" && p.get_attr_t() == DT_INT64);
    EXPECT((p.get_attr_li() == std::vector<int64_t>{1, 2, 3}));
    EXPECT((p.get_attr_lf() == std::vector<float>{0.5f, 1.5f}));
    EXPECT((p.get_attr_lb() == std::vector<bool>{true, false}));
    EXPECT((p.get_attr_ls() == std::vector<std::string>{"a", "bc"}));
    EXPECT((p.get_attr_lt() == std::vector<DataType>{DT_FLOAT, DT_INT8}));
    EXPECT((p.get_attr_lli() == std::vector<std::vector<int64_t>>{{1}, {2, 3}}));
    EXPECT(p.get_attr_axis() == 0 && p.get_attr_mode().empty());
    EXPECT(std::strcmp(op::CpuaclRegProbe::name_attr_lli(), "lli") == 0);
    EXPECT(std::strcmp(op::CpuaclRegProbe::name_in_bias(), "bias") == 0);
    EXPECT(std::strcmp(op::CpuaclRegProbe::name_out_y(), "y") == 0);
    // setters chain and are read back
    p.set_attr_i(-3).set_attr_f(2.5f).set_attr_b(false).set_attr_s("ND");
    p.set_attr_li({4, 5}).set_attr_lb({false, true, true}).set_attr_ls({"x"});
    p.set_attr_lt({DT_BF16}).set_attr_lli({{}, {7, 8, 9}}).set_attr_axis(2).set_attr_mode("m");
    EXPECT(p.get_attr_i() == -3 && p.get_attr_f() == 2.5f && !p.get_attr_b());
    AscendString s;
    EXPECT(p.get_attr_s(s) == GRAPH_SUCCESS && std::strcmp(s.GetString(), "ND") == 0);
    EXPECT((p.get_attr_li() == std::vector<int64_t>{4, 5}));
    EXPECT((p.get_attr_lb() == std::vector<bool>{false, true, true}));
    EXPECT((p.get_attr_ls() == std::vector<std::string>{"x"}));
    EXPECT((p.get_attr_lt() == std::vector<DataType>{DT_BF16}));
    EXPECT((p.get_attr_lli() == std::vector<std::vector<int64_t>>{{}, {7, 8, 9}}));
    EXPECT(p.get_attr_axis() == 2 && p.get_attr_mode() == "m");
    // subgraph builders are kept on the object
    p.set_subgraph_builder_body([] { return Graph("body"); });
    EXPECT(p.get_subgraph_builder_body() != nullptr);
    p.create_dynamic_subgraph_branches(2);
    p.create_dynamic_input_extra(2).create_dynamic_output_parts(3);
}

static Tensor host(const std::vector<int64_t> &dims, const std::vector<float> &v)
{
    Tensor t(TensorDesc(Shape(dims), FORMAT_ND, DT_FLOAT));
    t.SetData(reinterpret_cast<const uint8_t *>(v.data()), v.size() * sizeof(float));
    return t;
}

static std::vector<float> floats(const Tensor &t)
{
    std::vector<float> v(t.GetSize() / sizeof(float));
    std::memcpy(v.data(), t.GetData(), v.size() * sizeof(float));
    return v;
}

static std::string slurp(const char *path)
{
    std::ifstream f(path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// y = concat(elu_{alpha 0.5}(a + b), a) along dim 0, with host tensors in and out.
static void run_real_types()
{
    const std::vector<int64_t> dims = {2, 3};
    const std::vector<float> a = {-2.f, -0.5f, 0.f, 0.5f, 1.f, 3.f};
    const std::vector<float> b = {0.5f, -1.f, 0.25f, -2.f, 0.f, 1.f};
    op::Data da("a"), db("b");
    da.set_attr_index(0);
    db.set_attr_index(1);
    TensorDesc d(Shape(dims), FORMAT_ND, DT_FLOAT);
    da.update_input_desc_x(d);
    db.update_input_desc_x(d);
    op::Add add("add");
    add.set_input_x1(da).set_input_x2(db);
    op::Elu elu("elu");
    elu.set_input_x(add).set_attr_alpha(0.5f);
    op::ConcatD cat("cat");
    cat.create_dynamic_input_x(2).set_dynamic_input_x(0, elu).set_dynamic_input_x(1, da);
    cat.set_attr_concat_dim(0).set_attr_N(2);
    op::Data lone("lone"); // reached through AddOp only
    Graph g("reg_op_graph");
    g.SetInputs({da, db}).SetOutputs({cat});
    EXPECT(g.AddOp(lone) == GRAPH_SUCCESS);

    char path[] = "/tmp/cpuacl_reg_op_XXXXXX";
    int fd = mkstemp(path);
    EXPECT(fd >= 0);
    EXPECT(aclgrphDumpGraph(g, path, std::strlen(path)) == GRAPH_SUCCESS);
    const std::string text = slurp(path);
    std::remove(path);
    for (const char *want : {"op \"elu\" type Elu", "attr alpha = 0.5", "op \"cat\" type ConcatD",
                             "input x0 <- \"elu\":0", "op \"lone\" type Data"})
        if (text.find(want) == std::string::npos) {
            std::fprintf(stderr, "dump lacks \"%s\":\n%s", want, text.c_str());
            std::exit(1);
        }
    EXPECT(aclgrphDumpGraph(g, nullptr, 4) == GRAPH_PARAM_INVALID);
    EXPECT(aclgrphDumpGraph(g, path, 0) == GRAPH_PARAM_INVALID);

    Graph run("reg_op_run"); // the same graph without the unconnected operator
    run.SetInputs({da, db}).SetOutputs({cat});
    Session session(std::map<AscendString, AscendString>{});
    EXPECT(session.AddGraph(1, run) == SUCCESS);
    std::vector<Tensor> out;
    EXPECT(session.RunGraph(1, {host(dims, a), host(dims, b)}, out) == SUCCESS);
    EXPECT(out.size() == 1);
    std::vector<float> got = floats(out[0]), want;
    for (size_t i = 0; i < a.size(); i++) {
        float s = a[i] + b[i];
        want.push_back(s > 0 ? s : 0.5f * (std::exp(s) - 1.f));
    }
    want.insert(want.end(), a.begin(), a.end());
    EXPECT(got.size() == want.size());
    for (size_t i = 0; i < want.size(); i++)
        if (!(std::fabs(got[i] - want[i]) <= 1e-6f + 1e-6f * std::fabs(want[i]))) {
            std::fprintf(stderr, "y[%zu] = %g, expected %g\n", i, got[i], want[i]);
            std::exit(1);
        }
}

// graph/ir.c GI1: every Data node's index 0, as CANN's graph examples set it, with both
// listed in SetInputs: the inputs bind in the SetInputs order (y = a - b, not b - a).
static void colliding_indexes()
{
    op::Data da("a"), db("b");
    da.set_attr_index(0);
    db.set_attr_index(0);
    op::Sub sub("sub");
    sub.set_input_x1(da).set_input_x2(db);
    Graph g("reg_op_index0");
    g.SetInputs({da, db}).SetOutputs({sub});
    Session session(std::map<AscendString, AscendString>{});
    EXPECT(session.AddGraph(3, g) == SUCCESS);
    std::vector<Tensor> out;
    EXPECT(session.RunGraph(3, {host({3}, {5.f, 7.f, 9.f}), host({3}, {1.f, 2.f, 4.f})}, out) ==
           SUCCESS);
    EXPECT(out.size() == 1);
    EXPECT((floats(out[0]) == std::vector<float>{4.f, 5.f, 5.f}));
    // not every Data node in SetInputs: the collision is an error naming the node
    op::Data dc("c");
    dc.set_attr_index(0);
    op::Sub sub2("sub2");
    sub2.set_input_x1(da).set_input_x2(dc);
    Graph h("reg_op_index0_partial");
    h.SetInputs({da}).SetOutputs({sub2});
    EXPECT(session.AddGraph(4, h) == SUCCESS);
    EXPECT(session.RunGraph(4, {host({3}, {1.f, 1.f, 1.f}), host({3}, {1.f, 1.f, 1.f})}, out) !=
           SUCCESS);
    EXPECT(std::string(GEGetErrorMsgV2().GetString()).find("used twice") != std::string::npos);
}

// A type the engine does not run: the run fails naming it; its list attributes are
// lowered into the engine's copy on the way (AddGraph).
static void unknown_type()
{
    op::Data x("x");
    x.set_attr_index(0);
    x.update_input_desc_x(TensorDesc(Shape({2}), FORMAT_ND, DT_FLOAT));
    op::CpuaclRegProbe p("probe");
    p.set_input_x(x).set_attr_ls({"first", "", "third"}).set_attr_lli({{1, 2}, {}, {3}});
    p.set_attr_named(NamedAttrs()).set_attr_axis(1).set_attr_mode("m");
    Graph g("reg_op_unknown");
    g.SetInputs({x}).SetOutputs({p});
    Session session(std::map<AscendString, AscendString>{});
    EXPECT(session.AddGraph(2, g) == SUCCESS);
    std::vector<Tensor> out;
    EXPECT(session.RunGraph(2, {host({2}, {1.f, 2.f})}, out) != SUCCESS);
    const std::string msg = GEGetErrorMsgV2().GetString();
    EXPECT(msg.find("CpuaclRegProbe") != std::string::npos);
}

// graph/session.c GE1: GEInitialize without aclInit brings the runtime up and GEFinalize
// takes it down again; an aclInit in between takes it over (SUCCESS) and keeps it up.
static void runtime_ownership()
{
    const std::map<AscendString, AscendString> none{};
    EXPECT(aclrtSetDevice(0) == ACL_ERROR_UNINITIALIZE); // the first GEFinalize took it down
    EXPECT(GEInitialize(none) == SUCCESS);
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE); // no aclInit reference to drop
    EXPECT(aclInit(nullptr) == ACL_SUCCESS);             // takes the runtime over
    EXPECT(aclInit(nullptr) == ACL_ERROR_REPEAT_INITIALIZE);
    EXPECT(GEFinalize() == SUCCESS);
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS); // still up: aclInit owns it
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_ERROR_REPEAT_FINALIZE);
    // with aclInit first, GE takes nothing and leaves the runtime to it
    EXPECT(aclInit(nullptr) == ACL_SUCCESS);
    EXPECT(GEInitialize(none) == SUCCESS);
    EXPECT(GEFinalize() == SUCCESS);
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS);
    EXPECT(aclFinalize() == ACL_SUCCESS);
}

int main()
{
    probe_members();
    // no aclInit: GEInitialize brings the runtime up (GE1), as CANN's graph examples expect
    EXPECT(GEInitialize(std::map<AscendString, AscendString>{{"ge.exec.deviceId", "0"}}) ==
           SUCCESS);
    run_real_types();
    colliding_indexes();
    unknown_type();
    EXPECT(GEFinalize() == SUCCESS);
    runtime_ownership();
    std::printf("graph_reg_op: ok\n");
    return 0;
}
