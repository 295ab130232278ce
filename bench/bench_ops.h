/* SPDX-License-Identifier: Apache-2.0 */
/* The ops study (bench_ops.c): the heavy aclnn operators against their
 * floors measured in the same run (OpenBLAS sgemm, memcpy bandwidth). */
#ifndef CPUACL_BENCH_OPS_H
#define CPUACL_BENCH_OPS_H

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "bench_report.h"
#include "bench_studies.h"

int bs_study_ops(struct bs_ctx *c);
/* The small-operator host-overhead rows (bench_ops_host.c), on stream s. */
int bs_ops_host(struct bs_ctx *c, void *s);

/* ---- shared by the ops study's files (bench_ops.c) ---- */

/* cblas_sgemm; CBLAS's values (cblas.h): row-major 101, no-trans 111,
 * trans 112. */
typedef void bop_sgemm_t(int order, int ta, int tb, int m, int n, int k, float alpha,
                         const float *a, int lda, const float *b, int ldb, float beta, float *c,
                         int ldc);
/* OpenBLAS's cblas_sgemm, loaded with dlopen as the library does; NULL if
 * no BLAS is installed. */
bop_sgemm_t *bop_load_sgemm(void);
/* Makes cpuacl load its BLAS (a first phase of a 1 x 1 aclnnMm, nothing launched), whose
 * loader sets OPENBLAS_CORETYPE from the CPU's features when unset (ops/matmul/blas.c BL2):
 * a baseline or peer child started after it multiplies on the same kernels. */
void bop_load_cpuacl_blas(void);
/* OpenBLAS's thread count in this process (openblas_get_num_threads; it
 * follows the affinity of the thread that loaded it), -1 if unknown. */
int bop_blas_threads(void);
/* sgemm of row-major [m, k] @ [k, n], `iters` times after one warm call:
 * GFLOP/s. */
double bop_time_sgemm(bop_sgemm_t *g, int m, int k, int n, int iters);
/* A progress step: names itself for the watchdog and bumps its beat. */
void bop_step(const char *what);
/* An ND tensor over device memory d (strides NULL: contiguous). */
aclTensor *bop_tensor(void *d, aclDataType t, int nd, const int64_t *dims, const int64_t *st);
/* One operator launch (both phases) on s: 0 or an aclnn status. */
typedef int (*bop_launch_fn)(void *op, aclrtStream s);
/* reps timed batches of `iters` launches + one sync (after one warm-up
 * batch): work_per_call / ns per call into acc. 0 or -1. */
int bop_time_launches(aclrtStream s, bop_launch_fn fn, void *op, int iters, unsigned reps,
                      struct br_acc *acc, double work_per_call);

/* Launchers for bop_time_launches (bench_ops_bw.c), shared by the ops and scaling studies:
 * aclnnAdd z = x + alpha y, and aclnnMatmul o = a @ b (cubeMathType 0). */
struct bop_ew_op {
    aclTensor *x, *y, *z; /* y unused by Relu */
    aclScalar *alpha;
};
struct bop_mm_op {
    aclTensor *a, *b, *o;
};
int bop_add_launch(void *op, aclrtStream s);
int bop_matmul_launch(void *op, aclrtStream s);

/* The elementwise sizes (bytes per tensor) and the matmul shapes of
 * bench_ops_bw.c, measured again in numpy by bench_ops_numpy.c. */
struct bop_ew_size {
    size_t bytes;
    const char *tag;             /* key suffix: the tensor size ("64M") */
    const char *moved_tag;       /* Add's bytes moved, 3 x bytes ("192M") */
    int iters_quick, iters_full; /* launches per timed batch */
};
extern const struct bop_ew_size bop_ew_sizes[];
extern const size_t bop_n_ew_sizes;
struct bop_mm_shape {
    int m, k, n;
    const char *tag; /* key suffix, "64x2048x2048" */
    int iters_quick, iters_full;
};
extern const struct bop_mm_shape bop_mm_shapes[];
extern const size_t bop_n_mm_shapes;

/* Elementwise bytes moved vs memcpy and f32 Matmul vs direct sgemm
 * (bench_ops_bw.c), on stream s; g is the loaded cblas_sgemm. */
int bs_ops_bw(struct bs_ctx *c, aclrtStream s, bop_sgemm_t *g);
/* ReduceSum, ForeachAddListV2 and RmsNorm on 64 MiB vs memcpy (bench_ops_family.c), on stream s. */
int bs_ops_family(struct bs_ctx *c, aclrtStream s);
/* The same shapes and sizes in numpy (np.matmul, np.add), in a child
 * python3 (bench_ops_numpy.c); rows of "-" when numpy is absent. */
int bs_ops_numpy(struct bs_ctx *c);

#define BS_OPS_HELP                                                                                \
    "OpenBLAS cblas_sgemm in float32 on the operators' shapes is the compute floor;\n"             \
    "memcpy bandwidth (limits) the memory floor. WeightQuantBatchMatmulV2 (fp16 x,\n"              \
    "int8 / int4 weight viewed transposed, per-group(32) scales): m = 64 on\n"                     \
    "[2048, 2048] in GFLOP/s vs sgemm of the same shape; m = 1 and 8 on 64 MiB of\n"               \
    "weights (int8 [4096, 16384], int4 [8192, 16384]: from DRAM, as the memcpy)\n"                 \
    "in weight GB/s vs memcpy. FusedInferAttentionScoreV2 (BNSD fp16, broadcast\n"                 \
    "pse): prefill N 8, S 512, D 128 in GFLOP/s vs sgemm 512x128x512; decode N 32 /\n"             \
    "KV 8, Skv 16384 (64 MiB) in key+value GB/s vs memcpy. Each launch includes its\n"             \
    "first phase.\n"                                                                               \
    "aclnnAdd f32 at 256 KiB, 4 MiB, 64 MiB per tensor and aclnnRelu at 64 MiB in\n"               \
    "bytes moved per second vs memcpy(3) moving as many bytes over the same memory\n"              \
    "(goal at 64 MiB: >= 0.8x); aclnnMatmul f32 64x2048x2048 and 512^3 in GFLOP/s vs\n"            \
    "cblas_sgemm called directly (goal >= 0.9x); numpy's np.matmul / np.add on the\n"              \
    "same shapes in a child python3 (\"-\" when numpy is not installed);\n"                        \
    "aclnnReduceSum f32 64 MiB over the last dim and aclnnForeachAddListV2 f32\n"                  \
    "16 x 4 MiB in bytes moved per second vs memcpy (goal >= 0.8x).\n"                             \
    "Details: docs/bench-ops.md."

#endif /* CPUACL_BENCH_OPS_H */
