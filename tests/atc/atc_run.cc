/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tests/atc/atc_run.cc: runs ONNX models in the layout of ONNX's backend
 * test data (<dir>/model.onnx, <dir>/test_data_set_<k>/{input,output}_<i>.pb)
 * through atc's conversion (atc/onnx_graph.h) and cpuacl's graph engine,
 * and compares every output with the stored reference (|got - want| <=
 * atol + rtol * |want|). Usage: atc_run <model dir>... ; exit 0 when every
 * model matches.
 */
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "acl/acl.h"
#include "onnx_graph.h"

namespace
{

int g_fail = 0;

#define EXPECT(c, ...)                                                                             \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            std::fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                              \
            std::fprintf(stderr, __VA_ARGS__);                                                     \
            std::fputc('\n', stderr);                                                              \
            g_fail++;                                                                              \
        }                                                                                          \
    } while (0)

bool read_tensor(const std::string &path, onnx::TensorProto *t)
{
    std::ifstream f(path, std::ios::binary);
    return f && t->ParseFromIstream(&f);
}

/* A TensorProto's data as bytes (raw_data or float/int64 fields). */
std::vector<char> bytes_of(const onnx::TensorProto &t)
{
    if (t.has_raw_data())
        return std::vector<char>(t.raw_data().begin(), t.raw_data().end());
    std::vector<char> b;
    if (t.data_type() == onnx::TensorProto::FLOAT) {
        b.resize(t.float_data_size() * 4);
        std::memcpy(b.data(), t.float_data().data(), b.size());
    } else if (t.data_type() == onnx::TensorProto::INT64) {
        b.resize(t.int64_data_size() * 8);
        std::memcpy(b.data(), t.int64_data().data(), b.size());
    }
    return b;
}

cpuaclGeTensor tensor_of(const onnx::TensorProto &t, std::vector<char> &store)
{
    cpuaclGeTensor d{};
    d.dtype = atc::ge_dtype(t.data_type());
    d.format = 2;
    d.ndim = t.dims_size();
    for (int i = 0; i < t.dims_size(); i++)
        d.dims[i] = t.dims(i);
    store = bytes_of(t);
    d.data = store.data();
    d.size = store.size();
    return d;
}

void run_model(uint64_t sess, uint32_t id, const std::string &dir, double rtol, double atol)
{
    atc::Options opt;
    atc::Converted cv;
    std::string err;
    if (!atc::convert_onnx(dir + "/model.onnx", opt, &cv, &err)) {
        EXPECT(false, "%s: conversion failed: %s", dir.c_str(), err.c_str());
        if (cv.graph)
            cpuaclGeGraphDestroy(cv.graph);
        return;
    }
    uint32_t rc = cpuaclGeSessionAddGraph(sess, id, cv.graph, nullptr, nullptr, 0);
    if (!rc)
        rc = cpuaclGeSessionBuildGraph(sess, id, nullptr, 0);
    if (rc) {
        EXPECT(false, "%s: build failed (%u): %s", dir.c_str(), rc, cpuaclGeErrMsg());
        return;
    }
    std::string set = dir + "/test_data_set_0/";
    std::vector<std::vector<char>> in_store(cv.inputs.size());
    std::vector<cpuaclGeTensor> ins;
    for (size_t i = 0; i < cv.inputs.size(); i++) {
        onnx::TensorProto t;
        std::string p = set + "input_" + std::to_string(i) + ".pb";
        if (!read_tensor(p, &t)) {
            EXPECT(false, "%s: cannot read", p.c_str());
            return;
        }
        ins.push_back(tensor_of(t, in_store[i]));
    }
    cpuaclGeTensor desc[16];
    size_t n = 16;
    rc = cpuaclGeSessionGetOutputs(sess, id, desc, &n);
    EXPECT(!rc && n == cv.output_names.size(), "%s: outputs %zu (rc %u)", dir.c_str(), n, rc);
    if (rc)
        return;
    std::vector<onnx::TensorProto> want(n);
    std::vector<std::vector<char>> got(n);
    std::vector<cpuaclGeTensor> outs(desc, desc + n);
    for (size_t i = 0; i < n; i++) {
        std::string p = set + "output_" + std::to_string(i) + ".pb";
        EXPECT(read_tensor(p, &want[i]), "%s: cannot read", p.c_str());
        got[i].resize(outs[i].size);
        outs[i].data = got[i].data();
    }
    rc = cpuaclGeSessionRun(sess, id, ins.data(), ins.size(), outs.data(), n);
    EXPECT(!rc, "%s: run failed (%u): %s", dir.c_str(), rc, rc ? cpuaclGeErrMsg() : "");
    if (rc)
        return;
    for (size_t i = 0; i < n; i++) {
        std::vector<char> w = bytes_of(want[i]);
        EXPECT(want[i].data_type() == onnx::TensorProto::FLOAT && outs[i].dtype == 0,
               "%s output %zu: only float outputs are compared", dir.c_str(), i);
        EXPECT(w.size() == got[i].size(), "%s output %zu: %zu bytes, want %zu", dir.c_str(), i,
               got[i].size(), w.size());
        EXPECT((int)outs[i].ndim == want[i].dims_size(), "%s output %zu: rank %d, want %d",
               dir.c_str(), i, outs[i].ndim, want[i].dims_size());
        for (int k = 0; k < want[i].dims_size() && k < outs[i].ndim; k++)
            EXPECT(outs[i].dims[k] == want[i].dims(k), "%s output %zu: dim %d is %lld, want %lld",
                   dir.c_str(), i, k, (long long)outs[i].dims[k], (long long)want[i].dims(k));
        if (w.size() != got[i].size())
            continue;
        const float *g = reinterpret_cast<const float *>(got[i].data());
        const float *e = reinterpret_cast<const float *>(w.data());
        size_t bad = 0, cnt = w.size() / 4;
        for (size_t k = 0; k < cnt; k++)
            if (!(std::fabs(g[k] - e[k]) <= atol + rtol * std::fabs(e[k]))) {
                if (!bad)
                    std::fprintf(stderr, "%s output %zu [%zu]: %g, want %g\n", dir.c_str(), i, k,
                                 g[k], e[k]);
                bad++;
            }
        EXPECT(!bad, "%s output %zu: %zu of %zu values differ", dir.c_str(), i, bad, cnt);
    }
    std::printf("%s: %zu outputs compared\n", dir.c_str(), n);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: atc_run <model dir>...\n");
        return 2;
    }
    if (aclInit(nullptr) || cpuaclGeInitialize(nullptr, nullptr, 0))
        return 1;
    uint64_t sess = 0;
    if (cpuaclGeSessionCreate(nullptr, nullptr, 0, &sess))
        return 1;
    for (int i = 1; i < argc; i++)
        run_model(sess, (uint32_t)i, argv[i], 1e-4, 1e-5);
    cpuaclGeSessionDestroy(sess);
    cpuaclGeFinalize();
    aclFinalize();
    std::printf("atc_run: %d models, %d failures\n", argc - 1, g_fail);
    return g_fail ? 1 : 0;
}
