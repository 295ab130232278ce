/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tests/atc/atc_run.cc: runs ONNX models in the layout of ONNX's backend
 * test data (<dir>/model.onnx, <dir>/test_data_set_0/{input,output}_<i>.pb)
 * that atc has converted to <dir>.om: aclmdlLoadFromFile, datasets of
 * device buffers sized from the model description, aclmdlExecute, and every
 * output compared with the stored reference (dims, and |got - want| <=
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
#include "acl/acl_mdl.h"

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

/* Device buffers of a dataset, freed with it. */
struct Dataset {
    aclmdlDataset *ds = aclmdlCreateDataset();
    std::vector<void *> mem;
    void add(size_t size)
    {
        void *p = nullptr;
        EXPECT(aclrtMalloc(&p, size ? size : 1, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS,
               "aclrtMalloc %zu", size);
        mem.push_back(p);
        EXPECT(aclmdlAddDatasetBuffer(ds, aclCreateDataBuffer(p, size)) == ACL_SUCCESS,
               "aclmdlAddDatasetBuffer");
    }
    ~Dataset()
    {
        for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(ds); i++)
            aclDestroyDataBuffer(aclmdlGetDatasetBuffer(ds, i));
        aclmdlDestroyDataset(ds);
        for (void *p : mem)
            aclrtFree(p);
    }
};

/* <dir>.om (written by atc) loaded, executed on test_data_set_0, compared. */
void run_model(const std::string &dir, double rtol, double atol)
{
    std::string om = dir + ".om", set = dir + "/test_data_set_0/";
    uint32_t id = 0;
    aclError e = aclmdlLoadFromFile(om.c_str(), &id);
    EXPECT(e == ACL_SUCCESS, "%s: aclmdlLoadFromFile: %d %s", om.c_str(), e, aclGetRecentErrMsg());
    if (e != ACL_SUCCESS)
        return;
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS, "%s: aclmdlGetDesc", om.c_str());
    size_t nin = aclmdlGetNumInputs(desc), nout = aclmdlGetNumOutputs(desc);
    Dataset in, out;
    for (size_t i = 0; i < nin; i++) {
        onnx::TensorProto t;
        std::string p = set + "input_" + std::to_string(i) + ".pb";
        EXPECT(read_tensor(p, &t), "%s: cannot read", p.c_str());
        std::vector<char> b = bytes_of(t);
        size_t size = aclmdlGetInputSizeByIndex(desc, i);
        EXPECT(size == b.size(), "%s input %zu: model size %zu, data %zu", om.c_str(), i, size,
               b.size());
        in.add(size);
        if (size == b.size())
            aclrtMemcpy(in.mem[i], size, b.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    for (size_t i = 0; i < nout; i++)
        out.add(aclmdlGetOutputSizeByIndex(desc, i));
    e = aclmdlExecute(id, in.ds, out.ds);
    EXPECT(e == ACL_SUCCESS, "%s: aclmdlExecute: %d %s", om.c_str(), e, aclGetRecentErrMsg());
    for (size_t i = 0; e == ACL_SUCCESS && i < nout; i++) {
        onnx::TensorProto want;
        std::string p = set + "output_" + std::to_string(i) + ".pb";
        EXPECT(read_tensor(p, &want), "%s: cannot read", p.c_str());
        std::vector<char> w = bytes_of(want);
        std::vector<char> got(aclmdlGetOutputSizeByIndex(desc, i));
        aclrtMemcpy(got.data(), got.size(), out.mem[i], got.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        aclmdlIODims dims;
        EXPECT(aclmdlGetOutputDims(desc, i, &dims) == ACL_SUCCESS, "aclmdlGetOutputDims");
        EXPECT(aclmdlGetOutputDataType(desc, i) == ACL_FLOAT &&
                   want.data_type() == onnx::TensorProto::FLOAT,
               "%s output %zu: only float outputs are compared", om.c_str(), i);
        EXPECT((int)dims.dimCount == want.dims_size(), "%s output %zu: rank %zu, want %d",
               om.c_str(), i, dims.dimCount, want.dims_size());
        for (int k = 0; k < want.dims_size() && k < (int)dims.dimCount; k++)
            EXPECT(dims.dims[k] == want.dims(k), "%s output %zu: dim %d is %lld, want %lld",
                   om.c_str(), i, k, (long long)dims.dims[k], (long long)want.dims(k));
        EXPECT(w.size() == got.size(), "%s output %zu: %zu bytes, want %zu", om.c_str(), i,
               got.size(), w.size());
        if (w.size() != got.size())
            continue;
        const float *g = reinterpret_cast<const float *>(got.data());
        const float *x = reinterpret_cast<const float *>(w.data());
        size_t bad = 0, cnt = w.size() / 4;
        for (size_t k = 0; k < cnt; k++)
            if (!(std::fabs(g[k] - x[k]) <= atol + rtol * std::fabs(x[k]))) {
                if (!bad)
                    std::fprintf(stderr, "%s output %zu [%zu]: %g, want %g\n", om.c_str(), i, k,
                                 g[k], x[k]);
                bad++;
            }
        EXPECT(!bad, "%s output %zu: %zu of %zu values differ", om.c_str(), i, bad, cnt);
    }
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS, "%s: aclmdlUnload", om.c_str());
    std::printf("%s: %zu inputs, %zu outputs compared\n", om.c_str(), nin, nout);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: atc_run <model dir>...\n");
        return 2;
    }
    if (aclInit(nullptr) || aclrtSetDevice(0))
        return 1;
    for (int i = 1; i < argc; i++)
        run_model(argv[i], 1e-4, 1e-5);
    aclrtResetDevice(0);
    aclFinalize();
    std::printf("atc_run: %d models, %d failures\n", argc - 1, g_fail);
    return g_fail ? 1 : 0;
}
