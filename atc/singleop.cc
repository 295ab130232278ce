/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/singleop.cc: `atc --singleop`. Reads ATC's single-operator description
 * file (a JSON array of OpDesc: op, name, input_desc, output_desc, attr,
 * compile_flag; TensorDesc: format, type, shape, shape_range, name,
 * dynamic_input, origin_format, origin_shape, is_const, const_value; Attr:
 * name, type, value) with cJSON, builds each operator's tensor descriptions
 * and attribute set through the public AscendCL calls, checks a static
 * instance with aclopCompile against the operator table, and writes one
 * model a description with cpuaclOpSaveModel, named as ATC names them.
 * docs/atc.md, "Single-operator models", is the rule book; the E-codes are
 * ATC's for --singleop.
 */
#include "singleop.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <strings.h>
#include <sys/stat.h>
#include <vector>

#include <cjson/cJSON.h>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"
#include "cpuacl/cpuacl_op.h"

namespace atc
{
namespace
{

struct Bad {
    std::string msg;
};

[[noreturn]] void bad(const std::string &m)
{
    throw Bad{m};
}

struct Name {
    const char *name;
    int value;
};

/* The type strings of the guide (with GE's aliases) and their aclDataType. */
const Name kTypes[] = {{"bool", ACL_BOOL},           {"int8", ACL_INT8},
                       {"uint8", ACL_UINT8},         {"int16", ACL_INT16},
                       {"uint16", ACL_UINT16},       {"int32", ACL_INT32},
                       {"uint32", ACL_UINT32},       {"int64", ACL_INT64},
                       {"uint64", ACL_UINT64},       {"float16", ACL_FLOAT16},
                       {"fp16", ACL_FLOAT16},        {"half", ACL_FLOAT16},
                       {"float", ACL_FLOAT},         {"float32", ACL_FLOAT},
                       {"double", ACL_DOUBLE},       {"complex32", ACL_COMPLEX32},
                       {"complex64", ACL_COMPLEX64}, {"complex128", ACL_COMPLEX128},
                       {"uint1", ACL_UINT1},         {"bfloat16", ACL_BF16},
                       {"int4", ACL_INT4},           {"undefined", ACL_DT_UNDEFINED}};

/* The formats aclFormat has, by the guide's names. */
const Name kFormats[] = {{"nchw", ACL_FORMAT_NCHW},
                         {"nhwc", ACL_FORMAT_NHWC},
                         {"nd", ACL_FORMAT_ND},
                         {"nc1hwc0", ACL_FORMAT_NC1HWC0},
                         {"fractal_z", ACL_FORMAT_FRACTAL_Z},
                         {"nc1hwc0_c04", ACL_FORMAT_NC1HWC0_C04},
                         {"hwcn", ACL_FORMAT_HWCN},
                         {"ndhwc", ACL_FORMAT_NDHWC},
                         {"fractal_nz", ACL_FORMAT_FRACTAL_NZ},
                         {"ncdhw", ACL_FORMAT_NCDHW},
                         {"ndc1hwc0", ACL_FORMAT_NDC1HWC0},
                         {"fractal_z_3d", ACL_FRACTAL_Z_3D},
                         {"nc", ACL_FORMAT_NC},
                         {"ncl", ACL_FORMAT_NCL},
                         {"reserved", ACL_FORMAT_UNDEFINED}};

/* GE's DataType names for a data_type attribute given as a string. */
const Name kGeTypes[] = {{"DT_FLOAT", ACL_FLOAT},
                         {"DT_FLOAT16", ACL_FLOAT16},
                         {"DT_INT8", ACL_INT8},
                         {"DT_INT16", ACL_INT16},
                         {"DT_UINT16", ACL_UINT16},
                         {"DT_UINT8", ACL_UINT8},
                         {"DT_INT32", ACL_INT32},
                         {"DT_INT64", ACL_INT64},
                         {"DT_UINT32", ACL_UINT32},
                         {"DT_UINT64", ACL_UINT64},
                         {"DT_BOOL", ACL_BOOL},
                         {"DT_DOUBLE", ACL_DOUBLE},
                         {"DT_STRING", ACL_STRING},
                         {"DT_COMPLEX64", ACL_COMPLEX64},
                         {"DT_COMPLEX128", ACL_COMPLEX128},
                         {"DT_BF16", ACL_BF16},
                         {"DT_INT4", ACL_INT4},
                         {"DT_UINT1", ACL_UINT1},
                         {"DT_COMPLEX32", ACL_COMPLEX32}};

bool lookup(const Name *t, size_t n, const std::string &s, bool fold, int *out)
{
    for (size_t i = 0; i < n; i++) {
        bool eq = fold ? strcasecmp(t[i].name, s.c_str()) == 0 : s == t[i].name;
        if (eq) {
            *out = t[i].value;
            return true;
        }
    }
    return false;
}

/* The enum values ATC writes in file names: GE's, where AscendCL's "undefined" differs. */
int ge_type(int t)
{
    return t == ACL_DT_UNDEFINED ? 28 : t;
}
int ge_format(int f)
{
    return f == ACL_FORMAT_UNDEFINED ? 40 : f;
}

/* An integer JSON number (doubles are exact to 2^53). */
bool as_int(const cJSON *j, int64_t *v)
{
    if (!cJSON_IsNumber(j))
        return false;
    double d = j->valuedouble;
    if (d != std::floor(d) || std::fabs(d) > 9007199254740992.0)
        return false;
    *v = (int64_t)d;
    return true;
}

bool int_list(const cJSON *j, std::vector<int64_t> *out)
{
    if (!cJSON_IsArray(j))
        return false;
    out->clear();
    for (const cJSON *e = j->child; e; e = e->next) {
        int64_t v;
        if (!as_int(e, &v))
            return false;
        out->push_back(v);
    }
    return true;
}

struct DescDel {
    void operator()(aclTensorDesc *d) const
    {
        aclDestroyTensorDesc(d);
    }
};
struct AttrDel {
    void operator()(aclopAttr *a) const
    {
        aclopDestroyAttr(a);
    }
};

struct Tensor {
    int dtype = ACL_DT_UNDEFINED, format = ACL_FORMAT_UNDEFINED;
    std::vector<int64_t> dims;
    std::unique_ptr<aclTensorDesc, DescDel> desc;
};

struct Op {
    std::string type, name, file;
    int32_t flag = 0;
    std::vector<Tensor> in, out;
    std::unique_ptr<aclopAttr, AttrDel> attr;
};

/* "Op [k: Type]" for messages. */
std::string op_ref(size_t k, const std::string &type)
{
    return "op " + std::to_string(k) + (type.empty() ? "" : " (" + type + ")");
}

const cJSON *field(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

std::string str_field(const cJSON *o, const char *key, const std::string &where)
{
    const cJSON *j = field(o, key);
    if (!j)
        return "";
    if (!cJSON_IsString(j))
        bad("E13006: Type of [" + std::string(key) + "] of " + where +
            " is incorrect. Expected type: string.");
    return j->valuestring;
}

/* The bytes of a const value of n elements of dtype from a JSON list. */
std::vector<unsigned char> const_bytes(const cJSON *j, int dtype, size_t n,
                                       const std::string &where)
{
    if (!cJSON_IsArray(j))
        bad("E13006: Type of [const_value] of " + where + " is incorrect. Expected type: list.");
    size_t size;
    switch (dtype) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
        size = 1;
        break;
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_FLOAT16:
        size = 2;
        break;
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_FLOAT:
        size = 4;
        break;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
        size = 8;
        break;
    default:
        bad("E13006: Type of [const_value] of " + where +
            " is incorrect. Expected type: a tensor of an integer, float16, float or double type.");
    }
    std::vector<unsigned char> out;
    size_t count = 0;
    for (const cJSON *e = j->child; e; e = e->next, count++) {
        if (!cJSON_IsNumber(e) && !cJSON_IsBool(e))
            bad("E13006: Type of [const_value] of " + where +
                " is incorrect. Expected type: numbers.");
        double d = cJSON_IsBool(e) ? (cJSON_IsTrue(e) ? 1 : 0) : e->valuedouble;
        unsigned char b[8];
        if (dtype == ACL_FLOAT16) {
            aclFloat16 h = aclFloatToFloat16((float)d);
            std::memcpy(b, &h, 2);
        } else if (dtype == ACL_FLOAT) {
            float f = (float)d;
            std::memcpy(b, &f, 4);
        } else if (dtype == ACL_DOUBLE) {
            std::memcpy(b, &d, 8);
        } else {
            int64_t v = (int64_t)d;
            std::memcpy(b, &v, size); /* little-endian: the low bytes */
        }
        out.insert(out.end(), b, b + size);
    }
    if (count != n)
        bad("E13014: Value [" + std::to_string(count) + " values] of parameter [const_value] for " +
            where + " is invalid. Reason: the shape holds " + std::to_string(n) + " elements.");
    return out;
}

Tensor tensor(const cJSON *j, bool input, size_t k, const std::string &type, size_t index)
{
    const std::string side = input ? "input" : "output";
    const std::string where = op_ref(k, type) + " " + side + " " + std::to_string(index);
    auto invalid = [&](const std::string &what, const std::string &why) {
        bad("E10027: Attribute [" + what + "] of [" + side + "] tensor [" + std::to_string(index) +
            "] for Op [" + std::to_string(k) + ": " + type + "] is invalid: " + why);
    };
    if (!cJSON_IsObject(j))
        invalid("desc", "a tensor description must be an object");
    Tensor t;
    const cJSON *f = field(j, "format"), *ty = field(j, "type"), *sh = field(j, "shape");
    if (!cJSON_IsString(f) ||
        !lookup(kFormats, sizeof(kFormats) / sizeof(*kFormats), f->valuestring, true, &t.format))
        invalid("format", f && cJSON_IsString(f)
                              ? std::string("unknown format \"") + f->valuestring + "\""
                              : "required, a string such as \"ND\"");
    if (!cJSON_IsString(ty) ||
        !lookup(kTypes, sizeof(kTypes) / sizeof(*kTypes), ty->valuestring, true, &t.dtype))
        invalid("type", ty && cJSON_IsString(ty)
                            ? std::string("unknown type \"") + ty->valuestring + "\""
                            : "required, a string such as \"float\"");
    if (input && (t.dtype == ACL_DT_UNDEFINED) != (t.format == ACL_FORMAT_UNDEFINED))
        invalid(t.dtype == ACL_DT_UNDEFINED ? "format" : "datatype",
                "an optional input not given has type UNDEFINED and format RESERVED, both");
    if (!input && t.dtype == ACL_DT_UNDEFINED)
        invalid("datatype", "an output cannot be UNDEFINED");
    if (!input && t.format == ACL_FORMAT_UNDEFINED)
        invalid("format", "an output cannot be RESERVED");
    if (const cJSON *of = field(j, "origin_format")) {
        int o;
        if (!cJSON_IsString(of) ||
            !lookup(kFormats, sizeof(kFormats) / sizeof(*kFormats), of->valuestring, true, &o))
            invalid("origin_format", "not a format");
    }
    std::vector<int64_t> scratch;
    if (const cJSON *os = field(j, "origin_shape"))
        if (!int_list(os, &scratch))
            invalid("origin_shape", "not a list of integers");
    if (!int_list(sh, &t.dims))
        invalid("shape", "required, a list of integers ([] for a scalar)");
    size_t unknown = 0;
    bool rank_unknown = t.dims.size() == 1 && t.dims[0] == -2;
    double elems = 1;
    for (int64_t d : t.dims) {
        if (d < -1 && !rank_unknown)
            invalid("shape", "a dim below -1 (-2 only as the shape [-2])");
        unknown += d == -1;
        elems *= d > 0 ? (double)d : 1;
    }
    if (elems > 2147483647.0)
        invalid("shape", "more than 2147483647 elements");
    std::vector<std::vector<int64_t>> ranges;
    if (const cJSON *sr = field(j, "shape_range")) {
        if (!cJSON_IsArray(sr))
            invalid("shape_range", "a list of [min, max] pairs");
        for (const cJSON *p = sr->child; p; p = p->next) {
            std::vector<int64_t> r;
            if (!int_list(p, &r) || r.size() != 2 || r[0] < 0 || (r[1] != -1 && r[1] < r[0]))
                invalid("shape_range",
                        "each entry is [min, max], 0 <= min <= max (max -1: unbounded)");
            ranges.push_back(r);
        }
        if (rank_unknown && !ranges.empty())
            invalid("shape_range", "a shape of unknown rank ([-2]) takes no shape range");
        if (!rank_unknown && ranges.size() != unknown)
            invalid("shape_range", std::to_string(ranges.size()) + " ranges for " +
                                       std::to_string(unknown) + " dims of -1");
    }
    t.desc.reset(aclCreateTensorDesc((aclDataType)t.dtype, (int)t.dims.size(),
                                     t.dims.empty() ? nullptr : t.dims.data(),
                                     (aclFormat)t.format));
    if (!t.desc)
        bad("E19999: out of memory");
    if (!ranges.empty()) {
        std::vector<int64_t> flat; /* one [min, max] a dim: fixed dims their own value */
        size_t r = 0;
        for (int64_t d : t.dims) {
            flat.push_back(d == -1 ? ranges[r][0] : d);
            flat.push_back(d == -1 ? ranges[r++][1] : d);
        }
        aclSetTensorShapeRange(
            t.desc.get(), t.dims.size(),
            reinterpret_cast<int64_t(*)[ACL_TENSOR_SHAPE_RANGE_NUM]>(flat.data()));
    }
    std::string name = str_field(j, "name", where), dyn = str_field(j, "dynamic_input", where);
    if (!dyn.empty())
        aclSetTensorDynamicInput(t.desc.get(), dyn.c_str());
    if (!name.empty())
        aclSetTensorDescName(t.desc.get(), name.c_str());
    const cJSON *ic = field(j, "is_const");
    if (ic && !cJSON_IsBool(ic))
        invalid("is_const", "true or false");
    if (ic && cJSON_IsTrue(ic)) {
        if (!input)
            invalid("is_const", "an output cannot be const");
        if (unknown || rank_unknown)
            invalid("is_const", "a const input needs a fixed shape");
        const cJSON *cv = field(j, "const_value");
        if (!cv)
            invalid("const_value", "is_const needs const_value");
        std::vector<unsigned char> b = const_bytes(cv, t.dtype, (size_t)elems, where);
        if (b.empty())
            invalid("const_value", "an empty const value");
        aclSetTensorConst(t.desc.get(), b.data(), b.size());
    }
    return t;
}

void set_attr(aclopAttr *a, const cJSON *j, size_t k, const std::string &type)
{
    std::string where = "Op [" + std::to_string(k) + ": " + type + "]";
    if (!cJSON_IsObject(j))
        bad("E10029: Attribute name of " + where + " is empty: an attribute must be an object.");
    const cJSON *n = field(j, "name"), *t = field(j, "type"), *v = field(j, "value");
    if (!cJSON_IsString(n) || !*n->valuestring)
        bad("E10029: Attribute name of " + where +
            " is empty in the file specified by --singleop.");
    std::string name = n->valuestring;
    if (!cJSON_IsString(t))
        bad("E13006: Type of attribute [" + name + "] of " + where +
            " is incorrect. Expected type: bool, int, float, string, list_bool, list_int, "
            "list_float, list_string, list_list_int or data_type.");
    std::string kind = t->valuestring;
    auto invalid = [&](const std::string &why) {
        bad("E10030: There is an invalid value for attribute name [" + name + "] of " + where +
            ": " + why);
    };
    if (!v)
        invalid("no value");
    const char *c = name.c_str();
    aclError rc = ACL_SUCCESS;
    int64_t i;
    if (kind == "bool") {
        if (!cJSON_IsBool(v))
            invalid("expected true or false");
        rc = aclopSetAttrBool(a, c, cJSON_IsTrue(v) ? 1 : 0);
    } else if (kind == "int") {
        if (!as_int(v, &i))
            invalid("expected an integer");
        rc = aclopSetAttrInt(a, c, i);
    } else if (kind == "float") {
        if (!cJSON_IsNumber(v))
            invalid("expected a number");
        rc = aclopSetAttrFloat(a, c, (float)v->valuedouble);
    } else if (kind == "string") {
        if (!cJSON_IsString(v))
            invalid("expected a string");
        rc = aclopSetAttrString(a, c, v->valuestring);
    } else if (kind == "data_type") {
        int dt = 0;
        if (cJSON_IsString(v) ? !lookup(kGeTypes, sizeof(kGeTypes) / sizeof(*kGeTypes),
                                        v->valuestring, false, &dt)
                              : !as_int(v, &i))
            invalid("expected a DataType name such as \"DT_FLOAT\" or its number");
        if (!cJSON_IsString(v))
            dt = (int)i;
        rc = aclopSetAttrDataType(a, c, (aclDataType)dt);
    } else if (kind == "list_bool" || kind == "list_int" || kind == "list_float" ||
               kind == "list_string") {
        if (!cJSON_IsArray(v))
            invalid("expected a list");
        std::vector<uint8_t> bools;
        std::vector<int64_t> ints;
        std::vector<float> floats;
        std::vector<const char *> strs;
        for (const cJSON *e = v->child; e; e = e->next) {
            if (kind == "list_bool" && cJSON_IsBool(e))
                bools.push_back(cJSON_IsTrue(e) ? 1 : 0);
            else if (kind == "list_int" && as_int(e, &i))
                ints.push_back(i);
            else if (kind == "list_float" && cJSON_IsNumber(e))
                floats.push_back((float)e->valuedouble);
            else if (kind == "list_string" && cJSON_IsString(e))
                strs.push_back(e->valuestring);
            else
                invalid("an element of the list is not a " + kind.substr(5));
        }
        int cnt = cJSON_GetArraySize(v);
        if (kind == "list_bool")
            rc = aclopSetAttrListBool(a, c, cnt, bools.data());
        else if (kind == "list_int")
            rc = aclopSetAttrListInt(a, c, cnt, ints.data());
        else if (kind == "list_float")
            rc = aclopSetAttrListFloat(a, c, cnt, floats.data());
        else
            rc = aclopSetAttrListString(a, c, cnt, strs.data());
    } else if (kind == "list_list_int") {
        if (!cJSON_IsArray(v))
            invalid("expected a list of lists of integers");
        std::vector<std::vector<int64_t>> rows;
        for (const cJSON *e = v->child; e; e = e->next) {
            rows.emplace_back();
            if (!int_list(e, &rows.back()))
                invalid("expected a list of lists of integers");
        }
        std::vector<int> counts;
        std::vector<const int64_t *> ptrs;
        static const int64_t none = 0;
        for (auto &r : rows) {
            counts.push_back((int)r.size());
            ptrs.push_back(r.empty() ? &none : r.data());
        }
        rc = aclopSetAttrListListInt(a, c, (int)rows.size(), counts.data(), ptrs.data());
    } else {
        bad("E13006: Type [" + kind + "] of attribute [" + name + "] of " + where +
            " is incorrect. Expected type: bool, int, float, string, list_bool, list_int, "
            "list_float, list_string, list_list_int or data_type.");
    }
    if (rc != ACL_SUCCESS)
        invalid(aclGetRecentErrMsg());
}

/* ATC's file name: the name field when it is a valid file name, else
 * index_Op_(type_format_dims)... of the inputs then the outputs; at most 128 characters. */
std::string file_name(const Op &op, size_t k)
{
    std::string n = op.name.substr(0, 128);
    bool valid = !n.empty() && n != "." && n != "..";
    for (char ch : n)
        valid = valid && (std::isalnum((unsigned char)ch) || ch == '.' || ch == '_' || ch == '-');
    if (valid)
        return n + ".om";
    if (!op.name.empty())
        std::fprintf(stderr,
                     "W: op %zu: name \"%s\" is not a valid file name ([a-zA-Z0-9._-]); the "
                     "default name is used\n",
                     k, op.name.c_str());
    std::string s = std::to_string(k) + "_" + op.type;
    for (const auto *side : {&op.in, &op.out})
        for (const Tensor &t : *side) {
            s += "_" + std::to_string(ge_type(t.dtype)) + "_" + std::to_string(ge_format(t.format));
            for (int64_t d : t.dims)
                s += "_" + std::to_string(d);
        }
    return s.substr(0, 128) + ".om";
}

Op parse_op(const cJSON *j, size_t k)
{
    Op op;
    if (!cJSON_IsObject(j))
        bad("E10025: op " + std::to_string(k) + " is not an object (an OpDesc).");
    const cJSON *t = field(j, "op");
    if (t && !cJSON_IsString(t))
        bad("E13006: Type of [op] of op " + std::to_string(k) +
            " is incorrect. Expected type: string.");
    if (!t || !*t->valuestring)
        bad("E10026: The Op name is empty in the file specified by --singleop (op " +
            std::to_string(k) + ").");
    op.type = t->valuestring;
    op.name = str_field(j, "name", op_ref(k, op.type));
    if (const cJSON *cf = field(j, "compile_flag")) {
        int64_t v;
        if (!as_int(cf, &v) || (v != 0 && v != 1))
            bad("E13014: Value of parameter [compile_flag] for Op [" + std::to_string(k) + ": " +
                op.type + "] is invalid. Reason: 0 (exact) or 1 (fuzzy).");
        op.flag = (int32_t)v;
    }
    for (int side = 0; side < 2; side++) {
        const char *key = side ? "output_desc" : "input_desc";
        const cJSON *arr = field(j, key);
        if (!arr || !cJSON_IsArray(arr))
            bad("E13014: Value of parameter [" + std::string(key) + "] for Op [" +
                std::to_string(k) + ": " + op.type +
                "] is invalid. Reason: required, a list of "
                "tensor descriptions.");
        size_t i = 0;
        for (const cJSON *e = arr->child; e; e = e->next)
            (side ? op.out : op.in).push_back(tensor(e, !side, k, op.type, i++));
    }
    op.attr.reset(aclopCreateAttr());
    if (!op.attr)
        bad("E19999: out of memory");
    if (const cJSON *attrs = field(j, "attr")) {
        if (!cJSON_IsArray(attrs))
            bad("E13006: Type of [attr] of " + op_ref(k, op.type) +
                " is incorrect. Expected type: list.");
        for (const cJSON *e = attrs->child; e; e = e->next)
            set_attr(op.attr.get(), e, k, op.type);
    }
    return op;
}

std::vector<const aclTensorDesc *> descs(const std::vector<Tensor> &ts)
{
    std::vector<const aclTensorDesc *> r;
    for (const Tensor &t : ts)
        r.push_back(t.desc.get());
    return r;
}

bool is_static(const Op &op)
{
    for (const auto *side : {&op.in, &op.out})
        for (const Tensor &t : *side)
            for (int64_t d : t.dims)
                if (d < 0)
                    return false;
    return true;
}

std::string read_file(const std::string &path)
{
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) {
        struct stat st;
        if (stat(path.c_str(), &st) != 0)
            bad("E10023: Value [" + path +
                "] for parameter [--singleop] is invalid: " + std::strerror(errno) + ".");
        bad("E10024: Failed to open file [" + path +
            "] specified by --singleop: " + std::strerror(errno) + ".");
    }
    std::string s;
    char buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0)
        s.append(buf, n);
    std::fclose(f);
    return s;
}

void make_dirs(const std::string &dir)
{
    for (size_t at = 1; at <= dir.size(); at++) {
        if (at < dir.size() && dir[at] != '/')
            continue;
        std::string part = dir.substr(0, at);
        if (mkdir(part.c_str(), 0755) != 0 && errno != EEXIST)
            bad("E19999: cannot create the output directory " + part + ": " + std::strerror(errno));
    }
    struct stat st;
    if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        bad("E10001: Value [" + dir +
            "] for parameter [--output] is invalid. Reason: not a directory.");
}

} // namespace

bool convert_singleop(const std::string &json, const std::string &dir,
                      std::vector<std::string> *written, std::string *err)
{
    try {
        std::string text = read_file(json);
        const char *end = nullptr;
        cJSON *root = cJSON_ParseWithLengthOpts(text.data(), text.size(), &end, 0);
        if (!root) {
            size_t at = end && end >= text.data() ? (size_t)(end - text.data()) : 0, line = 1,
                   col = 1;
            for (size_t i = 0; i < at && i < text.size(); i++) {
                col = text[i] == '\n' ? 1 : col + 1;
                line += text[i] == '\n';
            }
            bad("E10025: File [" + json +
                "] specified by --singleop is not a valid JSON file. "
                "Reason: syntax error at line " +
                std::to_string(line) + ", column " + std::to_string(col) + ".");
        }
        std::unique_ptr<cJSON, void (*)(cJSON *)> hold(root, cJSON_Delete);
        if (!cJSON_IsArray(root) || !root->child)
            bad("E10025: File [" + json +
                "] specified by --singleop is not a valid JSON file. "
                "Reason: the file must hold a non-empty list of op descriptions.");
        std::vector<Op> ops;
        size_t k = 0;
        for (const cJSON *e = root->child; e; e = e->next, k++) {
            ops.push_back(parse_op(e, k));
            Op &op = ops.back();
            auto in = descs(op.in), out = descs(op.out);
            if (is_static(op) &&
                aclopCompile(op.type.c_str(), (int)in.size(), in.data(), (int)out.size(),
                             out.data(), op.attr.get(), ACL_ENGINE_SYS, ACL_COMPILE_SYS,
                             nullptr) != ACL_SUCCESS)
                bad("E19010: Op [" + std::to_string(k) + ": " + op.type +
                    "] cannot be compiled: " + aclGetRecentErrMsg());
            op.file = file_name(op, k);
        }
        make_dirs(dir);
        for (k = 0; k < ops.size(); k++) {
            Op &op = ops[k];
            auto in = descs(op.in), out = descs(op.out);
            std::string path = dir + "/" + op.file;
            if (cpuaclOpSaveModel(path.c_str(), op.type.c_str(), (int)in.size(), in.data(),
                                  (int)out.size(), out.data(), op.attr.get(),
                                  op.flag) != ACL_SUCCESS)
                bad("E19999: Op [" + std::to_string(k) + ": " + op.type +
                    "] cannot be written: " + aclGetRecentErrMsg());
            written->push_back(path);
        }
        return true;
    } catch (const Bad &b) {
        *err = b.msg;
        return false;
    }
}

} // namespace atc
