/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Two small models for the tests of executions with configurations and of
 * bundles (tests/mdl/mdl_exec.cc, mdl_bundle.cc), built from GE graphs with
 * aclgrphBuildModel, with their host references, and datasets of device
 * buffers:
 *   affine: x [4,3] -> y = x @ W + b [4,2], r = Relu(y) [4,2]
 *   scale:  v [6]   -> s = v * c + d [6]
 */
#ifndef CPUACL_TESTS_MDL_SMALL_H
#define CPUACL_TESTS_MDL_SMALL_H

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_mdl.h"
#include "all_ops.h"
#include "ge/ge_ir_build.h"
#include "graph/graph.h"

#include <unistd.h>

#include "mdl_expect.h"

/* `call` returned `want` with a message naming fn and containing part. */
#define EXPECT_FAIL(want, fn, part, call)                                                          \
    do {                                                                                           \
        aclError got_ = (call);                                                                    \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (aclError)(want) || !m_ || !std::strstr(m_, fn) || !std::strstr(m_, part)) {   \
            std::fprintf(stderr, "%s:%d: %s gave %d, expected %d with \"%s\" (%s)\n", __FILE__,    \
                         __LINE__, #call, (int)got_, (int)(want), part, m_ ? m_ : "no message");   \
            std::exit(1);                                                                          \
        }                                                                                          \
    } while (0)

namespace small
{

using namespace ge;

enum { AN = 4, AK = 3, AM = 2, SN = 6 };
static const float kAW[AK * AM] = {0.5f, -1.0f, 0.25f, 2.0f, -0.75f, 0.5f};
static const float kAB[AM] = {0.125f, -0.5f};
static const float kSC[SN] = {1.5f, -2.0f, 0.5f, 3.0f, -0.25f, 1.0f};
static const float kSD[SN] = {-1.0f, 0.5f, 2.0f, 0.0f, 1.25f, -3.0f};

inline Tensor host_tensor(const std::vector<int64_t> &dims, const void *p, size_t bytes)
{
    Tensor t(TensorDesc(Shape(dims), FORMAT_ND, DT_FLOAT));
    t.SetData(static_cast<const uint8_t *>(p), bytes);
    return t;
}

inline Graph affine_graph()
{
    op::Data x("x");
    x.set_attr_index(0);
    x.update_input_desc_x(TensorDesc(Shape({AN, AK}), FORMAT_ND, DT_FLOAT));
    op::Const w("w"), b("b");
    w.set_attr_value(host_tensor({AK, AM}, kAW, sizeof(kAW)));
    b.set_attr_value(host_tensor({AM}, kAB, sizeof(kAB)));
    op::MatMulV2 mm("mm");
    mm.set_input_x1(x).set_input_x2(w);
    op::Add add("add");
    add.set_input_x1(mm).set_input_x2(b);
    op::Relu relu("relu");
    relu.set_input_x(add);
    Graph g("affine");
    g.SetInputs({x}).SetOutputs({add, relu});
    return g;
}

inline void affine_ref(const std::vector<float> &x, std::vector<float> &y, std::vector<float> &r)
{
    y.assign(AN * AM, 0);
    r.assign(AN * AM, 0);
    for (int i = 0; i < AN; i++)
        for (int j = 0; j < AM; j++) {
            double s = kAB[j];
            for (int k = 0; k < AK; k++)
                s += (double)x[i * AK + k] * kAW[k * AM + j];
            y[i * AM + j] = (float)s;
            r[i * AM + j] = (float)std::fmax(s, 0.0);
        }
}

inline Graph scale_graph()
{
    op::Data v("v");
    v.set_attr_index(0);
    v.update_input_desc_x(TensorDesc(Shape({SN}), FORMAT_ND, DT_FLOAT));
    op::Const c("c"), d("d");
    c.set_attr_value(host_tensor({SN}, kSC, sizeof(kSC)));
    d.set_attr_value(host_tensor({SN}, kSD, sizeof(kSD)));
    op::Mul mul("mul");
    mul.set_input_x1(v).set_input_x2(c);
    op::Add add("sadd");
    add.set_input_x1(mul).set_input_x2(d);
    Graph g("scale");
    g.SetInputs({v}).SetOutputs({add});
    return g;
}

inline std::vector<float> scale_ref(const std::vector<float> &v)
{
    std::vector<float> s(SN);
    for (int i = 0; i < SN; i++)
        s[i] = v[i] * kSC[i] + kSD[i];
    return s;
}

inline std::vector<float> pattern(size_t n, float scale, float shift)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; i++)
        v[i] = scale * (float)((i * 37 + 11) % 17) - shift;
    return v;
}

// What every program of these tests does first: the runtime on device 0 and GE's model
// building for the SoC the small models are built for.
inline void small_start()
{
    EXPECT(aclInit(nullptr) == ACL_SUCCESS);
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS);
    std::map<AscendString, AscendString> global = {{ir_option::SOC_VERSION, "Ascend910B1"}};
    EXPECT(aclgrphBuildInitialize(global) == GRAPH_SUCCESS);
}

// A per-process path base for the model files a test writes: /tmp/<tag>_<pid>.
inline std::string small_base(const char *tag)
{
    return std::string("/tmp/") + tag + "_" + std::to_string(getpid());
}

inline ModelBufferData build(const Graph &g)
{
    ModelBufferData m;
    std::map<AscendString, AscendString> opts;
    EXPECT(aclgrphBuildModel(g, opts, m) == GRAPH_SUCCESS);
    return m;
}

/* A dataset of device buffers of these float counts (0: an empty buffer). */
struct Io {
    aclmdlDataset *ds = nullptr;
    std::vector<size_t> count;
};

inline Io make_io(const std::vector<size_t> &counts)
{
    Io io;
    io.ds = aclmdlCreateDataset();
    EXPECT(io.ds);
    for (size_t n : counts) {
        void *p = nullptr;
        if (n)
            EXPECT(aclrtMalloc(&p, n * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        EXPECT(aclmdlAddDatasetBuffer(io.ds, aclCreateDataBuffer(p, n * 4)) == ACL_SUCCESS);
        io.count.push_back(n);
    }
    return io;
}

inline void free_io(Io &io)
{
    for (size_t i = 0; i < io.count.size(); i++) {
        aclDataBuffer *b = aclmdlGetDatasetBuffer(io.ds, i);
        if (aclGetDataBufferAddr(b))
            aclrtFree(aclGetDataBufferAddr(b));
        aclDestroyDataBuffer(b);
    }
    aclmdlDestroyDataset(io.ds);
}

inline void put(Io &io, size_t i, const std::vector<float> &v)
{
    aclDataBuffer *b = aclmdlGetDatasetBuffer(io.ds, i);
    EXPECT(v.size() * 4 == aclGetDataBufferSizeV2(b));
    EXPECT(aclrtMemcpy(aclGetDataBufferAddr(b), v.size() * 4, v.data(), v.size() * 4,
                       ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
}

inline std::vector<float> get(const Io &io, size_t i)
{
    aclDataBuffer *b = aclmdlGetDatasetBuffer(io.ds, i);
    std::vector<float> v(aclGetDataBufferSizeV2(b) / 4);
    EXPECT(aclrtMemcpy(v.data(), v.size() * 4, aclGetDataBufferAddr(b), v.size() * 4,
                       ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
    return v;
}

/* The first n floats of output i (a dynamic model's buffers are larger than its result). */
inline std::vector<float> head_of(const Io &io, size_t i, size_t n)
{
    std::vector<float> v = get(io, i);
    return std::vector<float>(v.begin(), v.begin() + (long)n);
}

/* Output i's dims after the latest execution (aclmdlGetCurOutputDims) are want. */
inline void cur_dims(aclmdlDesc *desc, size_t i, const std::vector<int64_t> &want)
{
    aclmdlIODims d;
    EXPECT(aclmdlGetCurOutputDims(desc, i, &d) == ACL_SUCCESS && d.dimCount == want.size());
    for (size_t j = 0; j < want.size() && j < d.dimCount; j++)
        EXPECT(d.dims[j] == want[j]);
}

inline void expect_near(const std::vector<float> &got, const std::vector<float> &want,
                        const char *what)
{
    EXPECT(got.size() == want.size());
    for (size_t i = 0; i < got.size(); i++)
        if (!(std::fabs(got[i] - want[i]) <= 1e-5f + 1e-5f * std::fabs(want[i]))) {
            std::fprintf(stderr, "%s[%zu] = %g, expected %g\n", what, i, got[i], want[i]);
            std::exit(1);
        }
}

/* Run the affine model id once through aclmdlExecute on fresh datasets (seed k) and check it. */
inline void check_affine(uint32_t id, int k)
{
    Io in = make_io({AN * AK}), out = make_io({AN * AM, AN * AM});
    std::vector<float> x = pattern(AN * AK, 0.25f, 1.0f + 0.5f * k), y, r;
    affine_ref(x, y, r);
    put(in, 0, x);
    EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
    expect_near(get(out, 0), y, "affine y");
    expect_near(get(out, 1), r, "affine r");
    free_io(in);
    free_io(out);
}

inline void check_scale(uint32_t id, int k)
{
    Io in = make_io({SN}), out = make_io({SN});
    std::vector<float> v = pattern(SN, 0.5f, 2.0f - k);
    put(in, 0, v);
    EXPECT(aclmdlExecute(id, in.ds, out.ds) == ACL_SUCCESS);
    expect_near(get(out, 0), scale_ref(v), "scale s");
    free_io(in);
    free_io(out);
}

} // namespace small

#endif /* CPUACL_TESTS_MDL_SMALL_H */
