/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The matmul + collective fusions (ops/mc2) on in-process ranks:
 * HcclCommInitAll over 2 and 4 virtual devices, one thread per rank, each
 * launching MatmulAllReduce, MatmulAllReduceV2, MatmulReduceScatter and
 * AllGatherMatmul (with and without gatherOut) on its own stream, for float16
 * and bfloat16; every rank's output checked against the host reference (each
 * rank's full product, then the reduction / gather). Then the codes: an
 * unknown group, a destroyed communicator's name (at phase 1, and between
 * phase 1 and phase 2), mismatched shapes and types, unsupported options.
 *
 * Under `mpirun -np N` (hccl_mc2_mpi): one rank per process, the communicator made
 * from a root info sent with MPI_Bcast (an MPI communicator of libhccl), the same
 * cases and references; the codes run in process only.
 *
 * Inputs are multiples of 1/4 in [-1, 1] and k is small, so every rank's
 * product and addends are exact in float16 and bfloat16: the outputs must be
 * the exact reference rounded once (the reduction's rounding, ops/mc2 CM1).
 */
#include <math.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_all_gather_matmul.h"
#include "aclnnop/aclnn_inplace_matmul_all_reduce_add_rms_norm.h"
#include "aclnnop/aclnn_inplace_quant_matmul_all_reduce_add_rms_norm.h"
#include "aclnnop/aclnn_inplace_weight_quant_matmul_all_reduce_add_rms_norm.h"
#include "aclnnop/aclnn_matmul_all_reduce.h"
#include "aclnnop/aclnn_matmul_all_reduce_add_rms_norm.h"
#include "aclnnop/aclnn_matmul_all_reduce_v2.h"
#include "aclnnop/aclnn_matmul_reduce_scatter.h"
#include "aclnnop/aclnn_quant_matmul_all_reduce.h"
#include "aclnnop/aclnn_quant_matmul_all_reduce_v2.h"
#include "aclnnop/aclnn_quant_matmul_all_reduce_v3.h"
#include "aclnnop/aclnn_weight_quant_matmul_all_reduce.h"
#include "aclnnop/aclnn_quant_matmul_all_reduce_add_rms_norm.h"
#include "aclnnop/aclnn_weight_quant_matmul_all_reduce_add_rms_norm.h"
#include "hccl/hccl.h"
#include "hccl_common.h"

#define MAXR 4
#define M 8 /* rows per rank (x1); reduce-scatter splits them */
#define K 6
#define NN 5

static int g_fail;
static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;

#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            pthread_mutex_lock(&g_mu);                                                             \
            fprintf(stderr, "%s:%d: EXPECT failed: %s (%s)\n", __FILE__, __LINE__, #c,             \
                    aclGetRecentErrMsg() ? aclGetRecentErrMsg() : "");                             \
            g_fail++;                                                                              \
            pthread_mutex_unlock(&g_mu);                                                           \
        }                                                                                          \
    } while (0)
#define CHECK(c)                                                                                   \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c);                  \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* Deterministic inputs every rank can recompute for every other: what 1..4 multiples of
 * 1/4 in [-1, 1]; the quantised cases' small integers (11 x1 in [-1, 1], 12 x2 in [-2, 2],
 * 13 bias in [-3, 3], 16 offsets in [-1, 1]) and powers of two (14 per-channel scales
 * 1/2, 1/4, 1/8; 15 per-token scales 1/2, 1, 2). */
static double val(int what, uint32_t r, int64_t i)
{
    switch (what) {
    case 11:
        return (double)((i * 7 + r * 3) % 3 - 1);
    case 12:
        return (double)((i * 5 + r) % 5 - 2);
    case 13:
        return (double)((i + r) % 7 - 3);
    case 14:
        return ldexp(1.0, -(int)(1 + (i + r) % 3));
    case 15:
        return ldexp(1.0, (int)((i + r) % 3) - 1);
    case 16:
        return (double)((i + 2 * r) % 3 - 1);
    default:
        return (double)((int64_t)(i * 7 + r * 3 + what * 5) % 9 - 4) * 0.25;
    }
}

static HcclDataType hdt(aclDataType t)
{
    switch (t) {
    case ACL_FLOAT16:
        return HCCL_DATA_TYPE_FP16;
    case ACL_BF16:
        return HCCL_DATA_TYPE_BFP16;
    case ACL_INT8:
        return HCCL_DATA_TYPE_INT8;
    case ACL_INT32:
        return HCCL_DATA_TYPE_INT32;
    default:
        return HCCL_DATA_TYPE_FP32;
    }
}

/* A device tensor of dims filled from val(what, r, .) (what < 0: zeros). */
static aclTensor *tensor(aclDataType t, const int64_t *dims, int nd, int what, uint32_t r,
                         void **dev)
{
    int64_t st[3], n = 1;
    for (int d = nd - 1; d >= 0; d--) {
        st[d] = n;
        n *= dims[d];
    }
    size_t bytes = (size_t)n * tc_size(hdt(t));
    void *h = malloc(bytes ? bytes : 2);
    for (int64_t i = 0; i < n; i++)
        tc_put(hdt(t), h, (size_t)i, what < 0 ? 0.0 : val(what, r, i));
    CHECK(aclrtMalloc(dev, bytes ? bytes : 2, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    if (bytes)
        CHECK(aclrtMemcpy(*dev, bytes, h, bytes, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    free(h);
    aclTensor *x =
        aclCreateTensor(dims, (uint64_t)nd, t, st, 0, ACL_FORMAT_ND, dims, (uint64_t)nd, *dev);
    CHECK(x);
    return x;
}

/* Reference of rank q's product row i, column j: x1 (what 1, rows of x1r rows) @ x2 (what 2,
 * rank q's) + bias (what 3) + x3 (what 4). */
static double prod(uint32_t q, int64_t i, int64_t j, int bias, int x3, int64_t rows)
{
    double s = 0;
    for (int64_t c = 0; c < K; c++)
        s += val(1, q, i * K + c) * val(2, q, c * NN + j);
    (void)rows;
    return s + (bias ? val(3, q, j) : 0) + (x3 ? val(4, q, i * NN + j) : 0);
}

static void fetch_check(const char *what, aclDataType t, void *dev, int64_t n,
                        double (*ref)(int64_t, void *), void *ctx)
{
    void *h = malloc((size_t)n * 2 + 2);
    CHECK(aclrtMemcpy(h, (size_t)n * 2 + 2, dev, (size_t)n * 2, ACL_MEMCPY_DEVICE_TO_HOST) ==
          ACL_SUCCESS);
    int bad = 0;
    for (int64_t i = 0; i < n && bad < 1; i++) {
        double got = tc_get(hdt(t), h, (size_t)i), want = ref(i, ctx);
        /* one rounding of the exact sum to the type (bfloat16: 8 significant bits) */
        if (fabs(got - want) > fabs(want) * (t == ACL_BF16 ? 0x1p-8 : 0x1p-11)) {
            pthread_mutex_lock(&g_mu);
            fprintf(stderr, "%s (%s): element %lld = %g, expected %g\n", what,
                    t == ACL_FLOAT16 ? "float16" : "bfloat16", (long long)i, got, want);
            g_fail++;
            bad++;
            pthread_mutex_unlock(&g_mu);
        }
    }
    free(h);
}

struct ctx {
    uint32_t n, r;
    int bias, x3;
    int64_t rows;
};

static double ref_allreduce(int64_t e, void *p)
{
    const struct ctx *c = p;
    double s = 0;
    for (uint32_t q = 0; q < c->n; q++)
        s += prod(q, e / NN, e % NN, c->bias, c->x3, M);
    return s;
}

static double ref_scatter(int64_t e, void *p)
{
    const struct ctx *c = p;
    int64_t row = c->r * (M / c->n) + e / NN;
    double s = 0;
    for (uint32_t q = 0; q < c->n; q++)
        s += prod(q, row, e % NN, c->bias, 0, M);
    return s;
}

/* AllGatherMatmul: row i of the gather is rank i / M's row i % M; x2 and bias are this rank's. */
static double ref_gather_mm(int64_t e, void *p)
{
    const struct ctx *c = p;
    int64_t i = e / NN, j = e % NN;
    uint32_t q = (uint32_t)(i / M);
    double s = 0;
    for (int64_t k = 0; k < K; k++)
        s += val(1, q, (i % M) * K + k) * val(2, c->r, k * NN + j);
    return s + (c->bias ? val(3, c->r, j) : 0);
}

static double ref_gather(int64_t e, void *p)
{
    (void)p;
    return val(1, (uint32_t)(e / (M * K)), e % (M * K));
}

struct rank_arg {
    uint32_t n, r;
    int32_t dev;
    const char *group;
};

static void run(aclnnStatus (*phase2)(void *, uint64_t, aclOpExecutor *, aclrtStream),
                aclnnStatus rc, aclOpExecutor *e, aclrtStream s)
{
    EXPECT(rc == ACLNN_SUCCESS);
    if (rc == ACLNN_SUCCESS && (rc = phase2(NULL, 0, e, s)) != ACLNN_SUCCESS) {
        fprintf(stderr, "phase 2: %d\n", (int)rc);
        EXPECT(rc == ACLNN_SUCCESS);
    }
}
/* The first phase (which sets e) before the second. */
#define RUN(phase2, call)                                                                          \
    do {                                                                                           \
        aclnnStatus rc_ = (call);                                                                  \
        run(phase2, rc_, e, s);                                                                    \
    } while (0)

/* ---- the quantised fusions ---- */

struct qctx {
    uint32_t n;
    aclDataType t;
    int pertoken, wq;
};

/* Rank q's output element (i, j) before the reduction, rounded to the output type as the
 * product is (exact for these inputs), plus x3. */
static double qprod(const struct qctx *c, uint32_t q, int64_t i, int64_t j)
{
    double acc = 0;
    if (c->wq) { /* x1 @ ((x2 + offset) * scale) + bias */
        for (int64_t k = 0; k < K; k++)
            acc += val(1, q, i * K + k) * (val(12, q, k * NN + j) + val(16, q, j)) * val(14, q, j);
        acc += val(3, q, j);
    } else { /* scale * pertoken * (x1 @ x2 + bias) */
        for (int64_t k = 0; k < K; k++)
            acc += val(11, q, i * K + k) * val(12, q, k * NN + j);
        acc = (acc + val(13, q, j)) * val(14, q, j) * (c->pertoken ? val(15, q, i) : 1.0);
    }
    return acc + val(4, q, i * NN + j);
}

static double ref_quant(int64_t e, void *p)
{
    const struct qctx *c = p;
    double s = 0;
    for (uint32_t q = 0; q < c->n; q++)
        s += qprod(c, q, e / NN, e % NN);
    return s;
}

/* V3's low-bit communication (ops/mc2/quant_comm.c QC2): every rank's product + x3
 * quantised by s1 (what 14, rank 0's: the same on every rank), summed per row block and
 * requantised by s1 / s2 (s2: what 14 shifted by one channel), gathered, times s2. */
static int8_t sat8(float v)
{
    v = rintf(v);
    return (int8_t)(v > 127.0f ? 127.0f : v < -128.0f ? -128.0f : v);
}

static double ref_lowbit(int64_t e, void *p)
{
    const struct qctx *c = p;
    const int64_t i = e / NN, j = e % NN;
    const float s1 = (float)val(14, 0, j), s2 = (float)val(14, 0, j + 1);
    float sum = 0;
    for (uint32_t q = 0; q < c->n; q++)
        sum += (float)sat8((float)qprod(c, q, i, j) / s1);
    return (double)((float)sat8(sum * (s1 / s2)) * s2);
}

static void quant_cases(const struct rank_arg *a, aclrtStream s)
{
    const aclDataType types[2] = {ACL_FLOAT16, ACL_BF16};
    for (int ti = 0; ti < 2; ti++) {
        aclDataType t = types[ti];
        int64_t d1[3] = {2, M / 2, K}, d2[2] = {K, NN}, db[1] = {NN}, dout[3] = {2, M / 2, NN},
                dpt[1] = {M};
        void *m[12];
        aclTensor *x1 = tensor(ACL_INT8, d1, 3, 11, a->r, &m[0]),
                  *x2 = tensor(ACL_INT8, d2, 2, 12, a->r, &m[1]),
                  *bias = tensor(ACL_INT32, db, 1, 13, a->r, &m[2]),
                  *scale = tensor(t == ACL_BF16 ? ACL_BF16 : ACL_FLOAT, db, 1, 14, a->r, &m[3]),
                  *pt = tensor(ACL_FLOAT, dpt, 1, 15, a->r, &m[4]),
                  *x3 = tensor(t, dout, 3, 4, a->r, &m[5]), *o1 = tensor(t, dout, 3, -1, 0, &m[6]),
                  *o2 = tensor(t, dout, 3, -1, 0, &m[7]), *o3 = tensor(t, dout, 3, -1, 0, &m[8]),
                  *w1 = tensor(t, d1, 3, 1, a->r, &m[9]), *asc = tensor(t, db, 1, 14, a->r, &m[10]),
                  *aoff = tensor(t, db, 1, 16, a->r, &m[11]);
        void *mb2, *mo4, *mo5, *ms1, *ms2;
        aclTensor *fbias = tensor(t, db, 1, 3, a->r, &mb2), *o4 = tensor(t, dout, 3, -1, 0, &mo4),
                  *o5 = tensor(t, dout, 3, -1, 0, &mo5), *cs1 = tensor(t, db, 1, 14, 0, &ms1);
        int64_t db1[1] = {NN + 1};
        aclTensor *cs2full = tensor(t, db1, 1, 14, 0, &ms2); /* s2[j] = what 14 at j + 1 */
        int64_t st1[1] = {1};
        aclTensor *cs2 = aclCreateTensor(db, 1, t, st1, 1, ACL_FORMAT_ND, db1, 1, ms2);
        uint64_t ws;
        aclOpExecutor *e;
        RUN(aclnnQuantMatmulAllReduce,
            aclnnQuantMatmulAllReduceGetWorkspaceSize(x1, x2, bias, x3, scale, a->group, "sum", 0,
                                                      1, o1, &ws, &e));
        RUN(aclnnQuantMatmulAllReduceV2,
            aclnnQuantMatmulAllReduceV2GetWorkspaceSize(x1, x2, bias, x3, scale, pt, a->group,
                                                        "sum", 0, 1, o2, &ws, &e));
        RUN(aclnnQuantMatmulAllReduceV3,
            aclnnQuantMatmulAllReduceV3GetWorkspaceSize(x1, x2, bias, x3, scale, pt, NULL, NULL,
                                                        a->group, "sum", 0, 1, o3, &ws, &e));
        RUN(aclnnWeightQuantMatmulAllReduce,
            aclnnWeightQuantMatmulAllReduceGetWorkspaceSize(w1, x2, fbias, asc, aoff, x3, a->group,
                                                            "sum", 0, 1, 0, o4, &ws, &e));
        RUN(aclnnQuantMatmulAllReduceV3,
            aclnnQuantMatmulAllReduceV3GetWorkspaceSize(x1, x2, bias, x3, scale, pt, cs1, cs2,
                                                        a->group, "sum", 0, 1, o5, &ws, &e));
        CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        struct qctx c = {a->n, t, 0, 0};
        fetch_check("QuantMatmulAllReduce", t, m[6], M * NN, ref_quant, &c);
        c.pertoken = 1;
        fetch_check("QuantMatmulAllReduceV2", t, m[7], M * NN, ref_quant, &c);
        fetch_check("QuantMatmulAllReduceV3", t, m[8], M * NN, ref_quant, &c);
        fetch_check("QuantMatmulAllReduceV3, low-bit", t, mo5, M * NN, ref_lowbit, &c);
        c.pertoken = 0;
        c.wq = 1;
        fetch_check("WeightQuantMatmulAllReduce", t, mo4, M * NN, ref_quant, &c);
        aclTensor *ts[] = {x1, x2, bias, scale, pt, x3, o1, o2, o3, w1, asc, aoff, fbias, o4};
        for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++)
            aclDestroyTensor(ts[i]);
        for (int i = 0; i < 12; i++)
            aclrtFree(m[i]);
        aclDestroyTensor(o5);
        aclDestroyTensor(cs1);
        aclDestroyTensor(cs2);
        aclDestroyTensor(cs2full);
        aclrtFree(mb2);
        aclrtFree(mo4);
        aclrtFree(mo5);
        aclrtFree(ms1);
        aclrtFree(ms2);
    }
}

/* ---- the AddRmsNorm fusions ---- */

/* v rounded to nearest even in t (float16 or bfloat16). */
static double round_t(aclDataType t, double v)
{
    float f = (float)v;
    if (t == ACL_FLOAT16)
        return aclFloat16ToFloat(aclFloatToFloat16(f));
    uint32_t u;
    memcpy(&u, &f, 4);
    u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
    memcpy(&f, &u, 4);
    return f;
}

#define EPS 1e-6

struct nctx {
    uint32_t n, r;
    aclDataType t;
    int kind; /* 0 float, 1 quant, 2 weight-quant */
    int norm; /* 0: y, 1: normOut */
};

/* a = mm_out (the sum over ranks, rounded once) + residual, element (i, j) */
static double norm_a(const struct nctx *c, int64_t i, int64_t j)
{
    struct qctx q = {c->n, c->t, 0, c->kind == 2};
    double mm = 0;
    for (uint32_t r = 0; r < c->n; r++)
        mm += c->kind == 0 ? prod(r, i, j, 1, 0, M) : qprod(&q, r, i, j) - val(4, r, i * NN + j);
    return round_t(c->t, mm) + val(5, c->r, i * NN + j);
}

static double ref_norm(int64_t e, void *p)
{
    const struct nctx *c = p;
    const int64_t i = e / NN, j = e % NN;
    const double a = norm_a(c, i, j);
    if (!c->norm)
        return round_t(c->t, a);
    double ss = 0;
    for (int64_t jj = 0; jj < NN; jj++)
        ss += norm_a(c, i, jj) * norm_a(c, i, jj);
    return round_t(c->t, a / sqrt(ss / NN + EPS) * val(2, c->r, j));
}

static void norm_cases(const struct rank_arg *a, aclrtStream s)
{
    const aclDataType types[2] = {ACL_FLOAT16, ACL_BF16};
    for (int ti = 0; ti < 2; ti++) {
        aclDataType t = types[ti];
        int64_t d1[2] = {M, K}, d2[2] = {K, NN}, db[1] = {NN}, dres[3] = {2, M / 2, NN};
        enum { X1, X2, B, QX1, QX2, QB, SC, WX1, ASC, AOFF, G, R0, NBUF };
        void *m[NBUF], *my[3], *mn[6], *mr[3];
        aclTensor *in[NBUF] = {
            tensor(t, d1, 2, 1, a->r, &m[X1]),
            tensor(t, d2, 2, 2, a->r, &m[X2]),
            tensor(t, db, 1, 3, a->r, &m[B]),
            tensor(ACL_INT8, d1, 2, 11, a->r, &m[QX1]),
            tensor(ACL_INT8, d2, 2, 12, a->r, &m[QX2]),
            tensor(ACL_INT32, db, 1, 13, a->r, &m[QB]),
            tensor(t == ACL_BF16 ? ACL_BF16 : ACL_FLOAT, db, 1, 14, a->r, &m[SC]),
            tensor(t, d1, 2, 1, a->r, &m[WX1]),
            tensor(t, db, 1, 14, a->r, &m[ASC]),
            tensor(t, db, 1, 16, a->r, &m[AOFF]),
            tensor(t, db, 1, 2, a->r, &m[G]),
            tensor(t, dres, 3, 5, a->r, &m[R0])};
        aclTensor *y[3], *no[6], *res[3];
        for (int i = 0; i < 3; i++) {
            y[i] = tensor(t, dres, 3, -1, 0, &my[i]);
            res[i] = tensor(t, dres, 3, 5, a->r, &mr[i]); /* the Inplace forms' residual */
        }
        for (int i = 0; i < 6; i++)
            no[i] = tensor(t, dres, 3, -1, 0, &mn[i]);
        uint64_t ws;
        aclOpExecutor *e;
        RUN(aclnnMatmulAllReduceAddRmsNorm, aclnnMatmulAllReduceAddRmsNormGetWorkspaceSize(
                                                in[X1], in[X2], in[B], in[R0], in[G], EPS, a->group,
                                                "sum", 0, 1, y[0], no[0], &ws, &e));
        RUN(aclnnInplaceMatmulAllReduceAddRmsNorm,
            aclnnInplaceMatmulAllReduceAddRmsNormGetWorkspaceSize(
                in[X1], in[X2], in[B], res[0], in[G], EPS, a->group, "sum", 0, 1, no[1], &ws, &e));
        RUN(aclnnQuantMatmulAllReduceAddRmsNorm,
            aclnnQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(in[QX1], in[QX2], in[QB], in[SC],
                                                                in[R0], in[G], EPS, a->group, "sum",
                                                                0, 1, y[1], no[2], &ws, &e));
        RUN(aclnnInplaceQuantMatmulAllReduceAddRmsNorm,
            aclnnInplaceQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(
                in[QX1], in[QX2], in[QB], in[SC], res[1], in[G], EPS, a->group, "sum", 0, 1, no[3],
                &ws, &e));
        RUN(aclnnWeightQuantMatmulAllReduceAddRmsNorm,
            aclnnWeightQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(
                in[WX1], in[QX2], in[B], in[ASC], in[AOFF], in[R0], in[G], EPS, a->group, "sum", 0,
                1, 0, y[2], no[4], &ws, &e));
        RUN(aclnnInplaceWeightQuantMatmulAllReduceAddRmsNorm,
            aclnnInplaceWeightQuantMatmulAllReduceAddRmsNormGetWorkspaceSize(
                in[WX1], in[QX2], in[B], in[ASC], in[AOFF], res[2], in[G], EPS, a->group, "sum", 0,
                1, 0, no[5], &ws, &e));
        CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        static const char *const names[3] = {"MatmulAllReduceAddRmsNorm",
                                             "QuantMatmulAllReduceAddRmsNorm",
                                             "WeightQuantMatmulAllReduceAddRmsNorm"};
        for (int k = 0; k < 3; k++) {
            char what[96];
            struct nctx c = {a->n, a->r, t, k, 0};
            snprintf(what, sizeof what, "%s y", names[k]);
            fetch_check(what, t, my[k], M * NN, ref_norm, &c);
            snprintf(what, sizeof what, "Inplace%s residual", names[k]);
            fetch_check(what, t, mr[k], M * NN, ref_norm, &c);
            c.norm = 1;
            snprintf(what, sizeof what, "%s normOut", names[k]);
            fetch_check(what, t, mn[2 * k], M * NN, ref_norm, &c);
            snprintf(what, sizeof what, "Inplace%s normOut", names[k]);
            fetch_check(what, t, mn[2 * k + 1], M * NN, ref_norm, &c);
        }
        for (int i = 0; i < NBUF; i++) {
            aclDestroyTensor(in[i]);
            aclrtFree(m[i]);
        }
        for (int i = 0; i < 3; i++) {
            aclDestroyTensor(y[i]);
            aclDestroyTensor(res[i]);
            aclrtFree(my[i]);
            aclrtFree(mr[i]);
        }
        for (int i = 0; i < 6; i++) {
            aclDestroyTensor(no[i]);
            aclrtFree(mn[i]);
        }
    }
}

/* Empty tensors (CANN: b * s and n may be 0): nothing to compute or exchange, success. */
static void empty_cases(const struct rank_arg *a, aclrtStream s)
{
    const aclDataType t = ACL_FLOAT16;
    int64_t d1[2] = {0, K}, d2[2] = {K, NN}, dout[2] = {0, NN}, dres[3] = {0, 1, NN}, dg[1] = {NN};
    void *m[6];
    aclTensor *x1 = tensor(t, d1, 2, 1, a->r, &m[0]), *x2 = tensor(t, d2, 2, 2, a->r, &m[1]),
              *out = tensor(t, dout, 2, -1, 0, &m[2]), *res = tensor(t, dres, 3, -1, 0, &m[3]),
              *g = tensor(t, dg, 1, 2, a->r, &m[4]), *no = tensor(t, dres, 3, -1, 0, &m[5]);
    uint64_t ws;
    aclOpExecutor *e;
    RUN(aclnnMatmulAllReduce,
        aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, NULL, a->group, "sum", 0, 1, out, &ws, &e));
    RUN(aclnnAllGatherMatmul,
        aclnnAllGatherMatmulGetWorkspaceSize(x1, x2, NULL, a->group, 0, 0, 1, out, NULL, &ws, &e));
    RUN(aclnnInplaceMatmulAllReduceAddRmsNorm,
        aclnnInplaceMatmulAllReduceAddRmsNormGetWorkspaceSize(x1, x2, NULL, res, g, EPS, a->group,
                                                              "sum", 0, 1, no, &ws, &e));
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    aclTensor *ts[] = {x1, x2, out, res, g, no};
    for (int i = 0; i < 6; i++) {
        aclDestroyTensor(ts[i]);
        aclrtFree(m[i]);
    }
}

static void *rank_thread(void *p)
{
    const struct rank_arg *a = p;
    CHECK(aclrtSetDevice(a->dev) == ACL_SUCCESS);
    aclrtStream s;
    CHECK(aclrtCreateStream(&s) == ACL_SUCCESS);
    const aclDataType types[2] = {ACL_FLOAT16, ACL_BF16};
    for (int ti = 0; ti < 2; ti++) {
        aclDataType t = types[ti];
        int64_t d1[2] = {M, K}, d1b[3] = {2, M / 2, K}, d2[2] = {K, NN}, db[1] = {NN},
                dout[2] = {M, NN}, dout3[3] = {2, M / 2, NN}, drs[2] = {M / a->n, NN},
                dag[2] = {M * a->n, NN}, dg[2] = {M * a->n, K};
        void *m1, *m1b, *m2, *mb, *m3, *mo, *mo3, *mo2, *mrs, *mag, *mg, *mcopy;
        aclTensor *x1 = tensor(t, d1, 2, 1, a->r, &m1), *x1b = tensor(t, d1b, 3, 1, a->r, &m1b),
                  *x2 = tensor(t, d2, 2, 2, a->r, &m2), *bias = tensor(t, db, 1, 3, a->r, &mb),
                  *x3 = tensor(t, dout, 2, 4, a->r, &m3), *out = tensor(t, dout, 2, -1, 0, &mo),
                  *out3 = tensor(t, dout3, 3, -1, 0, &mo3), *out2 = tensor(t, dout, 2, -1, 0, &mo2),
                  *rs = tensor(t, drs, 2, -1, 0, &mrs), *ag = tensor(t, dag, 2, -1, 0, &mag),
                  *g = tensor(t, dg, 2, -1, 0, &mg);
        CHECK(aclrtMalloc(&mcopy, M * NN * 2, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        uint64_t ws;
        aclOpExecutor *e;
        /* all-reduce with bias; the next task on the stream (a copy) sees the reduced sum */
        RUN(aclnnMatmulAllReduce, aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, bias, a->group,
                                                                       "sum", 0, 1, out, &ws, &e));
        CHECK(aclrtMemcpyAsync(mcopy, M * NN * 2, mo, M * NN * 2, ACL_MEMCPY_DEVICE_TO_DEVICE, s) ==
              ACL_SUCCESS);
        /* 3-D x1, no bias, commTurn 4 (NPU pipelining only) */
        RUN(aclnnMatmulAllReduce, aclnnMatmulAllReduceGetWorkspaceSize(x1b, x2, NULL, a->group,
                                                                       "sum", 4, 1, out3, &ws, &e));
        RUN(aclnnMatmulAllReduceV2, aclnnMatmulAllReduceV2GetWorkspaceSize(
                                        x1, x2, bias, x3, a->group, "sum", 0, 1, out2, &ws, &e));
        RUN(aclnnMatmulReduceScatter, aclnnMatmulReduceScatterGetWorkspaceSize(
                                          x1, x2, bias, a->group, "sum", 0, 1, rs, &ws, &e));
        RUN(aclnnAllGatherMatmul,
            aclnnAllGatherMatmulGetWorkspaceSize(x1, x2, bias, a->group, 0, 0, 1, ag, g, &ws, &e));
        CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        struct ctx c = {a->n, a->r, 1, 0, M};
        fetch_check("MatmulAllReduce", t, mo, M * NN, ref_allreduce, &c);
        fetch_check("MatmulAllReduce, the next task", t, mcopy, M * NN, ref_allreduce, &c);
        fetch_check("MatmulReduceScatter", t, mrs, M / a->n * NN, ref_scatter, &c);
        fetch_check("AllGatherMatmul output", t, mag, M * a->n * NN, ref_gather_mm, &c);
        fetch_check("AllGatherMatmul gatherOut", t, mg, M * a->n * K, ref_gather, &c);
        c.x3 = 1;
        fetch_check("MatmulAllReduceV2", t, mo2, M * NN, ref_allreduce, &c);
        c.x3 = 0;
        c.bias = 0;
        fetch_check("MatmulAllReduce 3-D", t, mo3, M * NN, ref_allreduce, &c);
        /* AllGatherMatmul without gatherOut (the gather in a buffer of the plan) */
        CHECK(aclrtMemset(mag, M * a->n * NN * 2, 0, M * a->n * NN * 2) == ACL_SUCCESS);
        RUN(aclnnAllGatherMatmul, aclnnAllGatherMatmulGetWorkspaceSize(x1, x2, NULL, a->group, 0, 0,
                                                                       1, ag, NULL, &ws, &e));
        CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        fetch_check("AllGatherMatmul, no gatherOut", t, mag, M * a->n * NN, ref_gather_mm, &c);
        aclTensor *ts[] = {x1, x1b, x2, bias, x3, out, out3, out2, rs, ag, g};
        void *ms[] = {m1, m1b, m2, mb, m3, mo, mo3, mo2, mrs, mag, mg, mcopy};
        for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++)
            aclDestroyTensor(ts[i]);
        for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++)
            aclrtFree(ms[i]);
    }
    quant_cases(a, s);
    norm_cases(a, s);
    empty_cases(a, s);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
    return NULL;
}

static void ranks(uint32_t n)
{
    int32_t devs[MAXR] = {0, 1, 2, 3};
    HcclComm comms[MAXR];
    CHECK(HcclCommInitAll(n, devs, comms) == HCCL_SUCCESS);
    char name[COMM_NAME_MAX_LENGTH];
    CHECK(HcclGetCommName(comms[0], name) == HCCL_SUCCESS);
    pthread_t th[MAXR];
    struct rank_arg a[MAXR];
    for (uint32_t r = 0; r < n; r++) {
        a[r] = (struct rank_arg){n, r, devs[r], name};
        CHECK(pthread_create(&th[r], NULL, rank_thread, &a[r]) == 0);
    }
    for (uint32_t r = 0; r < n; r++)
        pthread_join(th[r], NULL);
    for (uint32_t r = 0; r < n; r++)
        CHECK(HcclCommDestroy(comms[r]) == HCCL_SUCCESS);
}

static int msg_has(const char *s)
{
    const char *m = aclGetRecentErrMsg();
    return m && strstr(m, s);
}

static void codes(void)
{
    int32_t devs[2] = {0, 1};
    HcclComm comms[2];
    CHECK(HcclCommInitAll(2, devs, comms) == HCCL_SUCCESS);
    char name[COMM_NAME_MAX_LENGTH];
    CHECK(HcclGetCommName(comms[0], name) == HCCL_SUCCESS);
    CHECK(aclrtSetDevice(0) == ACL_SUCCESS);
    aclrtStream s;
    CHECK(aclrtCreateStream(&s) == ACL_SUCCESS);
    const aclDataType t = ACL_FLOAT16;
    int64_t d1[2] = {M, K}, d2[2] = {K, NN}, dbad[2] = {K + 1, NN}, dout[2] = {M, NN}, db[1] = {NN},
            dbb[1] = {NN + 1}, drs[2] = {M / 2, NN}, d7[2] = {7, K}, d7o[2] = {7, NN},
            dag[2] = {2 * M, NN};
    void *m[12];
    aclTensor *x1 = tensor(t, d1, 2, 1, 0, &m[0]), *x2 = tensor(t, d2, 2, 2, 0, &m[1]),
              *x2bad = tensor(t, dbad, 2, 2, 0, &m[2]), *out = tensor(t, dout, 2, -1, 0, &m[3]),
              *badbias = tensor(t, dbb, 1, 3, 0, &m[4]), *rs = tensor(t, drs, 2, -1, 0, &m[5]),
              *x17 = tensor(t, d7, 2, 1, 0, &m[6]), *out7 = tensor(t, d7o, 2, -1, 0, &m[7]),
              *ag = tensor(t, dag, 2, -1, 0, &m[8]), *bias = tensor(t, db, 1, 3, 0, &m[9]),
              *f32 = tensor(ACL_FLOAT, d1, 2, -1, 0, &m[10]),
              *outbad = tensor(t, drs, 2, -1, 0, &m[11]);
    uint64_t ws;
    aclOpExecutor *e;
    /* NULL pointers: 161001 */
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(NULL, x2, NULL, name, "sum", 0, 1, out, &ws, &e) ==
           ACLNN_ERR_PARAM_NULLPTR);
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, NULL, NULL, "sum", 0, 1, out, &ws, &e) ==
           ACLNN_ERR_PARAM_NULLPTR);
    EXPECT(msg_has("group"));
    EXPECT(aclnnAllGatherMatmulGetWorkspaceSize(x1, x2, NULL, name, 0, 0, 1, NULL, NULL, &ws, &e) ==
           ACLNN_ERR_PARAM_NULLPTR);
    EXPECT(aclnnMatmulAllReduce(NULL, 0, NULL, s) == ACLNN_ERR_PARAM_NULLPTR);
    /* an unknown group */
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, NULL, "no_such_group", "sum", 0, 1, out,
                                                &ws, &e) == ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("no_such_group"));
    /* shapes, types, options */
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2bad, NULL, name, "sum", 0, 1, out, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("k"));
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, badbias, name, "sum", 0, 1, out, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("bias"));
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, NULL, name, "sum", 0, 1, outbad, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("output"));
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(f32, x2, NULL, name, "sum", 0, 1, out, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("x1"));
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, NULL, name, "max", 0, 1, out, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("reduceOp"));
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, NULL, name, "sum", 0, 0, out, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("streamMode"));
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, NULL, name, "sum", -1, 1, out, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("commTurn"));
    EXPECT(aclnnMatmulAllReduceV2GetWorkspaceSize(x1, x2, NULL, rs, name, "sum", 0, 1, out, &ws,
                                                  &e) == ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("x3"));
    EXPECT(aclnnMatmulReduceScatterGetWorkspaceSize(x17, x2, NULL, name, "sum", 0, 1, out7, &ws,
                                                    &e) == ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("ranks"));
    EXPECT(aclnnMatmulReduceScatterGetWorkspaceSize(x1, x2, NULL, name, "sum", 0, 1, out, &ws,
                                                    &e) == ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("output"));
    EXPECT(aclnnAllGatherMatmulGetWorkspaceSize(x1, x2, NULL, name, 1, 0, 1, ag, NULL, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("gatherIndex"));
    EXPECT(aclnnAllGatherMatmulGetWorkspaceSize(x1, x2, NULL, name, 0, 0, 1, out, NULL, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("output"));
    /* phase 1 on a live group, the group destroyed, then phase 2: 161002, nothing queued;
     * the executor is then destroyed by the caller (its product steps with it) */
    aclOpExecutor *e1 = NULL, *e2 = NULL;
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, bias, name, "sum", 0, 1, out, &ws, &e1) ==
           ACLNN_SUCCESS);
    EXPECT(aclnnMatmulReduceScatterGetWorkspaceSize(x1, x2, NULL, name, "sum", 0, 1, rs, &ws,
                                                    &e2) == ACLNN_SUCCESS);
    EXPECT(aclSetAclOpExecutorRepeatable(e2) == ACLNN_SUCCESS);
    /* another operator's executor is not an MC2 one */
    EXPECT(aclnnMatmulReduceScatter(NULL, 0, e2, s) == ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has("once"));
    CHECK(HcclCommDestroy(comms[0]) == HCCL_SUCCESS);
    CHECK(HcclCommDestroy(comms[1]) == HCCL_SUCCESS);
    EXPECT(aclnnMatmulAllReduce(NULL, 0, e1, s) == ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has(name));
    EXPECT(aclrtSynchronizeStream(s) == ACL_SUCCESS); /* nothing was queued */
    EXPECT(aclDestroyAclOpExecutor(e1) == ACLNN_SUCCESS);
    EXPECT(aclDestroyAclOpExecutor(e2) == ACLNN_SUCCESS);
    /* a destroyed communicator's name at phase 1 */
    EXPECT(aclnnMatmulAllReduceGetWorkspaceSize(x1, x2, NULL, name, "sum", 0, 1, out, &ws, &e) ==
           ACLNN_ERR_PARAM_INVALID);
    EXPECT(msg_has(name));
    aclTensor *ts[] = {x1, x2, x2bad, out, badbias, rs, x17, out7, ag, bias, f32, outbad};
    for (int i = 0; i < 12; i++) {
        aclDestroyTensor(ts[i]);
        aclrtFree(m[i]);
    }
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

/* One rank per process of an MPI job of n processes (n divides M). */
static void mpi_rank(int wrank, int n)
{
    HcclRootInfo info;
    if (wrank == 0)
        CHECK(HcclGetRootInfo(&info) == HCCL_SUCCESS);
    MPI_Bcast(&info, sizeof info, MPI_BYTE, 0, MPI_COMM_WORLD);
    CHECK(aclrtSetDevice(0) == ACL_SUCCESS);
    HcclComm comm;
    CHECK(HcclCommInitRootInfo((uint32_t)n, &info, (uint32_t)wrank, &comm) == HCCL_SUCCESS);
    char name[COMM_NAME_MAX_LENGTH];
    CHECK(HcclGetCommName(comm, name) == HCCL_SUCCESS);
    struct rank_arg a = {(uint32_t)n, (uint32_t)wrank, 0, name};
    rank_thread(&a);
    CHECK(HcclCommDestroy(comm) == HCCL_SUCCESS);
}

int main(void)
{
    const char *ws = getenv("OMPI_COMM_WORLD_SIZE");
    const int mpi = ws && atoi(ws) > 1;
    int wrank = 0, wsize = 1;
    if (mpi) {
        int prov = 0;
        MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &prov);
        MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
        MPI_Comm_size(MPI_COMM_WORLD, &wsize);
        if (M % wsize) {
            if (wrank == 0)
                printf("hccl_mc2: %d processes do not divide %d rows: skipped\n", wsize, M);
            MPI_Finalize();
            return 77;
        }
    } else {
        setenv("CPUACL_DEVICE_COUNT", "4", 0);
    }
    CHECK(aclInit(NULL) == ACL_SUCCESS);
    if (mpi) {
        mpi_rank(wrank, wsize);
    } else {
        ranks(2);
        ranks(4);
        codes();
    }
    CHECK(aclFinalize() == ACL_SUCCESS);
    if (mpi) {
        int fails = 0;
        MPI_Allreduce(&g_fail, &fails, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Finalize();
        g_fail = wrank == 0 ? fails : g_fail;
    }
    if (g_fail) {
        fprintf(stderr, "%d failures\n", g_fail);
        return 1;
    }
    printf("hccl_mc2: ok\n");
    return 0;
}
