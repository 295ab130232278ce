/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The recurrent networks (ops/rnn): the codes and messages of their first phases on bad
 * input (a NULL required tensor or list 161001; a refused type, a wrong shape, list length
 * or attribute 161002, the message naming the parameter), and one LSTM step checked by hand
 * (one unit, weights 1: i = f = o = sigmoid(x + h + ...), g = tanh(...)). Their values
 * against PyTorch: tests/python/test_rnn_torch.py.
 */
#include "aclnnop/aclnn_gru.h"
#include "aclnnop/aclnn_gru_backward.h"
#include "aclnnop/aclnn_lstm.h"
#include "aclnnop/aclnn_lstm_backward.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell_backward.h"
#include "optest.h"

/* Expect code and a message naming what (aclGetRecentErrMsg clears the message: read once). */
#define CHECK_NAMED(code, what, call)                                                              \
    do {                                                                                           \
        aclnnStatus got_ = (call);                                                                 \
        const char *m_ = aclGetRecentErrMsg();                                                     \
        if (got_ != (aclnnStatus)(code) || !m_ || !strstr(m_, what)) {                             \
            fprintf(stderr, "%s:%d: %s returned %d (\"%s\"), expected %d naming %s\n", __FILE__,   \
                    __LINE__, #call, (int)got_, m_ ? m_ : "", (int)(code), what);                  \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

enum { T_ = 2, B_ = 2, I_ = 3, H_ = 2 };

struct net {
    ot_tensor x, w[2], out, hy, cy, st[2];
    aclTensorList *params, *hx;
};

static void net_make(struct net *n, aclDataType dt)
{
    const int64_t dx[3] = {T_, B_, I_}, dwi[2] = {4 * H_, I_}, dwh[2] = {4 * H_, H_};
    const int64_t dout[3] = {T_, B_, H_}, ds[3] = {1, B_, H_};
    OT_MAKE_CONTIG({&n->x, dt, 3, dx}, {&n->w[0], dt, 2, dwi}, {&n->w[1], dt, 2, dwh},
                   {&n->out, dt, 3, dout}, {&n->hy, dt, 3, ds}, {&n->cy, dt, 3, ds},
                   {&n->st[0], dt, 3, ds}, {&n->st[1], dt, 3, ds});
    n->params = ot_list(n->w, 2);
    n->hx = ot_list(n->st, 2);
}

static void net_free(struct net *n)
{
    ot_free_list(n->params, n->w, 2);
    ot_free_list(n->hx, n->st, 2);
    OT_FREE(&n->x, &n->out, &n->hy, &n->cy);
}

static void test_lstm_errors(void)
{
    struct net n;
    net_make(&n, ACL_FLOAT);
    uint64_t ws;
    aclOpExecutor *ex;
#define LSTM(x, p, hx, bs, bias, L, train, out, hy, cy, lists)                                     \
    aclnnLSTMGetWorkspaceSize(x, p, hx, bs, bias, L, 0.0, train, false, false, out, hy, cy,        \
                              lists[0], lists[1], lists[2], lists[3], lists[4], lists[5],          \
                              lists[6], &ws, &ex)
    aclTensorList *none[7] = {NULL};
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "input",
                LSTM(NULL, n.params, n.hx, NULL, false, 1, false, n.out.t, n.hy.t, n.cy.t, none));
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "params",
                LSTM(n.x.t, NULL, n.hx, NULL, false, 1, false, n.out.t, n.hy.t, n.cy.t, none));
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "cy",
                LSTM(n.x.t, n.params, n.hx, NULL, false, 1, false, n.out.t, n.hy.t, NULL, none));
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "iOut",
                LSTM(n.x.t, n.params, n.hx, NULL, false, 1, true, n.out.t, n.hy.t, n.cy.t, none));
    /* attributes and lengths */
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "numLayers",
                LSTM(n.x.t, n.params, n.hx, NULL, false, 0, false, n.out.t, n.hy.t, n.cy.t, none));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "params",
                LSTM(n.x.t, n.params, n.hx, NULL, true, 1, false, n.out.t, n.hy.t, n.cy.t, none));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "params",
                LSTM(n.x.t, n.params, n.hx, NULL, false, 2, false, n.out.t, n.hy.t, n.cy.t, none));
    /* shapes: output of hy's shape; hy of output's; input 2-dim without batchSizes */
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "output",
                LSTM(n.x.t, n.params, n.hx, NULL, false, 1, false, n.hy.t, n.hy.t, n.cy.t, none));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "hy",
                LSTM(n.x.t, n.params, n.hx, NULL, false, 1, false, n.out.t, n.out.t, n.cy.t, none));
    ot_tensor x2, f16, i32;
    const int64_t d2[2] = {T_ * B_, I_}, d3[3] = {T_, B_, I_}, d1[1] = {T_};
    OT_MAKE_CONTIG({&x2, ACL_FLOAT, 2, d2}, {&f16, ACL_FLOAT16, 3, d3}, {&i32, ACL_INT32, 1, d1});
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "input",
                LSTM(x2.t, n.params, n.hx, NULL, false, 1, false, n.out.t, n.hy.t, n.cy.t, none));
    /* types: FLOAT16 input with FLOAT weights; INT32 batchSizes; DOUBLE input */
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "params[0]",
                LSTM(f16.t, n.params, n.hx, NULL, false, 1, false, n.out.t, n.hy.t, n.cy.t, none));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "batchSizes",
                LSTM(x2.t, n.params, n.hx, i32.t, false, 1, false, n.out.t, n.hy.t, n.cy.t, none));
    /* train lists of the wrong length: one tensor each where D * numLayers = 1 is right, so
     * pass hx (two) as iOut */
    aclTensorList *lists[7] = {n.hx, n.hx, n.hx, n.hx, n.hx, n.hx, n.hx};
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "iOut",
                LSTM(n.x.t, n.params, n.hx, NULL, false, 1, true, n.out.t, n.hy.t, n.cy.t, lists));
    /* a good call, then one step by hand: x = 0.5 everywhere, weights 0.25, h0 = c0 = 0 */
    for (int k = 0; k < 2; k++)
        for (int64_t i = 0; i < n.w[k].numel; i++)
            ot_set(&n.w[k], i, 0.25);
    for (int64_t i = 0; i < n.x.numel; i++)
        ot_set(&n.x, i, 0.5);
    CHECK_NN(ACLNN_SUCCESS,
             LSTM(n.x.t, n.params, NULL, NULL, false, 1, false, n.out.t, n.hy.t, n.cy.t, none));
    CHECK_NN(ACLNN_SUCCESS, aclnnLSTM(NULL, ws, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
    const double a = 0.25 * 0.5 * I_, s = 1 / (1 + exp(-a)), c1 = s * tanh(a);
    const double h1 = s * tanh(c1);
    for (int64_t i = 0; i < B_ * H_; i++)
        CHECK(fabs(ot_get(&n.out, i) - h1) < 1e-6);
    const double a2 = a + 0.25 * h1 * H_, s2 = 1 / (1 + exp(-a2));
    const double c2 = s2 * c1 + s2 * tanh(a2), h2 = s2 * tanh(c2);
    for (int64_t i = 0; i < B_ * H_; i++) {
        CHECK(fabs(ot_get(&n.out, B_ * H_ + i) - h2) < 1e-6);
        CHECK(fabs(ot_get(&n.hy, i) - h2) < 1e-6);
        CHECK(fabs(ot_get(&n.cy, i) - c2) < 1e-6);
    }
#undef LSTM
    OT_FREE(&x2, &f16, &i32);
    net_free(&n);
}

/* LstmBackward's codes: every tensor but batchSizes required; the forward's checks named for
 * the backward's parameters (dy for output); the outputs' shapes. */
static void test_lstm_backward_errors(void)
{
    struct net n;
    net_make(&n, ACL_FLOAT);
    ot_tensor lt[7], dp[2], dx, bad;
    const int64_t dl[3] = {T_, B_, H_}, dwi[2] = {4 * H_, I_}, dwh[2] = {4 * H_, H_};
    const int64_t dxd[3] = {T_, B_, I_}, dbad[3] = {T_, B_, I_ + 1};
    for (int k = 0; k < 7; k++)
        ot_make(&lt[k], ACL_FLOAT, 3, dl, L_CONTIG);
    OT_MAKE_CONTIG({&dp[0], ACL_FLOAT, 2, dwi}, {&dp[1], ACL_FLOAT, 2, dwh},
                   {&dx, ACL_FLOAT, 3, dxd}, {&bad, ACL_FLOAT, 3, dbad});
    aclTensorList *ls[7];
    for (int k = 0; k < 7; k++)
        ls[k] = ot_list(&lt[k], 1);
    aclTensorList *dparams = ot_list(dp, 2);
    uint64_t ws;
    aclOpExecutor *ex;
#define LBW(x, hx, dy, lst, dxo, dpl)                                                              \
    aclnnLstmBackwardGetWorkspaceSize(x, hx, n.params, dy, n.hy.t, n.cy.t, lst[0], lst[1], lst[2], \
                                      lst[3], lst[4], lst[5], lst[6], NULL, false, 1, 0.0, true,   \
                                      false, false, NULL, dxo, n.hy.t, n.cy.t, dpl, &ws, &ex)
    aclTensorList *nol[7] = {ls[0], ls[1], NULL, ls[3], ls[4], ls[5], ls[6]};
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "hx", LBW(n.x.t, NULL, n.out.t, ls, dx.t, dparams));
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "f", LBW(n.x.t, n.hx, n.out.t, nol, dx.t, dparams));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "dy", LBW(n.x.t, n.hx, n.hy.t, ls, dx.t, dparams));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "dxOut", LBW(n.x.t, n.hx, n.out.t, ls, bad.t, dparams));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "dparamsOut", LBW(n.x.t, n.hx, n.out.t, ls, dx.t, ls[0]));
    CHECK_NN(ACLNN_SUCCESS, LBW(n.x.t, n.hx, n.out.t, ls, dx.t, dparams));
    CHECK_NN(ACLNN_SUCCESS, aclnnLstmBackward(NULL, ws, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
#undef LBW
    for (int k = 0; k < 7; k++)
        ot_free_list(ls[k], &lt[k], 1);
    ot_free_list(dparams, dp, 2);
    OT_FREE(&dx, &bad);
    net_free(&n);
}

static void test_gru_errors(void)
{
    ot_tensor x, w[2], out, hy, bs;
    const int64_t dx[3] = {T_, B_, I_}, dwi[2] = {3 * H_, I_}, dwh[2] = {3 * H_, H_};
    const int64_t dout[3] = {T_, B_, H_}, ds[3] = {1, B_, H_}, db[1] = {T_};
    OT_MAKE_CONTIG({&x, ACL_FLOAT, 3, dx}, {&w[0], ACL_FLOAT, 2, dwi}, {&w[1], ACL_FLOAT, 2, dwh},
                   {&out, ACL_FLOAT, 3, dout}, {&hy, ACL_FLOAT, 3, ds}, {&bs, ACL_INT64, 1, db});
    aclTensorList *params = ot_list(w, 2);
    uint64_t ws;
    aclOpExecutor *ex;
#define GRU(x, bs, train, out, hy)                                                                 \
    aclnnGRUGetWorkspaceSize(x, params, NULL, bs, false, 1, 0.0, train, false, false, out, hy,     \
                             NULL, NULL, NULL, NULL, NULL, &ws, &ex)
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "hy", GRU(x.t, NULL, false, out.t, NULL));
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "rOut", GRU(x.t, NULL, true, out.t, hy.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "batchSizes", GRU(x.t, bs.t, false, out.t, hy.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "output", GRU(x.t, NULL, false, hy.t, hy.t));
    CHECK_NN(ACLNN_SUCCESS, GRU(x.t, NULL, false, out.t, hy.t));
    CHECK_NN(ACLNN_SUCCESS, aclnnGRU(NULL, ws, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
#undef GRU
    /* GRUBackward: every tensor but batchSizes required; batchSizes refused; shapes named */
    ot_tensor lt[5], dp[2], gdx;
    for (int k = 0; k < 5; k++)
        ot_make(&lt[k], ACL_FLOAT, 3, dout, L_CONTIG);
    OT_MAKE_CONTIG({&dp[0], ACL_FLOAT, 2, dwi}, {&dp[1], ACL_FLOAT, 2, dwh},
                   {&gdx, ACL_FLOAT, 3, dx});
    aclTensorList *ls[5];
    for (int k = 0; k < 5; k++)
        ls[k] = ot_list(&lt[k], 1);
    aclTensorList *dparams = ot_list(dp, 2);
#define GBW(hx, dy, b, dxo, dpl)                                                                   \
    aclnnGRUBackwardGetWorkspaceSize(x.t, params, hx, dy, hy.t, ls[0], ls[1], ls[2], ls[3], ls[4], \
                                     b, false, 1, false, false, dxo, hy.t, dpl, &ws, &ex)
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "hx", GBW(NULL, out.t, NULL, gdx.t, dparams));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "batchSizes", GBW(hy.t, out.t, bs.t, gdx.t, dparams));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "dy", GBW(hy.t, hy.t, NULL, gdx.t, dparams));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "dxOut", GBW(hy.t, out.t, NULL, out.t, dparams));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "dparamsOut", GBW(hy.t, out.t, NULL, gdx.t, ls[0]));
    CHECK_NN(ACLNN_SUCCESS, GBW(hy.t, out.t, NULL, gdx.t, dparams));
    CHECK_NN(ACLNN_SUCCESS, aclnnGRUBackward(NULL, ws, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
#undef GBW
    for (int k = 0; k < 5; k++)
        ot_free_list(ls[k], &lt[k], 1);
    ot_free_list(dparams, dp, 2);
    OT_FREE(&gdx);
    ot_free_list(params, w, 2);
    OT_FREE(&x, &out, &hy, &bs);
}

static void test_cell_errors(void)
{
    ot_tensor g, c, b, h16, g5;
    const int64_t dg[2] = {B_, 4 * H_}, dc[2] = {B_, H_}, db[1] = {4 * H_}, d5[2] = {B_, 5};
    OT_MAKE_CONTIG({&g, ACL_FLOAT, 2, dg}, {&c, ACL_FLOAT, 2, dc}, {&b, ACL_FLOAT, 1, db},
                   {&h16, ACL_FLOAT16, 2, dg}, {&g5, ACL_FLOAT, 2, d5});
    uint64_t ws;
    aclOpExecutor *ex;
#define FLC(ig, hg, cx, bi, bh, hy, cy, st)                                                        \
    aclnnThnnFusedLstmCellGetWorkspaceSize(ig, hg, cx, bi, bh, hy, cy, st, &ws, &ex)
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "cx", FLC(g.t, g.t, NULL, NULL, NULL, c.t, c.t, g.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "storageOut",
                FLC(g.t, g.t, c.t, NULL, NULL, c.t, c.t, NULL));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "hiddenGates",
                FLC(g.t, h16.t, c.t, NULL, NULL, c.t, c.t, g.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "hiddenBias",
                FLC(g.t, g.t, c.t, b.t, NULL, c.t, c.t, g.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "inputGates",
                FLC(g5.t, g5.t, c.t, NULL, NULL, c.t, c.t, g.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "storageOut", FLC(g.t, g.t, c.t, b.t, b.t, c.t, c.t, c.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "cx", FLC(g.t, g.t, g.t, b.t, b.t, c.t, c.t, g.t));
#undef FLC
#define FLB(gh, gc, cx, cy, st, bias, gg, gx, gb)                                                  \
    aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(gh, gc, cx, cy, st, bias, gg, gx, gb, &ws, &ex)
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "gradCOptional",
                FLB(c.t, NULL, c.t, c.t, g.t, true, g.t, c.t, b.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_NULLPTR, "gradBiasOut",
                FLB(c.t, c.t, c.t, c.t, g.t, false, g.t, c.t, NULL));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "storage",
                FLB(c.t, c.t, c.t, c.t, g5.t, true, g.t, c.t, b.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "gradBiasOut",
                FLB(c.t, c.t, c.t, c.t, g.t, true, g.t, c.t, c.t));
    CHECK_NAMED(ACLNN_ERR_PARAM_INVALID, "cy", FLB(c.t, c.t, c.t, g.t, g.t, true, g.t, c.t, b.t));
    CHECK_NN(ACLNN_SUCCESS, FLB(c.t, c.t, c.t, c.t, g.t, false, g.t, c.t, c.t));
    CHECK_NN(ACLNN_SUCCESS, aclnnThnnFusedLstmCellBackward(NULL, ws, ex, g_stream));
    CHECK_OK(aclrtSynchronizeStream(g_stream));
#undef FLB
    OT_FREE(&g, &c, &b, &h16, &g5);
}

int main(void)
{
    ot_init();
    test_lstm_errors();
    test_lstm_backward_errors();
    test_gru_errors();
    test_cell_errors();
    ot_fini();
    printf("ops_rnn: ok\n");
    return 0;
}
