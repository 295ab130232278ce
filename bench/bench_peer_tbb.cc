// SPDX-License-Identifier: Apache-2.0
// oneTBB flow graph peer of cpuacl-bench (bench_peers.h): per-node cost of a
// chain of continue_nodes and of a fan-out, each run start to wait_for_all.
#include <oneapi/tbb/flow_graph.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

// The C declarations (bench_peers.h includes C-only headers).
extern "C" int bench_tbb_chain_ns(unsigned nodes, unsigned runs, double *out);
extern "C" int bench_tbb_fanout_ns(unsigned nodes, unsigned runs, double *out);

namespace flow = oneapi::tbb::flow;
using clk = std::chrono::steady_clock;

static double median(std::vector<double> &v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

extern "C" int bench_tbb_chain_ns(unsigned nodes, unsigned runs, double *out)
{
    try {
        flow::graph g;
        std::vector<std::unique_ptr<flow::continue_node<flow::continue_msg>>> v;
        v.reserve(nodes);
        for (unsigned i = 0; i < nodes; i++) {
            v.emplace_back(new flow::continue_node<flow::continue_msg>(
                g, [](const flow::continue_msg &m) { return m; }));
            if (i)
                flow::make_edge(*v[i - 1], *v[i]);
        }
        std::vector<double> t;
        for (unsigned r = 0; r < runs + 1; r++) {
            auto t0 = clk::now();
            v[0]->try_put(flow::continue_msg());
            g.wait_for_all();
            auto dt = std::chrono::duration<double, std::nano>(clk::now() - t0).count();
            if (r) // the first run warms up
                t.push_back(dt / nodes);
        }
        *out = median(t);
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int bench_tbb_fanout_ns(unsigned nodes, unsigned runs, double *out)
{
    try {
        flow::graph g;
        flow::broadcast_node<flow::continue_msg> src(g);
        std::vector<std::unique_ptr<flow::continue_node<flow::continue_msg>>> v;
        v.reserve(nodes);
        for (unsigned i = 0; i < nodes; i++) {
            v.emplace_back(new flow::continue_node<flow::continue_msg>(
                g, [](const flow::continue_msg &m) { return m; }));
            flow::make_edge(src, *v[i]);
        }
        std::vector<double> t;
        for (unsigned r = 0; r < runs + 1; r++) {
            auto t0 = clk::now();
            src.try_put(flow::continue_msg());
            g.wait_for_all();
            auto dt = std::chrono::duration<double, std::nano>(clk::now() - t0).count();
            if (r)
                t.push_back(dt / nodes);
        }
        *out = median(t);
        return 0;
    } catch (...) {
        return -1;
    }
}
