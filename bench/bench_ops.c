/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ops study: each heavy aclnn operator beside the floor it is built on,
 * both measured in this run.
 *
 *  - sgemm: OpenBLAS cblas_sgemm (loaded here with dlopen, as the library
 *    does) on the operator's own matrix shape, float32: the compute floor.
 *  - WeightQuantBatchMatmulV2, prefill (m = 64): GFLOP/s vs that sgemm
 *    (the operator adds the weight dequantisation and x / y conversions).
 *  - WeightQuantBatchMatmulV2, decode (m = 1): weight bytes streamed per
 *    second vs memcpy bandwidth (limits.memcpy).
 *  - FusedInferAttentionScoreV2, prefill (Sq = Skv = 512): GFLOP/s vs a
 *    square sgemm of the same inner size; decode (Sq = 1, Skv = 4096, GQA):
 *    key/value bytes per second vs memcpy bandwidth.
 *  - WeightQuantBatchMatmulV2 at m = 8 (the fused path's largest m):
 *    weight bytes per second vs memcpy; and at m = 1 over the 29 products
 *    of the ggml study's decode step (small shapes, per-call costs).
 *  - Mm with float16 operands, the weight viewed transposed (ggml's
 *    MUL_MAT f16): GFLOP/s vs the same sgemm, so the conversions show.
 * Each figure is the median over the repetitions of one timed batch of
 * launches followed by aclrtSynchronizeStream.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_fused_infer_attention_score_v2.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v3.h"
#include "bench_ops.h"
#include "bench_report.h"
#include "bench_util.h"

static void *g_blas; /* the BLAS's handle, set with g_sgemm on the study's thread */

/* cpuacl's first matrix product loads OpenBLAS and, when OPENBLAS_CORETYPE is
 * unset, sets it from the CPU's features first (ops/matmul/blas.c BL2). The
 * baseline must run the same kernels, and so must the numpy and PyTorch
 * children (they inherit the variable): a first phase of a 1 x 1 aclnnMm
 * makes cpuacl load it before this study opens the same library. */
void bop_load_cpuacl_blas(void)
{
    float v = 0;
    int64_t d[2] = {1, 1}, st[2] = {1, 1};
    aclTensor *t[3];
    for (int i = 0; i < 3; i++)
        t[i] = aclCreateTensor(d, 2, ACL_FLOAT, st, 0, ACL_FORMAT_ND, d, 2, &v);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    if (t[0] && t[1] && t[2] && aclnnMmGetWorkspaceSize(t[0], t[1], t[2], 0, &ws, &ex) == 0 && ex)
        aclDestroyAclOpExecutor(ex);
    for (int i = 0; i < 3; i++)
        if (t[i])
            aclDestroyTensor(t[i]);
}

bop_sgemm_t *bop_load_sgemm(void)
{
    static const char *const libs[] = {"libopenblas.so.0", "libblas.so.3", "libopenblas.so"};
    bop_load_cpuacl_blas();
    for (unsigned i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
        void *h = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL);
        void *f = h ? dlsym(h, "cblas_sgemm") : NULL;
        if (f) {
            bop_sgemm_t *g;
            memcpy(&g, &f, sizeof(g));
            g_blas = h;
            return g;
        }
    }
    return NULL;
}

int bop_blas_threads(void)
{
    void *f = g_blas ? dlsym(g_blas, "openblas_get_num_threads") : NULL;
    if (!f)
        return -1;
    int (*get)(void);
    memcpy(&get, &f, sizeof(get));
    return get();
}

void bop_step(const char *what)
{
    /* relaxed: the watchdog only needs to see progress */
    atomic_store_explicit(&bs_step, what, memory_order_relaxed);
    atomic_fetch_add_explicit(&bs_beat, 1, memory_order_relaxed);
}

/* Device buffer filled with a pattern (through aclrtMemcpy). */
static void *dev_fill(size_t bytes, unsigned seed)
{
    void *d = NULL, *h = malloc(bytes);
    if (!h || aclrtMalloc(&d, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        free(h);
        return NULL;
    }
    unsigned char *p = h;
    for (size_t i = 0; i < bytes; i++) /* small fp16/bf16/int values: bytes below 0x3C */
        p[i] = (unsigned char)(((i * 2654435761u + seed) >> 7) % 0x3B);
    aclrtMemcpy(d, bytes, h, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    free(h);
    return d;
}

aclTensor *bop_tensor(void *d, aclDataType t, int nd, const int64_t *dims, const int64_t *st)
{
    int64_t n = 1;
    for (int i = 0; i < nd; i++)
        n *= dims[i];
    return aclCreateTensor(dims, (uint64_t)nd, t, st, 0, ACL_FORMAT_ND, &n, 1, d);
}

double bop_time_sgemm(bop_sgemm_t *g, int m, int k, int n, int iters)
{
    float *a = malloc(sizeof(float) * (size_t)m * (size_t)k),
          *b = malloc(sizeof(float) * (size_t)k * (size_t)n),
          *c = malloc(sizeof(float) * (size_t)m * (size_t)n);
    if (!a || !b || !c) {
        free(a), free(b), free(c);
        return 0;
    }
    for (size_t i = 0; i < (size_t)m * (size_t)k; i++)
        a[i] = (float)(i % 7) * 0.1f;
    for (size_t i = 0; i < (size_t)k * (size_t)n; i++)
        b[i] = (float)(i % 5) * 0.1f;
    g(101, 111, 111, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n); /* warm */
    uint64_t t0 = bu_now_ns();
    for (int i = 0; i < iters; i++)
        g(101, 111, 111, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
    double dt = (double)(bu_now_ns() - t0);
    free(a), free(b), free(c);
    return 2.0 * m * k * n * iters / (dt > 0 ? dt : 1);
}

int bop_time_launches(aclrtStream s, bop_launch_fn fn, void *op, int iters, unsigned reps,
                      struct br_acc *acc, double work_per_call)
{
    for (unsigned r = 0; r <= reps; r++) { /* r = 0 warms up */
        uint64_t t0 = bu_now_ns();
        for (int i = 0; i < iters; i++)
            if (fn(op, s))
                return -1;
        if (aclrtSynchronizeStream(s))
            return -1;
        double dt = (double)(bu_now_ns() - t0) / iters;
        if (r)
            br_acc_add(acc, work_per_call / dt);
    }
    return 0;
}

struct wq_op {
    aclTensor *x, *w, *s, *y;
    int v3; /* 0: V2; 1 + innerPrecise: V3 */
};

static int wq_launch(void *op, aclrtStream s)
{
    struct wq_op *o = op;
    uint64_t wsz;
    aclOpExecutor *ex;
    if (o->v3) {
        int rc = aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(
            o->x, o->w, o->s, NULL, NULL, NULL, NULL, 32, o->v3 - 1, o->y, &wsz, &ex);
        return rc ? rc : aclnnWeightQuantBatchMatmulV3(NULL, wsz, ex, s);
    }
    int rc = aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(o->x, o->w, o->s, NULL, NULL, NULL, NULL,
                                                           32, o->y, &wsz, &ex);
    return rc ? rc : aclnnWeightQuantBatchMatmulV2(NULL, wsz, ex, s);
}

struct fa_op {
    aclTensor *q, *p, *o;
    aclTensorList *k, *v;
    int64_t N, KVN, D;
};

static int fa_launch(void *op, aclrtStream s)
{
    struct fa_op *f = op;
    uint64_t wsz;
    aclOpExecutor *ex;
    char layout[] = "BNSD";
    int rc = aclnnFusedInferAttentionScoreV2GetWorkspaceSize(
        f->q, f->k, f->v, f->p, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, f->N, 1.0 / sqrt((double)f->D), 65535,
        65535, layout, f->KVN, 0, 0, 0, 0, false, 0, 0, f->o, NULL, &wsz, &ex);
    return rc ? rc : aclnnFusedInferAttentionScoreV2(NULL, wsz, ex, s);
}

/* WQBMM x [m, k] fp16 @ weight [k, n] (transposed view, as ggml; or, when
 * nd, CANN's own n-contiguous ND weight with its scales [ng, n] row-major)
 * with per-group (32) fp16 scales: work_per_call per ns into acc; V2, or V3
 * with innerPrecise v3 - 1 (quant_matmul.c QM7). */
static int time_wqbmm_l(aclrtStream s, aclDataType wt, int64_t m, int64_t k, int64_t n, int iters,
                        unsigned reps, struct br_acc *acc, double work_per_call, int v3, bool nd)
{
    int64_t ng = k / 32;
    size_t wbytes = wt == ACL_INT4 ? (size_t)(k * n / 2) : (size_t)(k * n);
    void *x = dev_fill((size_t)(m * k) * 2, 1), *w = dev_fill(wbytes, 2),
         *sc = dev_fill((size_t)(ng * n) * 2, 3), *y = dev_fill((size_t)(m * n) * 2, 4);
    int rc = -1;
    if (!x || !w || !sc || !y)
        goto out;
    int64_t xd[2] = {m, k}, wd[2] = {k, n}, ws_[2] = {nd ? n : 1, nd ? 1 : k}, sd[2] = {ng, n},
            ss[2] = {nd ? n : 1, nd ? 1 : ng}, yd[2] = {m, n};
    struct wq_op op = {bop_tensor(x, ACL_FLOAT16, 2, xd, NULL), bop_tensor(w, wt, 2, wd, ws_),
                       bop_tensor(sc, ACL_FLOAT16, 2, sd, ss),
                       bop_tensor(y, ACL_FLOAT16, 2, yd, NULL), v3};
    rc = bop_time_launches(s, wq_launch, &op, iters, reps, acc, work_per_call);
    aclDestroyTensor(op.x), aclDestroyTensor(op.w), aclDestroyTensor(op.s), aclDestroyTensor(op.y);
out:
    aclrtFree(x), aclrtFree(w), aclrtFree(sc), aclrtFree(y);
    return rc;
}

static int time_wqbmm_v(aclrtStream s, aclDataType wt, int64_t m, int64_t k, int64_t n, int iters,
                        unsigned reps, struct br_acc *acc, double work_per_call, int v3)
{
    return time_wqbmm_l(s, wt, m, k, n, iters, reps, acc, work_per_call, v3, false);
}

static int time_wqbmm(aclrtStream s, aclDataType wt, int64_t m, int64_t k, int64_t n, int iters,
                      unsigned reps, struct br_acc *acc, double work_per_call)
{
    return time_wqbmm_v(s, wt, m, k, n, iters, reps, acc, work_per_call, 0);
}

/* The ggml study's model (docs/ggml.md) as ggml-cann calls WQBMM in one q8_0
 * decode step: per layer q [512, 512], k and v [512, 256], o [512, 512],
 * gate and up [512, 1408], down [1408, 512]; 4 layers and the lm head
 * [512, 2048]: 29 products of m = 1 over 12.8 M int8 weights, each its own
 * tensor (the L3 cache holds them, the L2 does not). Weight bytes per ns of
 * a step (29 launches, one synchronisation) into acc. */
#define WQ_GGML_N 29
static int time_wqbmm_ggml(aclrtStream s, int steps, unsigned reps, struct br_acc *acc)
{
    static const int64_t sh[7][2] = {{512, 512},  {512, 256},  {512, 256}, {512, 512},
                                     {512, 1408}, {512, 1408}, {1408, 512}};
    int64_t K[WQ_GGML_N], N[WQ_GGML_N];
    for (int j = 0; j < WQ_GGML_N - 1; j++)
        K[j] = sh[j % 7][0], N[j] = sh[j % 7][1];
    K[WQ_GGML_N - 1] = 512, N[WQ_GGML_N - 1] = 2048;
    void *x = dev_fill(1408 * 2, 16), *y = dev_fill(2048 * 2, 17);
    void *w[WQ_GGML_N] = {0}, *sc[WQ_GGML_N] = {0};
    struct wq_op op[WQ_GGML_N] = {0};
    double bytes = 0;
    int rc = -1;
    for (int j = 0; j < WQ_GGML_N; j++) {
        bytes += (double)(K[j] * N[j]);
        if (!(w[j] = dev_fill((size_t)(K[j] * N[j]), 18 + j)) ||
            !(sc[j] = dev_fill((size_t)(K[j] / 32 * N[j]) * 2, 50 + j)))
            goto out;
    }
    if (!x || !y)
        goto out;
    for (int j = 0; j < WQ_GGML_N; j++) {
        const int64_t ng = K[j] / 32, xd[2] = {1, K[j]}, wd[2] = {K[j], N[j]}, ws_[2] = {1, K[j]},
                      sd[2] = {ng, N[j]}, ss[2] = {1, ng}, yd[2] = {1, N[j]};
        op[j] = (struct wq_op){
            bop_tensor(x, ACL_FLOAT16, 2, xd, NULL), bop_tensor(w[j], ACL_INT8, 2, wd, ws_),
            bop_tensor(sc[j], ACL_FLOAT16, 2, sd, ss), bop_tensor(y, ACL_FLOAT16, 2, yd, NULL), 0};
    }
    rc = 0;
    for (unsigned r = 0; r <= reps && !rc; r++) { /* r = 0 warms up */
        uint64_t t0 = bu_now_ns();
        for (int i = 0; i < steps && !rc; i++)
            for (int j = 0; j < WQ_GGML_N && !rc; j++)
                rc = wq_launch(&op[j], s);
        if (!rc && aclrtSynchronizeStream(s))
            rc = -1;
        if (!rc && r)
            br_acc_add(acc, bytes * steps / (double)(bu_now_ns() - t0));
    }
    for (int j = 0; j < WQ_GGML_N; j++) {
        aclDestroyTensor(op[j].x), aclDestroyTensor(op[j].w), aclDestroyTensor(op[j].s);
        aclDestroyTensor(op[j].y);
    }
out:
    for (int j = 0; j < WQ_GGML_N; j++)
        aclrtFree(w[j]), aclrtFree(sc[j]);
    aclrtFree(x), aclrtFree(y);
    return rc;
}

/* FIA in BNSD fp16 with a broadcast fp16 pse; work units per second. */
static int time_fia(aclrtStream s, int64_t N, int64_t KVN, int64_t Sq, int64_t Skv, int64_t D,
                    int iters, unsigned reps, struct br_acc *acc, double work_per_call)
{
    size_t qb = (size_t)(N * Sq * D) * 2, kb = (size_t)(KVN * Skv * D) * 2,
           pb = (size_t)(Sq * Skv) * 2;
    void *q = dev_fill(qb, 5), *k = dev_fill(kb, 6), *v = dev_fill(kb, 7), *o = dev_fill(qb, 8),
         *p = dev_fill(pb, 9);
    int rc = -1;
    if (!q || !k || !v || !o || !p)
        goto out;
    int64_t qd[4] = {1, N, Sq, D}, kd[4] = {1, KVN, Skv, D}, pd[4] = {1, N, Sq, Skv},
            ps[4] = {0, 0, Skv, 1};
    aclTensor *tk = bop_tensor(k, ACL_FLOAT16, 4, kd, NULL),
              *tv = bop_tensor(v, ACL_FLOAT16, 4, kd, NULL);
    struct fa_op op = {bop_tensor(q, ACL_FLOAT16, 4, qd, NULL),
                       bop_tensor(p, ACL_FLOAT16, 4, pd, ps),
                       bop_tensor(o, ACL_FLOAT16, 4, qd, NULL),
                       aclCreateTensorList((const aclTensor *const[]){tk}, 1),
                       aclCreateTensorList((const aclTensor *const[]){tv}, 1),
                       N,
                       KVN,
                       D};
    rc = bop_time_launches(s, fa_launch, &op, iters, reps, acc, work_per_call);
    aclDestroyTensorList(op.k), aclDestroyTensorList(op.v); /* with tk, tv */
    aclDestroyTensor(op.q), aclDestroyTensor(op.p), aclDestroyTensor(op.o);
out:
    aclrtFree(q), aclrtFree(k), aclrtFree(v), aclrtFree(o), aclrtFree(p);
    return rc;
}

struct mm_op {
    aclTensor *a, *b, *o;
    int8_t cube; /* cubeMathType */
};

static int mm_launch(void *op, aclrtStream s)
{
    struct mm_op *o = op;
    uint64_t wsz;
    aclOpExecutor *ex;
    int rc = aclnnMmGetWorkspaceSize(o->a, o->b, o->o, o->cube, &wsz, &ex);
    return rc ? rc : aclnnMm(NULL, wsz, ex, s);
}

/* Mm as ggml-cann's f16 MUL_MAT calls it in a decode step: x [m, k] float32
 * @ a float16 weight [k, n] viewed transposed, out float32, cubeMathType
 * USE_FP16: weight bytes per second into acc (the small-m kernel, MM8). */
static int time_mm_decode(aclrtStream s, int64_t m, int64_t k, int64_t n, int iters, unsigned reps,
                          struct br_acc *acc)
{
    void *a = dev_fill((size_t)(m * k) * 4, 13), *b = dev_fill((size_t)(k * n) * 2, 14),
         *o = dev_fill((size_t)(m * n) * 4, 15);
    int rc = -1;
    if (!a || !b || !o)
        goto out;
    int64_t ad[2] = {m, k}, bd[2] = {k, n}, bs[2] = {1, k}, od[2] = {m, n};
    struct mm_op op = {bop_tensor(a, ACL_FLOAT, 2, ad, NULL), bop_tensor(b, ACL_FLOAT16, 2, bd, bs),
                       bop_tensor(o, ACL_FLOAT, 2, od, NULL), 2};
    rc = bop_time_launches(s, mm_launch, &op, iters, reps, acc, 2.0 * (double)(k * n));
    aclDestroyTensor(op.a), aclDestroyTensor(op.b), aclDestroyTensor(op.o);
out:
    aclrtFree(a), aclrtFree(b), aclrtFree(o);
    return rc;
}

/* Mm with float16 operands (ggml's MUL_MAT f16: x [m, k] @ weight [k, n]
 * viewed transposed, out float16): GFLOP/s into acc. */
static int time_mm_f16(aclrtStream s, int64_t m, int64_t k, int64_t n, int iters, unsigned reps,
                       struct br_acc *acc)
{
    void *a = dev_fill((size_t)(m * k) * 2, 10), *b = dev_fill((size_t)(k * n) * 2, 11),
         *o = dev_fill((size_t)(m * n) * 2, 12);
    int rc = -1;
    if (!a || !b || !o)
        goto out;
    int64_t ad[2] = {m, k}, bd[2] = {k, n}, bs[2] = {1, k}, od[2] = {m, n};
    struct mm_op op = {bop_tensor(a, ACL_FLOAT16, 2, ad, NULL),
                       bop_tensor(b, ACL_FLOAT16, 2, bd, bs),
                       bop_tensor(o, ACL_FLOAT16, 2, od, NULL), 0};
    rc = bop_time_launches(s, mm_launch, &op, iters, reps, acc, 2.0 * (double)(m * k * n));
    aclDestroyTensor(op.a), aclDestroyTensor(op.b), aclDestroyTensor(op.o);
out:
    aclrtFree(a), aclrtFree(b), aclrtFree(o);
    return rc;
}

/* An FIA decode row (one query row per head, D 128): K + V bytes per
 * second into acc, against limits.memcpy. */
static int fia_decode_row(struct bs_ctx *c, aclrtStream s, int64_t N, int64_t KVN, int64_t Skv,
                          struct br_acc *acc, const char *key, const char *name, const char *note)
{
    const int64_t D = 128;
    int rc = time_fia(s, N, KVN, 1, Skv, D, c->full ? 16 : 4, c->reps, acc,
                      2.0 * 2.0 * (double)(KVN * Skv * D));
    if (!rc)
        br_set_note(br_add(c->res, "ops", key, name, "GB/s", BR_HIGHER, acc, "limits.memcpy", NULL),
                    note);
    return rc;
}

/* The decode rows (WQBMM m <= 8, FIA decode, Mm fp16 m <= 8) read 64 MiB of
 * weights or keys and values a call, as much as limits.memcpy copies, so
 * that both stream from DRAM wherever the last-level cache is smaller (at
 * k = n = 2048 an AMD EPYC's L3 held the 4 MiB of int8 weights: 1.2-2.4x
 * "memcpy" was the L3's bandwidth). int8 weights [DEC_K8, DEC_N], int4
 * [DEC_K4, DEC_N] packed two a byte. */
#define DEC_K8 4096
#define DEC_K4 8192
#define DEC_N 16384

/* WQBMM decode rows beyond one (m = 8: a small batch of sequences) and Mm
 * with float16 operands, each against sgemm of the same shape. */
static int ops_extra_rows(struct bs_ctx *c, aclrtStream s)
{
    struct br_results *R = c->res;
    const unsigned reps = c->reps;
    const int64_t K = 2048, NN = 2048;
    struct br_acc wq8b = {0}, wq4b = {0}, wq4h = {0}, wq4n = {0}, wqg = {0}, fa1 = {0}, mmh = {0},
                  mmd1 = {0}, mmd8 = {0};
    int rc;
    bop_step("ops: WeightQuantBatchMatmulV2 m=8");
    if ((rc = time_wqbmm(s, ACL_INT8, 8, DEC_K8, DEC_N, c->full ? 8 : 3, reps, &wq8b,
                         (double)DEC_K8 * DEC_N)) ||
        (rc = time_wqbmm(s, ACL_INT4, 8, DEC_K4, DEC_N, c->full ? 8 : 3, reps, &wq4b,
                         (double)DEC_K4 * DEC_N / 2)))
        return rc;
    br_set_note(br_add(R, "ops", "wqbmm_int8_m8", "WQBMM int8 m=8 weight bytes", "GB/s", BR_HIGHER,
                       &wq8b, "limits.memcpy", NULL),
                "fused dequantise + dot for m <= 8, weight [4096, 16384]: weight bytes per "
                "second vs memcpy");
    br_set_note(br_add(R, "ops", "wqbmm_int4_m8", "WQBMM int4 m=8 weight bytes", "GB/s", BR_HIGHER,
                       &wq4b, "limits.memcpy", NULL),
                "packed int4 by per-group table (QW2): packed weight bytes per second vs memcpy");
    bop_step("ops: WeightQuantBatchMatmulV3 innerPrecise=1 m=8");
    if ((rc = time_wqbmm_v(s, ACL_INT4, 8, DEC_K4, DEC_N, c->full ? 8 : 3, reps, &wq4h,
                           (double)DEC_K4 * DEC_N / 2, 2)))
        return rc;
    br_set_note(br_add(R, "ops", "wqbmm_int4_m8_hp", "WQBMM int4 m=8 innerPrecise=1 weight bytes",
                       "GB/s", BR_HIGHER, &wq4h, "limits.memcpy", NULL),
                "V3's high-performance mode (quant_int8x.c: x rounded to int8 per group, "
                "vpdpbusd; the exact path where the CPU lacks AVX512-VNNI): packed weight "
                "bytes per second vs memcpy");
    bop_step("ops: WeightQuantBatchMatmulV3 innerPrecise=1 m=8, n-contiguous weight");
    if ((rc = time_wqbmm_l(s, ACL_INT4, 8, DEC_K4, DEC_N, c->full ? 8 : 3, reps, &wq4n,
                           (double)DEC_K4 * DEC_N / 2, 2, true)))
        return rc;
    br_set_note(br_add(R, "ops", "wqbmm_int4_m8_hp_nd",
                       "WQBMM int4 m=8 innerPrecise=1 (n-contiguous) weight bytes", "GB/s",
                       BR_HIGHER, &wq4n, "limits.memcpy", NULL),
                "the same with CANN's own ND weight [k, n] (unit stride along n, two columns a "
                "byte) and row-major scales (quant_int8x.c QX10; the exact path without "
                "AVX512-VBMI): packed weight bytes per second vs memcpy");
    bop_step("ops: WeightQuantBatchMatmulV2 ggml decode step");
    if ((rc = time_wqbmm_ggml(s, c->full ? 8 : 3, reps, &wqg)))
        return rc;
    br_set_note(br_add(R, "ops", "wqbmm_ggml_step", "WQBMM int8 m=1 ggml model step", "GB/s",
                       BR_HIGHER, &wqg, "limits.memcpy", NULL),
                "the ggml study's 29 products of a q8_0 decode step (k, n 256..2048, 12.8 M "
                "int8 in all): weight bytes per second vs memcpy");
    bop_step("ops: FusedInferAttentionScoreV2 decode, one kv head");
    /* one (batch, kv head): the keys split across the workers (FA8) */
    if ((rc = fia_decode_row(c, s, 4, 1, 131072, &fa1, "fia_decode_1kv",
                             "FIA decode N4/1 Skv131072 D128",
                             "one kv head, keys split across workers (FA8): K + V bytes per "
                             "second vs memcpy")))
        return rc;
    bop_step("ops: Mm float16");
    if ((rc = time_mm_f16(s, 64, K, NN, c->full ? 4 : 2, reps, &mmh)))
        return rc;
    br_set_note(br_add(R, "ops", "mm_f16_m64", "Mm fp16 64x2048 @ 2048x2048", "GFLOP/s", BR_HIGHER,
                       &mmh, "ops.sgemm_64x2048x2048", NULL),
                "ggml MUL_MAT f16: weight viewed transposed, f16 out");
    bop_step("ops: Mm float16 weight, decode");
    /* 64 MiB of float16 weights, as ggml-cann's decode step calls Mm */
    if ((rc = time_mm_decode(s, 1, 4096, 8192, c->full ? 8 : 3, reps, &mmd1)) ||
        (rc = time_mm_decode(s, 8, 4096, 8192, c->full ? 8 : 3, reps, &mmd8)))
        return rc;
    br_set_note(br_add(R, "ops", "mm_f16_m1", "Mm fp16 weight m=1 weight bytes", "GB/s", BR_HIGHER,
                       &mmd1, "limits.memcpy", NULL),
                "ggml MUL_MAT f16 decode: f32 x @ f16 [4096, 8192] transposed, USE_FP16 (MM8)");
    br_set_note(br_add(R, "ops", "mm_f16_m8", "Mm fp16 weight m=8 weight bytes", "GB/s", BR_HIGHER,
                       &mmd8, "limits.memcpy", NULL),
                "as m=1 with 8 rows of x: weight bytes per second vs memcpy");
    return 0;
}

int bs_study_ops(struct bs_ctx *c)
{
    struct br_results *R = c->res;
    {
        aclrtStream hs;
        if (aclrtCreateStream(&hs) != ACL_SUCCESS)
            return -1;
        int hrc = bs_ops_host(c, hs); /* bench_ops_host.c */
        aclrtDestroyStream(hs);
        if (hrc)
            return hrc;
    }
    bop_sgemm_t *g = bop_load_sgemm();
    if (!g) {
        br_add_skipped(R, "ops", "all", "no BLAS with cblas_sgemm (libopenblas.so.0)");
        return 0;
    }
    aclrtStream s;
    if (aclrtCreateStream(&s) != ACL_SUCCESS)
        return -1;
    const unsigned reps = c->reps;
    const int64_t K = 2048, NN = 2048, MP = 64;
    struct br_acc sg_mm = {0}, sg_sq = {0}, wq8 = {0}, wq4 = {0}, wq8d = {0}, wq4d = {0}, fap = {0},
                  fad = {0};
    int rc = 0;
    bop_step("ops: sgemm baselines");
    for (unsigned r = 0; r < reps; r++) {
        br_acc_add(&sg_mm, bop_time_sgemm(g, (int)MP, (int)K, (int)NN, c->full ? 8 : 3));
        br_acc_add(&sg_sq, bop_time_sgemm(g, 512, 128, 512, c->full ? 64 : 16));
    }
    br_set_note(br_add(R, "ops", "sgemm_64x2048x2048", "sgemm 64x2048 @ 2048x2048", "GFLOP/s",
                       BR_HIGHER, &sg_mm, NULL, NULL),
                "OpenBLAS cblas_sgemm, float32");
    br_set_note(br_add(R, "ops", "sgemm_512x128x512", "sgemm 512x128 @ 128x512", "GFLOP/s",
                       BR_HIGHER, &sg_sq, NULL, NULL),
                "OpenBLAS, the attention prefill's block shape");
    const double flops_p = 2.0 * (double)MP * (double)K * (double)NN;
    bop_step("ops: WeightQuantBatchMatmulV2 prefill");
    if ((rc = time_wqbmm(s, ACL_INT8, MP, K, NN, c->full ? 4 : 2, reps, &wq8, flops_p)) ||
        (rc = time_wqbmm(s, ACL_INT4, MP, K, NN, c->full ? 4 : 2, reps, &wq4, flops_p)))
        goto out;
    br_set_note(br_add(R, "ops", "wqbmm_int8_m64", "WQBMM int8 m=64 k=n=2048", "GFLOP/s", BR_HIGHER,
                       &wq8, "ops.sgemm_64x2048x2048", NULL),
                "fp16 x, per-group(32) fp16 scales, transposed weight");
    br_set_note(br_add(R, "ops", "wqbmm_int4_m64", "WQBMM int4 m=64 k=n=2048", "GFLOP/s", BR_HIGHER,
                       &wq4, "ops.sgemm_64x2048x2048", NULL),
                "as int8, weight packed two per byte");
    bop_step("ops: WeightQuantBatchMatmulV2 decode");
    if ((rc = time_wqbmm(s, ACL_INT8, 1, DEC_K8, DEC_N, c->full ? 16 : 6, reps, &wq8d,
                         (double)DEC_K8 * DEC_N)) ||
        (rc = time_wqbmm(s, ACL_INT4, 1, DEC_K4, DEC_N, c->full ? 16 : 6, reps, &wq4d,
                         (double)DEC_K4 * DEC_N / 2)))
        goto out;
    br_set_note(br_add(R, "ops", "wqbmm_int8_m1", "WQBMM int8 m=1 weight bytes", "GB/s", BR_HIGHER,
                       &wq8d, "limits.memcpy", NULL),
                "decode, weight [4096, 16384] (64 MiB): weight bytes read per second vs "
                "memcpy");
    br_set_note(br_add(R, "ops", "wqbmm_int4_m1", "WQBMM int4 m=1 weight bytes", "GB/s", BR_HIGHER,
                       &wq4d, "limits.memcpy", NULL),
                "decode, weight [8192, 16384] (64 MiB packed): packed weight bytes per second "
                "vs memcpy");
    bop_step("ops: FusedInferAttentionScoreV2 prefill");
    {
        const int64_t N = 8, Sq = 512, Skv = 512, D = 128;
        if ((rc = time_fia(s, N, N, Sq, Skv, D, c->full ? 4 : 1, reps, &fap,
                           4.0 * (double)(N * Sq * Skv * D))))
            goto out;
        br_set_note(br_add(R, "ops", "fia_prefill", "FIA prefill N8 S512 D128 fp16", "GFLOP/s",
                           BR_HIGHER, &fap, "ops.sgemm_512x128x512", NULL),
                    "QK^T + PV flops; blocked online softmax, pse");
    }
    bop_step("ops: FusedInferAttentionScoreV2 decode");
    if ((rc = fia_decode_row(c, s, 32, 8, 16384, &fad, "fia_decode",
                             "FIA decode N32/8 Skv16384 D128",
                             "key + value bytes per second (GQA 4) vs memcpy")))
        goto out;
    if ((rc = ops_extra_rows(c, s)) || (rc = bs_ops_bw(c, s, g)) || /* bench_ops_bw.c */
        (rc = bs_ops_family(c, s)))                                 /* bench_ops_family.c */
        goto out;
    rc = bs_ops_numpy(c); /* bench_ops_numpy.c */
out:
    aclrtDestroyStream(s);
    return rc;
}

const struct bs_study bs_ops_study = {
    "ops",
    "aclnn operators vs their floors (sgemm GFLOP/s, memcpy GB/s) and numpy",
    BS_OPS_HELP,
    bs_study_ops,
};
