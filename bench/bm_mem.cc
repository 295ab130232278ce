// SPDX-License-Identifier: Apache-2.0
//
// Memory API micro-benchmarks (google-benchmark), each beside the baseline it
// is judged against, measured in the same binary and the same run:
//
//   runtime                                  baseline                 counter / target
//   BM_AclMemcpy/<kind>/<size>               BM_Memcpy/<size>         vs_memcpy >= 0.95 at 64 MiB
//   BM_AclMemcpyAsync/<kind>/<size>          BM_Memcpy/<size>         vs_memcpy >= 0.95 at 64 MiB
//   BM_AclMemcpyAsyncSubmit64B               memcpy(3) of 64 B        host ns per submit
//   BM_AclMallocFree/<size>                  BM_Mallocx/<size>        vs_mallocx <= 1.5 at 4 KiB
//                                            BM_GlibcMalloc/<size>    vs_glibc (information)
//   BM_HugePageCoverage/<size>               -                        huge_pct (smaps)
//
// Sizes are powers of 4: 64 B .. 256 MiB for copies, 64 B .. 64 MiB for
// allocation. Kinds: 0 = H2D (aclrtMallocHost -> device), 1 = D2H, 2 = D2D
// (one device). memcpy(3) copies between the same two aclrtMallocHost
// buffers the host side of H2D/D2H uses, so both sides see the same pages.
//
// The ratios are paired: every iteration of a runtime benchmark times a block
// of runtime calls (that is the iteration time, manual timing) and right after
// it the same number of baseline calls of the same size, so both see the same
// machine load; the counter is the ratio of the two totals.
//   vs_memcpy   bandwidth ratio: memcpy(3) time / runtime time for the same
//               bytes (> 1: faster than memcpy).
//   vs_mallocx  time ratio: (aclrtMalloc + aclrtFree) / (mallocx + dallocx),
//               same size, jemalloc's default arena and thread cache.
//   vs_glibc    time ratio against glibc's own malloc/free (__libc_malloc:
//               linking jemalloc replaces the process's malloc, see below).
// BM_Memcpy, BM_Mallocx and BM_GlibcMalloc report the baselines on their own.
//
// Blocks: sync copies ~1 MiB (at most 256 copies), async copies up to 256
// copies or 64 MiB followed by one aclrtSynchronizeStream (so small sizes
// measure the engine's throughput rather than one round trip), allocations 64
// pairs. BM_AclMemcpyAsyncSubmit64B times blocks of 256 submits of 64 B and
// drains the stream outside the timing. BM_HugePageCoverage allocates with HUGE_FIRST, touches
// every byte (aclrtMemset) and reads the mapping that holds the allocation in
// /proc/self/smaps: huge_pct = (AnonHugePages + *_Hugetlb) / Rss. It runs on
// device 1, whose pool holds nothing else, so the mapping is the allocation's.
//
// Debian's libjemalloc exports malloc/free unprefixed, and this program links
// it for mallocx: the process's malloc becomes jemalloc's. The glibc baseline
// therefore calls __libc_malloc/__libc_free, glibc's exported entry points.
//
// The default run is short (min time 0.1 s) and reports medians over 5
// repetitions; any --benchmark_* flag given on the command line wins. The
// last lines are the grep-able summary: "bm_mem: <what> = <figure>".
#include <benchmark/benchmark.h>
#include <jemalloc/jemalloc.h>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

#include "acl/acl.h"
#include "bm_common.h"

extern "C" void *__libc_malloc(size_t size);
extern "C" void __libc_free(void *ptr);

namespace
{

constexpr size_t kMaxCopy = size_t(256) << 20;
constexpr size_t kMaxAlloc = size_t(64) << 20;
constexpr int kSubmitBatch = 256;
constexpr const char *kKindName[] = {"H2D", "D2H", "D2D"};

aclrtStream g_stream = nullptr;
aclrtContext g_ctx0 = nullptr, g_ctx1 = nullptr; // devices 0 and 1
void *g_hsrc = nullptr, *g_hdst = nullptr;       // aclrtMallocHost, kMaxCopy each
void *g_dsrc = nullptr, *g_ddst = nullptr;       // device 0, kMaxCopy each

double NowNs()
{
    return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

// Operations per timed block, so that the clock is read far less often than the
// operation runs: about 1 MiB of copying, or 64 allocations, per block.
int CopyInner(size_t size)
{
    return static_cast<int>(std::clamp<size_t>((size_t(1) << 20) / size, 1, 256));
}
constexpr int kAllocInner = 64;

void MemcpyBlock(size_t size, int n)
{
    for (int i = 0; i < n; i++) {
        std::memcpy(g_hdst, g_hsrc, size);
        benchmark::ClobberMemory();
    }
}

bool Ok(benchmark::State &state, aclError e, const char *what)
{
    if (e == ACL_SUCCESS)
        return true;
    const char *m = aclGetRecentErrMsg();
    state.SkipWithError(
        (std::string(what) + " failed: " + std::to_string(e) + " " + (m ? m : "")).c_str());
    return false;
}

void CopyArgs(benchmark::internal::Benchmark *b, bool with_kind)
{
    for (size_t s = 64; s <= kMaxCopy; s *= 4) {
        if (with_kind)
            for (int k = 0; k < 3; k++)
                b->Args({k, static_cast<int64_t>(s)});
        else
            b->Arg(static_cast<int64_t>(s));
    }
}

void AllocArgs(benchmark::internal::Benchmark *b)
{
    for (size_t s = 64; s <= kMaxAlloc; s *= 4)
        b->Arg(static_cast<int64_t>(s));
}

struct Copy {
    void *dst;
    const void *src;
    aclrtMemcpyKind kind;
};

Copy CopyOf(int kind)
{
    switch (kind) {
    case 0:
        return {g_dsrc, g_hsrc, ACL_MEMCPY_HOST_TO_DEVICE};
    case 1:
        return {g_hdst, g_dsrc, ACL_MEMCPY_DEVICE_TO_HOST};
    default:
        return {g_ddst, g_dsrc, ACL_MEMCPY_DEVICE_TO_DEVICE};
    }
}

// ---- copies ------------------------------------------------------------------

void BM_Memcpy(benchmark::State &state)
{
    size_t size = static_cast<size_t>(state.range(0));
    for (auto _ : state) {
        std::memcpy(g_hdst, g_hsrc, size);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * size));
}

// Each iteration times `block` (n runtime copies of `size` bytes; false when a
// call failed, which ends the benchmark) as the iteration time, then as many
// memcpy(3) calls of the same size: the paired baseline, vs_memcpy.
template <class Block> void TimeVsMemcpy(benchmark::State &state, size_t size, int n, Block block)
{
    double acl = 0, base = 0;
    for (auto _ : state) {
        double t0 = NowNs();
        if (!block())
            return;
        double t1 = NowNs();
        MemcpyBlock(size, n);
        double t2 = NowNs();
        state.SetIterationTime((t1 - t0) * 1e-9);
        acl += t1 - t0;
        base += t2 - t1;
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * n * size));
    state.counters["vs_memcpy"] = base / acl;
}

// A block of `inner` synchronous runtime copies.
void BM_AclMemcpy(benchmark::State &state)
{
    int kind = static_cast<int>(state.range(0));
    size_t size = static_cast<size_t>(state.range(1));
    Copy c = CopyOf(kind);
    int inner = CopyInner(size);
    state.SetLabel(std::string(kKindName[kind]) + " x" + std::to_string(inner));
    TimeVsMemcpy(state, size, inner, [&] {
        for (int i = 0; i < inner; i++) {
            if (!Ok(state, aclrtMemcpy(c.dst, size, c.src, size, c.kind), "aclrtMemcpy"))
                return false;
            benchmark::ClobberMemory();
        }
        return true;
    });
}

// As BM_AclMemcpy with a batch of async copies and one synchronisation per block.
void BM_AclMemcpyAsync(benchmark::State &state)
{
    int kind = static_cast<int>(state.range(0));
    size_t size = static_cast<size_t>(state.range(1));
    Copy c = CopyOf(kind);
    int batch = static_cast<int>(std::clamp<size_t>((size_t(64) << 20) / size, 1, 256));
    state.SetLabel(std::string(kKindName[kind]) + " x" + std::to_string(batch));
    TimeVsMemcpy(state, size, batch, [&] {
        for (int i = 0; i < batch; i++)
            if (!Ok(state, aclrtMemcpyAsync(c.dst, size, c.src, size, c.kind, g_stream),
                    "aclrtMemcpyAsync"))
                return false;
        return Ok(state, aclrtSynchronizeStream(g_stream), "aclrtSynchronizeStream");
    });
}

// Host time of one 64 B async copy submit (pinned host -> device), in blocks of 256;
// the stream is drained outside the timing.
void BM_AclMemcpyAsyncSubmit64B(benchmark::State &state)
{
    double base = 0;
    for (auto _ : state) {
        double t0 = NowNs();
        for (int i = 0; i < kSubmitBatch; i++)
            if (!Ok(state,
                    aclrtMemcpyAsync(g_dsrc, 64, g_hsrc, 64, ACL_MEMCPY_HOST_TO_DEVICE, g_stream),
                    "aclrtMemcpyAsync"))
                return;
        double t1 = NowNs();
        state.SetIterationTime((t1 - t0) * 1e-9);
        if (!Ok(state, aclrtSynchronizeStream(g_stream), "aclrtSynchronizeStream"))
            return;
        double t2 = NowNs();
        MemcpyBlock(64, kSubmitBatch);
        base += NowNs() - t2;
    }
    state.SetItemsProcessed(state.iterations() * kSubmitBatch);
    state.counters["memcpy64_ns"] = base / static_cast<double>(state.iterations() * kSubmitBatch);
}

// ---- allocation ----------------------------------------------------------------

void MallocxBlock(size_t size)
{
    for (int i = 0; i < kAllocInner; i++) {
        void *p = mallocx(size, 0);
        benchmark::DoNotOptimize(p);
        dallocx(p, 0);
    }
}

void GlibcBlock(size_t size)
{
    for (int i = 0; i < kAllocInner; i++) {
        void *p = __libc_malloc(size);
        benchmark::DoNotOptimize(p);
        __libc_free(p);
    }
}

void BM_Mallocx(benchmark::State &state)
{
    size_t size = static_cast<size_t>(state.range(0));
    for (auto _ : state)
        MallocxBlock(size);
    state.SetItemsProcessed(state.iterations() * kAllocInner);
}

void BM_GlibcMalloc(benchmark::State &state)
{
    size_t size = static_cast<size_t>(state.range(0));
    for (auto _ : state)
        GlibcBlock(size);
    state.SetItemsProcessed(state.iterations() * kAllocInner);
}

// Each iteration times 64 aclrtMalloc+aclrtFree pairs (the iteration time), then 64
// mallocx+dallocx and 64 glibc malloc+free pairs of the same size (paired baselines).
void BM_AclMallocFree(benchmark::State &state)
{
    size_t size = static_cast<size_t>(state.range(0));
    double acl = 0, jem = 0, glibc = 0;
    for (auto _ : state) {
        double t0 = NowNs();
        for (int i = 0; i < kAllocInner; i++) {
            void *p = nullptr;
            if (!Ok(state, aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc"))
                return;
            benchmark::DoNotOptimize(p);
            if (!Ok(state, aclrtFree(p), "aclrtFree"))
                return;
        }
        double t1 = NowNs();
        MallocxBlock(size);
        double t2 = NowNs();
        GlibcBlock(size);
        double t3 = NowNs();
        state.SetIterationTime((t1 - t0) * 1e-9);
        acl += t1 - t0;
        jem += t2 - t1;
        glibc += t3 - t2;
    }
    state.SetItemsProcessed(state.iterations() * kAllocInner);
    state.counters["vs_mallocx"] = acl / jem;
    state.counters["vs_glibc"] = acl / glibc;
}

// ---- huge-page coverage -----------------------------------------------------------

// The mapping of /proc/self/smaps that holds `p`, and how much of it is on huge pages.
struct HugeCoverage {
    bool found = false;
    uintptr_t lo = 0, hi = 0;
    size_t rss_kb = 0, anon_huge_kb = 0, hugetlb_kb = 0;
    bool thp_advised = false, hugetlb = false; // VmFlags hg / ht
    double fraction() const
    {
        return rss_kb ? static_cast<double>(anon_huge_kb + hugetlb_kb) / static_cast<double>(rss_kb)
                      : 0.0;
    }
};

// A line of /proc/self/smaps that opens a mapping ("lo-hi perms ...").
bool IsMappingLine(const char *line)
{
    const char *q = line;
    while (std::isxdigit(static_cast<unsigned char>(*q)))
        q++;
    return q > line && *q == '-';
}

HugeCoverage ReportHugeCoverage(const void *p)
{
    HugeCoverage c;
    FILE *f = std::fopen("/proc/self/smaps", "r");
    if (!f)
        return c;
    uintptr_t a = reinterpret_cast<uintptr_t>(p);
    char line[512];
    bool in = false;
    while (std::fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (IsMappingLine(line) && std::sscanf(line, "%lx-%lx ", &lo, &hi) == 2) {
            if (in)
                break;
            in = a >= lo && a < hi;
            if (in) {
                c.found = true;
                c.lo = lo;
                c.hi = hi;
            }
            continue;
        }
        if (!in)
            continue;
        size_t kb;
        if (std::sscanf(line, "Rss: %zu kB", &kb) == 1)
            c.rss_kb = kb;
        else if (std::sscanf(line, "AnonHugePages: %zu kB", &kb) == 1)
            c.anon_huge_kb = kb;
        else if (std::sscanf(line, "Shared_Hugetlb: %zu kB", &kb) == 1 ||
                 std::sscanf(line, "Private_Hugetlb: %zu kB", &kb) == 1)
            c.hugetlb_kb += kb;
        else if (!std::strncmp(line, "VmFlags:", 8)) {
            c.thp_advised = std::strstr(line, " hg") != nullptr;
            c.hugetlb = std::strstr(line, " ht") != nullptr;
        }
    }
    std::fclose(f);
    return c;
}

// Runs on device 1, whose pool holds nothing else, so that the mapping holding the
// allocation is (mostly) the allocation's own.
void BM_HugePageCoverage(benchmark::State &state)
{
    size_t size = static_cast<size_t>(state.range(0));
    HugeCoverage c;
    if (!Ok(state, aclrtSetCurrentContext(g_ctx1), "aclrtSetCurrentContext"))
        return;
    for (auto _ : state) {
        void *p = nullptr;
        if (!Ok(state, aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc") ||
            !Ok(state, aclrtMemset(p, size, 1, size), "aclrtMemset"))
            break;
        c = ReportHugeCoverage(p);
        if (!Ok(state, aclrtFree(p), "aclrtFree"))
            break;
    }
    if (!Ok(state, aclrtSetCurrentContext(g_ctx0), "aclrtSetCurrentContext") || !c.found) {
        state.SkipWithError("the allocation is in no mapping of /proc/self/smaps");
        return;
    }
    state.counters["huge_pct"] = 100.0 * c.fraction();
    state.counters["rss_MiB"] = static_cast<double>(c.rss_kb) / 1024;
    state.counters["huge_MiB"] = static_cast<double>(c.anon_huge_kb + c.hugetlb_kb) / 1024;
    state.counters["map_MiB"] = static_cast<double>(c.hi - c.lo) / (1 << 20);
    state.counters["alloc_MiB"] = static_cast<double>(size) / (1 << 20);
    state.SetLabel(c.hugetlb ? "hugetlb" : c.thp_advised ? "THP (madvise)" : "no huge advice");
}

void CopySizes(benchmark::internal::Benchmark *b)
{
    CopyArgs(b, false);
}

void CopyKindsSizes(benchmark::internal::Benchmark *b)
{
    CopyArgs(b, true);
}

BENCHMARK(BM_Memcpy)->Apply(CopySizes);
BENCHMARK(BM_AclMemcpy)->ArgNames({"kind", "size"})->Apply(CopyKindsSizes)->UseManualTime();
BENCHMARK(BM_AclMemcpyAsync)->ArgNames({"kind", "size"})->Apply(CopyKindsSizes)->UseManualTime();
BENCHMARK(BM_AclMemcpyAsyncSubmit64B)->UseManualTime();
BENCHMARK(BM_Mallocx)->Apply(AllocArgs);
BENCHMARK(BM_GlibcMalloc)->Apply(AllocArgs);
BENCHMARK(BM_AclMallocFree)->Apply(AllocArgs)->UseManualTime();
BENCHMARK(BM_HugePageCoverage)
    ->Arg(4 << 20)
    ->Arg(64 << 20)
    ->Arg(256 << 20)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// Console output as usual; the medians (time and counters) are kept for the summary.
class SummaryReporter : public bm::FigureReporter
{
  public:
    struct Figures {
        double ns = 0;
        std::map<std::string, double> counters;
    };
    std::map<std::string, Figures> median;

    // Colours only on a terminal (a custom reporter does not read --benchmark_color).
    explicit SummaryReporter(bool color) : FigureReporter(color ? OO_Defaults : OO_Tabular) {}

  protected:
    void Figure(const Run &r, bool agg) override
    {
        std::string name = r.run_name.str();
        if (!agg && median.count(name))
            return; // without repetitions: the first run
        Figures f;
        f.ns = bm::RealNs(r);
        for (const auto &c : r.counters)
            f.counters[c.first] = c.second.value;
        median[name] = f;
    }
};

void Summary(SummaryReporter &rep)
{
    auto &m = rep.median;
    auto counter = [&](const std::string &name, const char *c, double *out) {
        auto it = m.find(name);
        if (it == m.end() || !it->second.counters.count(c))
            return false;
        *out = it->second.counters[c];
        return true;
    };
    const std::string mib64 = std::to_string(64 << 20);
    double v;
    for (int k = 0; k < 3; k++) {
        std::string args = "/kind:" + std::to_string(k) + "/size:" + mib64;
        if (counter("BM_AclMemcpy" + args + "/manual_time", "vs_memcpy", &v))
            std::printf("bm_mem: aclrtMemcpy %s 64 MiB bandwidth / memcpy(3) = %.2fx "
                        "(target >= 0.95)\n",
                        kKindName[k], v);
        if (counter("BM_AclMemcpyAsync" + args + "/manual_time", "vs_memcpy", &v))
            std::printf("bm_mem: aclrtMemcpyAsync %s 64 MiB bandwidth / memcpy(3) = %.2fx "
                        "(target >= 0.95)\n",
                        kKindName[k], v);
    }
    auto sub = m.find("BM_AclMemcpyAsyncSubmit64B/manual_time");
    if (sub != m.end())
        std::printf("bm_mem: aclrtMemcpyAsync 64 B submit = %.0f ns host time "
                    "(memcpy(3) of 64 B: %.1f ns)\n",
                    sub->second.ns / kSubmitBatch, sub->second.counters["memcpy64_ns"]);
    if (counter("BM_AclMallocFree/4096/manual_time", "vs_mallocx", &v)) {
        double g = 0;
        counter("BM_AclMallocFree/4096/manual_time", "vs_glibc", &g);
        std::printf("bm_mem: aclrtMalloc+aclrtFree 4 KiB / mallocx+dallocx = %.2fx "
                    "(target <= 1.5; / glibc malloc+free = %.2fx)\n",
                    v, g);
    }
    for (int mb : {4, 64, 256}) {
        std::string name = "BM_HugePageCoverage/" + std::to_string(mb << 20) + "/iterations:1";
        if (counter(name, "huge_pct", &v))
            std::printf("bm_mem: huge-page coverage of a %d MiB HUGE_FIRST allocation = "
                        "%.0f%%\n",
                        mb, v);
    }
}

} // namespace

int main(int argc, char **argv)
{
    if (!bm::Initialize(argc, argv, "--benchmark_min_time=0.1"))
        return 2;
    aclError e = aclInit(nullptr);
    if (e == ACL_SUCCESS)
        e = aclrtSetDevice(1);
    if (e == ACL_SUCCESS)
        e = aclrtGetCurrentContext(&g_ctx1);
    if (e == ACL_SUCCESS)
        e = aclrtSetDevice(0);
    if (e == ACL_SUCCESS)
        e = aclrtGetCurrentContext(&g_ctx0);
    if (e == ACL_SUCCESS)
        e = aclrtCreateStream(&g_stream);
    if (e == ACL_SUCCESS)
        e = aclrtMallocHost(&g_hsrc, kMaxCopy);
    if (e == ACL_SUCCESS)
        e = aclrtMallocHost(&g_hdst, kMaxCopy);
    if (e == ACL_SUCCESS)
        e = aclrtMalloc(&g_dsrc, kMaxCopy, ACL_MEM_MALLOC_HUGE_FIRST);
    if (e == ACL_SUCCESS)
        e = aclrtMalloc(&g_ddst, kMaxCopy, ACL_MEM_MALLOC_HUGE_FIRST);
    if (e != ACL_SUCCESS) {
        const char *m = aclGetRecentErrMsg();
        std::fprintf(stderr, "bm_mem: runtime start failed: %d (%s)\n", static_cast<int>(e),
                     m ? m : "");
        return 1;
    }
    // Touch every page before timing.
    std::memset(g_hsrc, 1, kMaxCopy);
    std::memset(g_hdst, 2, kMaxCopy);
    aclrtMemset(g_dsrc, kMaxCopy, 3, kMaxCopy);
    aclrtMemset(g_ddst, kMaxCopy, 4, kMaxCopy);
    bool colour = isatty(STDOUT_FILENO) && !bm::HasFlag(argc, argv, "--benchmark_color=false");
    SummaryReporter rep(colour);
    benchmark::RunSpecifiedBenchmarks(&rep);
    benchmark::Shutdown();
    Summary(rep);
    aclrtFree(g_dsrc);
    aclrtFree(g_ddst);
    aclrtFreeHost(g_hsrc);
    aclrtFreeHost(g_hdst);
    aclrtDestroyStream(g_stream);
    aclrtResetDevice(0);
    aclrtResetDevice(1);
    aclFinalize();
    return 0;
}
