/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Peers measured beside cpuacl in the same run (study "peers"): OpenCL on
 * CPU through PoCL and oneTBB's flow graph. Each is compiled in only when
 * found at configure time (bench/CMakeLists.txt: find_package(OpenCL),
 * find_package(TBB)); a peer that is absent, or present without a CPU
 * device, is recorded as skipped (br_add_skipped), never faked.
 */
#ifndef CPUACL_BENCH_PEERS_H
#define CPUACL_BENCH_PEERS_H

#include "bench_memstudies.h"

int bs_study_peers(struct bs_ctx *c, bs_progress_fn progress);

#ifdef BENCH_HAVE_TBB
/* bench_peer_tbb.cc (C++): per-node ns of `runs` runs of a chain of `nodes`
 * continue_nodes, and of a fan-out of one node to `nodes` successors.
 * 0, or -1 on failure. */
#ifdef __cplusplus
extern "C" {
#endif
int bench_tbb_chain_ns(unsigned nodes, unsigned runs, double *out);
int bench_tbb_fanout_ns(unsigned nodes, unsigned runs, double *out);
#ifdef __cplusplus
}
#endif
#endif

#endif /* CPUACL_BENCH_PEERS_H */
