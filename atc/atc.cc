/* SPDX-License-Identifier: Apache-2.0 */
/*
 * atc/atc.cc: the atc program, CANN's model converter on cpuacl. It reads
 * an ONNX model (--framework=5), turns it into a GE graph (atc/onnx/),
 * compiles the graph on cpuacl's graph engine (so an unsupported type,
 * dtype or attribute fails here, naming the node, never at run time) and
 * writes <output>.om; --singleop converts single-operator descriptions
 * instead (singleop.cc). The command line is ATC's (docs/atc.md): --key=value
 * or --key value; exit 0 with "ATC run success, welcome to the next use.",
 * else non-zero after an E-code message and "ATC run failed".
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "onnx/onnx_graph.h"
#include "singleop.h"

namespace
{

const char *const kUsage =
    "usage: atc <args>\n"
    "Converts an ONNX model into a cpuacl offline model (.om).\n"
    "\n"
    "===== Basic Functionality =====\n"
    "  --model           path of the original model (ONNX)\n"
    "  --framework       framework of the model: 5 = ONNX (0 Caffe, 1 MindSpore, 3 TensorFlow\n"
    "                    are not supported)\n"
    "  --output          output model path and base name; \".om\" is appended\n"
    "  --soc_version     target chip (any Ascend name is accepted and recorded)\n"
    "  --log             log level: debug, info, warning, error, null (default null)\n"
    "  --mode            0 = generate an offline model (the only mode supported)\n"
    "\n"
    "===== Input and output =====\n"
    "  --input_shape     \"name1:n,c,h,w;name2:d,d\"; -1 marks a gear dim\n"
    "  --input_format    NCHW (default) or ND\n"
    "  --output_type     FP32, FP16, INT8, UINT8, INT32, INT64: every output's type\n"
    "\n"
    "===== Dynamic shapes and preprocessing =====\n"
    "  --insert_op_conf      AIPP configuration file (aipp_op { ... }; docs/aipp.md)\n"
    "  --dynamic_batch_size  \"1,2,4\"\n"
    "  --dynamic_image_size  \"h1,w1;h2,w2\"\n"
    "  --dynamic_dims        \"d1,d2;d3,d4\" (with --input_format=ND)\n"
    "  --singleop            single-operator descriptions (JSON): one model each under --output\n"
    "                        (a directory); with --output, --soc_version and --log only\n"
    "\n"
    "===== cpuacl =====\n"
    "  --dump_graph      print the GE graph (node, CANN type, ONNX origin) after converting\n"
    "  -h, --help        this help\n";

struct Failure {
    std::string msg;
};

[[noreturn]] void fail(const std::string &m)
{
    throw Failure{m};
}

[[noreturn]] void invalid(const std::string &param, const std::string &value,
                          const std::string &reason)
{
    fail("E10001: Value [" + value + "] for parameter [--" + param +
         "] is invalid. Reason: " + reason);
}

bool parse_int(const std::string &s, int64_t *v)
{
    if (s.empty())
        return false;
    char *end = nullptr;
    long long x = std::strtoll(s.c_str(), &end, 10);
    if (*end)
        return false;
    *v = x;
    return true;
}

std::vector<std::string> split(const std::string &s, char sep)
{
    std::vector<std::string> r;
    size_t b = 0;
    for (;;) {
        size_t e = s.find(sep, b);
        r.push_back(s.substr(b, e == std::string::npos ? std::string::npos : e - b));
        if (e == std::string::npos)
            return r;
        b = e + 1;
    }
}

/* "v,v,...": integers (allow_neg: -1 allowed). */
std::vector<int64_t> int_list(const std::string &param, const std::string &all,
                              const std::string &s, bool allow_neg)
{
    std::vector<int64_t> r;
    if (s.empty())
        return r;
    for (const auto &p : split(s, ',')) {
        int64_t v;
        if (!parse_int(p, &v) || v < (allow_neg ? -1 : 1))
            invalid(param, all,
                    "[" + p + "] is not " +
                        (allow_neg ? "a dim (>= 0, or -1)" : "a positive integer"));
        r.push_back(v);
    }
    return r;
}

/* "name:d,d;name2:d" */
std::vector<std::pair<std::string, std::vector<int64_t>>> input_shape(const std::string &s)
{
    std::vector<std::pair<std::string, std::vector<int64_t>>> r;
    std::set<std::string> seen;
    for (const auto &item : split(s, ';')) {
        size_t c = item.rfind(':');
        if (item.empty() || c == std::string::npos || c == 0)
            invalid("input_shape", s, "[" + item + "] is not of the form name:d,d,...");
        std::string name = item.substr(0, c);
        if (!seen.insert(name).second)
            invalid("input_shape", s, "input " + name + " is given twice");
        r.push_back({name, int_list("input_shape", s, item.substr(c + 1), true)});
    }
    return r;
}

/* Gears "a,b;c,d": each gear `width` values (0 = any), 2..100 gears. */
std::vector<std::vector<int64_t>> gears(const std::string &param, const std::string &s,
                                        char gear_sep, size_t width)
{
    std::vector<std::vector<int64_t>> r;
    for (const auto &g : split(s, gear_sep)) {
        std::vector<int64_t> v = int_list(param, s, g, false);
        if (v.empty() || (width && v.size() != width))
            invalid(param, s,
                    "gear [" + g + "] must hold " +
                        (width ? std::to_string(width) : std::string("some")) +
                        " positive integers");
        if (!r.empty() && r[0].size() != v.size())
            invalid(param, s, "the gears differ in length");
        r.push_back(v);
    }
    if (r.size() < 2 || r.size() > 100)
        invalid(param, s, "give 2 to 100 gears (got " + std::to_string(r.size()) + ")");
    return r;
}

int32_t output_type(const std::string &s)
{
    static const std::map<std::string, int32_t> t = {{"FP32", 0},  {"FP16", 1},  {"INT8", 2},
                                                     {"INT32", 3}, {"UINT8", 4}, {"INT64", 9}};
    auto it = t.find(s);
    if (it == t.end())
        invalid("output_type", s, "expected FP32, FP16, INT8, UINT8, INT32 or INT64");
    return it->second;
}

/* aclgrphBuildModel + aclgrphSaveModel (their C functions: the graph is
 * already cpuacl's, not a ge::Graph of operators): the build infers and
 * compiles the graph, so every node's type, dtypes and attributes are
 * checked against ops/proto here; a failure names the ONNX node. */
void build_and_save(atc::Converted &cv, const std::string &soc, const std::string &output,
                    const std::vector<std::pair<std::string, std::string>> &options)
{
    const char *gk[] = {"ge.socVersion"}, *gv[] = {soc.c_str()};
    if (cpuaclGeBuildInitialize(gk, gv, 1))
        fail(std::string("E19999: aclgrphBuildInitialize failed: ") + cpuaclGeErrMsg());
    cpuaclGeGraph *g = cv.graph;
    cv.graph = nullptr;
    void *data = nullptr;
    uint64_t len = 0;
    std::vector<const char *> ok, ov;
    for (const auto &o : options) {
        ok.push_back(o.first.c_str());
        ov.push_back(o.second.c_str());
    }
    uint32_t rc = cpuaclGeBuildModel(g, ok.data(), ov.data(), ok.size(), &data, &len);
    std::string msg = rc ? cpuaclGeErrMsg() : "";
    if (rc && msg.find("ge.insertOpFile") != std::string::npos) {
        cpuaclGeBuildFinalize();
        fail("E10052: AIPP configuration is invalid. Reason: " + msg + ".");
    }
    if (!rc) {
        rc = cpuaclGeSaveModel(output.c_str(), data, len);
        if (rc)
            msg = cpuaclGeErrMsg();
        cpuaclGeModelFree(data);
        cpuaclGeBuildFinalize();
        if (rc)
            fail("E19999: aclgrphSaveModel cannot write " + output + ".om: " + msg);
        return;
    }
    cpuaclGeBuildFinalize();
    if (rc) {
        /* name the ONNX node the failing CANN node comes from */
        std::string where;
        for (const auto &o : cv.origin)
            if (msg.find(o.first) != std::string::npos &&
                (where.empty() || o.first.size() > where.size()))
                where = o.first;
        if (!where.empty())
            fail("E19010: Op [" + cv.origin[where].first + "] of type [" + cv.origin[where].second +
                 "] cannot be compiled: " + msg);
        fail("E19999: aclgrphBuildModel failed on the converted graph: " + msg);
    }
}

/* 0 = model written, -1 = help printed; failures throw. */
int run(int argc, char **argv)
{
    std::map<std::string, std::string> a;
    static const std::set<std::string> known = {"model",
                                                "framework",
                                                "output",
                                                "soc_version",
                                                "log",
                                                "mode",
                                                "input_shape",
                                                "input_format",
                                                "output_type",
                                                "dynamic_batch_size",
                                                "dynamic_image_size",
                                                "dynamic_dims",
                                                "insert_op_conf",
                                                "singleop",
                                                "dump_graph",
                                                "weight"};
    for (int i = 1; i < argc; i++) {
        std::string s = argv[i];
        if (s == "-h" || s == "--help") {
            std::fputs(kUsage, stdout);
            return -1;
        }
        if (s.rfind("--", 0) != 0)
            fail("E10001: Value [" + s + "] is not an option. Reason: options are --name=value.");
        std::string k = s.substr(2), v;
        size_t eq = k.find('=');
        if (eq != std::string::npos) {
            v = k.substr(eq + 1);
            k = k.substr(0, eq);
        } else if (k == "dump_graph") {
            v = "1";
        } else if (i + 1 < argc) {
            v = argv[++i];
        }
        if (!known.count(k))
            fail("E10016: Option [--" + k + "] is not supported. Try 'atc --help'.");
        a[k] = v;
    }
    if (a.count("log")) {
        static const std::set<std::string> levels = {"debug", "info", "warning", "error", "null"};
        if (!levels.count(a["log"]))
            invalid("log", a["log"], "expected debug, info, warning, error or null");
    }
    if (a.count("mode") && a["mode"] != "0")
        invalid("mode", a["mode"], "only mode 0 (generate an offline model) is supported");
    if (a.count("singleop")) {
        if (a["singleop"].empty())
            fail("E10004: Value for [--singleop] cannot be empty.");
        for (const auto &kv : a)
            if (kv.first != "singleop" && kv.first != "output" && kv.first != "soc_version" &&
                kv.first != "log")
                fail("E10001: Value [" + kv.second + "] for parameter [--" + kv.first +
                     "] is invalid. Reason: it cannot be used with --singleop (with it: --output, "
                     "--soc_version, --log).");
        for (const char *req : {"output", "soc_version"})
            if (a[req].empty())
                fail(std::string("E10004: Value for [--") + req + "] cannot be empty.");
        if (a["soc_version"].rfind("Ascend", 0) != 0)
            invalid("soc_version", a["soc_version"],
                    "expected an Ascend chip name such as Ascend310 or Ascend910B1");
        std::vector<std::string> written;
        std::string err;
        if (!atc::convert_singleop(a["singleop"], a["output"], &written, &err))
            fail(err);
        return 0;
    }
    for (const char *req : {"model", "framework", "output", "soc_version"})
        if (a[req].empty())
            fail(std::string("E10004: Value for [--") + req + "] cannot be empty.");
    const std::string &fw = a["framework"];
    if (fw != "5") {
        if (fw == "0" || fw == "1" || fw == "3")
            invalid("framework", fw, "only 5 (ONNX) is supported by cpuacl's atc");
        invalid("framework", fw, "expected 0 (Caffe), 1 (MindSpore), 3 (TensorFlow) or 5 (ONNX)");
    }
    const std::string &soc = a["soc_version"];
    if (soc.rfind("Ascend", 0) != 0)
        invalid("soc_version", soc,
                "expected an Ascend chip name such as Ascend310 or Ascend910B1");
    atc::Options opt;
    if (a.count("input_format")) {
        const std::string &f = a["input_format"];
        if (f == "NCHW")
            opt.input_format = 0;
        else if (f == "ND")
            opt.input_format = 2;
        else if (f == "NCDHW")
            invalid("input_format", f, "NCDHW is not supported yet (NCHW or ND)");
        else
            invalid("input_format", f, "expected NCHW, NCDHW or ND for ONNX models");
    }
    if (a.count("input_shape"))
        opt.input_shape = input_shape(a["input_shape"]);
    if (a.count("output_type"))
        opt.output_type = output_type(a["output_type"]);
    int ngear_opts = 0;
    size_t neg = 0;
    for (const auto &is : opt.input_shape)
        for (int64_t d : is.second)
            neg += d < 0;
    /* the gear options: separator between gears, values per gear (0 = any;
     * dynamic_dims: one per -1 dim of --input_shape) */
    static const struct {
        const char *opt;
        char sep;
        size_t width;
        const char *ge_key; /* its ge::ir_option for aclgrphBuildModel */
    } kGears[] = {{"dynamic_batch_size", ',', 0, "ge.dynamicBatchSize"},
                  {"dynamic_image_size", ';', 2, "ge.dynamicImageSize"},
                  {"dynamic_dims", ';', SIZE_MAX, "ge.dynamicDims"}};
    std::vector<std::pair<std::string, std::string>> build_opts;
    for (const auto &g : kGears) {
        if (!a.count(g.opt))
            continue;
        ngear_opts++;
        build_opts.push_back({g.ge_key, a[g.opt]});
        if (g.width == SIZE_MAX)
            build_opts.push_back({"input_format", "ND"});
        gears(g.opt, a[g.opt], g.sep, g.width == SIZE_MAX ? neg : g.width);
        if (!neg)
            invalid(g.opt, a[g.opt], "--input_shape marks no dim with -1");
        if (g.width == SIZE_MAX && opt.input_format != 2)
            invalid(g.opt, a[g.opt], "--dynamic_dims needs --input_format=ND");
    }
    if (ngear_opts > 1)
        fail("E10001: --dynamic_batch_size, --dynamic_image_size and --dynamic_dims exclude each "
             "other.");
    opt.geared = ngear_opts == 1;
    if (!ngear_opts && neg)
        invalid("input_shape", a["input_shape"],
                "-1 dims need --dynamic_batch_size, --dynamic_image_size or --dynamic_dims");
    if (a.count("insert_op_conf")) {
        FILE *f = std::fopen(a["insert_op_conf"].c_str(), "r");
        if (!f)
            invalid("insert_op_conf", a["insert_op_conf"], "the file cannot be opened");
        std::fclose(f);
        if (opt.input_format == 2)
            invalid("input_format", "ND", "with --insert_op_conf the input format must be NCHW");
    }

    atc::Converted cv;
    std::string err;
    if (!atc::convert_onnx(a["model"], opt, &cv, &err)) {
        if (cv.graph)
            cpuaclGeGraphDestroy(cv.graph);
        fail(err);
    }
    if (a.count("dump_graph"))
        for (const auto &o : cv.origin)
            std::printf("%s <- %s (%s)\n", o.first.c_str(), o.second.first.c_str(),
                        o.second.second.c_str());
    if (a.count("insert_op_conf"))
        build_opts.push_back({"ge.insertOpFile", a["insert_op_conf"]});
    build_and_save(cv, soc, a["output"], build_opts);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    try {
        if (run(argc, argv) < 0)
            return 0; /* --help */
        std::puts("ATC run success, welcome to the next use.");
        return 0;
    } catch (const Failure &f) {
        std::fprintf(stderr,
                     "ATC run failed, Please check the detail log, Try 'atc --help' "
                     "for more information\n%s\n",
                     f.msg.c_str());
        return 1;
    }
}
