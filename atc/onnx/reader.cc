/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/reader.cc: ONNX -> GE graph. libonnx parses the model, checks it
 * (onnx::checker) and infers every shape (onnx::shape_inference, after
 * --input_shape has fixed the inputs); then each node, in the model's
 * order (ONNX graphs are topologically sorted), goes through the converter
 * of its row in atc/onnx/onnx_ops.h (defined in the file of its family in
 * atc/onnx/), which adds CANN IR nodes with
 * cpuaclGeGraphAddNode/SetAttr/SetInput. Initializers become Const nodes
 * (the weights) when a node first reads them; graph inputs that are
 * initializers are not Data nodes. Values a CANN type needs on the host
 * (shapes, axes, perms) must be initializers or Constant outputs.
 * Anything refused throws Fail; convert_onnx turns it into a message with
 * the node's name and op type.
 */
#include "onnx_pvt.h"

#include <onnx/checker.h>
#include <onnx/shape_inference/implementation.h>
#include <onnx/version_converter/convert.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>

namespace atc
{

namespace
{
struct Row {
    MapRow row;
    Conv conv;
};
} // namespace

static const std::vector<Row> &rows()
{
    static const std::vector<Row> r = {
#define M(onnx_op, converter, cann, notes) {{#onnx_op, cann, notes}, conv_##converter},
#include "onnx_ops.h"
#undef M
    };
    return r;
}

/* The first CANN type of a row ("" for none). */
static std::string first_type(const char *cann)
{
    std::string s(cann);
    return s.substr(0, s.find(' '));
}

/* Shape arithmetic on host values, folded at conversion as GE folds constant subgraphs:
 * Add, Sub, Mul and Neg of int32 / int64 constants (same shape, or one of one element) and
 * Concat of 1-D ones, at most kFoldMax elements (the size of shapes and axes, which is
 * what such subgraphs compute: ONNX's function expansions build their Reshape targets from
 * Shape, Size and Slice this way). The result is a constant like a Constant node's: a reader
 * that needs a host value (Reshape's shape, ConstantOfShape's input) finds it, others get a
 * Const node. Anything else is converted as usual. */
constexpr size_t kFoldMax = 64;

static bool fold_host(Ctx &c, const onnx::NodeProto &n)
{
    const std::string &op = n.op_type();
    bool ew = op == "Add" || op == "Sub" || op == "Mul" || op == "Neg";
    if ((!ew && op != "Concat") || n.output_size() != 1 || n.input_size() < 1)
        return false;
    std::vector<std::vector<int64_t>> v((size_t)n.input_size());
    int32_t dt = -1;
    std::vector<std::vector<int64_t>> shp((size_t)n.input_size());
    for (int i = 0; i < n.input_size(); i++) {
        auto it = c.consts.find(n.input(i));
        if (it == c.consts.end())
            return false;
        const onnx::TensorProto &t = *it->second;
        if ((t.data_type() != onnx::TensorProto::INT64 &&
             t.data_type() != onnx::TensorProto::INT32) ||
            (dt >= 0 && t.data_type() != dt))
            return false;
        dt = t.data_type();
        if (!const_ints(c, n.input(i), &v[(size_t)i]) || v[(size_t)i].size() > kFoldMax)
            return false;
        if (op == "Concat" && t.dims_size() != 1)
            return false;
        shp[(size_t)i].assign(t.dims().begin(), t.dims().end());
    }
    /* broadcasting: the operand of the highest rank; every other of its shape or of one
     * element */
    size_t best = 0;
    for (size_t i = 0; i < shp.size(); i++)
        if (shp[i].size() > shp[best].size())
            best = i;
    if (op != "Concat")
        for (size_t i = 0; i < shp.size(); i++)
            if (v[i].size() > 1 && shp[i] != shp[best])
                return false;
    std::vector<int64_t> dims = shp[best];
    std::vector<int64_t> r;
    if (op == "Concat") {
        for (const auto &x : v)
            r.insert(r.end(), x.begin(), x.end());
        dims = {(int64_t)r.size()};
    } else if (op == "Neg") {
        for (int64_t x : v[0])
            r.push_back(-x);
    } else {
        const auto &a = v[0], &b = v[1];
        if (a.size() != b.size() && a.size() != 1 && b.size() != 1)
            return false;
        size_t m = std::max(a.size(), b.size());
        for (size_t i = 0; i < m; i++) {
            int64_t x = a[a.size() == 1 ? 0 : i], y = b[b.size() == 1 ? 0 : i];
            r.push_back(op == "Add" ? x + y : op == "Sub" ? x - y : x * y);
        }
    }
    onnx::TensorProto t;
    t.set_data_type(dt);
    for (int64_t d : dims)
        t.add_dims(d);
    for (int64_t x : r) {
        if (dt == onnx::TensorProto::INT64)
            t.add_int64_data(x);
        else
            t.add_int32_data((int32_t)x);
    }
    c.node = &n;
    const_output(c, std::move(t));
    return true;
}

static void convert_node(Ctx &c, const onnx::NodeProto &n)
{
    if (fold_host(c, n))
        return;
    c.node = &n;
    /* an unnamed node is named after its first output */
    c.base = !n.name().empty() ? n.name() : n.output_size() ? n.output(0) : n.op_type();
    for (const auto &in : n.input()) {
        auto d = c.ddep.find(in);
        if (d != c.ddep.end())
            refuse("input " + in + " is an output of " + d->second +
                   ", whose dims are data-dependent (known only once it ran): it can only be a "
                   "graph output");
    }
    bool training =
        n.domain() == "ai.onnx.preview.training" &&
        (n.op_type() == "Adagrad" || n.op_type() == "Momentum" || n.op_type() == "Adam");
    if (!n.domain().empty() && n.domain() != "ai.onnx" && !training)
        refuse("domain " + n.domain() + " is not supported");
    for (const auto &r : rows())
        if (n.op_type() == r.row.onnx) {
            std::string t = first_type(r.row.cann);
            r.conv(c, t.c_str());
            return;
        }
    refuse("the op type is not supported (docs/atc.md lists the ONNX ops atc converts)");
}

/* The value of a one-element float or double tensor; false otherwise. */
static bool scalar_value(const onnx::TensorProto &t, double *v)
{
    int32_t dt;
    std::vector<char> b = tensor_bytes(t, &dt);
    if (dt == GE_F32 && b.size() == 4) {
        float f;
        std::memcpy(&f, b.data(), 4);
        *v = f;
        return true;
    }
    if (dt == GE_F64 && b.size() == 8) {
        std::memcpy(v, b.data(), 8);
        return true;
    }
    return false;
}

/*
 * GELU as PyTorch exports nn.GELU() (opsets 11-17 have no Gelu op):
 *   t = Div(x, sqrt 2); e = Erf(t); a = Add(e, 1); m = Mul(x, a); y = Mul(m, 0.5)
 * (Add's and Mul's operands in either order). Each match becomes one GeluV2
 * at its Erf (conv_erf_gelu); its other nodes are skipped. A match needs
 * every intermediate value to feed only the next node and be no graph
 * output, and the constants within 1e-6 of sqrt 2, 1 and 0.5.
 */
static void fuse_gelu(Ctx &c, const onnx::GraphProto &g)
{
    std::map<std::string, const onnx::NodeProto *> producer;
    std::map<std::string, std::vector<const onnx::NodeProto *>> users;
    std::set<std::string> outputs;
    for (const auto &n : g.node()) {
        for (const auto &o : n.output())
            producer[o] = &n;
        for (const auto &i : n.input())
            users[i].push_back(&n);
    }
    for (const auto &o : g.output())
        outputs.insert(o.name());
    /* an initializer, or a Constant node's value or value_float (fuse_gelu
     * runs before conv_constant has registered the Constants) */
    auto near = [&](const std::string &name, double want) {
        double v = NAN;
        auto k = c.consts.find(name);
        auto p = producer.find(name);
        if (k != c.consts.end()) {
            scalar_value(*k->second, &v);
        } else if (p != producer.end() && p->second->op_type() == "Constant") {
            for (const auto &a : p->second->attribute())
                if (a.name() == "value" && a.has_t())
                    scalar_value(a.t(), &v);
                else if (a.name() == "value_float")
                    v = a.f();
        }
        return std::fabs(v - want) <= 1e-6;
    };
    /* the single user of value v, of type `type`, not a graph output */
    auto only_user = [&](const std::string &v, const char *type) -> const onnx::NodeProto * {
        auto it = users.find(v);
        if (outputs.count(v) || it == users.end() || it->second.size() != 1 ||
            it->second[0]->op_type() != type ||
            it->second[0]->input_size() != (std::strcmp(type, "Erf") ? 2 : 1))
            return nullptr;
        return it->second[0];
    };
    /* the operand of binary node n other than value v */
    auto other = [](const onnx::NodeProto *n, const std::string &v) {
        return n->input(0) == v ? n->input(1) : n->input(0);
    };
    for (const auto &e : g.node()) {
        if (e.op_type() != "Erf" || e.input_size() != 1 || e.output_size() != 1)
            continue;
        auto p = producer.find(e.input(0));
        const onnx::NodeProto *div = p == producer.end() ? nullptr : p->second;
        if (!div || div->op_type() != "Div" || div->input_size() != 2 ||
            !near(div->input(1), std::sqrt(2.0)) || only_user(div->output(0), "Erf") != &e)
            continue;
        const std::string &x = div->input(0);
        const onnx::NodeProto *add = only_user(e.output(0), "Add");
        if (!add || !near(other(add, e.output(0)), 1.0))
            continue;
        const onnx::NodeProto *mul = only_user(add->output(0), "Mul");
        if (!mul || other(mul, add->output(0)) != x)
            continue;
        const onnx::NodeProto *half = only_user(mul->output(0), "Mul");
        if (!half || !near(other(half, mul->output(0)), 0.5))
            continue;
        c.gelu[&e] = {x, half->output(0)};
        c.fused.insert({div, add, mul, half});
    }
}

/* Shapes and types of every value the model names, after inference. */
static void collect_shapes(Ctx &c, const onnx::GraphProto &g)
{
    auto take = [&](const onnx::ValueInfoProto &v) {
        if (!v.type().has_tensor_type())
            return;
        const auto &tt = v.type().tensor_type();
        Shape s;
        s.dtype = tt.elem_type();
        s.known = tt.has_shape();
        if (s.known)
            for (const auto &d : tt.shape().dim())
                s.dims.push_back(d.has_dim_value() ? d.dim_value() : -1);
        c.shapes[v.name()] = s;
    };
    for (const auto &v : g.input())
        take(v);
    for (const auto &v : g.value_info())
        take(v);
    for (const auto &v : g.output())
        take(v);
    for (const auto &t : g.initializer()) {
        Shape s;
        s.dtype = t.data_type();
        s.known = true;
        s.dims.assign(t.dims().begin(), t.dims().end());
        c.shapes[t.name()] = s;
    }
}

const std::vector<MapRow> &mapping()
{
    static const std::vector<MapRow> m = [] {
        std::vector<MapRow> v;
        for (const auto &r : rows())
            v.push_back(r.row);
        return v;
    }();
    return m;
}

bool convert_onnx(const std::string &path, const Options &opt, Converted *out, std::string *err)
{
    onnx::ModelProto model;
    {
        std::ifstream f(path, std::ios::binary);
        if (!f) {
            *err = "E10001: Value [" + path +
                   "] for parameter [--model] is invalid. Reason: "
                   "the file cannot be opened.";
            return false;
        }
        if (!model.ParseFromIstream(&f)) {
            *err = "E19999: Failed to parse the ONNX model " + path +
                   ": it is not an ONNX ModelProto (protobuf parse error).";
            return false;
        }
    }
    int64_t opset = -1;
    bool training = false;
    for (const auto &o : model.opset_import()) {
        if (o.domain().empty() || o.domain() == "ai.onnx")
            opset = o.version();
        training = training || (o.domain() == "ai.onnx.preview.training" && o.version() == 1);
    }
    /* a model of ONNX's training domain alone (its optimizers) has no default-domain node:
     * taken as of the newest opset atc reads */
    if (opset < 0 && training)
        opset = 17;
    if (opset < 1 || opset > 17) {
        *err = "E19999: The ONNX model " + path + " imports opset " + std::to_string(opset) +
               " of the default domain; atc supports opsets 11 to 17.";
        return false;
    }
    int64_t model_opset = opset;
    if (opset < 11) {
        /* older opsets: onnx's version converter rewrites the model to opset 11
         * (every adapter from libonnx); what it cannot convert is refused */
        try {
            onnx::checker::check_model(model);
            /* the adapters read the shapes of the values they rewrite (Gemm's C): infer them
             * first (errors not fatal here: the converted model is checked and inferred
             * below), then drop them, so that --input_shape's dims are inferred afresh */
            onnx::ShapeInferenceOptions pre;
            pre.error_mode = 0;
            onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), pre);
            model = onnx::version_conversion::ConvertVersion(model, 11);
            model.mutable_graph()->clear_value_info();
        } catch (const std::exception &e) {
            *err = "E19999: The ONNX model " + path + " imports opset " + std::to_string(opset) +
                   " of the default domain, and ONNX's version converter cannot bring it to "
                   "opset 11 (atc supports opsets 11 to 17): " +
                   e.what();
            return false;
        }
        opset = 11;
    }
    /* --input_shape fixes the inputs' dims before inference. */
    onnx::GraphProto *gp = model.mutable_graph();
    std::set<std::string> inits;
    for (const auto &t : gp->initializer())
        inits.insert(t.name());
    for (const auto &is : opt.input_shape) {
        onnx::ValueInfoProto *vi = nullptr;
        for (auto &v : *gp->mutable_input())
            if (v.name() == is.first && !inits.count(v.name()))
                vi = &v;
        if (!vi) {
            *err = "E10001: Value [" + is.first +
                   "] for parameter [--input_shape] is invalid. "
                   "Reason: the model has no input of that name.";
            return false;
        }
        auto *sh = vi->mutable_type()->mutable_tensor_type()->mutable_shape();
        if (sh->dim_size() && sh->dim_size() != (int)is.second.size()) {
            *err = "E10001: Value [" + is.first + ":" + dims_str(is.second) +
                   "] for parameter [--input_shape] is invalid. Reason: the model's input has "
                   "rank " +
                   std::to_string(sh->dim_size()) + ".";
            return false;
        }
        for (int i = 0; i < sh->dim_size(); i++) {
            const auto &d = sh->dim(i);
            if (d.has_dim_value() && is.second[i] >= 0 && d.dim_value() != is.second[i]) {
                *err = "E10001: Value [" + is.first + ":" + dims_str(is.second) +
                       "] for parameter [--input_shape] is invalid. Reason: dim " +
                       std::to_string(i) + " of the model's input is " +
                       std::to_string(d.dim_value()) + ".";
                return false;
            }
        }
        sh->clear_dim();
        for (int64_t d : is.second) {
            auto *nd = sh->add_dim();
            if (d >= 0)
                nd->set_dim_value(d);
            else
                nd->set_dim_param("gear");
        }
    }
    try {
        onnx::checker::check_model(model);
        onnx::ShapeInferenceOptions so;
        so.check_type = true;
        so.error_mode = 1;
        so.enable_data_propagation = true;
        onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), so);
    } catch (const std::exception &e) {
        *err = std::string("E19999: The ONNX model ") + path + " is invalid: " + e.what();
        return false;
    }

    Ctx c;
    c.out = out;
    c.opset = opset;
    c.model_opset = model_opset;
    out->opset = opset;
    c.g = cpuaclGeGraphCreate(gp->name().empty() ? "onnx" : gp->name().c_str());
    if (!c.g) {
        *err = "E19999: out of memory";
        return false;
    }
    out->graph = c.g;
    collect_shapes(c, *gp);
    for (const auto &t : gp->initializer())
        c.consts[t.name()] = &t;
    try {
        /* Graph inputs that are not initializers: Data nodes, in order. */
        std::vector<int32_t> data;
        for (const auto &v : gp->input()) {
            if (inits.count(v.name()))
                continue;
            const Shape &s = shape_of(c, v.name());
            int32_t dt = ge_dtype(s.dtype);
            if (dt < 0)
                throw Fail("E19999", "input " + v.name() + ": ONNX data type " +
                                         std::to_string(s.dtype) + " is not supported");
            if (!s.known)
                throw Fail("E10001", "input " + v.name() +
                                         " has no shape: give it with "
                                         "--input_shape");
            for (int64_t d : s.dims)
                if (d < 0 && !opt.geared)
                    throw Fail("E10001", "input " + v.name() + " has dims [" + dims_str(s.dims) +
                                             "] with unknown entries: give them with --input_shape "
                                             "(-1 for a gear dim, with a gear option)");
            std::string nm = unique(c, v.name());
            int32_t n = cpuaclGeGraphAddNode(c.g, "Data", nm.c_str());
            if (n < 0)
                throw Fail("E19999", cpuaclGeErrMsg());
            attr_i(c, n, "index", (int64_t)data.size());
            int32_t fmt = s.dims.size() == 4 ? opt.input_format : FMT_ND;
            cpuaclGeTensor d = desc(dt, s.dims, fmt);
            ge_check(c, cpuaclGeGraphSetDesc(c.g, n, 0, "x", &d), "x");
            c.values[v.name()] = {n, 0};
            c.inputs.insert(v.name());
            data.push_back(n);
            out->input_names.push_back(v.name());
            out->inputs.push_back(d);
        }
        ge_check(c, cpuaclGeGraphSetInputs(c.g, data.data(), data.size()), "inputs");
        fuse_gelu(c, *gp);
        for (const auto &n : gp->node()) {
            if (c.fused.count(&n))
                continue;
            try {
                convert_node(c, n);
            } catch (const Fail &f) {
                throw Fail(f.code,
                           "Op [" + c.base + "] of type [" + n.op_type() + "]: " + f.what());
            }
        }
        c.node = nullptr;
        c.base = "";
        std::vector<int32_t> on, oo;
        for (const auto &v : gp->output()) {
            auto dd = c.ddep.find(v.name());
            if (dd != c.ddep.end() && (c.dynamic || opt.output_type >= 0))
                throw Fail("E19010", "output " + v.name() + " of " + dd->second +
                                         " has data-dependent dims: not supported in a "
                                         "dynamic-shape model nor with --output_type");
            Ref r = value(c, v.name());
            if (opt.output_type >= 0 && ge_dtype(shape_of(c, v.name()).dtype) != opt.output_type) {
                c.base = v.name() + "/output_type";
                int32_t k = cpuaclGeGraphAddNode(c.g, "Cast", unique(c, c.base).c_str());
                attr_i(c, k, "dst_type", opt.output_type);
                connect(c, k, "x", r);
                r = {k, 0};
            }
            if (c.dynamic) {
                /* a dynamic-shape model's output has no dims before execution: its type is
                 * given by an Identity's output description (rank unknown) */
                c.base = v.name() + "/output";
                int32_t k = cpuaclGeGraphAddNode(c.g, "Identity", unique(c, c.base).c_str());
                connect(c, k, "x", r);
                cpuaclGeTensor d{};
                d.dtype =
                    opt.output_type >= 0 ? opt.output_type : ge_dtype(shape_of(c, v.name()).dtype);
                d.format = FMT_ND;
                d.ndim = -1;
                ge_check(c, cpuaclGeGraphSetDesc(c.g, k, 1, "y", &d), "y");
                r = {k, 0};
            }
            on.push_back(r.node);
            oo.push_back(r.out);
            out->output_names.push_back(v.name());
        }
        ge_check(c, cpuaclGeGraphSetOutputs(c.g, on.data(), oo.data(), on.size()), "outputs");
    } catch (const Fail &f) {
        *err = f.code + ": " + f.what();
        return false;
    }
    return true;
}

} // namespace atc
