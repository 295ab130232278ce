/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tests/atc/atc_run.cc: runs ONNX models in the layout of ONNX's backend
 * test data (<dir>/model.onnx, <dir>/test_data_set_0/{input,output}_<i>.pb)
 * that atc has converted to <dir>.om: aclmdlLoadFromFile, datasets of
 * device buffers sized from the model description, aclmdlExecute, and every
 * output compared with the stored reference (dims, and |got - want| <=
 * atol + rtol * |want| for floating types, equal otherwise). Usage:
 * atc_run <model dir>[@<om file>]... (the .om defaults to <dir>.om); exit 0
 * when every model matches. Variants of a model (a suffix after the .om):
 * "#gears=1,2,4" runs each batch gear b with the first b samples of every
 * input (aclmdlSetDynamicBatchSize) against the first b of each output (an
 * eval-mode model is per sample); "#aipp=static" / "#aipp=dynamic" feeds
 * <dir>/aipp/image.bin (uint8 RGB888 images) and compares with
 * <dir>/aipp/output_0.pb (bench_model_torch.py's cnn data), the dynamic one
 * setting AIPP_NORM's parameters with aclmdlSetInputAIPP. "--rtol=R" before the
 * models sets rtol for those after it (default 1e-4).
 */
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

#include "acl/acl.h"
#include "acl/acl_mdl.h"
#include "onnx/onnx_graph.h"

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

/* A TensorProto's data as bytes in its GE type (-1 and a message when
 * the type is not one cpuacl has). */
std::vector<char> bytes_of(const onnx::TensorProto &t, int32_t *dtype)
{
    std::vector<char> b;
    std::string err;
    if (!atc::tensor_data(t, &b, dtype, &err)) {
        std::fprintf(stderr, "test data: %s\n", err.c_str());
        *dtype = -1;
    }
    return b;
}

double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 31, m = h & 1023;
    double v = e == 0    ? std::ldexp(m, -24)
               : e == 31 ? (m ? NAN : INFINITY)
                         : std::ldexp(m + 1024, e - 25);
    return h & 0x8000 ? -v : v;
}

/* Element k of a float-like buffer as double; false for other types. */
bool as_double(const std::vector<char> &b, int32_t dt, size_t k, double *v)
{
    if (dt == ACL_FLOAT) {
        float f;
        std::memcpy(&f, &b[k * 4], 4);
        *v = f;
    } else if (dt == ACL_DOUBLE) {
        std::memcpy(v, &b[k * 8], 8);
    } else if (dt == ACL_FLOAT16) {
        uint16_t h;
        std::memcpy(&h, &b[k * 2], 2);
        *v = half_to_double(h);
    } else if (dt == ACL_BF16) {
        uint16_t h;
        std::memcpy(&h, &b[k * 2], 2);
        uint32_t u = (uint32_t)h << 16;
        float f;
        std::memcpy(&f, &u, 4);
        *v = f;
    } else {
        return false;
    }
    return true;
}

/* Values differing beyond atol + rtol * |want| (NaN matches NaN; rtol at
 * least one unit of the type's last place: float16 2^-10, bfloat16 2^-7, as
 * ONNX 1.12's data rounds float->bfloat16 by truncation); other types must
 * match exactly. */
size_t differ(const std::vector<char> &got, const std::vector<char> &want, int32_t dt, double rtol,
              double atol, size_t *first)
{
    if (dt == ACL_FLOAT16)
        rtol = std::max(rtol, 1.0 / 1024);
    else if (dt == ACL_BF16)
        rtol = std::max(rtol, 1.0 / 128);
    size_t es = aclDataTypeSize((aclDataType)dt), cnt = es ? want.size() / es : 0, bad = 0;
    for (size_t k = 0; k < cnt; k++) {
        double g, w;
        bool ok;
        if (as_double(got, dt, k, &g) && as_double(want, dt, k, &w))
            ok = (std::isnan(g) && std::isnan(w)) || g == w ||
                 std::fabs(g - w) <= atol + rtol * std::fabs(w);
        else
            ok = !std::memcmp(&got[k * es], &want[k * es], es);
        if (!ok && !bad++)
            *first = k;
    }
    return bad;
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
void run_model(const std::string &arg, double rtol, double atol)
{
    size_t at = arg.find('@');
    std::string dir = arg.substr(0, at);
    std::string om = at == std::string::npos ? dir + ".om" : arg.substr(at + 1);
    std::string set = dir + "/test_data_set_0/";
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
        int32_t dt;
        std::vector<char> b = bytes_of(t, &dt);
        size_t size = aclmdlGetInputSizeByIndex(desc, i);
        EXPECT(size == b.size(), "%s input %zu: model size %zu, data %zu", om.c_str(), i, size,
               b.size());
        in.add(size);
        if (size == b.size())
            aclrtMemcpy(in.mem[i], size, b.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
    }
    /* a dynamic-shape model's outputs (size 0, dims [-2]): buffers of the stored
     * output's size, the real dims read with aclmdlGetCurOutputDims after the execution */
    std::vector<size_t> osize(nout);
    for (size_t i = 0; i < nout; i++) {
        osize[i] = aclmdlGetOutputSizeByIndex(desc, i);
        onnx::TensorProto want;
        int32_t wdt;
        if (!osize[i] && read_tensor(set + "output_" + std::to_string(i) + ".pb", &want))
            osize[i] = bytes_of(want, &wdt).size();
        out.add(osize[i]);
    }
    e = aclmdlExecute(id, in.ds, out.ds);
    EXPECT(e == ACL_SUCCESS, "%s: aclmdlExecute: %d %s", om.c_str(), e, aclGetRecentErrMsg());
    for (size_t i = 0; e == ACL_SUCCESS && i < nout; i++) {
        onnx::TensorProto want;
        std::string p = set + "output_" + std::to_string(i) + ".pb";
        EXPECT(read_tensor(p, &want), "%s: cannot read", p.c_str());
        int32_t wdt;
        std::vector<char> w = bytes_of(want, &wdt);
        aclmdlIODims dims;
        EXPECT(aclmdlGetCurOutputDims(desc, i, &dims) == ACL_SUCCESS, "aclmdlGetCurOutputDims");
        int32_t dt = aclmdlGetOutputDataType(desc, i);
        size_t bytes = aclDataTypeSize((aclDataType)dt);
        for (size_t k = 0; k < dims.dimCount; k++)
            bytes *= dims.dims[k] < 0 ? 0 : (size_t)dims.dims[k];
        std::vector<char> got(std::min(bytes, osize[i]));
        aclrtMemcpy(got.data(), got.size(), out.mem[i], got.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        if (dt == ACL_BF16 && wdt == ACL_UINT16)
            wdt = dt; /* ONNX's test data stores bfloat16 as uint16 (numpy has no bfloat16) */
        EXPECT(dt == wdt, "%s output %zu: type %d, want %d", om.c_str(), i, dt, wdt);
        EXPECT((int)dims.dimCount == want.dims_size(), "%s output %zu: rank %zu, want %d",
               om.c_str(), i, dims.dimCount, want.dims_size());
        for (int k = 0; k < want.dims_size() && k < (int)dims.dimCount; k++)
            EXPECT(dims.dims[k] == want.dims(k), "%s output %zu: dim %d is %lld, want %lld",
                   om.c_str(), i, k, (long long)dims.dims[k], (long long)want.dims(k));
        EXPECT(w.size() == got.size(), "%s output %zu: %zu bytes, want %zu", om.c_str(), i,
               got.size(), w.size());
        if (w.size() != got.size() || dt != wdt)
            continue;
        size_t first = 0, bad = differ(got, w, dt, rtol, atol, &first);
        size_t cnt = w.size() / std::max<size_t>(1, aclDataTypeSize((aclDataType)dt));
        if (bad) {
            double g = 0, x = 0;
            as_double(got, dt, first, &g), as_double(w, dt, first, &x);
            std::fprintf(stderr, "%s output %zu [%zu]: %g, want %g\n", om.c_str(), i, first, g, x);
        }
        EXPECT(!bad, "%s output %zu: %zu of %zu values differ", om.c_str(), i, bad, cnt);
    }
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS, "%s: aclmdlUnload", om.c_str());
    std::printf("%s: %zu inputs, %zu outputs compared\n", om.c_str(), nin, nout);
}

/* Output i of an execution (its first `limit` bytes; 0: all) against want. */
void compare(const std::string &what, const std::vector<char> &got, const onnx::TensorProto &want,
             int32_t dt, size_t limit, double rtol, double atol)
{
    int32_t wdt;
    std::vector<char> w = bytes_of(want, &wdt);
    if (limit && limit < w.size())
        w.resize(limit);
    EXPECT(dt == wdt, "%s: type %d, want %d", what.c_str(), dt, wdt);
    EXPECT(got.size() >= w.size(), "%s: %zu bytes, want %zu", what.c_str(), got.size(), w.size());
    if (dt != wdt || got.size() < w.size())
        return;
    size_t first = 0, bad = differ(got, w, dt, rtol, atol, &first);
    EXPECT(!bad, "%s: %zu values differ (first at %zu)", what.c_str(), bad, first);
}

/* bench_model_torch.py's AIPP_NORM, as a dynamic parameter set of n images. */
aclmdlAIPP *aipp_norm(uint64_t n)
{
    aclmdlAIPP *a = aclmdlCreateAIPP(n);
    EXPECT(a && aclmdlSetAIPPInputFormat(a, ACL_RGB888_U8) == ACL_SUCCESS &&
               aclmdlSetAIPPSrcImageSize(a, 32, 32) == ACL_SUCCESS,
           "aclmdlCreateAIPP: %s", aclGetRecentErrMsg());
    for (uint64_t i = 0; a && i < n; i++)
        EXPECT(aclmdlSetAIPPDtcPixelMean(a, 120, 110, 100, 0, i) == ACL_SUCCESS &&
                   aclmdlSetAIPPDtcPixelMin(a, 0.5f, 0.25f, 0.0f, 0.0f, i) == ACL_SUCCESS &&
                   aclmdlSetAIPPPixelVarReci(a, 0.015625f, 0.0166015625f, 0.017578125f, 1.0f, i) ==
                       ACL_SUCCESS,
               "AIPP setters: %s", aclGetRecentErrMsg());
    return a;
}

/* A variant of <dir>'s model (the run_model header comment): om converted
 * with batch gears or AIPP, kind "gears=..." or "aipp=static|dynamic". */
void run_variant(const std::string &dir, const std::string &om, const std::string &kind,
                 double rtol, double atol)
{
    uint32_t id = 0;
    aclError e = aclmdlLoadFromFile(om.c_str(), &id);
    EXPECT(e == ACL_SUCCESS, "%s: aclmdlLoadFromFile: %d %s", om.c_str(), e, aclGetRecentErrMsg());
    if (e != ACL_SUCCESS)
        return;
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT(aclmdlGetDesc(desc, id) == ACL_SUCCESS, "%s: aclmdlGetDesc", om.c_str());
    size_t nin = aclmdlGetNumInputs(desc), nout = aclmdlGetNumOutputs(desc);
    std::vector<uint64_t> runs; /* gears: the batches; AIPP: one run */
    bool gears = kind.compare(0, 6, "gears=") == 0, dynamic = kind == "aipp=dynamic";
    if (gears)
        for (std::stringstream ss(kind.substr(6)); ss.good();) {
            std::string v;
            std::getline(ss, v, ',');
            runs.push_back(std::stoull(v));
        }
    else
        runs.push_back(0);
    for (uint64_t b : runs) {
        std::string what = om + "#" + kind + (gears ? " gear " + std::to_string(b) : "");
        Dataset in, out;
        size_t frac_num = 1, frac_den = 1; /* the share of each sample list a run takes */
        for (size_t i = 0; i < nin; i++)
            in.add(aclmdlGetInputSizeByIndex(desc, i));
        for (size_t i = 0; i < nout; i++)
            out.add(aclmdlGetOutputSizeByIndex(desc, i));
        if (gears) {
            size_t gin = 0;
            EXPECT(aclmdlGetInputIndexByName(desc, ACL_DYNAMIC_TENSOR_NAME, &gin) == ACL_SUCCESS,
                   "%s: no gear input", what.c_str());
            for (size_t i = 0; i + 1 < nin; i++) {
                onnx::TensorProto t;
                std::string p = dir + "/test_data_set_0/input_" + std::to_string(i) + ".pb";
                EXPECT(read_tensor(p, &t), "%s: cannot read", p.c_str());
                int32_t dt;
                std::vector<char> v = bytes_of(t, &dt);
                frac_den = (size_t)t.dims(0);
                frac_num = (size_t)b;
                aclrtMemcpy(in.mem[i], v.size(), v.data(), v.size() * b / frac_den,
                            ACL_MEMCPY_HOST_TO_DEVICE);
            }
            EXPECT(aclmdlSetDynamicBatchSize(id, in.ds, gin, b) == ACL_SUCCESS,
                   "%s: aclmdlSetDynamicBatchSize: %s", what.c_str(), aclGetRecentErrMsg());
        } else {
            std::ifstream f(dir + "/aipp/image.bin", std::ios::binary);
            std::vector<char> img((std::istreambuf_iterator<char>(f)),
                                  std::istreambuf_iterator<char>());
            EXPECT(img.size() == aclmdlGetInputSizeByIndex(desc, 0), "%s: image of %zu bytes",
                   what.c_str(), img.size());
            if (img.size() == aclmdlGetInputSizeByIndex(desc, 0))
                aclrtMemcpy(in.mem[0], img.size(), img.data(), img.size(),
                            ACL_MEMCPY_HOST_TO_DEVICE);
            if (dynamic) {
                size_t pin = 0;
                EXPECT(aclmdlGetInputIndexByName(desc, ACL_DYNAMIC_AIPP_NAME, &pin) == ACL_SUCCESS,
                       "%s: no AIPP input", what.c_str());
                aclmdlAIPP *a = aipp_norm(4);
                EXPECT(aclmdlSetInputAIPP(id, in.ds, pin, a) == ACL_SUCCESS,
                       "%s: aclmdlSetInputAIPP: %s", what.c_str(), aclGetRecentErrMsg());
                aclmdlDestroyAIPP(a);
            }
        }
        e = aclmdlExecute(id, in.ds, out.ds);
        EXPECT(e == ACL_SUCCESS, "%s: aclmdlExecute: %d %s", what.c_str(), e, aclGetRecentErrMsg());
        for (size_t i = 0; e == ACL_SUCCESS && i < nout; i++) {
            onnx::TensorProto want;
            std::string p = gears ? dir + "/test_data_set_0/output_" + std::to_string(i) + ".pb"
                                  : dir + "/aipp/output_" + std::to_string(i) + ".pb";
            EXPECT(read_tensor(p, &want), "%s: cannot read", p.c_str());
            std::vector<char> got(aclmdlGetOutputSizeByIndex(desc, i));
            aclrtMemcpy(got.data(), got.size(), out.mem[i], got.size(), ACL_MEMCPY_DEVICE_TO_HOST);
            size_t limit = gears ? got.size() * frac_num / frac_den : 0;
            compare(what + " output " + std::to_string(i), got, want,
                    aclmdlGetOutputDataType(desc, i), limit, rtol, atol);
        }
        std::printf("%s: %zu outputs compared\n", what.c_str(), nout);
    }
    aclmdlDestroyDesc(desc);
    EXPECT(aclmdlUnload(id) == ACL_SUCCESS, "%s: aclmdlUnload", om.c_str());
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
    double rtol = 1e-4;
    int models = 0;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a.rfind("--rtol=", 0) == 0) {
            rtol = std::atof(a.c_str() + 7);
            continue;
        }
        models++;
        size_t at = a.find('@'), hash = a.find('#');
        if (hash == std::string::npos || at == std::string::npos)
            run_model(a, rtol, 1e-5);
        else
            run_variant(a.substr(0, at), a.substr(at + 1, hash - at - 1), a.substr(hash + 1), rtol,
                        1e-5);
    }
    aclrtResetDevice(0);
    aclFinalize();
    std::printf("atc_run: %d models, %d failures\n", models, g_fail);
    return g_fail ? 1 : 0;
}
