/* SPDX-License-Identifier: Apache-2.0 */
/* The ops study (bench_ops.c): the heavy aclnn operators against their
 * floors measured in the same run (OpenBLAS sgemm, memcpy bandwidth). */
#ifndef CPUACL_BENCH_OPS_H
#define CPUACL_BENCH_OPS_H

#include "bench_studies.h"

int bs_study_ops(struct bs_ctx *c);
/* The small-operator host-overhead rows (bench_ops_host.c), on stream s. */
int bs_ops_host(struct bs_ctx *c, void *s);

#define BS_OPS_HELP                                                                                \
    "OpenBLAS cblas_sgemm in float32 on the operators' shapes is the compute floor;\n"             \
    "memcpy bandwidth (limits) the memory floor. WeightQuantBatchMatmulV2 (fp16 x,\n"               \
    "int8 / int4 weight [2048, 2048] viewed transposed, per-group(32) scales): m = 64\n"           \
    "in GFLOP/s vs sgemm of the same shape, m = 1 in weight GB/s vs memcpy.\n"                     \
    "FusedInferAttentionScoreV2 (BNSD fp16, broadcast pse): prefill N 8, S 512,\n"                 \
    "D 128 in GFLOP/s vs sgemm 512x128x512; decode N 32 / KV 8, Skv 4096 in\n"                     \
    "key+value GB/s vs memcpy. Each launch includes its first phase."


#endif /* CPUACL_BENCH_OPS_H */
