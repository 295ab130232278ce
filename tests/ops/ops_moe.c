/* SPDX-License-Identifier: Apache-2.0 */
/* The mixture-of-experts family (ops/moe): CANN's example calls and small cases worked by hand
 * (the gate's top-k and rowIdxOut, a finished row, renorm; the routing sort and its gathers; the
 * expert counts; the combine in each dropPadMode layout, with a dropped row), a bad index
 * failing the launch, and the first phases' codes with messages naming the parameter.
 * tests/python/test_moe_torch.py checks every type and views against torch. */
#include "optest.h"

#include "aclnnop/aclnn_ffn.h"
#include "aclnnop/aclnn_ffn_v3.h"
#include "aclnnop/aclnn_moe_compute_expert_tokens.h"
#include "aclnnop/aclnn_moe_finalize_routing.h"
#include "aclnnop/aclnn_moe_finalize_routing_v2.h"
#include "aclnnop/aclnn_moe_finalize_routing_v2_grad.h"
#include "aclnnop/aclnn_moe_gating_top_k.h"
#include "aclnnop/aclnn_moe_gating_top_k_softmax.h"
#include "aclnnop/aclnn_moe_gating_top_k_softmax_v2.h"
#include "aclnnop/aclnn_moe_init_routing.h"
#include "aclnnop/aclnn_moe_init_routing_quant.h"
#include "aclnnop/aclnn_moe_init_routing_v2.h"
#include "aclnnop/aclnn_moe_init_routing_v2_grad.h"
#include "aclnnop/aclnn_moe_init_routing_v3.h"
#include "aclnnop/aclnn_moe_token_permute.h"
#include "aclnnop/aclnn_moe_token_permute_grad.h"
#include "aclnnop/aclnn_moe_token_permute_with_routing_map.h"
#include "aclnnop/aclnn_moe_token_unpermute.h"
#include "aclnnop/aclnn_moe_token_unpermute_grad.h"

static int g_cases;

static void set_all(ot_tensor *t, const double *v)
{
    for (int64_t i = 0; i < t->numel; i++)
        ot_set(t, i, v[i]);
}

static void gating_case(void)
{
    g_cases++;
    const int64_t d[2] = {3, 4}, dk[2] = {3, 2}, dr[1] = {3}, d1[1] = {12}, dbad[2] = {3, 3};
    ot_tensor x, y, idx, row, fin, sm, y16, i64, bad, x1;
    ot_make(&x, ACL_FLOAT, 2, d, L_TRANS);
    OT_MAKE_CONTIG({&y, ACL_FLOAT, 2, dk}, {&idx, ACL_INT32, 2, dk}, {&row, ACL_INT32, 2, dk},
                   {&fin, ACL_BOOL, 1, dr}, {&sm, ACL_FLOAT, 2, d}, {&y16, ACL_FLOAT16, 2, dk},
                   {&i64, ACL_INT64, 2, dk}, {&bad, ACL_INT32, 2, dbad}, {&x1, ACL_FLOAT, 1, d1});
    /* CANN's example: 0.1 .. 11.1 as [3, 4], k 2; row 1's gates reversed */
    const double xv[12] = {0.1, 1.1, 2.1, 3.1, 7.1, 6.1, 5.1, 4.1, 8.1, 9.1, 10.1, 11.1};
    set_all(&x, xv);
    OT_RUN(aclnnMoeGatingTopKSoftmax, x.t, NULL, 2, y.t, idx.t, row.t);
    /* softmax of (0, 1, 2, 3): e^3 / (1 + e + e^2 + e^3) = 0.643914, e^2 / .. = 0.236883 */
    const double wi[6] = {3, 2, 0, 1, 3, 2}, wr[6] = {0, 3, 1, 4, 2, 5};
    for (int64_t i = 0; i < 6; i++) {
        CHECK(ot_get(&idx, i) == wi[i] && ot_get(&row, i) == wr[i]);
        CHECK(fabs(ot_get(&y, i) - (i % 2 ? 0.236883 : 0.643914)) < 1e-6);
    }
    /* row 1 finished: its experts become E = 4 */
    const double fv[3] = {0, 1, 0};
    set_all(&fin, fv);
    OT_RUN(aclnnMoeGatingTopKSoftmax, x.t, fin.t, 2, y.t, idx.t, row.t);
    CHECK(ot_get(&idx, 0) == 3 && ot_get(&idx, 2) == 4 && ot_get(&idx, 3) == 4 &&
          ot_get(&idx, 4) == 3);
    /* V2 renorm 1: softmax over the two largest, (3, 2): e / (1 + e) = 0.731059 */
    OT_RUN(aclnnMoeGatingTopKSoftmaxV2, x.t, NULL, 2, 1, true, y.t, idx.t, NULL);
    CHECK(fabs(ot_get(&y, 0) - 0.731059) < 1e-6 && fabs(ot_get(&y, 1) - 0.268941) < 1e-6);
    /* V2 renorm 0 with the softmax out */
    OT_RUN(aclnnMoeGatingTopKSoftmaxV2, x.t, NULL, 2, 0, true, y.t, idx.t, sm.t);
    CHECK(fabs(ot_get(&sm, 3) - 0.643914) < 1e-6 && fabs(ot_get(&sm, 4) - 0.643914) < 1e-6);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeGatingTopKSoftmax, "x", NULL, NULL, 2, y.t,
                    idx.t, row.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeGatingTopKSoftmax, "rowIdxOut", x.t, NULL, 2,
                    y.t, idx.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeGatingTopKSoftmax, "k", x.t, NULL, 5, y.t,
                    idx.t, row.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeGatingTopKSoftmax, "yOut", x.t, NULL, 2, y16.t,
                    idx.t, row.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeGatingTopKSoftmax, "expertIdxOut", x.t, NULL,
                    2, y.t, i64.t, row.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeGatingTopKSoftmax, "rowIdxOut", x.t, NULL, 2,
                    y.t, idx.t, bad.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeGatingTopKSoftmax, "x", x1.t, NULL, 2, y.t,
                    idx.t, row.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeGatingTopKSoftmaxV2, "renorm", x.t, NULL, 2, 3,
                    false, y.t, idx.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeGatingTopKSoftmaxV2,
                    "softmaxResultOutOptional", x.t, NULL, 2, 0, true, y.t, idx.t, NULL);
    OT_NULL_OUTS(aclnnMoeGatingTopKSoftmax, x.t, NULL, 2, y.t, idx.t, row.t);
    OT_FREE(&x, &y, &idx, &row, &fin, &sm, &y16, &i64, &bad, &x1);
}

/* MoeGatingTopK, sigmoid, 4 groups of 2: x (0, 1 | 5, -5 | 2, 2.5 | -1, -2). The top-2 sums are
 * 1.231, 1.0 (sigmoid(5) + sigmoid(-5)), 1.805, 0.388: groups 2 and 0 stay, their best experts
 * are 5 (0.924142) and 4 (0.880797), y = each / their sum. By the largest (mode 0) groups 1
 * and 2 stay: experts 2 (0.993307) and 5. */
static void gating_top_k_case(void)
{
    g_cases++;
    const int64_t dx[2] = {1, 8}, dy[2] = {1, 2}, db[1] = {8}, db7[1] = {7};
    ot_tensor x, y, idx, out, bias, b7;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, dx}, {&y, ACL_FLOAT, 2, dy}, {&idx, ACL_INT32, 2, dy},
                   {&out, ACL_FLOAT, 2, dx}, {&bias, ACL_FLOAT, 1, db}, {&b7, ACL_FLOAT, 1, db7});
    const double xv[8] = {0, 1, 5, -5, 2, 2.5, -1, -2};
    set_all(&x, xv);
    OT_RUN(aclnnMoeGatingTopK, x.t, NULL, 2, 2, 4, 1, 0, 1, true, 1.0, 0.0, y.t, idx.t, out.t);
    CHECK(ot_get(&idx, 0) == 5 && ot_get(&idx, 1) == 4);
    CHECK(fabs(ot_get(&y, 0) - 0.924142 / 1.804939) < 1e-6);
    CHECK(fabs(ot_get(&out, 2) - 0.993307) < 1e-6);
    OT_RUN(aclnnMoeGatingTopK, x.t, NULL, 2, 2, 4, 0, 0, 1, false, 2.0, 0.0, y.t, idx.t, NULL);
    CHECK(ot_get(&idx, 0) == 2 && ot_get(&idx, 1) == 5);
    CHECK(fabs(ot_get(&y, 0) - 2 * 0.993307 / 1.917449) < 1e-6);
    /* softmax, a bias of +1 on expert 7 lifts group 3 (by the largest) and picks experts 7, 6; y
     * keeps the norm without the bias: its softmax value, outOut[7] */
    for (int64_t i = 0; i < 8; i++)
        ot_set(&bias, i, i == 7 ? 1 : 0);
    OT_RUN(aclnnMoeGatingTopK, x.t, bias.t, 2, 1, 4, 0, 0, 0, true, 1.0, 0.0, y.t, idx.t, out.t);
    CHECK(ot_get(&idx, 0) == 7 && ot_get(&idx, 1) == 6 && ot_get(&y, 0) == ot_get(&out, 7) &&
          ot_get(&y, 0) < 0.01);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnMoeGatingTopK, "groupCount", x.t, NULL, 2, 2,
                    3, 0, 0, 1, false, 1.0, 0.0, y.t, idx.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnMoeGatingTopK, "kGroup", x.t, NULL, 2, 5, 4,
                    0, 0, 1, false, 1.0, 0.0, y.t, idx.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnMoeGatingTopK, "biasOptional", x.t, b7.t, 2,
                    2, 4, 0, 0, 1, false, 1.0, 0.0, y.t, idx.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeGatingTopK, "outOut", x.t, NULL, 2, 2, 4, 0, 0,
                    1, true, 1.0, 0.0, y.t, idx.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeGatingTopK, "yOut", x.t, NULL, 2, 2, 4, 0, 0,
                    1, false, 1.0, 0.0, out.t, idx.t, NULL);
    OT_FREE(&x, &y, &idx, &out, &bias, &b7);
}

static void routing_case(void)
{
    g_cases++;
    const int64_t dx[2] = {3, 4}, dk[2] = {3, 2}, d6[1] = {6}, dx2[2] = {4, 4}, d3[1] = {3};
    ot_tensor x, row, exp, ox, orow, oexp, ox2, cnt, c64;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, dx}, {&row, ACL_INT32, 2, dk}, {&exp, ACL_INT32, 2, dk},
                   {&ox, ACL_FLOAT16, 2, (const int64_t[]){6, 4}}, {&orow, ACL_INT32, 1, d6},
                   {&oexp, ACL_INT32, 1, d6}, {&ox2, ACL_FLOAT16, 2, dx2}, {&cnt, ACL_INT32, 1, d3},
                   {&c64, ACL_INT64, 1, d3});
    /* CANN's example: x rows 0.1, 0.2, 0.3; experts [[1, 2], [0, 1], [0, 2]], rowIdx
     * [[0, 3], [1, 4], [2, 5]]: the pairs by expert are rows 1, 2 | 0, 4 | 3, 5 */
    const double ev[6] = {1, 2, 0, 1, 0, 2}, rv[6] = {0, 3, 1, 4, 2, 5};
    set_all(&exp, ev);
    set_all(&row, rv);
    for (int64_t i = 0; i < 12; i++)
        ot_set(&x, i, 0.125 * (double)(i / 4 + 1));
    OT_RUN(aclnnMoeInitRouting, x.t, row.t, exp.t, 3, ox.t, orow.t, oexp.t);
    const double we[6] = {0, 0, 1, 1, 2, 2}, wr[6] = {2, 0, 1, 4, 3, 5},
                 wx[6] = {0.25, 0.375, 0.125, 0.25, 0.125, 0.375};
    for (int64_t i = 0; i < 6; i++)
        CHECK(ot_get(&oexp, i) == we[i] && ot_get(&orow, i) == wr[i] &&
              ot_get(&ox, i * 4 + 3) == wx[i]);
    /* activeNum 2: only the first 2 * K = 4 rows of expandedX */
    OT_RUN(aclnnMoeInitRouting, x.t, row.t, exp.t, 2, ox2.t, orow.t, oexp.t);
    CHECK(ot_get(&ox2, 15) == 0.25);
    /* a repeated rowIdx fails the launch (507015) */
    ot_set(&row, 5, 0);
    uint64_t ws;
    aclOpExecutor *ex;
    CHECK_NN(ACLNN_SUCCESS, aclnnMoeInitRoutingGetWorkspaceSize(x.t, row.t, exp.t, 3, ox.t, orow.t,
                                                                oexp.t, &ws, &ex));
    CHECK_NN(ACLNN_SUCCESS, aclnnMoeInitRouting(NULL, ws, ex, g_stream));
    CHECK(aclrtSynchronizeStream(g_stream) == ACL_ERROR_RT_AICORE_EXCEPTION);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeInitRouting, "rowIdx", x.t, NULL, exp.t, 3,
                    ox.t, orow.t, oexp.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRouting, "activeNum", x.t, row.t, exp.t,
                    -1, ox.t, orow.t, oexp.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRouting, "expandedXOut", x.t, row.t, exp.t,
                    2, ox.t, orow.t, oexp.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRouting, "expertIdx", x.t, row.t, x.t, 3,
                    ox.t, orow.t, oexp.t);
    /* MoeInitRoutingV2 dropless, positions n * K + k sorted by expert (stable): 2, 4 | 0, 3 |
     * 1, 5; with activeNum 4 only 4 rows of x (rows 1, 2, 0, 1), the cumsum (2, 4, 6) */
    OT_RUN(aclnnMoeInitRoutingV2, x.t, exp.t, 4, 0, 3, 0, 1, false, ox2.t, orow.t, cnt.t, NULL);
    const double w2r[6] = {2, 4, 0, 3, 1, 5}, w2x[4] = {0.25, 0.375, 0.125, 0.25};
    for (int64_t i = 0; i < 6; i++)
        CHECK(ot_get(&orow, i) == w2r[i] && (i >= 4 || ot_get(&ox2, i * 4) == w2x[i]));
    CHECK(ot_get(&cnt, 0) == 2 && ot_get(&cnt, 1) == 4 && ot_get(&cnt, 2) == 6);
    /* drop mode, capacity 1 of 3 experts: each expert keeps its first position (2, 0, 1) */
    ot_tensor o3;
    OT_MAKE_CONTIG({&o3, ACL_FLOAT16, 3, (const int64_t[]){3, 1, 4}});
    OT_RUN(aclnnMoeInitRoutingV2, x.t, exp.t, 0, 1, 3, 1, 0, true, o3.t, orow.t, NULL, cnt.t);
    const double w3r[6] = {1, 2, 0, -1, -1, -1};
    for (int64_t i = 0; i < 6; i++)
        CHECK(ot_get(&orow, i) == w3r[i]);
    CHECK(ot_get(&o3, 0) == 0.25 && ot_get(&o3, 4) == 0.125 && ot_get(&o3, 8) == 0.125);
    CHECK(ot_get(&cnt, 0) == 2 && ot_get(&cnt, 1) == 2 && ot_get(&cnt, 2) == 2);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingV2, "dropPadMode", x.t, exp.t, 0, 1,
                    3, 2, 0, false, o3.t, orow.t, NULL, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingV2, "expertCapacity", x.t, exp.t, 0,
                    4, 3, 1, 0, false, o3.t, orow.t, NULL, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeInitRoutingV2,
                    "expertTokensCountOrCumsumOutOptional", x.t, exp.t, 0, 0, 3, 0, 2, false, ox.t,
                    orow.t, NULL, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingV2, "expandedXOut", x.t, exp.t, 0,
                    0, 3, 0, 0, false, o3.t, orow.t, NULL, NULL);
    ot_free(&o3);
    /* CANN's example of MoeComputeExpertTokens: (0, 0, 1, 1, 2, 2) gives (2, 4, 6) */
    OT_RUN(aclnnMoeComputeExpertTokens, oexp.t, 3, cnt.t);
    CHECK(ot_get(&cnt, 0) == 2 && ot_get(&cnt, 1) == 4 && ot_get(&cnt, 2) == 6);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeComputeExpertTokens, "numExperts", oexp.t, 0,
                    cnt.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeComputeExpertTokens, "out", oexp.t, 3, c64.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeComputeExpertTokens, "out", oexp.t, 4, cnt.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeComputeExpertTokens, "sortedExperts", NULL, 3,
                    cnt.t);
    OT_FREE(&x, &row, &exp, &ox, &orow, &oexp, &ox2, &cnt, &c64);
}

static void finalize_case(void)
{
    g_cases++;
    const int64_t d41[2] = {4, 1}, d21[2] = {2, 1}, d22[2] = {2, 2}, d4[1] = {4},
                  d221[3] = {2, 2, 1};
    ot_tensor ex, x1, x2, bias, sc, ridx, eidx, out, ex3, o16;
    OT_MAKE_CONTIG({&ex, ACL_FLOAT, 2, d41}, {&x1, ACL_FLOAT, 2, d21}, {&x2, ACL_FLOAT, 2, d21},
                   {&bias, ACL_FLOAT, 2, d21}, {&sc, ACL_FLOAT, 2, d22}, {&ridx, ACL_INT32, 1, d4},
                   {&eidx, ACL_INT32, 2, d22}, {&out, ACL_FLOAT, 2, d21},
                   {&ex3, ACL_FLOAT, 3, d221}, {&o16, ACL_FLOAT16, 2, d21});
    const double exv[4] = {1, 2, 3, 4}, x1v[2] = {100, 200}, x2v[2] = {1000, 2000},
                 bv[2] = {10, 20}, sv[4] = {0.5, 0.25, 1, 2}, rv[4] = {2, 0, 3, 1},
                 ev[4] = {0, 1, 1, 0};
    set_all(&ex, exv);
    set_all(&ex3, exv);
    set_all(&x1, x1v);
    set_all(&x2, x2v);
    set_all(&bias, bv);
    set_all(&sc, sv);
    set_all(&ridx, rv);
    set_all(&eidx, ev);
    /* i + k * N: row 0 takes expandedX rows 2, 3 (3, 4) with experts 0, 1:
     * 1100 + 0.5 * (3 + 10) + 0.25 * (4 + 20) = 1112.5; row 1 rows 0, 1 (1, 2), experts 1, 0:
     * 2200 + 1 * (1 + 20) + 2 * (2 + 10) = 2245 */
    OT_RUN(aclnnMoeFinalizeRouting, ex.t, x1.t, x2.t, bias.t, sc.t, ridx.t, eidx.t, out.t);
    CHECK(ot_get(&out, 0) == 1112.5 && ot_get(&out, 1) == 2245);
    OT_RUN(aclnnMoeFinalizeRoutingV2, ex.t, ridx.t, x1.t, x2.t, bias.t, sc.t, eidx.t, 0, out.t);
    CHECK(ot_get(&out, 0) == 1112.5 && ot_get(&out, 1) == 2245);
    /* mode 2, i * K + k, scales alone: 0.5 * 3 + 0.25 * 1 = 1.75; 1 * 4 + 2 * 2 = 8 */
    OT_RUN(aclnnMoeFinalizeRoutingV2, ex.t, ridx.t, NULL, NULL, NULL, sc.t, NULL, 2, out.t);
    CHECK(ot_get(&out, 0) == 1.75 && ot_get(&out, 1) == 8);
    /* mode 3 on [E, C, H] with row 0's second term dropped (-1): 1.5, 8 */
    ot_set(&ridx, 1, -1);
    OT_RUN(aclnnMoeFinalizeRoutingV2, ex3.t, ridx.t, NULL, NULL, NULL, sc.t, NULL, 3, out.t);
    CHECK(ot_get(&out, 0) == 1.5 && ot_get(&out, 1) == 8);
    /* the same -1 in mode 0 fails the launch */
    uint64_t ws;
    aclOpExecutor *e;
    CHECK_NN(ACLNN_SUCCESS, aclnnMoeFinalizeRoutingV2GetWorkspaceSize(
                                ex.t, ridx.t, NULL, NULL, NULL, sc.t, NULL, 0, out.t, &ws, &e));
    CHECK_NN(ACLNN_SUCCESS, aclnnMoeFinalizeRoutingV2(NULL, ws, e, g_stream));
    CHECK(aclrtSynchronizeStream(g_stream) == ACL_ERROR_RT_AICORE_EXCEPTION);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeFinalizeRouting, "scales", ex.t, x1.t, x2.t,
                    bias.t, NULL, ridx.t, eidx.t, out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeFinalizeRouting, "out", ex.t, x1.t, x2.t,
                    bias.t, sc.t, ridx.t, eidx.t, o16.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeFinalizeRouting, "expandedExpertIdx", ex.t,
                    x1.t, x2.t, bias.t, sc.t, ridx.t, sc.t, out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeFinalizeRoutingV2, "dropPadMode", ex.t, ridx.t,
                    NULL, NULL, NULL, sc.t, NULL, 4, out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeFinalizeRoutingV2, "expandedX", ex.t, ridx.t,
                    NULL, NULL, NULL, sc.t, NULL, 1, out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeFinalizeRoutingV2, "expertIdxOptional", ex.t,
                    ridx.t, NULL, NULL, bias.t, sc.t, NULL, 0, out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeFinalizeRoutingV2, "x1Optional", ex.t, ridx.t,
                    ex.t, NULL, NULL, sc.t, NULL, 0, out.t);
    OT_FREE(&ex, &x1, &x2, &bias, &sc, &ridx, &eidx, &out, &ex3, &o16);
}

/* MoeTokenPermute of tokens (1, 2, 3) (one column) with indices [[1, 0], [0, 2], [1, 0]]: the
 * positions by expert are 1, 2, 5 | 0, 4 | 3, so the rows are tokens 0, 1, 2, 0, 2, 1 and
 * sortedIndicesOut (position -> row) is (3, 0, 1, 5, 4, 2); numOutTokens -2 keeps 4 rows. Then
 * back: Unpermute with probs [[0.5, 0.25], [1, 2], [4, 8]] gives 0.75, 6, 36; PermuteGrad
 * (topK 2, no weights) 2, 4, 6; UnpermuteGrad of ones with those probs puts each weight at its
 * row, and probsGrad = the row's token. */
static void permute_case(void)
{
    g_cases++;
    const int64_t dt_[2] = {3, 1}, di[2] = {3, 2}, d6[1] = {6}, d61[2] = {6, 1}, d41[2] = {4, 1};
    ot_tensor tok, ind, po, so, p4, probs, out, grad, pg, pgo, i64o;
    OT_MAKE_CONTIG({&tok, ACL_FLOAT, 2, dt_}, {&ind, ACL_INT64, 2, di}, {&po, ACL_FLOAT, 2, d61},
                   {&so, ACL_INT32, 1, d6}, {&p4, ACL_FLOAT, 2, d41}, {&probs, ACL_FLOAT, 2, di},
                   {&out, ACL_FLOAT, 2, dt_}, {&grad, ACL_FLOAT, 2, dt_}, {&pg, ACL_FLOAT, 2, d61},
                   {&pgo, ACL_FLOAT, 2, di}, {&i64o, ACL_INT64, 1, d6});
    const double tv[3] = {1, 2, 3}, iv[6] = {1, 0, 0, 2, 1, 0}, pv[6] = {0.5, 0.25, 1, 2, 4, 8},
                 ones[3] = {1, 1, 1};
    set_all(&tok, tv);
    set_all(&ind, iv);
    set_all(&probs, pv);
    set_all(&grad, ones);
    OT_RUN(aclnnMoeTokenPermute, tok.t, ind.t, 0, false, po.t, so.t);
    const double wrow[6] = {1, 2, 3, 1, 3, 2}, wso[6] = {3, 0, 1, 5, 4, 2};
    for (int64_t i = 0; i < 6; i++)
        CHECK(ot_get(&po, i) == wrow[i] && ot_get(&so, i) == wso[i]);
    OT_RUN(aclnnMoeTokenPermute, tok.t, ind.t, -2, false, p4.t, so.t);
    CHECK(ot_get(&p4, 3) == 1);
    OT_RUN(aclnnMoeTokenUnpermute, po.t, so.t, probs.t, false, NULL, out.t);
    CHECK(ot_get(&out, 0) == 0.75 && ot_get(&out, 1) == 6 && ot_get(&out, 2) == 36);
    OT_RUN(aclnnMoeTokenPermuteGrad, po.t, so.t, 2, false, out.t);
    CHECK(ot_get(&out, 0) == 2 && ot_get(&out, 1) == 4 && ot_get(&out, 2) == 6);
    /* with the 4 rows numOutTokens -2 kept, positions 3 and 4 (rows 5, 4) add nothing */
    OT_RUN(aclnnMoeTokenPermuteGrad, p4.t, so.t, 2, false, out.t);
    CHECK(ot_get(&out, 0) == 2 && ot_get(&out, 1) == 2 && ot_get(&out, 2) == 3);
    OT_RUN(aclnnMoeTokenUnpermuteGrad, po.t, grad.t, so.t, probs.t, false, NULL, pg.t, pgo.t);
    for (int64_t i = 0; i < 6; i++)
        CHECK(ot_get(&pg, (int64_t)wso[i]) == pv[i] && ot_get(&pgo, i) == tv[i / 2]);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenPermute, "paddedMode", tok.t, ind.t, 0,
                    true, po.t, so.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenPermute, "permuteTokensOut", tok.t, ind.t,
                    3, false, po.t, so.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenPermute, "sortedIndicesOut", tok.t, ind.t,
                    0, false, po.t, i64o.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenUnpermute, "sortedIndices", po.t, i64o.t,
                    probs.t, false, NULL, out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenPermuteGrad, "topK", po.t, so.t, 4, false,
                    out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeTokenUnpermuteGrad, "probsGradOut", po.t,
                    grad.t, so.t, probs.t, false, NULL, pg.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenUnpermuteGrad, "permutedTokensGradOut",
                    po.t, grad.t, so.t, probs.t, false, NULL, p4.t, pgo.t);
    OT_FREE(&tok, &ind, &po, &so, &p4, &probs, &out, &grad, &pg, &pgo, &i64o);
}

/* CANN's example of MoeInitRoutingV2Grad: rows (0.1, 0.3, 0.2, 0.4), expandedRowIdx (2, 0, 1, 3),
 * topK 2: token 0 sums rows 2 and 0 (0.3), token 1 rows 1 and 3 (0.7). MoeFinalizeRoutingV2Grad
 * of gradY (1, 2) per token with scales (0.5, 2 | 3, 4): gradExpandedX row 2 = 0.5, row 0 = 2,
 * row 1 = 6, row 3 = 8; gradScales = expandedX row . gradY (expandedX = the rows above). */
static void routing_grad_case(void)
{
    g_cases++;
    const int64_t d41[2] = {4, 1}, d4[1] = {4}, d21[2] = {2, 1}, d22[2] = {2, 2};
    ot_tensor gx, ridx, out, gy, sc, gxo, gso, gs1;
    OT_MAKE_CONTIG({&gx, ACL_FLOAT, 2, d41}, {&ridx, ACL_INT32, 1, d4}, {&out, ACL_FLOAT, 2, d21},
                   {&gy, ACL_FLOAT, 2, d21}, {&sc, ACL_FLOAT, 2, d22}, {&gxo, ACL_FLOAT, 2, d41},
                   {&gso, ACL_FLOAT, 2, d22}, {&gs1, ACL_FLOAT, 2, d21});
    const double gv[4] = {0.1, 0.3, 0.2, 0.4}, rv[4] = {2, 0, 1, 3}, yv[2] = {1, 2},
                 sv[4] = {0.5, 2, 3, 4};
    set_all(&gx, gv);
    set_all(&ridx, rv);
    set_all(&gy, yv);
    set_all(&sc, sv);
    OT_RUN(aclnnMoeInitRoutingV2Grad, gx.t, ridx.t, 2, 0, 0, out.t);
    CHECK(fabs(ot_get(&out, 0) - 0.3) < 1e-7 && fabs(ot_get(&out, 1) - 0.7) < 1e-7);
    OT_RUN(aclnnMoeFinalizeRoutingV2Grad, gy.t, ridx.t, gx.t, sc.t, NULL, NULL, 0, 0, 0, 0, gxo.t,
           gso.t);
    const double wx[4] = {2, 6, 0.5, 8}, ws[4] = {0.2, 0.1, 0.6, 0.8};
    for (int64_t i = 0; i < 4; i++)
        CHECK(ot_get(&gxo, i) == wx[i] && fabs(ot_get(&gso, i) - ws[i]) < 1e-6);
    /* without scales: gradY rows only (K = 4 / 2) */
    OT_RUN(aclnnMoeFinalizeRoutingV2Grad, gy.t, ridx.t, NULL, NULL, NULL, NULL, 0, 0, 0, 0, gxo.t,
           gs1.t);
    CHECK(ot_get(&gxo, 2) == 1 && ot_get(&gxo, 3) == 2);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingV2Grad, "topK", gx.t, ridx.t, 3, 0,
                    0, out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingV2Grad, "gradExpandedX", gx.t,
                    ridx.t, 2, 0, 3, out.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeFinalizeRoutingV2Grad, "expandedXOptional",
                    gy.t, ridx.t, NULL, sc.t, NULL, NULL, 0, 0, 0, 0, gxo.t, gso.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeFinalizeRoutingV2Grad, "gradScalesOut", gy.t,
                    ridx.t, gx.t, sc.t, NULL, NULL, 0, 0, 0, 0, gxo.t, gs1.t);
    OT_FREE(&gx, &ridx, &out, &gy, &sc, &gxo, &gso, &gs1);
}

/* CANN's FFN example: x 0.1 .. 0.8 as [4, 2] (FLOAT16), weight1 (0.1, 0.2 | 0.3, 0.4), weight2
 * (0.4, 0.3 | 0.2, 0.1), relu: row 0's hidden (0.07, 0.10) gives (0.048, 0.031). Then two
 * experts over rows 1 | 3 with FFNV3's device counts, and the codes. */
static void ffn_case(void)
{
    g_cases++;
    const int64_t dx[2] = {4, 2}, dw[2] = {2, 2}, dw3[3] = {2, 2, 2}, de[1] = {2};
    ot_tensor x, w1, w2, y, w3, et, xf;
    OT_MAKE_CONTIG({&x, ACL_FLOAT16, 2, dx}, {&w1, ACL_FLOAT16, 2, dw}, {&w2, ACL_FLOAT16, 2, dw},
                   {&y, ACL_FLOAT16, 2, dx}, {&w3, ACL_FLOAT16, 3, dw3}, {&et, ACL_INT64, 1, de},
                   {&xf, ACL_FLOAT, 2, dx});
    const double xv[8] = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}, w1v[4] = {0.1, 0.2, 0.3, 0.4},
                 w2v[4] = {0.4, 0.3, 0.2, 0.1}, ev[2] = {1, 3};
    set_all(&x, xv);
    set_all(&w1, w1v);
    set_all(&w2, w2v);
    set_all(&et, ev);
    OT_RUN(aclnnFFN, x.t, w1.t, w2.t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           NULL, "relu", 1, y.t);
    CHECK(fabs(ot_get(&y, 0) - 0.048) < 2e-4 && fabs(ot_get(&y, 1) - 0.031) < 2e-4);
    /* expert 0 = (w1, w2), expert 1 = (w2, w1) for rows 1 .. 3: row 1 (0.3, 0.4) through expert
     * 1: hidden (0.3 * 0.4 + 0.4 * 0.2, 0.3 * 0.3 + 0.4 * 0.1) = (0.2, 0.13), y = (0.2 * 0.1 +
     * 0.13 * 0.3, 0.2 * 0.2 + 0.13 * 0.4) = (0.059, 0.092) */
    const double w3v[8] = {0.1, 0.2, 0.3, 0.4, 0.4, 0.3, 0.2, 0.1};
    const double w4v[8] = {0.4, 0.3, 0.2, 0.1, 0.1, 0.2, 0.3, 0.4};
    set_all(&w3, w3v);
    ot_tensor w4;
    OT_MAKE_CONTIG({&w4, ACL_FLOAT16, 3, dw3});
    set_all(&w4, w4v);
    OT_RUN(aclnnFFNV3, x.t, w3.t, w4.t, et.t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           NULL, "relu", 0, false, y.t);
    CHECK(fabs(ot_get(&y, 0) - 0.048) < 2e-4 && fabs(ot_get(&y, 2) - 0.059) < 2e-4 &&
          fabs(ot_get(&y, 3) - 0.092) < 2e-4);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFFN, "activation", x.t, w1.t, w2.t, NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "swiglu", 1, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFFN, "scale", x.t, w1.t, w2.t, NULL, NULL, NULL,
                    et.t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "relu", 1, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFFN, "x", xf.t, w1.t, w2.t, NULL, NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "relu", 1, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnFFNV3, "weight1", x.t, w1.t, w2.t, et.t, NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "relu", 0, false, y.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnFFN, "weight2", x.t, w1.t, NULL, NULL, NULL, NULL,
                    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "relu", 1, y.t);
    OT_FREE(&x, &w1, &w2, &y, &w3, &et, &xf, &w4);
}

/* MoeTokenPermuteWithRoutingMap, CANN's example shape: 3 tokens (1, 2, 3), both experts each
 * (an all-ones map), numOutTokens 6: expert 0 takes tokens 0, 1, 2, expert 1 the same, so the
 * rows are (1, 2, 3, 1, 2, 3) and sortedIndicesOut (0, 3, 1, 4, 2, 5); with dropAndPad and
 * numOutTokens 4 (capacity 2) the ids are (0, 1, 0, 1). */
static void routing_map_case(void)
{
    g_cases++;
    const int64_t dt_[2] = {3, 1}, dm[2] = {3, 2}, d61[2] = {6, 1}, d6[1] = {6}, d41[2] = {4, 1},
                  d4[1] = {4};
    ot_tensor tok, map, po, so, p4, s4, s64;
    OT_MAKE_CONTIG({&tok, ACL_FLOAT, 2, dt_}, {&map, ACL_BOOL, 2, dm}, {&po, ACL_FLOAT, 2, d61},
                   {&so, ACL_INT32, 1, d6}, {&p4, ACL_FLOAT, 2, d41}, {&s4, ACL_INT32, 1, d4},
                   {&s64, ACL_INT64, 1, d6});
    const double tv[3] = {1, 2, 3}, mv[6] = {1, 1, 1, 1, 1, 1};
    set_all(&tok, tv);
    set_all(&map, mv);
    OT_RUN(aclnnMoeTokenPermuteWithRoutingMap, tok.t, map.t, NULL, 6, false, po.t, NULL, so.t);
    const double wr[6] = {1, 2, 3, 1, 2, 3}, ws[6] = {0, 3, 1, 4, 2, 5};
    for (int64_t i = 0; i < 6; i++)
        CHECK(ot_get(&po, i) == wr[i] && ot_get(&so, i) == ws[i]);
    OT_RUN(aclnnMoeTokenPermuteWithRoutingMap, tok.t, map.t, NULL, 4, true, p4.t, NULL, s4.t);
    CHECK(ot_get(&s4, 0) == 0 && ot_get(&s4, 1) == 1 && ot_get(&s4, 2) == 0 &&
          ot_get(&s4, 3) == 1 && ot_get(&p4, 3) == 2);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenPermuteWithRoutingMap, "numOutTokens",
                    tok.t, map.t, NULL, 7, false, po.t, NULL, so.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenPermuteWithRoutingMap, "sortedIndicesOut",
                    tok.t, map.t, NULL, 6, false, po.t, NULL, s64.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeTokenPermuteWithRoutingMap, "routingMap",
                    tok.t, tok.t, NULL, 6, false, po.t, NULL, so.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeTokenPermuteWithRoutingMap,
                    "permuteProbsOutOptional", tok.t, map.t, po.t, 6, false, po.t, NULL, so.t);
    OT_FREE(&tok, &map, &po, &so, &p4, &s4, &s64);
}

/* MoeInitRoutingQuant, one token and expert, x (2.5, -200, 0.5, 126.5), scale 1, offset 1:
 * rint(3.5) = 4 (ties to even), -199 saturates to -128, rint(1.5) = 2, 127.5 rounds to 128 in
 * FLOAT16 steps and saturates to 127. */
static void init_quant_case(void)
{
    g_cases++;
    const int64_t dx[2] = {1, 4}, d11[2] = {1, 1}, d1[1] = {1};
    ot_tensor x, ri, ei, ox, orow, oexp, of;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, dx}, {&ri, ACL_INT32, 2, d11}, {&ei, ACL_INT32, 2, d11},
                   {&ox, ACL_INT8, 2, dx}, {&orow, ACL_INT32, 1, d1}, {&oexp, ACL_INT32, 1, d1},
                   {&of, ACL_FLOAT, 2, dx});
    const double xv[4] = {2.5, -200, 0.5, 126.5};
    set_all(&x, xv);
    ot_set(&ri, 0, 0);
    ot_set(&ei, 0, 0);
    OT_RUN(aclnnMoeInitRoutingQuant, x.t, ri.t, ei.t, 1, 1.0, 1.0, ox.t, orow.t, oexp.t);
    CHECK(ot_get(&ox, 0) == 4 && ot_get(&ox, 1) == -128 && ot_get(&ox, 2) == 2 &&
          ot_get(&ox, 3) == 127 && ot_get(&orow, 0) == 0);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingQuant, "expandedXOut", x.t, ri.t,
                    ei.t, 1, 1.0, 1.0, of.t, orow.t, oexp.t);
    OT_FREE(&x, &ri, &ei, &ox, &orow, &oexp, &of);
}

/* MoeInitRoutingV3 on CANN's example (x rows 0.125, 0.25, 0.375; experts [[1, 2, 0, 3],
 * [0, 2, 1, 3], [0, 1, 3, 2]]): by expert, stable, the positions are 2, 4, 8 | 0, 6, 9 |
 * 1, 5, 11 | 3, 7, 10. Then a narrowed range [1, 3) with gather indices and key-value counts,
 * the dynamic quantisation, and the codes. */
static void init_v3_case(void)
{
    g_cases++;
    const int64_t dx[2] = {3, 2}, dk[2] = {3, 4}, d12[1] = {12}, dox[2] = {12, 2}, d3[1] = {3},
                  d4[1] = {4}, dkv[2] = {4, 2}, d2[1] = {2};
    ot_tensor x, ei, sc, ox, orow, cnt, osc, kv, c2, o8;
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 2, dx}, {&ei, ACL_INT32, 2, dk}, {&sc, ACL_FLOAT, 1, d3},
                   {&ox, ACL_FLOAT, 2, dox}, {&orow, ACL_INT32, 1, d12}, {&cnt, ACL_INT64, 1, d4},
                   {&osc, ACL_FLOAT, 1, d12}, {&kv, ACL_INT64, 2, dkv}, {&c2, ACL_INT64, 1, d2},
                   {&o8, ACL_INT8, 2, dox});
    const double ev[12] = {1, 2, 0, 3, 0, 2, 1, 3, 0, 1, 3, 2}, xv[6] = {0.125, 0.125, 0.25,
                                                                           0.25, 0.375, 0.375};
    const double scv[3] = {0.5, 1.5, 2.5};
    set_all(&ei, ev);
    set_all(&x, xv);
    set_all(&sc, scv);
    const int64_t r04[2] = {0, 4}, r13[2] = {1, 3};
    aclIntArray *all = aclCreateIntArray(r04, 2), *mid = aclCreateIntArray(r13, 2);
    OT_RUN(aclnnMoeInitRoutingV3, x.t, ei.t, sc.t, NULL, 12, 4, 256, 0, 1, true, -1, all, 1, ox.t,
           orow.t, cnt.t, osc.t);
    const int64_t sorted[12] = {2, 4, 8, 0, 6, 9, 1, 5, 11, 3, 7, 10};
    for (int64_t i = 0; i < 12; i++) {
        const int64_t src = sorted[i] / 4;
        CHECK(ot_get(&orow, sorted[i]) == (double)i);
        CHECK(ot_get(&ox, i * 2) == xv[src * 2] && ot_get(&ox, i * 2 + 1) == xv[src * 2]);
        CHECK(ot_get(&osc, i) == scv[src]);
    }
    for (int64_t e = 0; e < 4; e++)
        CHECK(ot_get(&cnt, e) == 3);
    /* range [1, 3): positions 0, 6, 9 | 1, 5, 11; gather indices, -1 after them */
    OT_RUN(aclnnMoeInitRoutingV3, x.t, ei.t, NULL, NULL, -1, 0, 4, 0, 1, true, -1, mid, 0, ox.t,
           orow.t, c2.t, osc.t);
    const double wg[12] = {0, 6, 9, 1, 5, 11, -1, -1, -1, -1, -1, -1};
    for (int64_t i = 0; i < 12; i++)
        CHECK(ot_get(&orow, i) == wg[i] && (i >= 6 || ot_get(&ox, i * 2) == xv[(int)wg[i] / 4 * 2]));
    CHECK(ot_get(&c2, 0) == 3 && ot_get(&c2, 1) == 3);
    /* key-value counts: (1, 3), (2, 3), then zeros */
    OT_RUN(aclnnMoeInitRoutingV3, x.t, ei.t, NULL, NULL, 12, 0, 4, 0, 2, true, -1, mid, 1, ox.t,
           orow.t, kv.t, osc.t);
    const double wkv[8] = {1, 3, 2, 3, 0, 0, 0, 0};
    for (int64_t i = 0; i < 8; i++)
        CHECK(ot_get(&kv, i) == wkv[i]);
    /* the codes: NULL, types, shapes (161002), attributes (561002) */
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, aclnnMoeInitRoutingV3, "expandedScaleOut", x.t, ei.t,
                    NULL, NULL, 12, 0, 4, 0, 1, true, -1, all, 1, ox.t, orow.t, cnt.t, NULL);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingV3, "expertIdx", x.t, x.t, NULL,
                    NULL, 12, 0, 4, 0, 1, true, -1, all, 1, ox.t, orow.t, cnt.t, osc.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingV3, "expertTokensCountOrCumsumOut",
                    x.t, ei.t, NULL, NULL, 12, 0, 4, 0, 1, true, -1, mid, 1, ox.t, orow.t, cnt.t,
                    osc.t);
    OT_FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, aclnnMoeInitRoutingV3, "scaleOptional", x.t, ei.t,
                    osc.t, NULL, 12, 0, 4, 0, 1, true, -1, all, 1, ox.t, orow.t, cnt.t, osc.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnMoeInitRoutingV3, "dropPadMode", x.t, ei.t,
                    NULL, NULL, 12, 0, 4, 1, 1, true, -1, all, 1, ox.t, orow.t, cnt.t, osc.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnMoeInitRoutingV3, "activeNum", x.t, ei.t,
                    NULL, NULL, 5, 0, 4, 0, 1, true, -1, all, 1, ox.t, orow.t, cnt.t, osc.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnMoeInitRoutingV3, "quantMode", x.t, ei.t,
                    NULL, NULL, 12, 0, 4, 0, 1, true, 0, all, 1, ox.t, orow.t, cnt.t, osc.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnMoeInitRoutingV3, "activeExpertRange", x.t,
                    ei.t, NULL, NULL, 12, 0, 3, 0, 1, true, -1, all, 1, ox.t, orow.t, cnt.t,
                    osc.t);
    OT_FAILS_NAMING(ACLNN_ERR_INNER_TILING_ERROR, aclnnMoeInitRoutingV3, "rowIdxType", x.t, ei.t,
                    NULL, NULL, 12, 0, 4, 0, 1, true, -1, all, 2, ox.t, orow.t, cnt.t, osc.t);
    aclDestroyIntArray(all);
    aclDestroyIntArray(mid);
    OT_FREE(&x, &ei, &sc, &ox, &orow, &cnt, &osc, &kv, &c2, &o8);

    /* dynamic quantisation of one row (1, -3, 0.5, 4), max 4: v * 127 / 4 = 31.75, -95.25,
     * 15.875, 127 round to 32, -95, 16, 127; with the expert's smooth scale (2, 1, 1, 0.5) the
     * row (2, -3, 0.5, 2), max 3: 84.67, -127, 21.17, 84.67 give 85, -127, 21, 85 */
    const int64_t qx[2] = {1, 4}, q1[2] = {1, 1}, q11[1] = {1}, qs[2] = {1, 4};
    ot_tensor y, yi, yo, yr, yc, ys, sm;
    OT_MAKE_CONTIG({&y, ACL_BF16, 2, qx}, {&yi, ACL_INT32, 2, q1}, {&yo, ACL_INT8, 2, qx},
                   {&yr, ACL_INT32, 1, q11}, {&yc, ACL_INT64, 1, q11}, {&ys, ACL_FLOAT, 1, q11},
                   {&sm, ACL_FLOAT, 2, qs});
    const double yv[4] = {1, -3, 0.5, 4}, smv[4] = {2, 1, 1, 0.5};
    set_all(&y, yv);
    set_all(&sm, smv);
    ot_set(&yi, 0, 0);
    const int64_t r01[2] = {0, 1};
    aclIntArray *one = aclCreateIntArray(r01, 2);
    OT_RUN(aclnnMoeInitRoutingV3, y.t, yi.t, NULL, NULL, 1, 0, 1, 0, 1, true, 1, one, 1, yo.t,
           yr.t, yc.t, ys.t);
    CHECK(ot_get(&yo, 0) == 32 && ot_get(&yo, 1) == -95 && ot_get(&yo, 2) == 16 &&
          ot_get(&yo, 3) == 127);
    CHECK(fabs(ot_get(&ys, 0) - 4.0 / 127) < 1e-7 && ot_get(&yc, 0) == 1 && ot_get(&yr, 0) == 0);
    OT_RUN(aclnnMoeInitRoutingV3, y.t, yi.t, sm.t, NULL, 1, 0, 1, 0, 1, true, 1, one, 1, yo.t,
           yr.t, yc.t, ys.t);
    CHECK(ot_get(&yo, 0) == 85 && ot_get(&yo, 1) == -127 && ot_get(&yo, 2) == 21 &&
          ot_get(&yo, 3) == 85);
    CHECK(fabs(ot_get(&ys, 0) - 3.0 / 127) < 1e-7);
    aclDestroyIntArray(one);
    OT_FREE(&y, &yi, &yo, &yr, &yc, &ys, &sm);
}

int main(void)
{
    ot_init();
    gating_case();
    gating_top_k_case();
    routing_case();
    finalize_case();
    permute_case();
    routing_grad_case();
    ffn_case();
    routing_map_case();
    init_quant_case();
    init_v3_case();
    ot_fini();
    printf("ops_moe: %d cases passed\n", g_cases);
    return 0;
}
