/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The nets' gradients from their forward's saved train lists: LstmBackward (of aclnnLSTM)
 * and GRUBackward (of aclnnGRU), one kernel with the two cells' step rules.
 *
 *  LB1. The arguments are the forward's (rnn_check: the same geometry; LSTM's hx = [h0, c0],
 *      GRU's hx (D * numLayers, B, H); the lists - LSTM's i, g, f, o, h, c, tanhc, GRU's r, z,
 *      n, hn, h - D * numLayers tensors (T, B, H), dy of output's shape, dh (and LSTM's dc)
 *      of hy's) plus the outputs dxOut (input's shape), dhPrevOut (and LSTM's dcPrevOut)
 *      (D * numLayers, B, H) and dparamsOut (params' count and shapes). Every tensor is
 *      required but batchSizesOptional (CANN: 161001 for any other NULL); GRUBackward refuses
 *      a batchSizes (CANN: variable lengths not supported). LSTM's outputMask is not used
 *      (CANN: "not supported yet"), dropout and train are ignored.
 *  LB2. Per layer from the top and per direction, back through the steps in the reverse of
 *      the forward's order (rnn.c RC3), dh (dc) starting from dh[k] (dc[k]), dh_t = dy_t + dh;
 *      LSTM: dc_t = dh_t o (1 - tanhc^2) + dc; gates' gradient [dc_t g i (1 - i),
 *        dc_t c_prev f (1 - f), dc_t i (1 - g^2), dh_t tanhc o (1 - o)]; dc = dc_t f;
 *        dh = gates' gradient W_hh.
 *      GRU: dn = dh_t (1 - z) (1 - n^2); dz = dh_t (h_prev - n) z (1 - z); dr = dn hn r (1 - r);
 *        input side [dr, dz, dn], hidden side [dr, dz, dn r] (PyTorch's r, z, n order, as the
 *        forward's weights; CANN's doc writes [dz; dr; dn]); dh = hidden side W_hh + dh_t z.
 *      c_prev / h_prev the saved c / h of the step before (hx at the first step). Weights:
 *      dW_hh the sum of hidden side^T h_prev over the steps, dW_ih = input side^T x over all
 *      steps (one product); db_ih (db_hh) the input (hidden) side summed over steps and rows
 *      (in double; LSTM's two are equal). The layer input's gradient, input side W_ih, goes to
 *      the layer below (both directions summed) and, at layer 0, to dxOut. The layer input
 *      of layer l > 0 is the saved h of layer l - 1's directions.
 *  LB3. batchSizes (LSTM): a row outside the step (b >= batchSizes[t]) has a zero gates'
 *      gradient and passes dh, dc through unchanged (its state was kept, rnn.c RC4). The
 *      values are checked at launch as the forward's.
 *  LB4. The products go through the BLAS's sgemm (ops_blas_sgemm, on the device's workers);
 *      float32 throughout, one rounding at the store.
 */
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_gru_backward.h"
#include "aclnnop/aclnn_lstm_backward.h"
#include "ops/engine/engine.h"
#include "ops/rnn/rnn.h"
#include "ops/rnn/table.h"

#define LB "aclnnLstmBackward"
#define GB "aclnnGRUBackward"

typedef __typeof__(cblas_sgemm) sgemm_fn;

enum { LB_I, LB_G, LB_F, LB_O, LB_H, LB_C, LB_TC, LB_LISTS };
enum { GB_R, GB_Z, GB_N, GB_HN, GB_H, GB_LISTS }; /* GB_H == LB_H: the saved h */

struct lb_plan {
    sgemm_fn *gemm;
    int kind, nl; /* RNN_LSTM / RNN_GRU; the lists' count */
    int64_t T, B, NI, H, L, D, G;
    int group;
    bool bias, has_bs;
    struct ops_tensor in, h0, c0, dy, dh, dc, bs, dx, dh0, dc0;
    /* params [0, np), the lists (list i's tensor k at np + i L D + k), dparams after them */
    struct ops_tensor v[];
};

/* C = op(A) op(B) + beta C, row-major; nothing when a dimension is 0. */
static void lb_gemm(const struct lb_plan *p, bool ta, bool tb, int64_t m, int64_t n, int64_t k,
                    const float *a, int64_t lda, const float *b, int64_t ldb, float beta, float *c,
                    int64_t ldc)
{
    if (m == 0 || n == 0)
        return;
    if (k == 0) {
        if (beta == 0.0f)
            for (int64_t r = 0; r < m; r++)
                memset(c + r * ldc, 0, (size_t)n * sizeof(float));
        return;
    }
    p->gemm(CblasRowMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, (int)m,
            (int)n, (int)k, 1.0f, a, (int)lda, b, (int)ldb, beta, c, (int)ldc);
}

static int32_t lb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct lb_plan *p = e->plan;
    const int64_t T = p->T, B = p->B, NI = p->NI, H = p->H, L = p->L, D = p->D, LD = L * D;
    const int64_t GH = p->G * H, DH = D * H, TB = T * B, BH = B * H;
    const bool lstm = p->kind == RNN_LSTM;
    const int64_t iw = NI > DH ? NI : DH, np = LD * p->group;
    int32_t rc = ACL_SUCCESS;
    int64_t *bs = malloc((size_t)T * sizeof(int64_t));
    float *xl = malloc((size_t)(TB * iw) * sizeof(float));
    float *dyb = malloc((size_t)(TB * iw) * sizeof(float)); /* the layer output's gradient */
    float *dxb = malloc((size_t)(TB * iw) * sizeof(float)); /* the layer input's gradient */
    float *lst = malloc((size_t)(p->nl * TB * H) * sizeof(float));
    float *dhh = malloc((size_t)(B * GH) * sizeof(float)); /* GRU's hidden side of a step */
    float *dg = malloc((size_t)(TB * GH) * sizeof(float));
    float *wih = malloc((size_t)(GH * iw) * sizeof(float));
    float *whh = malloc((size_t)(GH * H) * sizeof(float));
    float *dwih = malloc((size_t)(GH * iw) * sizeof(float));
    float *dwhh = malloc((size_t)(GH * H) * sizeof(float));
    float *st = malloc((size_t)(4 * BH + GH) * sizeof(float));
    double *db = malloc((size_t)(2 * GH) * sizeof(double)), *dbh = db ? db + GH : NULL;
    if (!bs || !xl || !dyb || !dxb || !lst || !dhh || !dg || !wih || !whh || !dwih || !dwhh ||
        !st || !db) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    if ((rc = rnn_batch_sizes(bs, p->has_bs ? &p->bs : NULL, addr, T, B))) /* LB3 */
        goto out;
    float *h0 = st, *c0 = h0 + BH, *dhn = c0 + BH, *dcn = dhn + BH, *bf = dcn + BH;
    rnn_load(dyb, &p->dy, addr); /* (T, B, D H): phase 1 made the view */
    for (int64_t l = L - 1; l >= 0; l--) {
        const int64_t il = l ? DH : NI;
        /* LB2: the layer's input */
        if (l == 0) {
            rnn_load(xl, &p->in, addr);
        } else {
            for (int64_t d2 = 0; d2 < D; d2++) {
                rnn_load(lst, &p->v[np + LB_H * LD + (l - 1) * D + d2], addr);
                for (int64_t r = 0; r < TB; r++)
                    for (int64_t j = 0; j < H; j++)
                        xl[r * DH + d2 * H + j] = r % B < bs[r / B] ? lst[r * H + j] : 0.0f;
            }
        }
        memset(dxb, 0, (size_t)(TB * il) * sizeof(float));
        for (int64_t d = 0; d < D; d++) {
            const int64_t k = l * D + d;
            const struct ops_tensor *w = &p->v[k * p->group];
            rnn_load(wih, &w[0], addr);
            rnn_load(whh, &w[1], addr);
            for (int i = 0; i < p->nl; i++)
                rnn_load(lst + i * TB * H, &p->v[np + i * LD + k], addr);
            /* LSTM i, g, f, o, h, c, tanhc; GRU r, z, n, hn, h (Ig .. Hs) */
            const float *Ig = lst, *Gg = lst + TB * H, *Fg = Gg + TB * H, *Og = Fg + TB * H;
            const float *Hs = Og + TB * H, *Cs = lstm ? Hs + TB * H : Hs;
            const float *Tc = lstm ? Cs + TB * H : Hs;
            struct ops_tensor v = rnn_sub0(&p->h0, k);
            rnn_load(h0, &v, addr);
            v = rnn_sub0(&p->dh, k);
            rnn_load(dhn, &v, addr);
            if (lstm) {
                v = rnn_sub0(&p->c0, k);
                rnn_load(c0, &v, addr);
                v = rnn_sub0(&p->dc, k);
                rnn_load(dcn, &v, addr);
            }
            memset(dwhh, 0, (size_t)(GH * H) * sizeof(float));
            for (int64_t j = 0; j < GH; j++)
                dbh[j] = 0.0;
            for (int64_t s = T - 1; s >= 0; s--) {
                const int64_t t = d ? T - 1 - s : s, nb = bs[t], tp = d ? t + 1 : t - 1;
                const float *hp = s ? Hs + tp * BH : h0, *cp = s ? Cs + tp * BH : c0;
                float *dgt = dg + t * B * GH;
                for (int64_t b = 0; b < nb; b++)
                    for (int64_t j = 0; j < H; j++) {
                        const int64_t o = (t * B + b) * H + j, q = b * H + j;
                        const float dh = dyb[(t * B + b) * DH + d * H + j] + dhn[q];
                        float *r = dgt + b * GH;
                        if (lstm) {
                            const float ig = Ig[o], gg = Gg[o], fg = Fg[o], og = Og[o];
                            const float tc = Tc[o], dc = dh * og * (1.0f - tc * tc) + dcn[q];
                            r[j] = dc * gg * ig * (1.0f - ig);
                            r[H + j] = dc * cp[q] * fg * (1.0f - fg);
                            r[2 * H + j] = dc * ig * (1.0f - gg * gg);
                            r[3 * H + j] = dh * tc * og * (1.0f - og);
                            dcn[q] = dc * fg;
                        } else { /* Ig r, Gg z, Fg n, Og hn */
                            const float rg = Ig[o], zg = Gg[o], ng = Fg[o], hn = Og[o];
                            const float dn = dh * (1.0f - zg) * (1.0f - ng * ng);
                            float *u = dhh + b * GH;
                            r[j] = u[j] = dn * hn * rg * (1.0f - rg);
                            r[H + j] = u[H + j] = dh * (hp[q] - ng) * zg * (1.0f - zg);
                            r[2 * H + j] = dn;
                            u[2 * H + j] = dn * rg;
                            dhn[q] = dh * zg; /* + hidden side W_hh below */
                        }
                    }
                memset(dgt + nb * GH, 0, (size_t)((B - nb) * GH) * sizeof(float)); /* LB3 */
                const float *hs = lstm ? dgt : dhh;
                lb_gemm(p, false, false, nb, H, GH, hs, GH, whh, H, lstm ? 0.0f : 1.0f, dhn, H);
                lb_gemm(p, true, false, GH, H, nb, hs, GH, hp, H, 1.0f, dwhh, H);
                if (!lstm)
                    for (int64_t b = 0; b < nb; b++)
                        for (int64_t j = 0; j < GH; j++)
                            dbh[j] += dhh[b * GH + j];
            }
            v = rnn_sub0(&p->dh0, k);
            rnn_store(dhn, &v, addr);
            if (lstm) {
                v = rnn_sub0(&p->dc0, k);
                rnn_store(dcn, &v, addr);
            }
            lb_gemm(p, true, false, GH, il, TB, dg, GH, xl, il, 0.0f, dwih, il);
            lb_gemm(p, false, false, TB, il, GH, dg, GH, wih, il, 1.0f, dxb, il);
            const struct ops_tensor *dw = &p->v[np + p->nl * LD + k * p->group];
            rnn_store(dwih, &dw[0], addr);
            rnn_store(dwhh, &dw[1], addr);
            if (p->bias) {
                for (int64_t j = 0; j < GH; j++)
                    db[j] = 0.0;
                for (int64_t r = 0; r < TB; r++)
                    for (int64_t j = 0; j < GH; j++)
                        db[j] += dg[r * GH + j];
                for (int64_t j = 0; j < GH; j++)
                    bf[j] = (float)db[j];
                rnn_store(bf, &dw[2], addr);
                if (!lstm)
                    for (int64_t j = 0; j < GH; j++)
                        bf[j] = (float)dbh[j];
                rnn_store(bf, &dw[3], addr);
            }
        }
        float *tmp = dyb;
        dyb = dxb, dxb = tmp; /* the input's gradient is the layer below's output's */
    }
    rnn_store(dyb, &p->dx, addr);
out:
    free(bs);
    free(xl);
    free(dyb);
    free(dxb);
    free(lst);
    free(dhh);
    free(dg);
    free(wih);
    free(whh);
    free(dwih);
    free(dwhh);
    free(st);
    free(db);
    return rc;
}

/* What a backward's first phase was given: a is the forward's arguments (the lists, dy / dh / dc
 * as output / hy / cy), then the outputs (dcPrevOut NULL for GRU). */
static aclnnStatus lb_prepare(const struct rnn_args *a, aclTensor *dxOut, aclTensor *dhPrevOut,
                              aclTensor *dcPrevOut, aclTensorList *dparamsOut,
                              uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *op = a->op;
    const aclTensor *input = a->input, *bsz = a->batchSizes;
    const aclTensorList *params = a->params;
    struct rnn_geo geo;
    aclnnStatus rc = rnn_check(a, &geo);
    if (rc)
        return rc;
    const bool lstm = a->kind == RNN_LSTM;
    const int nl = a->nlists, nouts = lstm ? 3 : 2;
    const int64_t LD = geo.L * geo.D, group = a->hasBias ? 4 : 2, np = LD * group;
    const int64_t sh[3] = {LD, geo.B, geo.H};
    const aclTensor *outs[3] = {dxOut, dhPrevOut, dcPrevOut};
    static const char *const on[3] = {"dxOut", "dhPrevOut", "dcPrevOut"};
    for (int k = 0; k < nouts; k++) {
        if ((rc = ops_check_dims(outs[k], op, on[k])))
            return rc;
        if (outs[k]->dtype != input->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, input is %s (one type)", op,
                           on[k], ops_dt_name(outs[k]->dtype), ops_dt_name(input->dtype));
        if (k == 0 && !ops_same_shape(dxOut, input))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dxOut must be input's shape", op);
        if (k > 0 && !ops_shape_is(outs[k], sh, 3))
            return ops_shape_err(op, on[k], outs[k], sh, 3);
    }
    if (dparamsOut->n != (uint64_t)np)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: dparamsOut has %llu tensors, params %lld", op,
                       (unsigned long long)dparamsOut->n, (long long)np);
    for (int64_t k = 0; k < np; k++) {
        const aclTensor *t = dparamsOut->v[k];
        if (!t)
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: dparamsOut[%lld] is NULL", op,
                           (long long)k);
        if ((rc = ops_check_dims(t, op, "dparamsOut")))
            return rc;
        if (t->dtype != input->dtype || !ops_same_shape(t, params->v[k]))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: dparamsOut[%lld] must be params[%lld]'s type and shape", op,
                           (long long)k, (long long)k);
    }
    sgemm_fn *gemm = NULL;
    if (!geo.empty) {
        void *gp = ops_blas_sgemm(op);
        if (!gp)
            return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
        memcpy(&gemm, &gp, sizeof(gp)); /* object -> function pointer (POSIX) */
    }
    /* slots: input, h0, c0, params, dy, dh, dc, the lists, batchSizes; dx, dh0, dc0, dparams */
    const int64_t nin = 1 + 2 + np + 3 + nl * LD + 1, nout = 3 + np;
    if (nin + nout > 4096)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %lld layers are more than supported", op,
                       (long long)geo.L);
    struct aclOpExecutor *e = ops_exec_new(op, (uint16_t)nin, (uint16_t)nout);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct lb_plan *p =
        calloc(1, sizeof(*p) + (size_t)(np * 2 + nl * LD) * sizeof(struct ops_tensor));
    if (!p) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op);
    }
    e->plan = p;
    e->fini = ops_plan_free;
    const uint16_t ir[4] = {1, 2, (uint16_t)np, 1};
    ops_exec_ir(e, ir, 4);
    rc = ops_tensor_from(&p->in, input, ops_exec_slot(e, input), op, "input");
    int s = ops_exec_slot(e, a->h0);
    if (!rc && a->h0)
        rc = ops_tensor_from(&p->h0, a->h0, s, op, a->h0_name);
    s = ops_exec_slot(e, a->c0);
    if (!rc && a->c0)
        rc = ops_tensor_from(&p->c0, a->c0, s, op, a->c0_name);
    for (int64_t k = 0; k < np && !rc; k++)
        rc = ops_tensor_from(&p->v[k], params->v[k], ops_exec_slot(e, params->v[k]), op, "params");
    if (!rc)
        rc = ops_tensor_from(&p->dy, a->output, ops_exec_slot(e, a->output), op, "dy");
    if (!rc)
        rc = ops_tensor_from(&p->dh, a->hy, ops_exec_slot(e, a->hy), op, "dh");
    s = ops_exec_slot(e, a->cy);
    if (!rc && a->cy)
        rc = ops_tensor_from(&p->dc, a->cy, s, op, "dc");
    for (int l = 0; l < nl && !rc; l++)
        for (int64_t k = 0; k < LD && !rc; k++)
            rc = ops_tensor_from(&p->v[np + l * LD + k], a->lists[l]->v[k],
                                 ops_exec_slot(e, a->lists[l]->v[k]), op, a->list_names[l]);
    s = ops_exec_slot(e, bsz);
    if (!rc && bsz)
        rc = ops_tensor_from(&p->bs, bsz, s, op, "batchSizes");
    if (!rc)
        rc = ops_tensor_from(&p->dx, dxOut, ops_exec_slot(e, dxOut), op, "dxOut");
    if (!rc)
        rc = ops_tensor_from(&p->dh0, dhPrevOut, ops_exec_slot(e, dhPrevOut), op, "dhPrevOut");
    s = ops_exec_slot(e, dcPrevOut);
    if (!rc && dcPrevOut)
        rc = ops_tensor_from(&p->dc0, dcPrevOut, s, op, "dcPrevOut");
    for (int64_t k = 0; k < np && !rc; k++)
        rc = ops_tensor_from(&p->v[np + nl * LD + k], dparamsOut->v[k],
                             ops_exec_slot(e, dparamsOut->v[k]), op, "dparamsOut");
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    p->in = rnn_tbx(&p->in, a->batchFirst, geo.T, geo.B);
    p->dx = rnn_tbx(&p->dx, a->batchFirst, geo.T, geo.B);
    p->dy = bsz ? p->dy : rnn_tbx(&p->dy, a->batchFirst, geo.T, geo.B);
    p->gemm = gemm;
    p->kind = a->kind, p->nl = nl;
    p->T = geo.T, p->B = geo.B, p->NI = geo.NI, p->H = geo.H, p->L = geo.L, p->D = geo.D;
    p->G = lstm ? 4 : 3;
    p->group = (int)group;
    p->bias = a->hasBias, p->has_bs = bsz != NULL;
    e->run = geo.empty ? NULL : lb_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnLstmBackwardGetWorkspaceSize(
    const aclTensor *input, const aclTensorList *hx, const aclTensorList *params,
    const aclTensor *dy, const aclTensor *dh, const aclTensor *dc, const aclTensorList *i,
    const aclTensorList *g, const aclTensorList *f, const aclTensorList *o, const aclTensorList *h,
    const aclTensorList *c, const aclTensorList *tanhc, const aclTensor *batchSizesOptional,
    bool hasBias, int64_t numLayers, double dropout, bool train, bool bidirectional,
    bool batchFirst, const aclBoolArray *outputMask, aclTensor *dxOut, aclTensor *dhPrevOut,
    aclTensor *dcPrevOut, aclTensorList *dparamsOut, WS)
{
    OPS_CHECK_NULLS(LB, workspaceSize, executor, input, hx, params, dy, dh, dc, i, g, f, o, h, c,
                    tanhc, dxOut, dhPrevOut, dcPrevOut, dparamsOut);
    (void)dropout, (void)train, (void)outputMask; /* LB1 */
    if (batchSizesOptional && !ops_dt_in(batchSizesOptional->dtype, OPS_DT2_LstmBackward))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batchSizes is %s (INT64)", LB,
                       ops_dt_name(batchSizesOptional->dtype));
    if (hx->n != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: hx has %llu tensors, [h0, c0] wanted", LB,
                       (unsigned long long)hx->n);
    if (!hx->v[0] || !hx->v[1])
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: hx[%d] is NULL", LB, hx->v[0] ? 1 : 0);
    /* (the lists are only read: rnn_args holds non-const lists for the forward's outputs) */
    aclTensorList *const lists[LB_LISTS] = {
        (aclTensorList *)i, (aclTensorList *)g, (aclTensorList *)f,    (aclTensorList *)o,
        (aclTensorList *)h, (aclTensorList *)c, (aclTensorList *)tanhc};
    static const char *const names[LB_LISTS] = {"i", "g", "f", "o", "h", "c", "tanhc"};
    const struct rnn_args a = {.op = LB,
                               .kind = RNN_LSTM,
                               .dt_mask = OPS_DT_LstmBackward,
                               .input = input,
                               .params = params,
                               .h0 = hx->v[0],
                               .c0 = hx->v[1],
                               .h0_name = "hx[0]",
                               .c0_name = "hx[1]",
                               .batchSizes = batchSizesOptional,
                               .hasBias = hasBias,
                               .train = true,
                               .bidirectional = bidirectional,
                               .batchFirst = batchFirst,
                               .numLayers = numLayers,
                               .output = (aclTensor *)dy,
                               .hy = (aclTensor *)dh,
                               .cy = (aclTensor *)dc,
                               .names = {"dy", "dh", "dc"},
                               .lists = lists,
                               .list_names = names,
                               .nlists = LB_LISTS};
    return lb_prepare(&a, dxOut, dhPrevOut, dcPrevOut, dparamsOut, workspaceSize, executor);
}
PHASE2(LstmBackward)

aclnnStatus aclnnGRUBackwardGetWorkspaceSize(
    const aclTensor *input, const aclTensorList *params, const aclTensor *hx, const aclTensor *dy,
    const aclTensor *dh, const aclTensorList *r, const aclTensorList *z, const aclTensorList *n,
    const aclTensorList *hn, const aclTensorList *h, const aclTensor *batchSizes, bool hasBias,
    int64_t numLayers, bool bidirection, bool batchFirst, aclTensor *dxOut, aclTensor *dhPrevOut,
    aclTensorList *dparamsOut, WS)
{
    OPS_CHECK_NULLS(GB, workspaceSize, executor, input, params, hx, dy, dh, r, z, n, hn, h, dxOut,
                    dhPrevOut, dparamsOut);
    if (batchSizes) /* LB1 */
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: batchSizes must be NULL (variable lengths are not supported)", GB);
    aclTensorList *const lists[GB_LISTS] = {(aclTensorList *)r, (aclTensorList *)z,
                                            (aclTensorList *)n, (aclTensorList *)hn,
                                            (aclTensorList *)h};
    static const char *const names[GB_LISTS] = {"r", "z", "n", "hn", "h"};
    const struct rnn_args a = {.op = GB,
                               .kind = RNN_GRU,
                               .dt_mask = OPS_DT_GRUBackward,
                               .input = input,
                               .params = params,
                               .h0 = hx,
                               .h0_name = "hx",
                               .hasBias = hasBias,
                               .train = true,
                               .bidirectional = bidirection,
                               .batchFirst = batchFirst,
                               .numLayers = numLayers,
                               .output = (aclTensor *)dy,
                               .hy = (aclTensor *)dh,
                               .names = {"dy", "dh", NULL},
                               .lists = lists,
                               .list_names = names,
                               .nlists = GB_LISTS};
    return lb_prepare(&a, dxOut, dhPrevOut, NULL, dparamsOut, workspaceSize, executor);
}
PHASE2(GRUBackward)
