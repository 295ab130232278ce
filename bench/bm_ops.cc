// SPDX-License-Identifier: Apache-2.0
//
// Operator micro-benchmarks (google-benchmark), each beside the baseline it
// is judged against, measured in the same binary and the same run:
//
//   runtime                      baseline                  target
//   BM_AddF32_64MiB              BM_Memcpy_64MiB           <= 1.5x memcpy
//   BM_MmF32_1024                BM_Sgemm_1024 (BLAS)      runtime cost vanishes
//   BM_SmallAddLaunch (4x2)      -                         eager host cost
//
// BM_AddF32_64MiB runs aclnnAdd (repeatable executor) on three 64 MiB
// float32 tensors and waits for it; BM_Memcpy_64MiB copies 64 MiB with
// memcpy(3) on the host thread. Add moves 3 x 64 MiB (two reads, one write),
// memcpy 2 x 64 MiB, so the ratio is also printed per byte moved.
// BM_MmF32_1024 runs aclnnMm 1024^3 and waits; BM_Sgemm_1024 calls
// cblas_sgemm directly. BM_SmallAddLaunch times phase 1 + phase 2 of a 4x2
// float32 Add on the host thread in batches of 256 (manual time; the stream
// is drained between batches, outside the timing); BM_SmallAddPhase1 times
// phase 1 alone (the executor is then destroyed, also outside the timing).
//
// The default run is short and reports medians over 5 repetitions; any
// --benchmark_* flag given on the command line wins. The last lines are the
// grep-able summary: "bm_ops: <what> = <ratio>x".
#include <benchmark/benchmark.h>
#include <cblas.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "bm_common.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mm.h"

namespace
{

constexpr int64_t kBig = 64ll << 20; // bytes per tensor
constexpr int64_t kBigElems = kBig / 4;
constexpr int64_t kMm = 1024;
constexpr int kBatch = 256;

aclrtStream g_stream = nullptr;

uint64_t NowNs()
{
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now().time_since_epoch())
                                     .count());
}

float *AllocF(int64_t n, float v)
{
    auto *p = static_cast<float *>(std::aligned_alloc(64, static_cast<size_t>(n) * 4));
    for (int64_t i = 0; i < n; i++) // touch every page before timing
        p[i] = v + static_cast<float>(i % 7);
    return p;
}

aclTensor *Tensor2(int64_t r, int64_t c, void *data)
{
    int64_t d[2] = {r, c};
    return aclCreateTensor(d, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, d, 2, data);
}

bool Ok(benchmark::State &state, int e, const char *what)
{
    if (e == 0)
        return true;
    state.SkipWithError((std::string(what) + " failed: " + std::to_string(e)).c_str());
    return false;
}

void BM_Memcpy_64MiB(benchmark::State &state)
{
    float *src = AllocF(kBigElems, 1), *dst = AllocF(kBigElems, 0);
    for (auto _ : state) {
        std::memcpy(dst, src, kBig);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(state.iterations() * kBig);
    std::free(src);
    std::free(dst);
}

void BM_AddF32_64MiB(benchmark::State &state)
{
    float *a = AllocF(kBigElems, 1), *b = AllocF(kBigElems, 2), *o = AllocF(kBigElems, 0);
    aclTensor *ta = Tensor2(kBigElems / 1024, 1024, a), *tb = Tensor2(kBigElems / 1024, 1024, b);
    aclTensor *to = Tensor2(kBigElems / 1024, 1024, o);
    float one = 1;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (Ok(state, aclnnAddGetWorkspaceSize(ta, tb, alpha, to, &ws, &ex),
           "aclnnAddGetWorkspaceSize") &&
        Ok(state, aclSetAclOpExecutorRepeatable(ex), "aclSetAclOpExecutorRepeatable")) {
        for (auto _ : state) {
            if (!Ok(state, aclnnAdd(nullptr, ws, ex, g_stream), "aclnnAdd") ||
                !Ok(state, aclrtSynchronizeStream(g_stream), "aclrtSynchronizeStream"))
                break;
        }
        aclDestroyAclOpExecutor(ex);
    }
    state.SetBytesProcessed(state.iterations() * 3 * kBig);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(to);
    aclDestroyScalar(alpha);
    std::free(a);
    std::free(b);
    std::free(o);
}

void BM_Sgemm_1024(benchmark::State &state)
{
    float *a = AllocF(kMm * kMm, 0.01f), *b = AllocF(kMm * kMm, 0.02f), *c = AllocF(kMm * kMm, 0);
    for (auto _ : state) {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, kMm, kMm, kMm, 1.0f, a, kMm, b, kMm,
                    0.0f, c, kMm);
        benchmark::ClobberMemory();
    }
    state.counters["GFLOPS"] =
        benchmark::Counter(2.0 * kMm * kMm * kMm * state.iterations(), benchmark::Counter::kIsRate,
                           benchmark::Counter::OneK::kIs1000);
    std::free(a);
    std::free(b);
    std::free(c);
}

void BM_MmF32_1024(benchmark::State &state)
{
    float *a = AllocF(kMm * kMm, 0.01f), *b = AllocF(kMm * kMm, 0.02f), *c = AllocF(kMm * kMm, 0);
    aclTensor *ta = Tensor2(kMm, kMm, a), *tb = Tensor2(kMm, kMm, b), *tc = Tensor2(kMm, kMm, c);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (Ok(state, aclnnMmGetWorkspaceSize(ta, tb, tc, 0, &ws, &ex), "aclnnMmGetWorkspaceSize") &&
        Ok(state, aclSetAclOpExecutorRepeatable(ex), "aclSetAclOpExecutorRepeatable")) {
        for (auto _ : state) {
            if (!Ok(state, aclnnMm(nullptr, ws, ex, g_stream), "aclnnMm") ||
                !Ok(state, aclrtSynchronizeStream(g_stream), "aclrtSynchronizeStream"))
                break;
        }
        aclDestroyAclOpExecutor(ex);
    }
    state.counters["GFLOPS"] =
        benchmark::Counter(2.0 * kMm * kMm * kMm * state.iterations(), benchmark::Counter::kIsRate,
                           benchmark::Counter::OneK::kIs1000);
    aclDestroyTensor(ta);
    aclDestroyTensor(tb);
    aclDestroyTensor(tc);
    std::free(a);
    std::free(b);
    std::free(c);
}

struct Small {
    float a[8], b[8], o[8];
    aclTensor *ta, *tb, *to;
    aclScalar *alpha;
    Small()
    {
        for (int i = 0; i < 8; i++)
            a[i] = b[i] = o[i] = static_cast<float>(i);
        ta = Tensor2(4, 2, a);
        tb = Tensor2(4, 2, b);
        to = Tensor2(4, 2, o);
        float al = 1.1f;
        alpha = aclCreateScalar(&al, ACL_FLOAT);
    }
    ~Small()
    {
        aclDestroyTensor(ta);
        aclDestroyTensor(tb);
        aclDestroyTensor(to);
        aclDestroyScalar(alpha);
    }
};

void BM_SmallAddLaunch(benchmark::State &state)
{
    Small s;
    for (auto _ : state) {
        uint64_t t0 = NowNs();
        for (int i = 0; i < kBatch; i++) {
            uint64_t ws;
            aclOpExecutor *ex;
            aclnnAddGetWorkspaceSize(s.ta, s.tb, s.alpha, s.to, &ws, &ex);
            aclnnAdd(nullptr, ws, ex, g_stream);
        }
        uint64_t t1 = NowNs();
        state.SetIterationTime(static_cast<double>(t1 - t0) * 1e-9);
        aclrtSynchronizeStream(g_stream); // drain outside the timing
    }
    state.SetItemsProcessed(state.iterations() * kBatch);
}

void BM_SmallAddPhase1(benchmark::State &state)
{
    Small s;
    std::vector<aclOpExecutor *> ex(kBatch);
    for (auto _ : state) {
        uint64_t t0 = NowNs();
        for (int i = 0; i < kBatch; i++) {
            uint64_t ws;
            aclnnAddGetWorkspaceSize(s.ta, s.tb, s.alpha, s.to, &ws, &ex[i]);
        }
        uint64_t t1 = NowNs();
        state.SetIterationTime(static_cast<double>(t1 - t0) * 1e-9);
        for (auto *e : ex)
            aclDestroyAclOpExecutor(e);
    }
    state.SetItemsProcessed(state.iterations() * kBatch);
}

BENCHMARK(BM_Memcpy_64MiB)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_AddF32_64MiB)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Sgemm_1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MmF32_1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SmallAddPhase1)->UseManualTime();
BENCHMARK(BM_SmallAddLaunch)->UseManualTime();

// Console output as usual; medians kept for the summary (per-item time for
// the batched benchmarks).
class SummaryReporter : public bm::FigureReporter
{
  public:
    std::map<std::string, double> median_ns;

  protected:
    void Figure(const Run &r, bool agg) override
    {
        double ns = bm::RealNs(r);
        std::string name = r.benchmark_name();
        name = name.substr(0, name.find('/'));
        if (name.rfind("BM_Small", 0) == 0)
            ns /= kBatch;
        if (agg || !median_ns.count(name))
            median_ns[name] = ns;
    }
};

} // namespace

int main(int argc, char **argv)
{
    if (!bm::Initialize(argc, argv, "--benchmark_min_time=0.2"))
        return 2;
    aclError e = aclInit(nullptr);
    if (e != ACL_SUCCESS || (e = aclrtSetDevice(0)) != ACL_SUCCESS ||
        (e = aclrtCreateStream(&g_stream)) != ACL_SUCCESS) {
        std::fprintf(stderr, "bm_ops: runtime start failed: %d\n", static_cast<int>(e));
        return 1;
    }
    SummaryReporter rep;
    benchmark::RunSpecifiedBenchmarks(&rep);
    benchmark::Shutdown();
    auto &m = rep.median_ns;
    auto ratio = [&](const char *what, const char *a, const char *b, double scale,
                     const char *note) {
        if (m.count(a) && m.count(b) && m[b] > 0)
            std::printf("bm_ops: %s = %.2fx %s\n", what, m[a] / m[b] * scale, note);
    };
    ratio("add_64MiB / memcpy_64MiB (time)", "BM_AddF32_64MiB", "BM_Memcpy_64MiB", 1.0,
          "(target <= 1.5)");
    ratio("add_64MiB / memcpy_64MiB (per byte moved)", "BM_AddF32_64MiB", "BM_Memcpy_64MiB",
          2.0 / 3.0, "(Add moves 3x64 MiB, memcpy 2x64 MiB)");
    ratio("aclnnMm_1024 / cblas_sgemm_1024", "BM_MmF32_1024", "BM_Sgemm_1024", 1.0,
          "(runtime overhead -> 1.00)");
    if (m.count("BM_SmallAddLaunch"))
        std::printf("bm_ops: small Add launch (phase 1 + 2, 4x2 f32) = %.0f ns host time"
                    " (phase 1 alone %.0f ns)\n",
                    m["BM_SmallAddLaunch"],
                    m.count("BM_SmallAddPhase1") ? m["BM_SmallAddPhase1"] : 0.0);
    aclrtDestroyStream(g_stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
