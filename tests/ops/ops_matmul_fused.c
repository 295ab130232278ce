/* SPDX-License-Identifier: Apache-2.0 */
/* The products with fused epilogues: the quantised ones (ops/matmul/quant_fused.c: a small
 * product checked exactly, integer data and power-of-two scales so every value is a bfloat16)
 * and FusedMatmul (fused_matmul.c: relu on small integers, exact), and the codes and messages
 * of bad input. Their values against torch: tests/python/test_matmul_quant_fused_torch.py and
 * test_matmul_torch.py (FusedMatmul). */
#include "optest.h"

#include "aclnnop/aclnn_fused_matmul.h"
#include "aclnnop/aclnn_fused_quant_matmul.h"
#include "aclnnop/aclnn_quant_matmul_dequant.h"
#include "aclnnop/aclnn_quant_matmul_reduce_sum.h"

/* A first phase's result must be want with a message naming op and holding frag. */
static void expect_fail(aclnnStatus rc, aclnnStatus want, const char *op, const char *frag,
                        int line)
{
    const char *m = aclGetRecentErrMsg();
    if (rc != want || !m || !strstr(m, op) || !strstr(m, frag)) {
        fprintf(stderr, "%s:%d: returned %d (%s), want %d and \"%s\"\n", __FILE__, line, (int)rc,
                m ? m : "no message", (int)want, frag);
        exit(1);
    }
}

/* QuantMatmulReduceSumWeightNz's first phase with CANN's NULL offsets and bias. */
static aclnnStatus rs_p1(const aclTensor *x1, const aclTensor *x2, const aclTensor *s1,
                         const aclTensor *s2, const aclTensor *ys, bool t2, int64_t gs,
                         const aclIntArray *dims, bool keep, aclTensor *out, uint64_t *ws,
                         aclOpExecutor **ex)
{
    return aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(
        x1, x2, s1, s2, ys, NULL, NULL, NULL, NULL, false, t2, gs, dims, keep, out, ws, ex);
}

/* QuantMatmulReduceSumWeightNz (QF2): out = sum_b (x1[b] @ x2[b]) * x1Scale[b, i] * x2Scale[j] */
static void reduce_sum(void)
{
    const int64_t b = 3, m = 4, k = 5, n = 6;
    int64_t d1[3] = {b, m, k}, d2[3] = {b, k, n}, ds1[2] = {b, m}, ds2[1] = {n}, dout[2] = {m, n};
    ot_tensor x1, x2, s1, s2, out, f1, o16, s2f, e1, es1, eout;
    ot_make(&x1, ACL_INT8, 3, d1, L_GAP);
    ot_make(&x2, ACL_INT8, 3, d2, L_CONTIG);
    ot_make(&s1, ACL_FLOAT, 2, ds1, L_TRANS);
    ot_make(&out, ACL_BF16, 2, dout, L_GAP);
    OT_MAKE_CONTIG({&s2, ACL_BF16, 1, ds2}, {&f1, ACL_FLOAT16, 3, d1}, {&o16, ACL_FLOAT16, 2, dout},
                   {&s2f, ACL_FLOAT, 1, ds2});
    int64_t de1[3] = {b, 0, k}, des1[2] = {b, 0}, deout[2] = {0, n};
    OT_MAKE_CONTIG({&e1, ACL_INT8, 3, de1}, {&es1, ACL_FLOAT, 2, des1},
                   {&eout, ACL_BF16, 2, deout});
    ot_fill(&x1, -4, 4);
    ot_fill(&x2, -4, 4);
    for (int64_t i = 0; i < b * m; i++)
        ot_set(&s1, i, (double)(1 << (i % 3)) / 4);
    for (int64_t j = 0; j < n; j++)
        ot_set(&s2, j, j % 2 ? 0.5 : 2);
    int64_t zero = 0, one = 1;
    aclIntArray *dims = aclCreateIntArray(&zero, 1), *bad = aclCreateIntArray(&one, 1);
    uint64_t ws;
    aclOpExecutor *ex;
#define RS(...) rs_p1(__VA_ARGS__, &ws, &ex)
#define RS_FAILS(want, frag, ...)                                                                  \
    expect_fail(RS(__VA_ARGS__), want, "aclnnQuantMatmulReduceSumWeightNz", frag, __LINE__)
    CHECK_NN(ACLNN_SUCCESS, RS(x1.t, x2.t, s1.t, s2.t, NULL, false, 0, dims, false, out.t));
    ot_run(aclnnQuantMatmulReduceSumWeightNz, ws, ex);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            double want = 0;
            for (int64_t bi = 0; bi < b; bi++) {
                double acc = 0;
                for (int64_t q = 0; q < k; q++)
                    acc += ot_get(&x1, (bi * m + i) * k + q) * ot_get(&x2, (bi * k + q) * n + j);
                want += acc * ot_get(&s1, bi * m + i);
            }
            want *= ot_get(&s2, j); /* |want| < 256: exact in bfloat16 */
            CHECK(ot_get(&out, i * n + j) == want);
        }
    RS_FAILS(ACLNN_ERR_PARAM_NULLPTR, "x1", NULL, x2.t, s1.t, s2.t, NULL, false, 0, dims, false,
             out.t);
    RS_FAILS(ACLNN_ERR_PARAM_NULLPTR, "x1Scale", x1.t, x2.t, NULL, s2.t, NULL, false, 0, dims,
             false, out.t);
    RS_FAILS(ACLNN_ERR_PARAM_NULLPTR, "dims", x1.t, x2.t, s1.t, s2.t, NULL, false, 0, NULL, false,
             out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "x1", f1.t, x2.t, s1.t, s2.t, NULL, false, 0, dims, false,
             out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "x2Scale", x1.t, x2.t, s1.t, s2f.t, NULL, false, 0, dims,
             false, out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "out", x1.t, x2.t, s1.t, s2.t, NULL, false, 0, dims, false,
             o16.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "x2", x1.t, x1.t, s1.t, s2.t, NULL, false, 0, dims, false,
             out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "yScale", x1.t, x2.t, s1.t, s2.t, s2.t, false, 0, dims, false,
             out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "transposeX2", x1.t, x2.t, s1.t, s2.t, NULL, true, 0, dims,
             false, out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "groupSize", x1.t, x2.t, s1.t, s2.t, NULL, false, 32, dims,
             false, out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "dims", x1.t, x2.t, s1.t, s2.t, NULL, false, 0, bad, false,
             out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "keepDims", x1.t, x2.t, s1.t, s2.t, NULL, false, 0, dims,
             true, out.t);
    RS_FAILS(ACLNN_ERR_PARAM_INVALID, "empty", e1.t, x2.t, es1.t, s2.t, NULL, false, 0, dims, false,
             eout.t);
#undef RS
#undef RS_FAILS
    aclDestroyIntArray(dims);
    aclDestroyIntArray(bad);
    OT_FREE(&x1, &x2, &s1, &s2, &out, &f1, &o16, &s2f, &e1, &es1, &eout);
}

/* FusedMatmul (FM1-FM3): relu(x1 @ x2 + bias) on small integers (exact in float16). */
static void fused_matmul(void)
{
    int64_t d1[2] = {3, 4}, d2[2] = {4, 5}, db[1] = {5}, dy[2] = {3, 5}, d3[3] = {2, 3, 4};
    ot_tensor x1, x2, b, y, x3, f1, y3;
    ot_make(&x1, ACL_FLOAT16, 2, d1, L_TRANS);
    ot_make(&y, ACL_FLOAT16, 2, dy, L_GAP);
    OT_MAKE_CONTIG({&x2, ACL_FLOAT16, 2, d2}, {&b, ACL_FLOAT16, 1, db}, {&x3, ACL_FLOAT16, 3, d3},
                   {&f1, ACL_FLOAT, 2, d1}, {&y3, ACL_FLOAT16, 3, d3});
    ot_tensor *in[3] = {&x1, &x2, &b};
    for (int t = 0; t < 3; t++) /* small integers: every sum is exact in float16 */
        for (int64_t i = 0; i < in[t]->numel; i++)
            ot_set(in[t], i, (double)((i * 7 + t * 3) % 7) - 3);
    OT_RUN(aclnnFusedMatmul, x1.t, x2.t, b.t, NULL, "relu", 0, y.t);
    for (int64_t i = 0; i < 3; i++)
        for (int64_t j = 0; j < 5; j++) {
            double v = ot_get(&b, j);
            for (int64_t q = 0; q < 4; q++)
                v += ot_get(&x1, i * 4 + q) * ot_get(&x2, q * 5 + j);
            CHECK(ot_get(&y, i * 5 + j) == (v > 0 ? v : 0));
        }
    uint64_t ws;
    aclOpExecutor *ex;
    const char *op = "aclnnFusedMatmul";
#define FM(...) aclnnFusedMatmulGetWorkspaceSize(__VA_ARGS__, &ws, &ex)
    expect_fail(FM(NULL, x2.t, NULL, NULL, "", 0, y.t), ACLNN_ERR_PARAM_NULLPTR, op, "x1",
                __LINE__);
    expect_fail(FM(x1.t, x2.t, NULL, NULL, "add", 0, y.t), ACLNN_ERR_PARAM_NULLPTR, op, "x3",
                __LINE__);
    expect_fail(FM(x1.t, x2.t, b.t, NULL, "gelu_erf", 0, y.t), ACLNN_ERR_PARAM_NULLPTR, op, "bias",
                __LINE__);
    expect_fail(FM(x1.t, x2.t, NULL, NULL, "swish", 0, y.t), ACLNN_ERR_PARAM_INVALID, op,
                "fusedOpType", __LINE__);
    expect_fail(FM(f1.t, x2.t, NULL, NULL, "", 0, y.t), ACLNN_ERR_PARAM_INVALID, op, "x2",
                __LINE__);
    expect_fail(FM(x1.t, x2.t, NULL, NULL, "", 5, y.t), ACLNN_ERR_PARAM_INVALID, op, "cubeMathType",
                __LINE__);
    expect_fail(FM(x3.t, x2.t, NULL, NULL, "gelu_tanh", 0, y3.t), ACLNN_ERR_PARAM_INVALID, op,
                "dims", __LINE__);
    expect_fail(FM(x1.t, x2.t, NULL, NULL, "16cast32", 0, y.t), ACLNN_ERR_PARAM_INVALID, op, "y",
                __LINE__);
#undef FM
    OT_FREE(&x1, &x2, &b, &y, &x3, &f1, &y3);
}

/* QuantMatmulDequant (QF4) and FusedQuantMatmul (QF5): codes and messages of bad input; a
 * dynamic-quantisation run whose rows are exact (each row of x holds 127 and 0). */
static void quant_codes(void)
{
    int64_t dx[2] = {2, 4}, dw[2] = {3, 4}, dn[1] = {3}, dm[1] = {2}, dout[2] = {2, 3},
            dw2[2] = {4, 3};
    ot_tensor x, w, ws, out, o32, w2, s1, xi;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, dx}, {&w, ACL_INT8, 2, dw}, {&ws, ACL_FLOAT, 1, dn},
                   {&out, ACL_FLOAT16, 2, dout}, {&o32, ACL_FLOAT, 2, dout},
                   {&w2, ACL_INT8, 2, dw2}, {&s1, ACL_FLOAT, 1, dm}, {&xi, ACL_INT8, 2, dx});
    for (int64_t i = 0; i < 8; i++)
        ot_set(&x, i, i % 4 == 1 ? 127 : 0);
    for (int64_t i = 0; i < 12; i++)
        ot_set(&w, i, (double)(i % 5) - 2);
    for (int64_t j = 0; j < 3; j++)
        ot_set(&ws, j, 0.5);
    OT_RUN(aclnnQuantMatmulDequant, x.t, w.t, ws.t, NULL, NULL, NULL, NULL, "pertoken", true,
           out.t);
    for (int64_t i = 0; i < 2; i++) /* scale 1: out = 127 * w[j, 1] * 0.5 */
        for (int64_t j = 0; j < 3; j++)
            CHECK(ot_get(&out, i * 3 + j) == 127 * ot_get(&w, j * 4 + 1) * 0.5);
    uint64_t wsz;
    aclOpExecutor *ex;
    const char *qd = "aclnnQuantMatmulDequant", *fq = "aclnnFusedQuantMatmul";
#define QD(...) aclnnQuantMatmulDequantGetWorkspaceSize(__VA_ARGS__, &wsz, &ex)
    expect_fail(QD(NULL, w.t, ws.t, NULL, NULL, NULL, NULL, "pertoken", true, out.t),
                ACLNN_ERR_PARAM_NULLPTR, qd, "x", __LINE__);
    expect_fail(QD(x.t, w.t, ws.t, NULL, NULL, NULL, NULL, NULL, true, out.t),
                ACLNN_ERR_PARAM_NULLPTR, qd, "xQuantMode", __LINE__);
    expect_fail(QD(x.t, w.t, ws.t, NULL, NULL, NULL, NULL, "pertoken", false, out.t),
                ACLNN_ERR_PARAM_INVALID, qd, "transposeWeight", __LINE__);
    expect_fail(QD(x.t, w.t, ws.t, NULL, NULL, NULL, NULL, "pertensor", true, out.t),
                ACLNN_ERR_PARAM_INVALID, qd, "pertoken", __LINE__);
    expect_fail(QD(x.t, w.t, ws.t, ws.t, NULL, NULL, NULL, "pertoken", true, out.t),
                ACLNN_ERR_PARAM_INVALID, qd, "biasOptional", __LINE__);
    expect_fail(QD(xi.t, w.t, ws.t, NULL, NULL, NULL, NULL, "pertoken", true, out.t),
                ACLNN_ERR_PARAM_INVALID, qd, "x", __LINE__);
    expect_fail(QD(x.t, w2.t, ws.t, NULL, NULL, NULL, NULL, "pertoken", true, out.t),
                ACLNN_ERR_PARAM_INVALID, qd, "weight", __LINE__);
    expect_fail(QD(x.t, w.t, ws.t, NULL, NULL, NULL, NULL, "pertoken", true, o32.t),
                ACLNN_ERR_PARAM_INVALID, qd, "out", __LINE__);
#undef QD
#define FQ(X1, X2, S1, S2, X3, OP, G, O)                                                           \
    aclnnFusedQuantMatmulGetWorkspaceSize(X1, X2, S1, S2, NULL, NULL, NULL, NULL, NULL, X3, OP, G, \
                                          O, &wsz, &ex)
    ot_tensor *fx1 = &xi, *fx2 = &w2, *fs2 = &ws;
    CHECK_NN(ACLNN_SUCCESS, FQ(fx1->t, fx2->t, s1.t, fs2->t, NULL, "gelu_tanh", 0, out.t));
    ot_run(aclnnFusedQuantMatmul, wsz, ex);
    expect_fail(FQ(fx1->t, fx2->t, NULL, fs2->t, NULL, "gelu_tanh", 0, out.t),
                ACLNN_ERR_PARAM_NULLPTR, fq, "x1Scale", __LINE__);
    expect_fail(FQ(fx1->t, fx2->t, s1.t, fs2->t, NULL, "relu", 0, out.t), ACLNN_ERR_PARAM_INVALID,
                fq, "fusedOpType", __LINE__);
    expect_fail(FQ(fx1->t, fx2->t, s1.t, fs2->t, s1.t, "gelu_erf", 0, out.t),
                ACLNN_ERR_PARAM_INVALID, fq, "x3Optional", __LINE__);
    expect_fail(FQ(fx1->t, fx2->t, s1.t, fs2->t, NULL, "gelu_erf", 64, out.t),
                ACLNN_ERR_PARAM_INVALID, fq, "groupSizeOptional", __LINE__);
    expect_fail(FQ(fx1->t, w.t, s1.t, fs2->t, NULL, "gelu_erf", 0, out.t), ACLNN_ERR_PARAM_INVALID,
                fq, "k", __LINE__);
    expect_fail(FQ(fx1->t, fx2->t, s1.t, fs2->t, NULL, "gelu_erf", 0, o32.t),
                ACLNN_ERR_PARAM_INVALID, fq, "out", __LINE__);
#undef FQ
    OT_FREE(&x, &w, &ws, &out, &o32, &w2, &s1, &xi);
}

int main(void)
{
    ot_init();
    reduce_sum();
    fused_matmul();
    quant_codes();
    ot_fini();
    printf("ops_matmul_fused: ok\n");
    return 0;
}
