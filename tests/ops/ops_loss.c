/* SPDX-License-Identifier: Apache-2.0 */
/* The loss family's codes and messages (NULL tensors, types, reductions, shapes, an
 * out-of-range class at launch) and a few values worked out by hand; the differential
 * test against PyTorch is tests/python/test_loss_torch.py. */
#include "optest.h"

#include "aclnnop/aclnn_chamfer_distance_backward.h"
#include "aclnnop/aclnn_ctc_loss.h"
#include "aclnnop/aclnn_ctc_loss_backward.h"
#include "aclnnop/aclnn_fused_cross_entropy_loss_with_max_sum.h"
#include "aclnnop/aclnn_hinge_embedding_loss.h"
#include "aclnnop/aclnn_huber_loss.h"
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_l2_loss.h"
#include "aclnnop/aclnn_mse_loss_grad.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_out.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"

static void test_values(void)
{
    int64_t s[2] = {2, 2}, one = 1;
    ot_tensor x, t, o, r;
    ot_make(&x, ACL_FLOAT, 2, s, L_TRANS);
    ot_make(&t, ACL_FLOAT16, 2, s, L_GAP);
    ot_make(&o, ACL_FLOAT, 1, &one, L_CONTIG);
    ot_make(&r, ACL_BF16, 2, s, L_CONTIG);
    const double xv[4] = {1, 2, 3, 4}, tv[4] = {1, 0, 5, 4.5};
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, xv[i]), ot_set(&t, i, tv[i]);
    OT_RUN(aclnnMseLoss, x.t, t.t, 1, o.t); /* (0 + 4 + 4 + 0.25) / 4 */
    CHECK(ot_get(&o, 0) == 2.0625);
    OT_RUN(aclnnMseLoss, x.t, t.t, 2, o.t);
    CHECK(ot_get(&o, 0) == 8.25);
    /* smooth L1 gradient, beta 1, sum: d = 0, 2, -2, -0.5 -> 0, 1, -1, -0.5 */
    OT_RUN(aclnnSmoothL1LossBackward, o.t, x.t, t.t, 0, 1.0f, r.t);
    const double want[4] = {0, 8.25, -8.25, -4.125};
    for (int i = 0; i < 4; i++)
        CHECK(ot_get(&r, i) == ot_round(ACL_BF16, want[i]));
    OT_FREE(&x, &t, &o, &r);
}

static void test_codes(void)
{
    int64_t s[2] = {2, 3}, s4 = 4, c3 = 3, n2 = 2, one = 1;
    ot_tensor x, t, o, bad, xi, w, tg, on, n, tw;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s}, {&t, ACL_FLOAT, 2, s}, {&o, ACL_FLOAT, 2, s},
                   {&bad, ACL_FLOAT, 1, &s4}, {&xi, ACL_INT32, 2, s}, {&w, ACL_FLOAT, 1, &c3},
                   {&tg, ACL_INT64, 1, &n2}, {&on, ACL_FLOAT, 1, &one}, {&n, ACL_FLOAT, 1, &n2},
                   {&tw, ACL_FLOAT, 1, &one});
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMseLoss, NULL, t.t, 0, o.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMseLoss, x.t, t.t, 3, o.t);   /* no batchmean */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMseLoss, x.t, bad.t, 0, o.t); /* no broadcast */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMseLoss, xi.t, t.t, 0, o.t);  /* INT32 */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMseLoss, x.t, t.t, 1, o.t);   /* out not one element */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnMseLoss, x.t, t.t, 0, on.t);  /* out shape */
    OT_RUN(aclnnKlDiv, x.t, t.t, 3, false, on.t);                        /* batchmean is KlDiv's */
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnKlDiv, x.t, t.t, -1, false, on.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnSmoothL1LossBackward, on.t, x.t, t.t, 1, -1.0f, o.t);
    /* NLL: weight NULL, target type, weight shape, then class 7 of 3 at launch */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnNLLLoss, x.t, tg.t, NULL, 0, -100, n.t, on.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNLLLoss, x.t, n.t, w.t, 0, -100, n.t, on.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNLLLoss, x.t, tg.t, bad.t, 0, -100, n.t, on.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnNLLLoss, x.t, tg.t, w.t, 0, -100, on.t, on.t);
    int64_t cls[2] = {1, 7};
    for (int i = 0; i < 2; i++)
        ot_set(&tg, i, (double)cls[i]);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS,
             aclnnNLLLossGetWorkspaceSize(x.t, tg.t, w.t, 2, -100, on.t, on.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnNLLLoss(NULL, ws, ex, g_stream));
    CHECK(aclrtSynchronizeStream(g_stream) != ACL_SUCCESS);
    /* ignoreIndex 7 skips it: loss = -w[1] x[0][1] (x = 0..5, w = 1) */
    for (int i = 0; i < 6; i++)
        ot_set(&x, i, i);
    for (int i = 0; i < 3; i++)
        ot_set(&w, i, 1);
    OT_RUN(aclnnNLLLoss, x.t, tg.t, w.t, 2, 7, tw.t, on.t);
    CHECK(ot_get(&tw, 0) == -1.0); /* -x[0][1] = -1 */
    CHECK(ot_get(&on, 0) == 1.0);  /* totalWeightOut: one class counted */
    OT_FREE(&x, &t, &o, &bad, &xi, &w, &tg, &on, &n, &tw);
}

/* The experimental folder's rows: values by hand and codes. */
static void test_later(void)
{
    int64_t s[1] = {4}, one = 1;
    ot_tensor x, t, o, r;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 1, s}, {&t, ACL_FLOAT, 1, s}, {&o, ACL_FLOAT, 1, &one},
                   {&r, ACL_FLOAT, 1, s});
    const double xv[4] = {1, -2, 3, 0.5}, tv[4] = {1, 1, -1, -1};
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, xv[i]), ot_set(&t, i, tv[i]);
    OT_RUN(aclnnL2Loss, x.t, o.t); /* (1 + 4 + 9 + 0.25) / 2 */
    CHECK(ot_get(&o, 0) == 7.125);
    OT_RUN(aclnnHuberLoss, x.t, t.t, 1.0, r.t); /* d = 0, -3, 4, 1.5 */
    CHECK(ot_get(&r, 0) == 0 && ot_get(&r, 1) == 2.5 && ot_get(&r, 2) == 3.5 &&
          ot_get(&r, 3) == 1.0);
    /* t = 1: x; t = -1: max(1 - x, 0): 1, -2, 0, 0.5 summed 0.5 */
    OT_RUN(aclnnHingeEmbeddingLoss, x.t, t.t, 1.0, (char *)"sum", o.t);
    CHECK(ot_get(&o, 0) == -0.5);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnHingeEmbeddingLoss, x.t, t.t, 1.0, (char *)"avg", o.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMseLossGrad, x.t, t.t, NULL, (char *)"mean", r.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnHuberLoss, x.t, t.t, -1.0, r.t);
    OT_FAILS(ACLNN_ERR_PARAM_INVALID, aclnnL2Loss, x.t, r.t); /* y not one element */
    OT_FREE(&x, &t, &o, &r);
}

/* MseLossOut (MseLoss's computation under its second name); CtcLoss / CtcLossBackward: the
 * codes and messages, and a one-step case by hand (T = 1, target [1]: the loss is -lp[1]). */
static void test_ctc_mse_out(void)
{
    int64_t s2[2] = {2, 2}, one = 1, d3[3] = {1, 1, 3}, d2[2] = {1, 1}, n1 = 1, a3[3] = {1, 1, 3};
    ot_tensor x, t, o, lp, tg, nll, la, go, gr, f32t;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, s2}, {&t, ACL_FLOAT, 2, s2}, {&o, ACL_FLOAT, 1, &one},
                   {&lp, ACL_FLOAT, 3, d3}, {&tg, ACL_INT64, 2, d2}, {&nll, ACL_FLOAT, 1, &n1},
                   {&la, ACL_FLOAT, 3, a3}, {&go, ACL_FLOAT, 1, &n1}, {&gr, ACL_FLOAT, 3, d3},
                   {&f32t, ACL_FLOAT, 2, d2});
    for (int i = 0; i < 4; i++)
        ot_set(&x, i, i), ot_set(&t, i, 0);
    OT_RUN(aclnnMseLossOut, x.t, t.t, 2, o.t); /* 0 + 1 + 4 + 9 */
    CHECK(ot_get(&o, 0) == 14.0);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, aclnnMseLossOutGetWorkspaceSize(x.t, t.t, 3, o.t, &ws, &ex));
    const int64_t il[1] = {1}, tl[1] = {1}, bad[1] = {2};
    aclIntArray *ila = aclCreateIntArray(il, 1), *tla = aclCreateIntArray(tl, 1);
    aclIntArray *bada = aclCreateIntArray(bad, 1);
    const double lpv[3] = {log(0.2), log(0.5), log(0.3)};
    for (int i = 0; i < 3; i++)
        ot_set(&lp, i, lpv[i]);
    ot_set(&tg, 0, 1);
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnCtcLossGetWorkspaceSize(lp.t, NULL, ila, tla, 0, false, nll.t, la.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnCtcLossGetWorkspaceSize(lp.t, tg.t, ila, tla, 3, false, nll.t, la.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnCtcLossGetWorkspaceSize(lp.t, tg.t, bada, tla, 0, false, nll.t, la.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnCtcLossBackwardGetWorkspaceSize(go.t, lp.t, f32t.t, ila, tla, nll.t, la.t, 0,
                                                  false, gr.t, &ws, &ex));
    OT_RUN(aclnnCtcLoss, lp.t, tg.t, ila, tla, 0, false, nll.t, la.t);
    CHECK(fabs(ot_get(&nll, 0) + log(0.5)) < 1e-6);
    CHECK(fabs(ot_get(&la, 0) - log(0.2)) < 1e-6 && fabs(ot_get(&la, 1) - log(0.5)) < 1e-6);
    CHECK(isinf(ot_get(&la, 2)) && ot_get(&la, 2) < 0);
    /* d(-lp[1])/dlp: -1 at the label; exp(lp) - 0 elsewhere is the softmax term torch keeps */
    ot_set(&go, 0, 1.0);
    OT_RUN(aclnnCtcLossBackward, go.t, lp.t, tg.t, ila, tla, nll.t, la.t, 0, false, gr.t);
    CHECK(fabs(ot_get(&gr, 0) - 0.2) < 1e-6);
    CHECK(fabs(ot_get(&gr, 1) - (0.5 - 1.0)) < 1e-6);
    CHECK(fabs(ot_get(&gr, 2) - 0.3) < 1e-6);
    aclDestroyIntArray(ila);
    aclDestroyIntArray(tla);
    aclDestroyIntArray(bada);
    OT_FREE(&x, &t, &o, &lp, &tg, &nll, &la, &go, &gr, &f32t);
}

/* ChamferDistanceBackward: codes, and one pair by hand (points (1, 2) and (0, 0), each the
 * other's nearest). */
static void test_chamfer(void)
{
    int64_t d3[3] = {1, 1, 2}, d2[2] = {1, 1};
    ot_tensor x1, x2, i1, i2, g1, g2, o1, o2, i64;
    OT_MAKE_CONTIG({&x1, ACL_FLOAT, 3, d3}, {&x2, ACL_FLOAT, 3, d3}, {&i1, ACL_INT32, 2, d2},
                   {&i2, ACL_INT32, 2, d2}, {&g1, ACL_FLOAT, 2, d2}, {&g2, ACL_FLOAT, 2, d2},
                   {&o1, ACL_FLOAT, 3, d3}, {&o2, ACL_FLOAT, 3, d3}, {&i64, ACL_INT64, 2, d2});
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR,
             aclnnChamferDistanceBackwardGetWorkspaceSize(x1.t, x2.t, i1.t, NULL, g1.t, g2.t, o1.t,
                                                          o2.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnChamferDistanceBackwardGetWorkspaceSize(x1.t, x2.t, i64.t, i2.t, g1.t, g2.t, o1.t,
                                                          o2.t, &ws, &ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID,
             aclnnChamferDistanceBackwardGetWorkspaceSize(x1.t, x2.t, i1.t, i2.t, g1.t, g2.t, g1.t,
                                                          o2.t, &ws, &ex));
    ot_set(&x1, 0, 1), ot_set(&x1, 1, 2), ot_set(&x2, 0, 0), ot_set(&x2, 1, 0);
    ot_set(&i1, 0, 0), ot_set(&i2, 0, 0), ot_set(&g1, 0, 1.0), ot_set(&g2, 0, 0.5);
    OT_RUN(aclnnChamferDistanceBackward, x1.t, x2.t, i1.t, i2.t, g1.t, g2.t, o1.t, o2.t);
    /* d1 = x1 - x2 = (1, 2): gx1 += 2 (1, 2), gx2 -= 2 (1, 2); e = x2 - x1 = (-1, -2):
     * gx2 += 1 (-1, -2), gx1 -= 1 (-1, -2) */
    CHECK(ot_get(&o1, 0) == 3.0 && ot_get(&o1, 1) == 6.0);
    CHECK(ot_get(&o2, 0) == -3.0 && ot_get(&o2, 1) == -6.0);
    OT_FREE(&x1, &x2, &i1, &i2, &g1, &g2, &o1, &o2, &i64);
}

/* FusedCrossEntropyLossWithMaxSum: codes, and one row by hand (loss log(se) - pl; softmax
 * exp(x - max) / se). */
static void test_fused_ce(void)
{
    int64_t r = 1, rv[2] = {1, 2};
    ot_tensor mx, se, pl, lo, vl, sm, f16;
    OT_MAKE_CONTIG({&mx, ACL_FLOAT, 1, &r}, {&se, ACL_FLOAT, 1, &r}, {&pl, ACL_FLOAT, 1, &r},
                   {&lo, ACL_FLOAT, 1, &r}, {&vl, ACL_FLOAT16, 2, rv}, {&sm, ACL_FLOAT, 2, rv},
                   {&f16, ACL_FLOAT16, 1, &r});
    uint64_t ws;
    aclOpExecutor *ex;
#define FCE(m_, ls, in, v_, s_)                                                                    \
    aclnnFusedCrossEntropyLossWithMaxSumGetWorkspaceSize(m_, se.t, pl.t, ls, in, NULL, v_, lo.t,   \
                                                         s_, &ws, &ex)
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, FCE(NULL, 0.0f, NULL, NULL, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_NULLPTR, FCE(mx.t, 0.0f, NULL, vl.t, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FCE(mx.t, 0.5f, NULL, NULL, NULL));
    CHECK_NN(ACLNN_SUCCESS, FCE(mx.t, 0.0f, mx.t, NULL, NULL)); /* inputOptional: not used */
    CHECK_NN(ACLNN_SUCCESS, aclDestroyAclOpExecutor(ex));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FCE(f16.t, 0.0f, NULL, NULL, NULL));
    CHECK_NN(ACLNN_ERR_PARAM_INVALID, FCE(mx.t, 0.0f, NULL, vl.t, lo.t));
#undef FCE
    /* logits (1, 3): max 3, se = exp(-2) + 1, target 1: pl = 1 - 3 */
    ot_set(&mx, 0, 3.0), ot_set(&se, 0, exp(-2.0) + 1.0), ot_set(&pl, 0, -2.0);
    ot_set(&vl, 0, 1.0), ot_set(&vl, 1, 3.0);
    OT_RUN(aclnnFusedCrossEntropyLossWithMaxSum, mx.t, se.t, pl.t, 0.0f, NULL, NULL, vl.t, lo.t,
           sm.t);
    CHECK(fabs(ot_get(&lo, 0) - (log(exp(-2.0) + 1.0) + 2.0)) < 1e-6);
    CHECK(fabs(ot_get(&sm, 1) - 1.0 / (exp(-2.0) + 1.0)) < 1e-6);
    OT_FREE(&mx, &se, &pl, &lo, &vl, &sm, &f16);
}

int main(void)
{
    ot_init();
    test_values();
    test_codes();
    test_later();
    test_ctc_mse_out();
    test_chamfer();
    test_fused_ce();
    ot_fini();
    printf("ops_loss: ok\n");
    return 0;
}
