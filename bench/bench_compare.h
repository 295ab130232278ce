/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `cpuacl-bench compare [--alpha P] A.json B.json`: two runs' figures side
 * by side (bench_compare.c). Exit status: 0 no figure significantly worse
 * in B, 1 at least one, 2 bad usage or a file that is not a cpuacl-bench
 * --json result.
 */
#ifndef CPUACL_BENCH_COMPARE_H
#define CPUACL_BENCH_COMPARE_H

/* argv[0] is "compare". */
int bc_main(int argc, char **argv);

#endif /* CPUACL_BENCH_COMPARE_H */
