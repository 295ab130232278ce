// SPDX-License-Identifier: Apache-2.0
// What the google-benchmark programs (bm_stream, bm_ops, bm_mem) share: the
// command-line defaults (a short run reported as medians) and flag lookup.
#ifndef CPUACL_BENCH_BM_COMMON_H
#define CPUACL_BENCH_BM_COMMON_H

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

namespace bm
{

// Is a flag starting with `prefix` on the command line?
inline bool HasFlag(int argc, char **argv, const char *prefix)
{
    for (int i = 1; i < argc; i++)
        if (std::strncmp(argv[i], prefix, std::strlen(prefix)) == 0)
            return true;
    return false;
}

// benchmark::Initialize with our defaults: 5 repetitions, aggregates only
// (the median is the figure), and `min_time` ("--benchmark_min_time=0.1");
// explicit --benchmark_* flags win. False on an unrecognised argument.
inline bool Initialize(int argc, char **argv, const char *min_time)
{
    std::vector<char *> args(argv, argv + argc);
    static char reps[] = "--benchmark_repetitions=5";
    static char aggr[] = "--benchmark_report_aggregates_only=true";
    static std::vector<char> mint;
    mint.assign(min_time, min_time + std::strlen(min_time) + 1);
    if (!HasFlag(argc, argv, "--benchmark_repetitions"))
        args.push_back(reps);
    if (!HasFlag(argc, argv, "--benchmark_report_aggregates_only") &&
        !HasFlag(argc, argv, "--benchmark_display_aggregates_only"))
        args.push_back(aggr);
    if (!HasFlag(argc, argv, "--benchmark_min_time"))
        args.push_back(mint.data());
    int n = static_cast<int>(args.size());
    args.push_back(nullptr);
    benchmark::Initialize(&n, args.data());
    return !benchmark::ReportUnrecognizedArguments(n, args.data());
}

// A console reporter that also hands each run that gives a figure to
// Figure(): runs that did not fail, either without repetitions or the median
// of repetitions (`aggregate` says which). The programs' summaries derive
// from it.
class FigureReporter : public benchmark::ConsoleReporter
{
  public:
    using ConsoleReporter::ConsoleReporter;
    void ReportRuns(const std::vector<Run> &runs) override
    {
        ConsoleReporter::ReportRuns(runs);
        for (const auto &r : runs) {
            if (r.error_occurred)
                continue;
            bool aggregate = r.run_type == Run::RT_Aggregate;
            if (!aggregate || r.aggregate_name == "median")
                Figure(r, aggregate);
        }
    }

  protected:
    virtual void Figure(const Run &r, bool aggregate) = 0;
};

// The run's real time per iteration, in nanoseconds.
inline double RealNs(const benchmark::BenchmarkReporter::Run &r)
{
    double unit = r.time_unit == benchmark::kMillisecond   ? 1e6
                  : r.time_unit == benchmark::kMicrosecond ? 1e3
                                                           : 1.0;
    return r.GetAdjustedRealTime() * unit;
}

} // namespace bm

#endif // CPUACL_BENCH_BM_COMMON_H
