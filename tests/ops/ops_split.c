/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Operators split across a device's workers (ops/engine/exec.c EX6, ew.c
 * EW3): the same elementwise operators, above the split threshold, give
 * bit-identical outputs with 1, 2 and 3 workers (each count a child process:
 * a device's workers are fixed at aclInit). Cases: a contiguous float32 Add
 * with an odd tail, a broadcast float16 Mul on padded rows (the converting
 * path), a strided Cast, an in-place Add, a shifted in-place copy whose output
 * overlaps its input (must run as one ordered pass), short rows run in groups (EW4: ggml's
 * Q8_0 dequantisation, a transposed view into padded rows; EW5: the fused dequantisation with
 * float16 (contiguous and padded), bfloat16 and float32 scales, overflowing and NaN scales,
 * rows with vector tails;
 * EW6: float16 <-> float32 Casts in place on one side), a repeatable executor
 * launched twice, and an Add captured into a model and replayed (a captured
 * multi-block task); WeightQuantBatchMatmulV2 at every decode m (1..8), int8
 * and packed int4 at even and odd offsets (QM6: split by output columns), and
 * FusedInferAttentionScoreV2 decode (FA6: split by kv heads, FA8: and by
 * chunks of keys) and a short prompt (FA9: small-row units); Mm / BatchMatMul with few rows and float16 / bfloat16
 * weights (MM9: by output columns and batches); RotaryPositionEmbedding (RP6: by rows; modes 0 and 1,
 * in place); RmsNorm and
 * LayerNorm (NR4: split by rows; float32 in place, a 16 MiB output stored
 * around the cache, float16 on padded rows, y = x) and Softmax / LogSoftmax
 * (SR4: by rows; the last dim, a strided dim, float16, 16 MiB); ReduceSum
 * and Mean over the last dim (RD6: by rows; against the whole run with one
 * worker, a padded out, keepDim). The child prints a hash of every
 * output buffer, gaps included; the parent compares the children line for line.
 */
#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_fused_infer_attention_score_v2.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rotary_position_embedding.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"
#include "optest.h"

static uint64_t hash_buf(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static aclScalar *g_alpha;

static void emit(const char *name, const ot_tensor *t)
{
    printf("%s %016llx\n", name, (unsigned long long)hash_buf(t->buf, t->bytes));
}

static void run_add(const ot_tensor *a, const ot_tensor *b, ot_tensor *o)
{
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(a->t, b->t, g_alpha, o->t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, g_stream));
}

static void case_add(void)
{
    int64_t d[1] = {(1 << 21) + 333};
    ot_tensor a, b, o;
    ot_make(&a, ACL_FLOAT, 1, d, L_CONTIG);
    ot_make(&b, ACL_FLOAT, 1, d, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 1, d, L_CONTIG);
    ot_fill(&a, -4, 4);
    ot_fill(&b, -4, 4);
    run_add(&a, &b, &o);
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    for (int64_t i = 0; i < d[0]; i += 4099) /* the values, not only the same bytes */
        CHECK(ot_get(&o, i) == (double)((float)ot_get(&a, i) + 1.5f * (float)ot_get(&b, i)));
    emit("add_f32", &o);
    OT_FREE(&a, &b, &o);
}

static void case_mul_bcast(void)
{
    int64_t da[2] = {513, 1031}, db[1] = {1031};
    ot_tensor a, b, o;
    ot_make(&a, ACL_FLOAT16, 2, da, L_GAP);
    ot_make(&b, ACL_FLOAT16, 1, db, L_CONTIG);
    ot_make(&o, ACL_FLOAT16, 2, da, L_GAP);
    ot_fill(&a, -2, 2);
    ot_fill(&b, -2, 2);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnMulGetWorkspaceSize(a.t, b.t, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnMul(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    emit("mul_f16_bcast_gap", &o);
    OT_FREE(&a, &b, &o);
}

static void case_cast(void)
{
    int64_t d[2] = {3, 300001};
    ot_tensor a, o;
    ot_make(&a, ACL_FLOAT, 2, d, L_STEP);
    ot_make(&o, ACL_FLOAT16, 2, d, L_CONTIG);
    ot_fill(&a, -70000, 70000);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(a.t, ACL_FLOAT16, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnCast(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    emit("cast_f32_f16_step", &o);
    OT_FREE(&a, &o);
}

static void case_inplace(void)
{
    int64_t d[3] = {4, 257, 1030};
    ot_tensor a, b;
    ot_make(&a, ACL_FLOAT, 3, d, L_CONTIG);
    ot_make(&b, ACL_FLOAT, 3, d, L_TRANS);
    ot_fill(&a, -1, 1);
    ot_fill(&b, -1, 1);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAddGetWorkspaceSize(a.t, b.t, g_alpha, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAdd(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    emit("inplace_add_trans", &a);
    OT_FREE(&a, &b);
}

/* dst = buffer[1 ..], src = buffer[0 ..]: overlapping, shifted by one. */
static void case_shifted_copy(void)
{
    const int64_t n = 1 << 20;
    float *buf = aligned_alloc(64, (size_t)(n + 64) * sizeof(float));
    CHECK(buf);
    for (int64_t i = 0; i < n + 64; i++)
        buf[i] = (float)i;
    int64_t d[1] = {n}, s[1] = {1}, storage = n + 1;
    aclTensor *src = aclCreateTensor(d, 1, ACL_FLOAT, s, 0, ACL_FORMAT_ND, &storage, 1, buf);
    aclTensor *dst = aclCreateTensor(d, 1, ACL_FLOAT, s, 1, ACL_FORMAT_ND, &storage, 1, buf);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceCopyGetWorkspaceSize(dst, src, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceCopy(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    printf("shifted_copy %016llx\n",
           (unsigned long long)hash_buf(buf, (size_t)(n + 64) * sizeof(float)));
    aclDestroyTensor(src);
    aclDestroyTensor(dst);
    free(buf);
}

/* EW4, short rows in groups: ggml's Q8_0 dequantisation (int8 blocks of 32 times a float16
 * scale broadcast along the block, into float32: the result type is float16, ER1), and a
 * float32 Add of 48-element rows from a transposed view plus a row vector into padded rows
 * (rows read and stored one by one). Values against a scalar reference, then the bytes. */
static void case_short_rows(void)
{
    int64_t dw[3] = {4096, 16, 32}, ds[3] = {4096, 16, 1};
    ot_tensor w, sc, o;
    ot_make(&w, ACL_INT8, 3, dw, L_CONTIG);
    ot_make(&sc, ACL_FLOAT16, 3, ds, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 3, dw, L_CONTIG);
    ot_fill(&w, -128, 127);
    ot_fill(&sc, -0.05, 0.05);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnMulGetWorkspaceSize(w.t, sc.t, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnMul(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    for (int64_t i = 0; i < w.numel; i += 997) {
        float want = (float)ot_get(&w, i) * (float)ot_get(&sc, i / 32);
        CHECK(ot_get(&o, i) == ot_f16_to_d(ot_d_to_f16(want)));
    }
    emit("q8_dequant_groups", &o);
    OT_FREE(&w, &sc, &o);

    int64_t da[2] = {20011, 48}, db[1] = {48};
    ot_tensor a, b, y;
    ot_make(&a, ACL_FLOAT, 2, da, L_TRANS);
    ot_make(&b, ACL_FLOAT, 1, db, L_CONTIG);
    ot_make(&y, ACL_FLOAT, 2, da, L_GAP);
    ot_fill(&a, -3, 3);
    ot_fill(&b, -3, 3);
    run_add(&a, &b, &y);
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    for (int64_t i = 0; i < a.numel; i += 101)
        CHECK(ot_get(&y, i) == (double)((float)ot_get(&a, i) + 1.5f * (float)ot_get(&b, i % 48)));
    emit("add_short_rows_trans_gap", &y);
    OT_FREE(&a, &b, &y);
}

/* EW5, the fused dequantisation: int8 rows of 40 (vector tails in every build) times a scale
 * (on scale_layout: padded, read one by one) of each type (float16: rounded through float16; bfloat16: through bfloat16; float32: not
 * rounded), with scales that overflow float16 (+-inf), a NaN and a zero; every element against
 * the product rounded to the result type, then the bytes. */
static void case_dequant(aclDataType sdt, int scale_layout)
{
    int64_t dw[3] = {3001, 7, 40}, ds[3] = {3001, 7, 1};
    ot_tensor w, sc, o;
    ot_make(&w, ACL_INT8, 3, dw, L_CONTIG);
    ot_make(&sc, sdt, 3, ds, scale_layout);
    ot_make(&o, ACL_FLOAT, 3, dw, L_CONTIG);
    ot_fill(&w, -128, 127);
    ot_fill(&sc, -0.05, 0.05);
    ot_set(&sc, 5, 65504.0);
    ot_set(&sc, 1000, -60000.0);
    ot_set(&sc, 7777, NAN);
    ot_set(&sc, 20000, 0.0);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnMulGetWorkspaceSize(w.t, sc.t, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnMul(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    int64_t bad = 0;
    for (int64_t i = 0; i < w.numel; i++) {
        float p = (float)ot_get(&w, i) * (float)ot_get(&sc, i / 40);
        double want = sdt == ACL_FLOAT16 ? ot_f16_to_d(ot_d_to_f16(p))
                      : sdt == ACL_BF16  ? ot_bf16_to_d(ot_d_to_bf16(p))
                                         : (double)p;
        double got = ot_get(&o, i);
        bad += isnan(want) ? !isnan(got) : got != want;
    }
    CHECK(bad == 0);
    CHECK(isinf(ot_get(&o, 5 * 40 + 1)) || ot_get(&w, 5 * 40 + 1) == 0 || sdt != ACL_FLOAT16);
    char name[48];
    snprintf(name, sizeof(name), "q8_dequant_tail_%s_l%d",
             sdt == ACL_FLOAT16 ? "f16" : sdt == ACL_BF16 ? "bf16" : "f32", scale_layout);
    emit(name, &o);
    OT_FREE(&w, &sc, &o);
}

/* EW6, Cast through the identity kernel: float16 -> float32 into out in place (ggml-cann's
 * GET_ROWS of a float16 table) and float32 -> float16 from the input in place, with an odd
 * tail; values against the reference conversions, then the bytes. */
static void case_cast_direct(void)
{
    int64_t d[2] = {1031, 1025};
    ot_tensor h, f, h2;
    ot_make(&h, ACL_FLOAT16, 2, d, L_CONTIG);
    ot_make(&f, ACL_FLOAT, 2, d, L_CONTIG);
    ot_make(&h2, ACL_FLOAT16, 2, d, L_CONTIG);
    ot_fill(&h, -70000, 70000);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(h.t, ACL_FLOAT, f.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnCast(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    int64_t bad = 0;
    for (int64_t i = 0; i < h.numel; i++)
        bad += ot_get(&f, i) != ot_get(&h, i);
    CHECK(bad == 0);
    for (int64_t i = 0; i < f.numel; i++) /* values between float16 steps */
        ot_set(&f, i, ot_get(&f, i) * 1.0001);
    CHECK_NN(ACLNN_SUCCESS, aclnnCastGetWorkspaceSize(f.t, ACL_FLOAT16, h2.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnCast(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    bad = 0;
    for (int64_t i = 0; i < f.numel; i++)
        bad += ot_get(&h2, i) != ot_f16_to_d(ot_d_to_f16(ot_get(&f, i)));
    CHECK(bad == 0);
    emit("cast_f16_f32_direct", &f);
    emit("cast_f32_f16_direct", &h2);
    OT_FREE(&h, &f, &h2);
}

static void case_repeatable(void)
{
    int64_t d[2] = {1024, 1031};
    ot_tensor a, b;
    ot_make(&a, ACL_FLOAT, 2, d, L_CONTIG);
    ot_make(&b, ACL_FLOAT, 2, d, L_CONTIG);
    ot_fill(&a, -1, 1);
    ot_fill(&b, -1, 1);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAddGetWorkspaceSize(a.t, b.t, g_alpha, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclSetAclOpExecutorRepeatable(ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAdd(NULL, 0, ex, g_stream));
    CHECK_NN(ACLNN_SUCCESS, aclnnInplaceAdd(NULL, 0, ex, g_stream));
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    emit("repeatable_twice", &a);
    OT_FREE(&a, &b);
}

/* o = a + 1.5 b captured, replayed twice; the same bytes as an eager run. */
static void case_capture(void)
{
    int64_t d[1] = {3 << 20};
    ot_tensor a, b, o, e;
    ot_make(&a, ACL_FLOAT, 1, d, L_CONTIG);
    ot_make(&b, ACL_FLOAT, 1, d, L_CONTIG);
    ot_make(&o, ACL_FLOAT, 1, d, L_CONTIG);
    ot_make(&e, ACL_FLOAT, 1, d, L_CONTIG);
    ot_fill(&a, -3, 3);
    ot_fill(&b, -3, 3);
    run_add(&a, &b, &e);
    aclrtStream s;
    CHECK_OK(aclrtCreateStream(&s));
    CHECK_OK(aclmdlRICaptureBegin(s, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnAddGetWorkspaceSize(a.t, b.t, g_alpha, o.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnAdd(NULL, 0, ex, s));
    aclmdlRI ri;
    CHECK_OK(aclmdlRICaptureEnd(s, &ri));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    for (int r = 0; r < 2; r++) {
        memset(o.buf, 0x5A, o.bytes);
        CHECK_OK(aclmdlRIExecuteAsync(ri, s));
        CHECK_OK(aclrtSynchronizeStream(s));
        CHECK(memcmp(o.buf, e.buf, o.bytes - 64) == 0);
    }
    CHECK_OK(aclmdlRIDestroy(ri));
    CHECK_OK(aclrtDestroyStream(s));
    emit("captured_add", &o);
    OT_FREE(&a, &b, &o, &e);
}

/* RmsNorm over the last dim (NR4): x [rows, D] in dt on layout, y = x when
 * inplace; each row's rstd checked against a double computation. */
static void case_rms(aclDataType dt, int layout, int64_t rows, int64_t D, bool inplace)
{
    int64_t xd[2] = {rows, D}, gd[1] = {D}, rd[1] = {rows};
    ot_tensor x, y, g, r;
    ot_make(&x, dt, 2, xd, layout);
    ot_make(&y, dt, 2, xd, layout);
    ot_make(&g, dt, 1, gd, L_CONTIG);
    ot_make(&r, ACL_FLOAT, 1, rd, L_CONTIG);
    ot_fill(&x, -3, 3);
    ot_fill(&g, 0.5, 1.5);
    uint64_t ws;
    aclOpExecutor *ex;
    double want[4];
    for (int i = 0; i < 4; i++) { /* rows 0, rows/3, 2 rows/3, rows-1 before an in-place run */
        const int64_t row = i * (rows - 1) / 3;
        double ss = 0;
        for (int64_t j = 0; j < D; j++)
            ss += ot_get(&x, row * D + j) * ot_get(&x, row * D + j);
        want[i] = 1.0 / sqrt(ss / (double)D + 1e-6);
    }
    CHECK_NN(ACLNN_SUCCESS,
             aclnnRmsNormGetWorkspaceSize(x.t, g.t, 1e-6, inplace ? x.t : y.t, r.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnRmsNorm(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    for (int i = 0; i < 4; i++)
        CHECK(fabs(ot_get(&r, i * (rows - 1) / 3) - want[i]) <= 1e-5 * want[i]);
    char name[64];
    snprintf(name, sizeof(name), "rms_%s_l%d_%lldx%lld%s", dt == ACL_FLOAT ? "f32" : "f16", layout,
             (long long)rows, (long long)D, inplace ? "_inplace" : "");
    emit(name, inplace ? &x : &y);
    emit("rms_rstd", &r);
    OT_FREE(&x, &y, &g, &r);
}

static void case_layer_norm(void)
{
    int64_t xd[3] = {3, 129, 2053}, gd[1] = {2053}, md[2] = {3, 129};
    ot_tensor x, y, g, b, mean, rstd;
    ot_make(&x, ACL_FLOAT, 3, xd, L_CONTIG);
    ot_make(&y, ACL_FLOAT, 3, xd, L_CONTIG);
    ot_make(&g, ACL_FLOAT, 1, gd, L_CONTIG);
    ot_make(&b, ACL_FLOAT, 1, gd, L_CONTIG);
    ot_make(&mean, ACL_FLOAT, 2, md, L_CONTIG);
    ot_make(&rstd, ACL_FLOAT, 2, md, L_CONTIG);
    ot_fill(&x, -2, 5);
    ot_fill(&g, 0.5, 1.5);
    ot_fill(&b, -1, 1);
    aclIntArray *ns = aclCreateIntArray(gd, 1);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnLayerNormGetWorkspaceSize(x.t, ns, g.t, b.t, 1e-5, y.t, mean.t,
                                                           rstd.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnLayerNorm(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    emit("layer_norm_y", &y);
    emit("layer_norm_mean", &mean);
    emit("layer_norm_rstd", &rstd);
    aclDestroyIntArray(ns);
    OT_FREE(&x, &y, &g, &b, &mean, &rstd);
}

/* Softmax (or LogSoftmax) of x [rows, cols] in dt on layout over dim (SR4);
 * row 0 along the last dim sums to 1. */
static void case_softmax(aclDataType dt, int layout, int64_t rows, int64_t cols, int64_t dim,
                         bool log)
{
    int64_t xd[2] = {rows, cols};
    ot_tensor x, o;
    ot_make(&x, dt, 2, xd, layout);
    ot_make(&o, dt, 2, xd, layout);
    ot_fill(&x, -8, 8);
    uint64_t ws;
    aclOpExecutor *ex;
    if (log) {
        CHECK_NN(ACLNN_SUCCESS, aclnnLogSoftmaxGetWorkspaceSize(x.t, dim, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnLogSoftmax(NULL, 0, ex, g_stream));
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnSoftmaxGetWorkspaceSize(x.t, dim, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnSoftmax(NULL, 0, ex, g_stream));
    }
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    if (!log && dim == 1 && dt == ACL_FLOAT) {
        double sum = 0;
        for (int64_t j = 0; j < cols; j++)
            sum += ot_get(&o, j);
        CHECK(fabs(sum - 1.0) <= 1e-4);
    }
    char name[64];
    snprintf(name, sizeof(name), "%s_%s_l%d_%lldx%lld_d%lld", log ? "log_softmax" : "softmax",
             dt == ACL_FLOAT ? "f32" : "f16", layout, (long long)rows, (long long)cols,
             (long long)dim);
    emit(name, &o);
    OT_FREE(&x, &o);
}

/* ReduceSum (or Mean, keepDim) of float32 x over its last dim (RD6). */
static void case_reduce(bool mean, int nd, const int64_t *xd, int out_layout)
{
    int64_t od[3], last = nd - 1;
    for (int d = 0; d < nd; d++)
        od[d] = d == last ? 1 : xd[d];
    ot_tensor x, o;
    ot_make(&x, ACL_FLOAT, nd, xd, L_CONTIG);
    ot_make(&o, ACL_FLOAT, mean ? nd : nd - 1, od, out_layout);
    ot_fill(&x, -4, 5);
    aclIntArray *dim = aclCreateIntArray(&last, 1);
    uint64_t ws;
    aclOpExecutor *ex;
    if (mean) {
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnMeanGetWorkspaceSize(x.t, dim, true, ACL_FLOAT, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnMean(NULL, 0, ex, g_stream));
    } else {
        CHECK_NN(ACLNN_SUCCESS,
                 aclnnReduceSumGetWorkspaceSize(x.t, dim, false, ACL_FLOAT, o.t, &ws, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnReduceSum(NULL, 0, ex, g_stream));
    }
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    double want = 0; /* the last row, in double */
    const int64_t inner = xd[last], rows = x.numel / inner;
    for (int64_t j = 0; j < inner; j++)
        want += ot_get(&x, (rows - 1) * inner + j);
    want /= mean ? (double)inner : 1.0;
    CHECK(fabs(ot_get(&o, rows - 1) - want) <= 1e-5 * (fabs(want) + 1));
    emit(mean ? "mean_last_keepdim" : "reduce_sum_last", &o);
    aclDestroyIntArray(dim);
    OT_FREE(&x, &o);
}

/* WeightQuantBatchMatmulV2 at decode m (QM6: split by output columns): a
 * transposed int8 / packed int4 weight [k, 600] at element offset woff
 * (odd: int4 columns start mid-byte), per-group(32) scales viewed
 * transposed; k = 1100 spans several of quant_decode.c's chunks of x (QD5)
 * and leaves a tail past the last 32. */
static void case_wqbmm(bool int4, int64_t m, int64_t woff, int64_t k)
{
    const int64_t n = 600, ng = (k + 31) / 32, nel = woff + k * n;
    int64_t xd[2] = {m, k}, yd[2] = {m, n}, sd[2] = {ng, n}, bd[1] = {int4 ? (nel + 1) / 2 : nel};
    ot_tensor x, y, sc, wb;
    ot_make(&x, ACL_FLOAT16, 2, xd, L_CONTIG);
    ot_make(&y, ACL_FLOAT16, 2, yd, L_CONTIG);
    ot_make(&sc, ACL_FLOAT16, 2, sd, L_TRANS);
    ot_make(&wb, ACL_INT8, 1, bd, L_CONTIG);
    ot_fill(&x, -1, 1);
    ot_fill(&sc, 0.001, 0.05);
    ot_fill(&wb, -128, 127);
    int64_t wd[2] = {k, n}, ws[2] = {1, k};
    aclTensor *w = aclCreateTensor(wd, 2, int4 ? ACL_INT4 : ACL_INT8, ws, woff, ACL_FORMAT_ND, &nel,
                                   1, wb.buf);
    CHECK(w);
    uint64_t z;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(
                                x.t, w, sc.t, NULL, NULL, NULL, NULL, 32, y.t, &z, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnWeightQuantBatchMatmulV2(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    char name[48];
    snprintf(name, sizeof(name), "wqbmm_%s_m%lld_off%lld_k%lld", int4 ? "int4" : "int8",
             (long long)m, (long long)woff, (long long)k);
    emit(name, &y);
    aclDestroyTensor(w);
    OT_FREE(&x, &y, &sc, &wb);
}

/* Mm / BatchMatMul with few rows and a float16 or bfloat16 weight (MM8,
 * MM9: the small-m kernel split by output columns and batches): k-major
 * (ggml's transposed view) and row-major weights, USE_FP16. */
static void case_mm_small(aclDataType wdt, int64_t batch, int64_t m, int wl)
{
    const int64_t k = 700, n = 1037;
    int64_t xd[3] = {batch, m, k}, wd[3] = {batch, k, n}, od[3] = {batch, m, n};
    const int nd = batch > 1 ? 3 : 2, o = batch > 1 ? 0 : 1;
    ot_tensor x, w, y;
    ot_make(&x, ACL_FLOAT, nd, xd + o, L_CONTIG);
    ot_make(&w, wdt, nd, wd + o, wl);
    ot_make(&y, ACL_FLOAT, nd, od + o, L_GAP);
    ot_fill(&x, -1, 1);
    ot_fill(&w, -1, 1);
    uint64_t z;
    aclOpExecutor *ex;
    if (batch > 1) {
        CHECK_NN(ACLNN_SUCCESS, aclnnBatchMatMulGetWorkspaceSize(x.t, w.t, y.t, 2, &z, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnBatchMatMul(NULL, 0, ex, g_stream));
    } else {
        CHECK_NN(ACLNN_SUCCESS, aclnnMmGetWorkspaceSize(x.t, w.t, y.t, 2, &z, &ex));
        CHECK_NN(ACLNN_SUCCESS, aclnnMm(NULL, 0, ex, g_stream));
    }
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    char name[48];
    snprintf(name, sizeof(name), "mm_%s_b%lld_m%lld_l%d", ot_dt_name(wdt), (long long)batch,
             (long long)m, wl);
    emit(name, &y);
    OT_FREE(&x, &w, &y);
}

/* FusedInferAttentionScoreV2, float16, with softmaxLse: decode (Sq 1, GQA 4;
 * FA6: split by kv heads, FA8: and by chunks of keys) or a short prompt over
 * 16 keys (Sq 8, GQA 2: FA9's small-row units of 4 query rows, split by
 * units). */
static void case_fia(int64_t Sq)
{
    const int64_t N = Sq > 1 ? 64 : 16, KVN = Sq > 1 ? 32 : 4, Skv = Sq > 1 ? 16 : 1100,
                  D = Sq > 1 ? 128 : 64;
    int64_t qd[4] = {1, N, Sq, D}, kd[4] = {1, KVN, Skv, D}, ld[4] = {1, N, Sq, 1};
    ot_tensor q, k, v, o, lse;
    ot_make(&q, ACL_FLOAT16, 4, qd, L_CONTIG);
    ot_make(&k, ACL_FLOAT16, 4, kd, L_CONTIG);
    ot_make(&v, ACL_FLOAT16, 4, kd, L_CONTIG);
    ot_make(&o, ACL_FLOAT16, 4, qd, L_CONTIG);
    ot_make(&lse, ACL_FLOAT, 4, ld, L_CONTIG);
    ot_fill(&q, -1, 1);
    ot_fill(&k, -1, 1);
    ot_fill(&v, -1, 1);
    aclTensorList *kl = aclCreateTensorList((const aclTensor *const[]){k.t}, 1),
                  *vl = aclCreateTensorList((const aclTensor *const[]){v.t}, 1);
    char layout[] = "BNSD";
    uint64_t z;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnFusedInferAttentionScoreV2GetWorkspaceSize(
                 q.t, kl, vl, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                 NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, N, 0.125, 65535, 65535,
                 layout, KVN, 0, 0, 0, 0, true, 0, 0, o.t, lse.t, &z, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnFusedInferAttentionScoreV2(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    emit(Sq > 1 ? "fia_prompt_f16" : "fia_decode_f16", &o);
    emit(Sq > 1 ? "fia_prompt_lse" : "fia_decode_lse", &lse);
    aclDestroyTensorList(kl); /* destroys k.t and v.t */
    aclDestroyTensorList(vl);
    k.t = v.t = NULL;
    OT_FREE(&q, &k, &v, &o, &lse);
}

/* RotaryPositionEmbedding (RP6: split by rows): BNSD x with 11SD cos / sin,
 * mode 0 (half) and 1 (interleave), out beside x or x itself. */
static void case_rope(aclDataType dt, int64_t mode, bool inplace)
{
    int64_t xd[4] = {1, 16, 300, 128}, cd[4] = {1, 1, 300, 128};
    ot_tensor x, c, sn, o;
    ot_make(&x, dt, 4, xd, L_CONTIG);
    ot_make(&c, dt, 4, cd, L_CONTIG);
    ot_make(&sn, dt, 4, cd, L_CONTIG);
    if (!inplace)
        ot_make(&o, dt, 4, xd, L_CONTIG);
    ot_fill(&x, -2, 2);
    ot_fill(&c, -1, 1);
    ot_fill(&sn, -1, 1);
    uint64_t z;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnRotaryPositionEmbeddingGetWorkspaceSize(
                                x.t, c.t, sn.t, mode, inplace ? x.t : o.t, &z, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnRotaryPositionEmbedding(NULL, 0, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    char name[48];
    snprintf(name, sizeof(name), "rope_%s_mode%lld%s", dt == ACL_FLOAT ? "f32" : "f16",
             (long long)mode, inplace ? "_inplace" : "");
    emit(name, inplace ? &x : &o);
    if (!inplace)
        OT_FREE(&o);
    OT_FREE(&x, &c, &sn);
}

static int child(void)
{
    ot_init();
    float alpha = 1.5f;
    g_alpha = aclCreateScalar(&alpha, ACL_FLOAT);
    case_add();
    case_mul_bcast();
    case_cast();
    case_inplace();
    case_shifted_copy();
    case_short_rows();
    case_dequant(ACL_FLOAT16, L_CONTIG);
    case_dequant(ACL_FLOAT16, L_GAP); /* scales one by one */
    case_dequant(ACL_BF16, L_CONTIG);
    case_dequant(ACL_FLOAT, L_CONTIG);
    case_cast_direct();
    case_repeatable();
    case_capture();
    for (int64_t m = 1; m <= 8; m++)
        case_wqbmm(m & 1, m, m & 2 ? 3 : 0, 512);
    case_wqbmm(true, 8, 0, 512);
    case_wqbmm(false, 1, 0, 512);
    case_wqbmm(false, 8, 0, 1100);
    case_wqbmm(true, 5, 0, 1100);
    case_wqbmm(true, 1, 0, 1100);
    for (int64_t m = 1; m <= 8; m++) { /* QD6: int8 split from 3 rows; k over two chunks at m 3 */
        case_wqbmm(false, m, 0, 1500);
        case_wqbmm(true, m, 0, 1500);
    }
    for (int64_t m = 1; m <= 8; m++)
        case_mm_small(m & 1 ? ACL_FLOAT16 : ACL_BF16, 1, m, m & 2 ? L_CONTIG : L_TRANS);
    case_mm_small(ACL_FLOAT16, 3, 1, L_TRANS);
    case_mm_small(ACL_FLOAT16, 5, 2, L_GAP);
    case_fia(1);
    case_fia(8);
    case_rope(ACL_FLOAT, 0, false);
    case_rope(ACL_FLOAT16, 1, false);
    case_rope(ACL_FLOAT, 0, true);
    case_rope(ACL_FLOAT, 1, false);
    case_rope(ACL_FLOAT, 1, true);
    case_rms(ACL_FLOAT, L_CONTIG, 257, 4099, false);
    case_rms(ACL_FLOAT, L_CONTIG, 1024, 4096, false); /* 16 MiB: stored around the cache */
    case_rms(ACL_FLOAT16, L_GAP, 300, 1031, false);
    case_rms(ACL_FLOAT, L_CONTIG, 200, 2048, true);
    case_layer_norm();
    case_softmax(ACL_FLOAT, L_CONTIG, 513, 1031, 1, false);
    case_softmax(ACL_FLOAT, L_CONTIG, 1024, 4096, 1, false); /* 16 MiB */
    case_softmax(ACL_FLOAT, L_CONTIG, 1031, 257, 0, false);
    case_softmax(ACL_FLOAT16, L_GAP, 300, 1031, 1, false);
    case_softmax(ACL_FLOAT, L_TRANS, 300, 1000, 1, true);
    const int64_t rd2[2] = {1000, 1031}, rd3[3] = {3, 500, 999};
    case_reduce(false, 2, rd2, L_CONTIG);
    case_reduce(false, 2, rd2, L_STEP);
    case_reduce(true, 3, rd3, L_GAP);
    aclDestroyScalar(g_alpha);
    ot_fini();
    return 0;
}

/* Run this test as a child with CPUACL_WORKERS=w; its output into out. */
static void run_child(const char *self, unsigned w, char *out, size_t cap)
{
    int fd[2];
    CHECK(pipe(fd) == 0);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        char env[32];
        snprintf(env, sizeof(env), "%u", w);
        setenv("CPUACL_WORKERS", env, 1);
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execl(self, self, "--child", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < cap && (r = read(fd[0], out + n, cap - 1 - n)) > 0)
        n += (size_t)r;
    out[n] = 0;
    close(fd[0]);
    int status;
    CHECK(waitpid(pid, &status, 0) == pid);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "ops_split: the child with %u worker(s) failed\n", w);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    static char one[8192], more[8192];
    run_child(argv[0], 1, one, sizeof(one));
    if (strlen(one) < 7 * 17) {
        fprintf(stderr, "ops_split: the one-worker child printed too little:\n%s", one);
        return 1;
    }
    for (unsigned w = 2; w <= 3; w++) {
        run_child(argv[0], w, more, sizeof(more));
        if (strcmp(one, more) != 0) {
            fprintf(stderr, "ops_split: 1 worker:\n%s%u workers:\n%s", one, w, more);
            return 1;
        }
    }
    printf("%sops_split: outputs bit-identical with 1, 2 and 3 workers\n", one);
    return 0;
}
