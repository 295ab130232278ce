/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/graph.h: ge::Graph (header-only). A graph is named by its inputs
 * (Data operators, SetInputs) and outputs (SetOutputs); every operator
 * reachable from them through input edges belongs to it. Copies share one
 * graph. Session::AddGraph takes a snapshot of it for the engine.
 */
#ifndef CPUACL_GRAPH_GRAPH_H
#define CPUACL_GRAPH_GRAPH_H
#ifdef __cplusplus

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ge/cpuacl_ge.h"
#include "graph/operator.h"

namespace ge {

class Graph {
public:
    Graph() : d_(std::make_shared<Data>()) {}
    explicit Graph(const char_t *name) : Graph() { d_->name = name ? name : ""; }
    explicit Graph(const std::string &name) : Graph(name.c_str()) {}
    explicit Graph(const AscendString &name) : Graph(name.GetString()) {}

    Graph &SetInputs(const std::vector<Operator> &inputs)
    {
        d_->inputs = inputs;
        return *this;
    }
    Graph &SetOutputs(const std::vector<Operator> &outputs)
    {
        d_->outputs.clear();
        for (const Operator &o : outputs)
            d_->outputs.emplace_back(o, 0);
        return *this;
    }
    Graph &SetOutputs(const std::vector<std::pair<Operator, std::vector<size_t>>> &outputs)
    {
        d_->outputs.clear();
        for (const auto &o : outputs)
            for (size_t i : o.second)
                d_->outputs.emplace_back(o.first, (int32_t)i);
        return *this;
    }
    graphStatus GetName(AscendString &name) const
    {
        name = AscendString(d_->name.c_str());
        return GRAPH_SUCCESS;
    }
    bool IsValid() const { return !d_->outputs.empty(); }

    /* An operator of the graph besides those its inputs and outputs reach. */
    graphStatus AddOp(const Operator &op)
    {
        d_->added.push_back(op);
        return GRAPH_SUCCESS;
    }

    /* The graph as text (aclgrphDumpGraph): its operators, from the outputs back, each
     * with its type, input edges and attributes. Not part of GE's API. */
    graphStatus CpuaclDumpText(const char *path) const
    {
        using cpuacl_detail::OpData;
        if (!path || !*path)
            return GRAPH_PARAM_INVALID;
        FILE *f = std::fopen(path, "w");
        if (!f)
            return GRAPH_FAILED;
        std::fprintf(f, "graph \"%s\"\n", d_->name.c_str());
        for (const OpData *op : Reachable()) {
            std::fprintf(f, "op \"%s\" type %s\n", op->name.c_str(), op->type.c_str());
            for (const auto &e : op->inputs)
                if (e.src) {
                    if (e.src_out.empty())
                        std::fprintf(f, "  input %s <- \"%s\":%d\n", e.dst.c_str(),
                                     e.src->name.c_str(), (int)e.src_index);
                    else
                        std::fprintf(f, "  input %s <- \"%s\":%s\n", e.dst.c_str(),
                                     e.src->name.c_str(), e.src_out.c_str());
                }
            for (const auto &a : op->attrs) {
                const auto &v = a.second;
                std::fprintf(f, "  attr %s =", a.first.c_str());
                switch (v.kind) {
                case cpuacl_detail::kFloat: std::fprintf(f, " %g", v.f); break;
                case cpuacl_detail::kStr: std::fprintf(f, " \"%s\"", v.s.c_str()); break;
                case cpuacl_detail::kInts:
                    for (int64_t x : v.ints)
                        std::fprintf(f, " %lld", (long long)x);
                    break;
                case cpuacl_detail::kFloats:
                    for (float x : v.floats)
                        std::fprintf(f, " %g", (double)x);
                    break;
                case cpuacl_detail::kStrs:
                    for (const auto &x : v.strs)
                        std::fprintf(f, " \"%s\"", x.c_str());
                    break;
                case cpuacl_detail::kIntLists:
                    for (const auto &r : v.lists) {
                        std::fprintf(f, " [");
                        for (int64_t x : r)
                            std::fprintf(f, " %lld", (long long)x);
                        std::fprintf(f, " ]");
                    }
                    break;
                case cpuacl_detail::kTensor: std::fprintf(f, " <tensor of %zu bytes>", v.t.GetSize()); break;
                case cpuacl_detail::kOpaque: std::fprintf(f, " <not kept>"); break;
                default: std::fprintf(f, " %lld", (long long)v.i);
                }
                std::fprintf(f, "\n");
            }
        }
        return std::fclose(f) == 0 ? GRAPH_SUCCESS : GRAPH_FAILED;
    }

    /* The engine's copy of this graph (owned by the caller); NULL when out
     * of memory or when a name does not fit an operator's prototype (the
     * message is in aclGetRecentErrMsg()). Not part of GE's API. */
    cpuaclGeGraph *CpuaclLower() const
    {
        using cpuacl_detail::OpData;
        cpuaclGeGraph *g = cpuaclGeGraphCreate(d_->name.c_str());
        if (!g)
            return nullptr;
        std::map<const OpData *, int32_t> ids;
        const std::vector<const OpData *> order = Reachable();
        for (const OpData *op : order) {
            int32_t id = cpuaclGeGraphAddNode(g, op->type.c_str(), op->name.c_str());
            if (id < 0)
                return Fail(g);
            ids[op] = id;
            for (const auto &dn : op->dynamic)
                if (cpuaclGeGraphSetDynamicInputs(g, id, dn.first.c_str(), dn.second) != 0)
                    return Fail(g);
            for (const auto &dn : op->dynamic_out)
                if (cpuaclGeGraphSetDynamicOutputs(g, id, dn.first.c_str(), dn.second) != 0)
                    return Fail(g);
        }
        for (const auto &op : order) {
            int32_t id = ids[op];
            for (const auto &a : op->attrs) {
                cpuaclGeAttrValue v = {};
                v.kind = a.second.kind;
                v.i = a.second.i;
                v.f = a.second.f;
                v.s = a.second.s.c_str();
                v.ints = a.second.ints.data();
                v.floats = a.second.floats.data();
                v.n = a.second.kind == cpuacl_detail::kFloats     ? a.second.floats.size()
                      : a.second.kind == cpuacl_detail::kStrs     ? a.second.strs.size()
                      : a.second.kind == cpuacl_detail::kIntLists ? a.second.lists.size()
                                                                  : a.second.ints.size();
                std::vector<const char *> strs;
                std::vector<const int64_t *> rows;
                std::vector<size_t> lens;
                for (const auto &x : a.second.strs)
                    strs.push_back(x.c_str());
                for (const auto &x : a.second.lists) {
                    rows.push_back(x.data());
                    lens.push_back(x.size());
                }
                v.strs = strs.data();
                v.rows = rows.data();
                v.lens = lens.data();
                cpuaclGeTensor t = ToC(a.second.t);
                v.tensor = &t;
                if (cpuaclGeGraphSetAttr(g, id, a.first.c_str(), &v) != 0)
                    return Fail(g);
            }
            for (const auto &dsc : op->descs) {
                cpuaclGeTensor t = ToC(Tensor(dsc.desc));
                if (cpuaclGeGraphSetDesc(g, id, dsc.output, dsc.name.c_str(), &t) != 0)
                    return Fail(g);
            }
            for (const auto &e : op->inputs) {
                if (!e.src)
                    continue;
                if (cpuaclGeGraphSetInput(g, id, e.dst.c_str(), ids[e.src],
                                          e.src_out.empty() ? nullptr : e.src_out.c_str(),
                                          e.src_index) != 0)
                    return Fail(g);
            }
        }
        std::vector<int32_t> in, on, oi;
        for (const auto &o : d_->inputs)
            in.push_back(ids[o.CpuaclData()]);
        for (const auto &o : d_->outputs) {
            on.push_back(ids[o.first.CpuaclData()]);
            oi.push_back(o.second);
        }
        if (cpuaclGeGraphSetInputs(g, in.data(), in.size()) != 0 ||
            cpuaclGeGraphSetOutputs(g, on.data(), oi.data(), on.size()) != 0)
            return Fail(g);
        return g;
    }

    /* A tensor as the engine's C interface passes it. Not part of GE's API. */
    static cpuaclGeTensor ToC(const Tensor &t)
    {
        cpuaclGeTensor c = {};
        TensorDesc d = t.GetTensorDesc();
        std::vector<int64_t> dims = d.GetShape().GetDims();
        c.dtype = (int32_t)d.GetDataType();
        c.format = (int32_t)d.GetFormat();
        c.placement = (int32_t)d.GetPlacement();
        c.ndim = (int32_t)dims.size();
        if (dims.size() > CPUACL_GE_MAX_DIMS)
            c.ndim = -1;
        for (size_t i = 0; i < dims.size() && i < CPUACL_GE_MAX_DIMS; i++) {
            c.dims[i] = dims[i];
            if (dims[i] < 0)
                c.ndim = -1;
        }
        c.data = const_cast<uint8_t *>(t.GetData());
        c.size = t.GetSize();
        return c;
    }

private:
    /* The graph's operators: those its inputs, outputs and AddOp reach through input edges,
     * each once, depth first from the last input (the engine's node order; AddOp's
     * operators are reached last). */
    std::vector<const cpuacl_detail::OpData *> Reachable() const
    {
        using cpuacl_detail::OpData;
        std::vector<const OpData *> order, stack;
        std::map<const OpData *, bool> seen;
        for (auto o = d_->added.rbegin(); o != d_->added.rend(); ++o) /* found last */
            stack.push_back(o->CpuaclData());
        for (const auto &o : d_->outputs)
            stack.push_back(o.first.CpuaclData());
        for (const auto &o : d_->inputs)
            stack.push_back(o.CpuaclData());
        while (!stack.empty()) {
            const OpData *op = stack.back();
            stack.pop_back();
            if (seen[op])
                continue;
            seen[op] = true;
            order.push_back(op);
            for (const auto &e : op->inputs)
                if (e.src)
                    stack.push_back(e.src);
        }
        return order;
    }
    static cpuaclGeGraph *Fail(cpuaclGeGraph *g)
    {
        cpuaclGeGraphDestroy(g);
        return nullptr;
    }
    struct Data {
        std::string name;
        std::vector<Operator> inputs;
        std::vector<std::pair<Operator, int32_t>> outputs;
        std::vector<Operator> added; /* AddOp */
    };
    std::shared_ptr<Data> d_;
};

using GraphPtr = std::shared_ptr<Graph>;

} // namespace ge

#endif /* __cplusplus */
#endif
