/* SPDX-License-Identifier: Apache-2.0 */
/*
 * graph/operator.h: ge::Operator (header-only).
 *
 * An Operator is a handle on shared node data (copies name the same node):
 * its type and name, attributes, input descriptions and input edges (to
 * other Operators, by output name or index). Operators joined by an edge
 * belong to one group that owns their data; a handle keeps its group alive,
 * edges do not own their source. So a graph built of temporaries stays whole
 * while any of its operators is held, and a cycle of edges (which BuildGraph
 * refuses) is freed with its last handle instead of owning itself. The typed prototypes of
 * all_ops.h (ge::op::Add, ge::op::Conv2D, ...) are Operators with named
 * setters. Nothing is checked here beyond the C++ types: Session::AddGraph
 * hands the graph to the engine, which checks names, and BuildGraph checks
 * everything else (docs/graph.md).
 */
#ifndef CPUACL_GRAPH_OPERATOR_H
#define CPUACL_GRAPH_OPERATOR_H
#ifdef __cplusplus

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

namespace cpuacl_detail {

/* Attribute kinds: the values of cpuaclGeAttrKind (ge/cpuacl_ge.h). */
enum AttrKind { kInt = 1, kFloat, kBool, kStr, kInts, kFloats, kTensor, kType, kStrs, kIntLists, kOpaque };

struct AttrValue {
    int kind = 0;
    int64_t i = 0;
    double f = 0;
    std::string s;
    std::vector<int64_t> ints;
    std::vector<float> floats;
    std::vector<std::string> strs;
    std::vector<std::vector<int64_t>> lists;
    Tensor t;
};

struct OpData;

struct Edge {
    std::string dst;              /* input name ("x1", dynamic "x0") */
    OpData *src = nullptr;        /* producing operator (owned by the group of both) */
    std::string src_out;          /* its output name, or empty: */
    int32_t src_index = 0;        /* its output index */
};

struct Desc {
    bool output = false;
    std::string name;
    TensorDesc desc;
};

struct OpData {
    std::string type, name;
    std::vector<std::pair<std::string, AttrValue>> attrs;
    std::vector<Edge> inputs;
    std::vector<Desc> descs;
    std::vector<std::pair<std::string, uint32_t>> dynamic; /* dynamic input counts */
    std::vector<std::pair<std::string, uint32_t>> dynamic_out; /* dynamic output counts */
};

/* The owner of the data of operators joined by edges. Joining two groups
 * moves the smaller's operators into the larger and points the smaller at it
 * (parent), so handles of either keep the merged operators alive; parent
 * links only point from a merged group to a live root, never back, so
 * groups form no cycle whatever the edges do. */
struct Group {
    std::vector<std::unique_ptr<OpData>> ops;
    std::shared_ptr<Group> parent;
};

inline std::shared_ptr<Group> group_root(std::shared_ptr<Group> g)
{
    while (g->parent)
        g = g->parent;
    return g;
}

inline void group_join(const std::shared_ptr<Group> &a, const std::shared_ptr<Group> &b)
{
    std::shared_ptr<Group> ra = group_root(a), rb = group_root(b);
    if (ra == rb)
        return;
    if (ra->ops.size() < rb->ops.size())
        std::swap(ra, rb);
    for (auto &o : rb->ops)
        ra->ops.push_back(std::move(o));
    rb->ops.clear();
    rb->parent = ra;
}

/* Sets key's value in a list of (name, value) pairs, appending the pair when
 * the name is new (so the list keeps the order names were first set in). A
 * NULL key is the empty name. */
template <class V>
void set_named(std::vector<std::pair<std::string, V>> &list, const char *key, const V &value)
{
    std::string k = key ? key : "";
    for (auto &p : list)
        if (p.first == k) {
            p.second = value;
            return;
        }
    list.emplace_back(std::move(k), value);
}

} // namespace cpuacl_detail

class Operator {
public:
    Operator() : g_(std::make_shared<cpuacl_detail::Group>())
    {
        g_->ops.emplace_back(new cpuacl_detail::OpData());
        d_ = g_->ops.back().get();
    }
    explicit Operator(const char_t *type) : Operator("", type) {}
    explicit Operator(const std::string &type) : Operator("", type.c_str()) {}
    Operator(const char_t *name, const char_t *type) : Operator()
    {
        d_->name = name ? name : "";
        d_->type = type ? type : "";
    }
    Operator(const AscendString &name, const AscendString &type)
        : Operator(name.GetString(), type.GetString()) {}
    virtual ~Operator() = default;

    bool IsEmpty() const { return d_->type.empty(); }
    std::string GetName() const { return d_->name; }
    graphStatus GetName(AscendString &name) const
    {
        name = AscendString(d_->name.c_str());
        return GRAPH_SUCCESS;
    }
    std::string GetOpType() const { return d_->type; }
    graphStatus GetOpType(AscendString &type) const
    {
        type = AscendString(d_->type.c_str());
        return GRAPH_SUCCESS;
    }

    /* Edges: input dst_name of this operator from an output of src. */
    Operator &SetInput(const char_t *dst_name, const Operator &src_oprt)
    {
        return SetEdge(dst_name, src_oprt, "", 0);
    }
    Operator &SetInput(const char_t *dst_name, const Operator &src_oprt, const char_t *name)
    {
        return SetEdge(dst_name, src_oprt, name ? name : "", 0);
    }
    Operator &SetInput(const char_t *dst_name, const Operator &src_oprt, uint32_t index)
    {
        return SetEdge(dst_name, src_oprt, "", (int32_t)index);
    }
    Operator &SetInput(const std::string &dst_name, const Operator &src_oprt)
    {
        return SetInput(dst_name.c_str(), src_oprt);
    }
    graphStatus UpdateInputDesc(const char_t *name, const TensorDesc &tensor_desc)
    {
        return SetDesc(false, name, tensor_desc);
    }
    graphStatus UpdateOutputDesc(const char_t *name, const TensorDesc &tensor_desc)
    {
        return SetDesc(true, name, tensor_desc);
    }
    graphStatus UpdateInputDesc(const std::string &name, const TensorDesc &d) { return UpdateInputDesc(name.c_str(), d); }
    graphStatus UpdateOutputDesc(const std::string &name, const TensorDesc &d) { return UpdateOutputDesc(name.c_str(), d); }
    TensorDesc GetInputDescByName(const char_t *name) const { return FindDesc(false, name); }
    TensorDesc GetOutputDescByName(const char_t *name) const { return FindDesc(true, name); }

    /* Attributes. */
    Operator &SetAttr(const char_t *name, int64_t v) { return Put(name, cpuacl_detail::kInt, v); }
    Operator &SetAttr(const char_t *name, int32_t v) { return Put(name, cpuacl_detail::kInt, v); }
    Operator &SetAttr(const char_t *name, uint32_t v) { return Put(name, cpuacl_detail::kInt, v); }
    Operator &SetAttr(const char_t *name, bool v) { return Put(name, cpuacl_detail::kBool, v ? 1 : 0); }
    Operator &SetAttr(const char_t *name, float v)
    {
        cpuacl_detail::AttrValue a;
        a.kind = cpuacl_detail::kFloat;
        a.f = v;
        return Put(name, a);
    }
    Operator &SetAttr(const char_t *name, const char_t *v)
    {
        cpuacl_detail::AttrValue a;
        a.kind = cpuacl_detail::kStr;
        a.s = v ? v : "";
        return Put(name, a);
    }
    Operator &SetAttr(const char_t *name, const std::string &v) { return SetAttr(name, v.c_str()); }
    Operator &SetAttr(const char_t *name, const AscendString &v) { return SetAttr(name, v.GetString()); }
    Operator &SetAttr(const char_t *name, const std::vector<int64_t> &v)
    {
        cpuacl_detail::AttrValue a;
        a.kind = cpuacl_detail::kInts;
        a.ints = v;
        return Put(name, a);
    }
    Operator &SetAttr(const char_t *name, const std::vector<int32_t> &v)
    {
        return SetAttr(name, std::vector<int64_t>(v.begin(), v.end()));
    }
    Operator &SetAttr(const char_t *name, const std::vector<float> &v)
    {
        cpuacl_detail::AttrValue a;
        a.kind = cpuacl_detail::kFloats;
        a.floats = v;
        return Put(name, a);
    }
    Operator &SetAttr(const char_t *name, const Tensor &v)
    {
        cpuacl_detail::AttrValue a;
        a.kind = cpuacl_detail::kTensor;
        a.t = v;
        return Put(name, a);
    }
    Operator &SetAttr(const char_t *name, const DataType &v) { return Put(name, cpuacl_detail::kType, (int64_t)v); }
    /* Lists of bools and of types travel as lists of ints (the engine converts them to the
     * declared type); lists of strings and of int lists as their own kinds. */
    Operator &SetAttr(const char_t *name, const std::vector<bool> &v)
    {
        return SetAttr(name, std::vector<int64_t>(v.begin(), v.end()));
    }
    Operator &SetAttr(const char_t *name, const std::vector<DataType> &v)
    {
        return SetAttr(name, std::vector<int64_t>(v.begin(), v.end()));
    }
    Operator &SetAttr(const char_t *name, const std::vector<std::string> &v)
    {
        cpuacl_detail::AttrValue a;
        a.kind = cpuacl_detail::kStrs;
        a.strs = v;
        return Put(name, a);
    }
    Operator &SetAttr(const char_t *name, const std::vector<AscendString> &v)
    {
        std::vector<std::string> s;
        for (const auto &x : v)
            s.emplace_back(x.GetString());
        return SetAttr(name, s);
    }
    Operator &SetAttr(const char_t *name, const std::vector<std::vector<int64_t>> &v)
    {
        cpuacl_detail::AttrValue a;
        a.kind = cpuacl_detail::kIntLists;
        a.lists = v;
        return Put(name, a);
    }

    graphStatus GetAttr(const char_t *name, int64_t &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.kind == cpuacl_detail::kFloat ? (int64_t)a.f : a.i; }); }
    graphStatus GetAttr(const char_t *name, int32_t &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = (int32_t)a.i; }); }
    graphStatus GetAttr(const char_t *name, bool &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.i != 0; }); }
    graphStatus GetAttr(const char_t *name, float &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.kind == cpuacl_detail::kFloat ? (float)a.f : (float)a.i; }); }
    graphStatus GetAttr(const char_t *name, std::string &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.s; }); }
    graphStatus GetAttr(const char_t *name, AscendString &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = AscendString(a.s.c_str()); }); }
    graphStatus GetAttr(const char_t *name, std::vector<int64_t> &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.ints; }); }
    graphStatus GetAttr(const char_t *name, std::vector<float> &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.floats; }); }
    graphStatus GetAttr(const char_t *name, Tensor &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.t; }); }
    graphStatus GetAttr(const char_t *name, DataType &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = (DataType)a.i; }); }
    graphStatus GetAttr(const char_t *name, std::vector<bool> &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v.assign(a.ints.begin(), a.ints.end()); }); }
    graphStatus GetAttr(const char_t *name, std::vector<DataType> &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v.clear(); for (int64_t x : a.ints) v.push_back((DataType)x); }); }
    graphStatus GetAttr(const char_t *name, std::vector<std::string> &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.strs; }); }
    graphStatus GetAttr(const char_t *name, std::vector<AscendString> &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v.clear(); for (const auto &x : a.strs) v.emplace_back(x.c_str()); }); }
    graphStatus GetAttr(const char_t *name, std::vector<std::vector<int64_t>> &v) const { return Get(name, [&](const cpuacl_detail::AttrValue &a) { v = a.lists; }); }

    /* Dynamic inputs ("x0", "x1", ...). */
    Operator &DynamicInputRegister(const char_t *name, uint32_t num, bool is_push_back = true)
    {
        (void)is_push_back;
        cpuacl_detail::set_named(d_->dynamic, name, num);
        return *this;
    }

    /* Dynamic outputs ("y0", "y1", ...: SplitV's y). */
    Operator &DynamicOutputRegister(const char_t *name, uint32_t num, bool is_push_back = true)
    {
        (void)is_push_back;
        cpuacl_detail::set_named(d_->dynamic_out, name, num);
        return *this;
    }

    /* For the engine bridge (ge_api.h); not part of GE's API. */
    const cpuacl_detail::OpData *CpuaclData() const { return d_; }

protected:
    Operator &SetEdge(const char_t *dst, const Operator &src, const std::string &out, int32_t idx)
    {
        cpuacl_detail::Edge e;
        e.dst = dst ? dst : "";
        e.src = src.d_;
        e.src_out = out;
        e.src_index = idx;
        cpuacl_detail::group_join(g_, src.g_);
        for (auto &x : d_->inputs)
            if (x.dst == e.dst) {
                x = e;
                return *this;
            }
        d_->inputs.push_back(e);
        return *this;
    }
    graphStatus SetDesc(bool output, const char_t *name, const TensorDesc &d)
    {
        if (!name)
            return GRAPH_PARAM_INVALID;
        for (auto &x : d_->descs)
            if (x.output == output && x.name == name) {
                x.desc = d;
                return GRAPH_SUCCESS;
            }
        d_->descs.push_back(cpuacl_detail::Desc{output, name, d});
        return GRAPH_SUCCESS;
    }
    TensorDesc FindDesc(bool output, const char_t *name) const
    {
        for (auto &x : d_->descs)
            if (x.output == output && name && x.name == name)
                return x.desc;
        return TensorDesc();
    }
    /* An attribute of a kind the engine does not take (operator_reg.h's NamedAttrs, Bytes,
     * lists of tensors): recorded so that an operator type reading it refuses the graph. */
    Operator &PutOpaque(const char_t *name)
    {
        cpuacl_detail::AttrValue a;
        a.kind = cpuacl_detail::kOpaque;
        return Put(name, a);
    }
    Operator &Put(const char_t *name, int kind, int64_t i)
    {
        cpuacl_detail::AttrValue a;
        a.kind = kind;
        a.i = i;
        return Put(name, a);
    }
    Operator &Put(const char_t *name, const cpuacl_detail::AttrValue &a)
    {
        cpuacl_detail::set_named(d_->attrs, name, a);
        return *this;
    }
    template <class F> graphStatus Get(const char_t *name, F f) const
    {
        for (auto &x : d_->attrs)
            if (name && x.first == name) {
                f(x.second);
                return GRAPH_SUCCESS;
            }
        return GRAPH_FAILED;
    }

private:
    std::shared_ptr<cpuacl_detail::Group> g_; /* keeps d_ alive (through its root) */
    cpuacl_detail::OpData *d_;
};

} // namespace ge

#endif /* __cplusplus */
#endif
