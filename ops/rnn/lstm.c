/* SPDX-License-Identifier: Apache-2.0 */
/*
 * LSTM: aclnnLSTM, a whole net (rnn.c runs it), and aclnnThnnFusedLstmCell, one
 * step after its two matrix products.
 *
 *  LS1. aclnnLSTM's parameters are checked here (the NULLs, 161001) and by rnn_prepare
 *      (rnn.c RC1-RC5: the weights' order and layout, the directions, batchSizes). hx
 *      is NULL, an empty list (zero states) or [h0, c0]. The seven train lists are
 *      needed only with train (NULL otherwise): iOut, jOut (the candidate g), fOut,
 *      oOut, hOut, cOut, tanhCOut, D * numLayers tensors (T, B, H) each.
 *  LS2. aclnnThnnFusedLstmCell: gates = inputGates + hiddenGates (+ both biases),
 *      split along the last dim in the order i, f, g, o (PyTorch's, and CANN's kernel's
 *      offsets; its doc's formula lists [i, g, f, o]); storageOut holds sigmoid(i),
 *      sigmoid(f), tanh(g), sigmoid(o) in that order. Float32 arithmetic, one rounding
 *      per output element; rows split across the device's workers.
 *  LS3. aclnnThnnFusedLstmCellBackward (PyTorch's _thnn_fused_lstm_cell_backward, CANN's
 *      formulas): with i, f, g, o from storage and tc = tanh(cy),
 *      dc = gradHy o (1 - tc^2) + gradC; gradCxOut = dc f;
 *      gradGatesOut = [dc g i (1 - i), dc cx f (1 - f), dc i (1 - g^2), gradHy tc o (1 - o)];
 *      gradBiasOut (with hasBias) the gates' gradient summed over the rows (in double, one
 *      rounding). All tensors are required, as CANN's checks want (the "Optional" gradients
 *      included); without hasBias gradBiasOut is neither checked for shape nor written.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_lstm.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell_backward.h"
#include "ops/engine/engine.h"
#include "ops/rnn/rnn.h"
#include "ops/rnn/table.h"

#define LSTM "aclnnLSTM"
#define FLC "aclnnThnnFusedLstmCell"
#define FLB "aclnnThnnFusedLstmCellBackward"

aclnnStatus aclnnLSTMGetWorkspaceSize(const aclTensor *input, const aclTensorList *params,
                                      const aclTensorList *hx, const aclTensor *batchSizes,
                                      bool hasBias, int64_t numLayers, double dropout, bool train,
                                      bool bidirectional, bool batchFirst, aclTensor *output,
                                      aclTensor *hy, aclTensor *cy, aclTensorList *iOut,
                                      aclTensorList *jOut, aclTensorList *fOut, aclTensorList *oOut,
                                      aclTensorList *hOut, aclTensorList *cOut,
                                      aclTensorList *tanhCOut, WS)
{
    OPS_CHECK_NULLS(LSTM, workspaceSize, executor, input, params, output, hy, cy);
    if (train)
        OPS_CHECK_NULLS(LSTM, iOut, jOut, fOut, oOut, hOut, cOut, tanhCOut);
    (void)dropout; /* RC5 */
    const aclTensor *h0 = NULL, *c0 = NULL;
    if (hx && hx->n) {
        if (hx->n != 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: hx has %llu tensors, [h0, c0] wanted",
                           LSTM, (unsigned long long)hx->n);
        h0 = hx->v[0], c0 = hx->v[1];
        if (!h0 || !c0)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: hx[%d] is NULL", LSTM, h0 ? 1 : 0);
    }
    aclTensorList *const lists[7] = {iOut, jOut, fOut, oOut, hOut, cOut, tanhCOut};
    static const char *const names[7] = {"iOut", "jOut", "fOut",    "oOut",
                                         "hOut", "cOut", "tanhCOut"};
    const struct rnn_args a = {.op = LSTM,
                               .kind = RNN_LSTM,
                               .dt_mask = OPS_DT_LSTM,
                               .input = input,
                               .params = params,
                               .h0 = h0,
                               .c0 = c0,
                               .h0_name = "hx[0]",
                               .c0_name = "hx[1]",
                               .batchSizes = batchSizes,
                               .hasBias = hasBias,
                               .train = train,
                               .bidirectional = bidirectional,
                               .batchFirst = batchFirst,
                               .numLayers = numLayers,
                               .output = output,
                               .hy = hy,
                               .cy = cy,
                               .lists = lists,
                               .list_names = names,
                               .nlists = 7};
    if (batchSizes && !ops_dt_in(batchSizes->dtype, OPS_DT2_LSTM))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batchSizes is %s (INT64)", LSTM,
                       ops_dt_name(batchSizes->dtype));
    return rnn_prepare(&a, workspaceSize, executor);
}
PHASE2(LSTM)

/* ---- ThnnFusedLstmCell --------------------------------------------------------------------- */

enum { FIG, FHG, FCX, FBI, FBH, FHY, FCY, FST, FN };

struct flc_plan {
    const struct ops_split *split; /* first: ops_split_run's */
    struct ops_tensor t[FN];
    bool bias;
    int64_t B, H;
};

static uint32_t flc_blocks(const struct aclOpExecutor *e)
{
    const struct flc_plan *p = e->plan;
    return ops_split_rows(p->B, p->B * p->H * 4, EW_SPLIT_MIN);
}

/* Row r of a 2-dim view into buf (n floats). */
static void flc_row(float *buf, const struct ops_tensor *t, void *const *addr, int64_t r, int64_t n)
{
    ops_load_fn ld = ops_loader(CK_F32, t->dt);
    const int64_t es = ops_dt_size(t->dt);
    ld(buf, ops_base(t, addr) + r * t->strides[0] * es, t->strides[1] * es, n);
}

static void flc_put(const float *buf, const struct ops_tensor *t, void *const *addr, int64_t r,
                    int64_t n)
{
    ops_store_fn st = ops_storer(CK_F32, t->dt);
    const int64_t es = ops_dt_size(t->dt);
    st(ops_base(t, addr) + r * t->strides[0] * es, t->strides[1] * es, buf, n);
}

static int32_t flc_block(const struct aclOpExecutor *e, void *const *addr, uint32_t i, uint32_t n)
{
    const struct flc_plan *p = e->plan;
    const int64_t H = p->H, GH = 4 * H;
    int64_t r0, r1;
    ops_split_range(p->B, 1, i, n, &r0, &r1);
    float *buf = malloc((size_t)(GH * 4 + H * 3 + 1) * sizeof(float));
    if (!buf)
        return ACL_ERROR_BAD_ALLOC;
    float *ig = buf, *hg = ig + GH, *bi = hg + GH, *bh = bi + GH, *cx = bh + GH, *hy = cx + H;
    float *cy = hy + H;
    if (p->bias) {
        const struct ops_tensor *tb[2] = {&p->t[FBI], &p->t[FBH]};
        for (int k = 0; k < 2; k++) {
            ops_load_fn ld = ops_loader(CK_F32, tb[k]->dt);
            const int64_t es = ops_dt_size(tb[k]->dt);
            ld(k ? bh : bi, ops_base(tb[k], addr), tb[k]->strides[0] * es, GH);
        }
    } else {
        memset(bi, 0, (size_t)(2 * GH) * sizeof(float));
    }
    for (int64_t r = r0; r < r1; r++) {
        flc_row(ig, &p->t[FIG], addr, r, GH);
        flc_row(hg, &p->t[FHG], addr, r, GH);
        flc_row(cx, &p->t[FCX], addr, r, H);
        for (int64_t j = 0; j < GH; j++)
            ig[j] += hg[j] + bi[j] + bh[j];
        for (int64_t j = 0; j < H; j++) { /* LS2: i, f, g, o */
            const float a = 1.0f / (1.0f + expf(-ig[j])), f = 1.0f / (1.0f + expf(-ig[H + j]));
            const float g = tanhf(ig[2 * H + j]), o = 1.0f / (1.0f + expf(-ig[3 * H + j]));
            cy[j] = f * cx[j] + a * g;
            hy[j] = o * tanhf(cy[j]);
            hg[j] = a, hg[H + j] = f, hg[2 * H + j] = g, hg[3 * H + j] = o;
        }
        flc_put(hy, &p->t[FHY], addr, r, H);
        flc_put(cy, &p->t[FCY], addr, r, H);
        flc_put(hg, &p->t[FST], addr, r, GH);
    }
    free(buf);
    return ACL_SUCCESS;
}

static const struct ops_split flc_split = {flc_blocks, flc_block};

aclnnStatus
aclnnThnnFusedLstmCellGetWorkspaceSize(const aclTensor *inputGates, const aclTensor *hiddenGates,
                                       const aclTensor *cx, const aclTensor *inputBiasOptional,
                                       const aclTensor *hiddenBiasOptional, aclTensor *hyOut,
                                       aclTensor *cyOut, aclTensor *storageOut, WS)
{
    OPS_CHECK_NULLS(FLC, workspaceSize, executor, inputGates, hiddenGates, cx, hyOut, cyOut,
                    storageOut);
    const aclTensor *in[FN] = {inputGates,         hiddenGates, cx,    inputBiasOptional,
                               hiddenBiasOptional, hyOut,       cyOut, storageOut};
    static const char *const nm[FN] = {"inputGates", "hiddenGates", "cx",    "inputBias",
                                       "hiddenBias", "hyOut",       "cyOut", "storageOut"};
    aclnnStatus rc;
    for (int i = 0; i < FN; i++)
        if (in[i] && (rc = ops_check_dims(in[i], FLC, nm[i])))
            return rc;
    if (!ops_dt_in(inputGates->dtype, OPS_DT_ThnnFusedLstmCell))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: inputGates is %s (FLOAT or FLOAT16)", FLC,
                       ops_dt_name(inputGates->dtype));
    for (int i = 1; i < FN; i++)
        if (in[i] && in[i]->dtype != inputGates->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, inputGates is %s (one type)",
                           FLC, nm[i], ops_dt_name(in[i]->dtype), ops_dt_name(inputGates->dtype));
    if (!inputBiasOptional != !hiddenBiasOptional)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputBias and hiddenBias must be given both or neither", FLC);
    if (inputGates->ndim != 2 || inputGates->dims[1] % 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: inputGates must be (B, 4 * H)", FLC);
    const int64_t B = inputGates->dims[0], H = inputGates->dims[1] / 4;
    const int64_t g2[2] = {B, 4 * H}, s2[2] = {B, H}, b1[1] = {4 * H};
    if (!ops_shape_is(hiddenGates, g2, 2))
        return ops_shape_err(FLC, "hiddenGates", hiddenGates, g2, 2);
    if (!ops_shape_is(cx, s2, 2))
        return ops_shape_err(FLC, "cx", cx, s2, 2);
    if (inputBiasOptional && !ops_shape_is(inputBiasOptional, b1, 1))
        return ops_shape_err(FLC, "inputBias", inputBiasOptional, b1, 1);
    if (hiddenBiasOptional && !ops_shape_is(hiddenBiasOptional, b1, 1))
        return ops_shape_err(FLC, "hiddenBias", hiddenBiasOptional, b1, 1);
    if ((rc = ops_check_shape(FLC, s2, 2, hyOut, "hyOut")) ||
        (rc = ops_check_shape(FLC, s2, 2, cyOut, "cyOut")) ||
        (rc = ops_check_shape(FLC, g2, 2, storageOut, "storageOut")))
        return rc;
    OPS_PLAN(e, p, FLC, 5, 3, struct flc_plan, NULL, {&p->t[FIG], inputGates, "inputGates"},
             {&p->t[FHG], hiddenGates, "hiddenGates"}, {&p->t[FCX], cx, "cx"},
             {&p->t[FBI], inputBiasOptional, "inputBias"},
             {&p->t[FBH], hiddenBiasOptional, "hiddenBias"}, {&p->t[FHY], hyOut, "hyOut"},
             {&p->t[FCY], cyOut, "cyOut"}, {&p->t[FST], storageOut, "storageOut"});
    p->split = &flc_split;
    p->bias = inputBiasOptional != NULL;
    p->B = B, p->H = H;
    e->run = ops_split_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ThnnFusedLstmCell)

/* ---- ThnnFusedLstmCellBackward ------------------------------------------------------------- */

enum { BGH, BGC, BCX, BCY, BST, BGG, BGX, BGB, BN };

struct flb_plan {
    struct ops_tensor t[BN];
    bool bias;
    int64_t B, H;
};

static int32_t flb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct flb_plan *p = e->plan;
    const int64_t H = p->H, GH = 4 * H;
    float *buf = malloc((size_t)(GH * 2 + H * 5 + 1) * sizeof(float));
    double *db = calloc((size_t)GH + 1, sizeof(double));
    if (!buf || !db) {
        free(buf);
        free(db);
        return ACL_ERROR_BAD_ALLOC;
    }
    float *st = buf, *gg = st + GH, *gh = gg + GH, *gc = gh + H, *cx = gc + H, *cy = cx + H;
    float *dcx = cy + H;
    for (int64_t r = 0; r < p->B; r++) {
        flc_row(gh, &p->t[BGH], addr, r, H);
        flc_row(gc, &p->t[BGC], addr, r, H);
        flc_row(cx, &p->t[BCX], addr, r, H);
        flc_row(cy, &p->t[BCY], addr, r, H);
        flc_row(st, &p->t[BST], addr, r, GH);
        for (int64_t j = 0; j < H; j++) { /* LS3 */
            const float i = st[j], f = st[H + j], g = st[2 * H + j], o = st[3 * H + j];
            const float tc = tanhf(cy[j]), dc = gh[j] * o * (1.0f - tc * tc) + gc[j];
            dcx[j] = dc * f;
            gg[j] = dc * g * i * (1.0f - i);
            gg[H + j] = dc * cx[j] * f * (1.0f - f);
            gg[2 * H + j] = dc * i * (1.0f - g * g);
            gg[3 * H + j] = gh[j] * tc * o * (1.0f - o);
        }
        for (int64_t j = 0; j < GH; j++)
            db[j] += gg[j];
        flc_put(gg, &p->t[BGG], addr, r, GH);
        flc_put(dcx, &p->t[BGX], addr, r, H);
    }
    if (p->bias) {
        for (int64_t j = 0; j < GH; j++)
            st[j] = (float)db[j];
        const struct ops_tensor *tb = &p->t[BGB];
        ops_store_fn put = ops_storer(CK_F32, tb->dt);
        const int64_t es = ops_dt_size(tb->dt);
        put(ops_base(tb, addr), tb->strides[0] * es, st, GH);
    }
    free(buf);
    free(db);
    return ACL_SUCCESS;
}

aclnnStatus aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(
    const aclTensor *gradHyOptional, const aclTensor *gradCOptional, const aclTensor *cx,
    const aclTensor *cy, const aclTensor *storage, bool hasBias, aclTensor *gradGatesOut,
    aclTensor *gradCxOut, aclTensor *gradBiasOut, WS)
{
    OPS_CHECK_NULLS(FLB, workspaceSize, executor, gradHyOptional, gradCOptional, cx, cy, storage,
                    gradGatesOut, gradCxOut, gradBiasOut);
    const aclTensor *in[BN] = {gradHyOptional, gradCOptional, cx,        cy,
                               storage,        gradGatesOut,  gradCxOut, gradBiasOut};
    static const char *const nm[BN] = {"gradHy",  "gradC",        "cx",        "cy",
                                       "storage", "gradGatesOut", "gradCxOut", "gradBiasOut"};
    aclnnStatus rc;
    for (int i = 0; i < BN; i++)
        if ((rc = ops_check_dims(in[i], FLB, nm[i])))
            return rc;
    if (!ops_dt_in(gradHyOptional->dtype, OPS_DT_ThnnFusedLstmCellBackward))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradHy is %s (FLOAT or FLOAT16)", FLB,
                       ops_dt_name(gradHyOptional->dtype));
    for (int i = 1; i < BN; i++)
        if (in[i]->dtype != gradHyOptional->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, gradHy is %s (one type)", FLB,
                           nm[i], ops_dt_name(in[i]->dtype), ops_dt_name(gradHyOptional->dtype));
    if (storage->ndim != 2 || storage->dims[1] % 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: storage must be (B, 4 * H)", FLB);
    const int64_t B = storage->dims[0], H = storage->dims[1] / 4;
    const int64_t s2[2] = {B, H}, g2[2] = {B, 4 * H}, b1[1] = {4 * H};
    for (int i = 0; i < 4; i++)
        if (!ops_shape_is(in[i], s2, 2))
            return ops_shape_err(FLB, nm[i], in[i], s2, 2);
    if ((rc = ops_check_shape(FLB, g2, 2, gradGatesOut, "gradGatesOut")) ||
        (rc = ops_check_shape(FLB, s2, 2, gradCxOut, "gradCxOut")) ||
        (hasBias && (rc = ops_check_shape(FLB, b1, 1, gradBiasOut, "gradBiasOut"))))
        return rc;
    OPS_PLAN(e, p, FLB, 5, 3, struct flb_plan, NULL, {&p->t[BGH], gradHyOptional, "gradHy"},
             {&p->t[BGC], gradCOptional, "gradC"}, {&p->t[BCX], cx, "cx"}, {&p->t[BCY], cy, "cy"},
             {&p->t[BST], storage, "storage"}, {&p->t[BGG], gradGatesOut, "gradGatesOut"},
             {&p->t[BGX], gradCxOut, "gradCxOut"}, {&p->t[BGB], gradBiasOut, "gradBiasOut"});
    p->bias = hasBias;
    p->B = B, p->H = H;
    e->run = flb_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(ThnnFusedLstmCellBackward)
