/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/onnx/context.cc: the helpers of onnx_pvt.h the families share: the bytes of
 * tensors and the constants a node reads, its inputs' shapes, its attributes, and the CANN
 * nodes and Consts it emits (each described at its declaration in onnx_pvt.h); ge_dtype
 * and tensor_data of onnx_graph.h.
 */
#include "onnx_pvt.h"

#include <cstring>

namespace atc
{

[[noreturn]] void refuse(const std::string &what)
{
    throw Fail("E19010", what);
}

std::string dims_str(const std::vector<int64_t> &d)
{
    std::string s;
    for (size_t i = 0; i < d.size(); i++)
        s += (i ? "," : "") + std::to_string(d[i]);
    return s;
}

size_t ge_size(int32_t t)
{
    return cpuaclGeTypeSize(t);
}

std::vector<char> tensor_bytes(const onnx::TensorProto &t, int32_t *dtype)
{
    int32_t dt = ge_dtype(t.data_type());
    if (dt < 0)
        refuse("tensor " + t.name() + ": ONNX data type " + std::to_string(t.data_type()) +
               " is not supported");
    if (t.data_location() == onnx::TensorProto::EXTERNAL)
        refuse("tensor " + t.name() + ": external data is not supported");
    int64_t n = 1;
    for (int64_t d : t.dims())
        n *= d;
    size_t es = ge_size(dt);
    std::vector<char> b((size_t)n * es);
    *dtype = dt;
    if (t.has_raw_data()) {
        if (t.raw_data().size() != b.size())
            refuse("tensor " + t.name() + ": raw_data holds " +
                   std::to_string(t.raw_data().size()) + " bytes, expected " +
                   std::to_string(b.size()));
        if (!b.empty()) /* an empty tensor's vector may hold no buffer: memcpy takes none */
            std::memcpy(b.data(), t.raw_data().data(), b.size());
        return b;
    }
    auto fill = [&](auto &field, auto conv) {
        if (field.size() != n)
            refuse("tensor " + t.name() + ": " + std::to_string(field.size()) + " values for " +
                   std::to_string(n) + " elements");
        for (int64_t i = 0; i < n; i++)
            conv(b.data() + (size_t)i * es, field.Get((int)i));
    };
    switch (t.data_type()) {
    case onnx::TensorProto::FLOAT:
        fill(t.float_data(), [](char *p, float v) { std::memcpy(p, &v, 4); });
        break;
    case onnx::TensorProto::DOUBLE:
        fill(t.double_data(), [](char *p, double v) { std::memcpy(p, &v, 8); });
        break;
    case onnx::TensorProto::INT64:
        fill(t.int64_data(), [](char *p, int64_t v) { std::memcpy(p, &v, 8); });
        break;
    case onnx::TensorProto::UINT32:
    case onnx::TensorProto::UINT64:
        fill(t.uint64_data(), [es](char *p, uint64_t v) {
            if (es == 4) {
                uint32_t u = (uint32_t)v;
                std::memcpy(p, &u, 4);
            } else {
                std::memcpy(p, &v, 8);
            }
        });
        break;
    default: /* int32_data carries every other type, bit patterns for 16-bit floats */
        fill(t.int32_data(), [es](char *p, int32_t v) {
            if (es == 4) {
                std::memcpy(p, &v, 4);
            } else if (es == 2) {
                uint16_t u = (uint16_t)v;
                std::memcpy(p, &u, 2);
            } else {
                uint8_t u = (uint8_t)v;
                std::memcpy(p, &u, 1);
            }
        });
    }
    return b;
}

bool const_ints(Ctx &c, const std::string &name, std::vector<int64_t> *v)
{
    auto it = c.consts.find(name);
    if (it == c.consts.end())
        return false;
    int32_t dt;
    std::vector<char> b = tensor_bytes(*it->second, &dt);
    v->clear();
    if (dt == GE_I64) {
        for (size_t i = 0; i < b.size(); i += 8) {
            int64_t x;
            std::memcpy(&x, &b[i], 8);
            v->push_back(x);
        }
    } else if (dt == GE_I32) {
        for (size_t i = 0; i < b.size(); i += 4) {
            int32_t x;
            std::memcpy(&x, &b[i], 4);
            v->push_back(x);
        }
    } else {
        refuse("input " + name + " must be int32 or int64");
    }
    return true;
}

const std::string &in_name(Ctx &c, int i)
{
    static const std::string none;
    return i < c.node->input_size() ? c.node->input(i) : none;
}

bool has_in(Ctx &c, int i)
{
    return !in_name(c, i).empty();
}

std::vector<int64_t> need_ints(Ctx &c, int i, const char *what)
{
    std::vector<int64_t> v;
    if (!const_ints(c, in_name(c, i), &v))
        refuse(std::string("input ") + what + " (" + in_name(c, i) +
               ") must be a constant (an initializer or a Constant output)");
    return v;
}

std::vector<double> need_floats(Ctx &c, int i, const char *what)
{
    auto it = c.consts.find(in_name(c, i));
    if (it == c.consts.end())
        refuse(std::string("input ") + what + " (" + in_name(c, i) +
               ") must be a constant (an initializer or a Constant output)");
    int32_t dt;
    std::vector<char> b = tensor_bytes(*it->second, &dt);
    if (dt != GE_F32)
        refuse(std::string("input ") + what + " must be float32");
    std::vector<double> v(b.size() / 4);
    for (size_t k = 0; k < v.size(); k++) {
        float f;
        std::memcpy(&f, &b[k * 4], 4);
        v[k] = f;
    }
    return v;
}

bool fed_at_run_time(Ctx &c, int i, bool any_number)
{
    const std::string &nm = in_name(c, i);
    if (nm.empty() || c.consts.count(nm) || !c.inputs.count(nm))
        return false;
    auto it = c.shapes.find(nm);
    if (it == c.shapes.end() || !it->second.known || it->second.dims.size() > 1)
        return false;
    int32_t dt = it->second.dtype;
    bool number = dt == onnx::TensorProto::FLOAT || dt == onnx::TensorProto::DOUBLE;
    if (dt != onnx::TensorProto::INT64 && dt != onnx::TensorProto::INT32 && !(any_number && number))
        refuse(std::string("input ") + nm + " must be int32 or int64" +
               (any_number ? ", float or double" : ""));
    c.dynamic = true;
    return true;
}

const Shape &shape_of(Ctx &c, const std::string &name)
{
    static const Shape unknown;
    auto it = c.shapes.find(name);
    return it == c.shapes.end() ? unknown : it->second;
}

const Shape &in_shape(Ctx &c, int i)
{
    return shape_of(c, in_name(c, i));
}

int rank_of(Ctx &c, int i, const char *what)
{
    const Shape &s = in_shape(c, i);
    if (!s.known)
        refuse(std::string("the rank of ") + what + " (" + in_name(c, i) + ") is unknown");
    return (int)s.dims.size();
}

std::string unique(Ctx &c, const std::string &want)
{
    std::string n = want.empty() ? std::string("node") : want;
    for (int k = 1; c.used_names.count(n); k++)
        n = want + "_" + std::to_string(k);
    c.used_names.insert(n);
    return n;
}

void ge_check(Ctx &c, uint32_t rc, const char *what)
{
    if (rc)
        throw Fail("E19999", std::string(what) + ": " + cpuaclGeErrMsg());
    (void)c;
}

int32_t add(Ctx &c, const char *type, const std::string &suffix)
{
    std::string name = unique(c, c.base + suffix);
    int32_t n = cpuaclGeGraphAddNode(c.g, type, name.c_str());
    if (n < 0)
        throw Fail("E19999", std::string("cannot add a ") + type + " node: " + cpuaclGeErrMsg());
    if (c.node)
        c.out->origin[name] = {c.base, c.node->op_type()};
    return n;
}

void attr(Ctx &c, int32_t n, const char *a, const cpuaclGeAttrValue &v)
{
    ge_check(c, cpuaclGeGraphSetAttr(c.g, n, a, &v), a);
}

void attr_i(Ctx &c, int32_t n, const char *a, int64_t v)
{
    cpuaclGeAttrValue x{};
    x.kind = CPUACL_GE_ATTR_INT, x.i = v;
    attr(c, n, a, x);
}

void attr_b(Ctx &c, int32_t n, const char *a, bool v)
{
    cpuaclGeAttrValue x{};
    x.kind = CPUACL_GE_ATTR_BOOL, x.i = v;
    attr(c, n, a, x);
}

void attr_f(Ctx &c, int32_t n, const char *a, double v)
{
    cpuaclGeAttrValue x{};
    x.kind = CPUACL_GE_ATTR_FLOAT, x.f = v;
    attr(c, n, a, x);
}

void attr_s(Ctx &c, int32_t n, const char *a, const char *v)
{
    cpuaclGeAttrValue x{};
    x.kind = CPUACL_GE_ATTR_STR, x.s = v;
    attr(c, n, a, x);
}

void attr_ints(Ctx &c, int32_t n, const char *a, const std::vector<int64_t> &v)
{
    cpuaclGeAttrValue x{};
    x.kind = CPUACL_GE_ATTR_INTS, x.ints = v.data(), x.n = v.size();
    attr(c, n, a, x);
}

cpuaclGeTensor desc(int32_t dt, const std::vector<int64_t> &dims, int32_t fmt)
{
    cpuaclGeTensor t{};
    t.dtype = dt;
    t.format = fmt;
    t.ndim = (int32_t)dims.size();
    if (dims.size() > CPUACL_GE_MAX_DIMS)
        refuse("rank " + std::to_string(dims.size()) + " is more than " +
               std::to_string(CPUACL_GE_MAX_DIMS));
    for (size_t i = 0; i < dims.size(); i++)
        t.dims[i] = dims[i];
    return t;
}

Ref const_node(Ctx &c, const std::string &name, int32_t dt, const std::vector<int64_t> &dims,
               std::vector<char> bytes)
{
    std::string nm = unique(c, name);
    int32_t n = cpuaclGeGraphAddNode(c.g, "Const", nm.c_str());
    if (n < 0)
        throw Fail("E19999", std::string("cannot add a Const node: ") + cpuaclGeErrMsg());
    cpuaclGeTensor t = desc(dt, dims, dims.size() == 4 ? FMT_NCHW : FMT_ND);
    t.data = bytes.data();
    t.size = bytes.size();
    cpuaclGeAttrValue x{};
    x.kind = CPUACL_GE_ATTR_TENSOR, x.tensor = &t;
    attr(c, n, "value", x);
    return {n, 0};
}

Ref const_i64(Ctx &c, const std::string &suffix, const std::vector<int64_t> &v, bool scalar)
{
    std::vector<char> b(v.size() * 8);
    if (!v.empty())
        std::memcpy(b.data(), v.data(), b.size());
    std::vector<int64_t> dims;
    if (!scalar)
        dims.push_back((int64_t)v.size());
    return const_node(c, c.base + suffix, GE_I64, dims, b);
}

Ref const_scalar(Ctx &c, const std::string &suffix, int32_t ot, double v)
{
    int32_t dt = ge_dtype(ot);
    std::vector<char> b(ge_size(dt));
    if (dt == GE_F32) {
        float f = (float)v;
        std::memcpy(b.data(), &f, 4);
    } else if (dt == GE_F64) {
        std::memcpy(b.data(), &v, 8);
    } else if (dt == GE_I64 || dt == GE_I32 || dt == GE_I16 || dt == GE_I8 || dt == GE_U8) {
        int64_t i = (int64_t)v; /* little-endian: the low bytes are the narrower value */
        std::memcpy(b.data(), &i, b.size());
    } else {
        refuse("a scalar of ONNX type " + std::to_string(ot) + " is not supported here");
    }
    return const_node(c, c.base + suffix, dt, {}, b);
}

Ref value(Ctx &c, const std::string &name)
{
    auto it = c.values.find(name);
    if (it != c.values.end())
        return it->second;
    auto k = c.consts.find(name);
    if (k == c.consts.end())
        refuse("input " + name + " is produced by no node, input or initializer");
    int32_t dt;
    std::vector<char> b = tensor_bytes(*k->second, &dt);
    std::vector<int64_t> dims(k->second->dims().begin(), k->second->dims().end());
    Ref r = const_node(c, name, dt, dims, b);
    c.values[name] = r;
    return r;
}

void connect(Ctx &c, int32_t n, const char *input, Ref r)
{
    ge_check(c, cpuaclGeGraphSetInput(c.g, n, input, r.node, nullptr, r.out), input);
}

void connect_in(Ctx &c, int32_t n, const char *input, int i)
{
    connect(c, n, input, value(c, in_name(c, i)));
}

void set_out(Ctx &c, int i, Ref r)
{
    if (i < c.node->output_size() && !c.node->output(i).empty())
        c.values[c.node->output(i)] = r;
}

void only_outputs(Ctx &c, int n, const char *why)
{
    for (int i = n; i < c.node->output_size(); i++)
        if (!c.node->output(i).empty())
            refuse(std::string("output ") + std::to_string(i) + " (" + c.node->output(i) +
                   ") is not supported: " + why);
}

void const_output(Ctx &c, onnx::TensorProto t)
{
    t.set_name(c.node->output(0));
    c.owned.push_back(std::move(t));
    c.consts[c.node->output(0)] = &c.owned.back();
}

int32_t one_input(Ctx &c, const char *cann)
{
    int32_t n = add(c, cann);
    connect_in(c, n, "x", 0);
    set_out(c, 0, {n, 0});
    return n;
}

Ref apply(Ctx &c, const char *type, const std::string &suffix, Ref x)
{
    int32_t n = add(c, type, suffix);
    connect(c, n, "x", x);
    return {n, 0};
}

Ref apply2(Ctx &c, const char *type, const std::string &suffix, Ref a, Ref b, const char *i1,
           const char *i2)
{
    int32_t n = add(c, type, suffix);
    connect(c, n, i1, a);
    connect(c, n, i2, b);
    return {n, 0};
}

Ref cast_to(Ctx &c, const std::string &suffix, Ref x, int32_t dt)
{
    int32_t n = add(c, "Cast", suffix);
    attr_i(c, n, "dst_type", dt);
    connect(c, n, "x", x);
    return {n, 0};
}

Ref slice_node(Ctx &c, const std::string &sfx, Ref x, const std::vector<int64_t> &off,
               const std::vector<int64_t> &size)
{
    int32_t n = add(c, "Slice", sfx);
    connect(c, n, "x", x);
    connect(c, n, "offsets", const_i64(c, sfx + "_offsets", off));
    connect(c, n, "size", const_i64(c, sfx + "_size", size));
    return {n, 0};
}

Ref reshape_to(Ctx &c, const std::string &sfx, Ref x, const std::vector<int64_t> &dims)
{
    int32_t n = add(c, "Reshape", sfx);
    connect(c, n, "x", x);
    connect(c, n, "shape", const_i64(c, sfx + "_shape", dims));
    return {n, 0};
}

Ref transpose_by(Ctx &c, const std::string &sfx, Ref x, const std::vector<int64_t> &perm)
{
    int32_t n = add(c, "Transpose", sfx);
    connect(c, n, "x", x);
    connect(c, n, "perm", const_i64(c, sfx + "_perm", perm));
    return {n, 0};
}

Ref concat_of(Ctx &c, const std::string &sfx, const std::vector<Ref> &v, int64_t axis)
{
    if (v.size() == 1)
        return v[0];
    int32_t n = add(c, "ConcatV2", sfx);
    ge_check(c, cpuaclGeGraphSetDynamicInputs(c.g, n, "x", (uint32_t)v.size()), "x");
    attr_i(c, n, "N", (int64_t)v.size());
    for (size_t i = 0; i < v.size(); i++)
        connect(c, n, ("x" + std::to_string(i)).c_str(), v[i]);
    connect(c, n, "concat_dim", const_i64(c, sfx + "_dim", {axis}, true));
    return {n, 0};
}

const onnx::AttributeProto *find_attr(Ctx &c, const char *name)
{
    for (const auto &a : c.node->attribute())
        if (a.name() == name)
            return &a;
    return nullptr;
}

int64_t get_i(Ctx &c, const char *name, int64_t dflt)
{
    const auto *a = find_attr(c, name);
    return a ? a->i() : dflt;
}

float get_f(Ctx &c, const char *name, float dflt)
{
    const auto *a = find_attr(c, name);
    return a ? a->f() : dflt;
}

std::string get_s(Ctx &c, const char *name, const std::string &dflt)
{
    const auto *a = find_attr(c, name);
    return a ? a->s() : dflt;
}

bool get_ints(Ctx &c, const char *name, std::vector<int64_t> *v)
{
    const auto *a = find_attr(c, name);
    if (!a)
        return false;
    v->assign(a->ints().begin(), a->ints().end());
    return true;
}

void known_attrs(Ctx &c, std::initializer_list<const char *> known)
{
    for (const auto &a : c.node->attribute()) {
        bool ok = false;
        for (const char *k : known)
            ok = ok || a.name() == k;
        if (!ok)
            refuse("attribute " + a.name() + " is not supported");
    }
}

int64_t wrap_axis(int64_t a, int rank, const char *what)
{
    if (a < -rank || a >= rank)
        refuse(std::string(what) + " " + std::to_string(a) + " is out of range for rank " +
               std::to_string(rank));
    return a < 0 ? a + rank : a;
}

int64_t axis_attr(Ctx &c, const char *what)
{
    return wrap_axis(get_i(c, "axis", 0), rank_of(c, 0, what), "axis");
}

int32_t ge_dtype(int32_t t)
{
    switch (t) {
    case onnx::TensorProto::FLOAT:
        return GE_F32;
    case onnx::TensorProto::UINT8:
        return GE_U8;
    case onnx::TensorProto::INT8:
        return GE_I8;
    case onnx::TensorProto::UINT16:
        return GE_U16;
    case onnx::TensorProto::INT16:
        return GE_I16;
    case onnx::TensorProto::INT32:
        return GE_I32;
    case onnx::TensorProto::INT64:
        return GE_I64;
    case onnx::TensorProto::BOOL:
        return GE_BOOL;
    case onnx::TensorProto::FLOAT16:
        return GE_F16;
    case onnx::TensorProto::DOUBLE:
        return GE_F64;
    case onnx::TensorProto::UINT32:
        return GE_U32;
    case onnx::TensorProto::UINT64:
        return GE_U64;
    case onnx::TensorProto::BFLOAT16:
        return GE_BF16;
    default:
        return -1;
    }
}

bool tensor_data(const onnx::TensorProto &t, std::vector<char> *bytes, int32_t *dtype,
                 std::string *err)
{
    try {
        *bytes = tensor_bytes(t, dtype);
        return true;
    } catch (const Fail &f) {
        *err = f.what();
        return false;
    }
}

} // namespace atc
