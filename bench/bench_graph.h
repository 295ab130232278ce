/* SPDX-License-Identifier: Apache-2.0 */
/* The graph study (bench_graph.c): GE graph runs vs eager aclnn launches and
 * the captured model of the same operators. */
#ifndef CPUACL_BENCH_GRAPH_H
#define CPUACL_BENCH_GRAPH_H

#include "bench_memstudies.h"

int bs_study_graph(struct bs_ctx *c, bs_progress_fn progress);

#endif
