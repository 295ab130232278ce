/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A multi-layer, optionally bidirectional recurrent net over a whole sequence:
 * aclnnLSTM (lstm.c) and aclnnGRU (gru.c) are their checks of the entry's own
 * parameters and this one implementation.
 *
 *  RC1. Weights: params holds, per layer l and direction d (d = 1 the reverse one),
 *      the group [weight_ih (G H, I_l), weight_hh (G H, H), bias_ih (G H), bias_hh (G H)]
 *      (the biases only with hasBias) at index (l D + d) * group, G = 4 for LSTM and 3 for
 *      GRU: PyTorch's _flat_weights order and layout, gate rows in PyTorch's order (LSTM
 *      i, f, g, o: CANN's aclnnLSTM passes gate_order "ifjo" to its DynamicRNN kernel;
 *      GRU r, z, n). I_0 = I, I_l = D H after.
 *  RC2. Per layer and direction the input projection of every step is one product,
 *      X W_ih^T (T B rows), and each step one more, h W_hh^T (the step's valid rows),
 *      both through the BLAS's sgemm (ops_blas_sgemm), which runs on the device's
 *      workers (matmul/blas.c BL1); the cell's pointwise part runs in float32 on the
 *      launching worker. Inputs are read and results kept in float32 between layers,
 *      rounded to the tensors' type once when stored.
 *  RC3. The reverse direction runs t = T-1 .. 0 and writes its step t at t. hy / cy hold
 *      the state after the direction's last step (t = T-1 forward, t = 0 reverse).
 *  RC4. batchSizes (LSTM): input (T * B, I) in (T, B, I) order, output (T, B, D H); row b
 *      takes part in step t when b < batchSizes[t]. Rows that do not keep their h and c
 *      (so hy / cy hold each sequence's state after its last valid step, PyTorch's packed
 *      semantics) and get zeros in output; the train lists hold the kept h, c, tanh(c)
 *      and zero gates there (CANN's DynamicRNN masks its outputs the same way; its gates at
 *      masked steps are not documented). A batchSizes value outside [0, B] or one larger
 *      than the one before fails the launch before any write
 *      (ACL_ERROR_RT_AICORE_EXCEPTION at the synchronisation).
 *  RC5. dropout is not applied (CANN: "not supported"; any value is accepted). An input
 *      with no elements launches nothing (CANN returns before its kernels).
 */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/engine.h"
#include "ops/rnn/rnn.h"

typedef __typeof__(cblas_sgemm) sgemm_fn;

#define RNN_LISTS 7 /* LSTM's i, j, f, o, h, c, tanhc; GRU's r, z, n, hn, h */

struct rnn_plan {
    sgemm_fn *gemm;
    int kind;
    int64_t T, B, NI, H, L, D, G;
    int nlists, group;
    bool bias, train, has_h0, has_c0, has_bs;
    struct ops_tensor in, bs, out, hy, cy, h0, c0;
    /* params[0 .. L D group), then the lists: list i's tensor k at np + i * L D + k */
    struct ops_tensor v[];
};

static float rnn_sig(float x)
{
    return 1.0f / (1.0f + expf(-x));
}

/* The view t with its first dim fixed at i. */
struct ops_tensor rnn_sub0(const struct ops_tensor *t, int64_t i)
{
    struct ops_tensor s = *t;
    s.offset += i * t->strides[0];
    for (int d = 1; d < t->ndim; d++) {
        s.dims[d - 1] = t->dims[d];
        s.strides[d - 1] = t->strides[d];
    }
    s.ndim = (int8_t)(t->ndim - 1);
    return s;
}

void rnn_load(float *buf, const struct ops_tensor *t, void *const *addr)
{
    ops_gather_nd(buf, CK_F32, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
}

void rnn_store(const float *buf, const struct ops_tensor *t, void *const *addr)
{
    ops_scatter_nd(buf, CK_F32, ops_base(t, addr), t->dt, t->ndim, t->dims, t->strides);
}

/* C (m x n) = A (m x k) B^T (B: n x k) + beta C, row-major. */
static void rnn_gemm(const struct rnn_plan *p, int64_t m, int64_t n, int64_t k, const float *a,
                     const float *b, float *c)
{
    if (m == 0)
        return;
    p->gemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)n, (int)k, 1.0f, a, (int)k, b,
            (int)k, 0.0f, c, (int)n);
}

/* One step of rows [0, nb): gx (B, G H) the input projection with bias_ih, gh (nb, G H) the
 * hidden one with bias_hh; h, c (B, H) updated in place; st[i] (B, H) the train values of this
 * step (NULL: not kept). Rows [nb, B) keep their state (RC4). */
static void rnn_cell(const struct rnn_plan *p, const float *gx, const float *gh, float *h, float *c,
                     int64_t nb, float *const *st)
{
    const int64_t H = p->H, GH = p->G * H, B = p->B;
    for (int64_t b = 0; b < nb; b++) {
        const float *x = gx + b * GH, *r = gh + b * GH;
        float *hb = h + b * H, *cb = c + b * H;
        for (int64_t j = 0; j < H; j++) {
            const int64_t o = b * H + j;
            if (p->kind == RNN_LSTM) {
                const float ig = rnn_sig(x[j] + r[j]), fg = rnn_sig(x[H + j] + r[H + j]);
                const float gg = tanhf(x[2 * H + j] + r[2 * H + j]);
                const float og = rnn_sig(x[3 * H + j] + r[3 * H + j]);
                const float cn = fg * cb[j] + ig * gg, tc = tanhf(cn);
                cb[j] = cn;
                hb[j] = og * tc;
                if (st) {
                    st[0][o] = ig, st[1][o] = gg, st[2][o] = fg, st[3][o] = og;
                    st[4][o] = hb[j], st[5][o] = cn, st[6][o] = tc;
                }
            } else {
                const float rg = rnn_sig(x[j] + r[j]), zg = rnn_sig(x[H + j] + r[H + j]);
                const float hn = r[2 * H + j], ng = tanhf(x[2 * H + j] + rg * hn);
                hb[j] = (1.0f - zg) * ng + zg * hb[j];
                if (st) {
                    st[0][o] = rg, st[1][o] = zg, st[2][o] = ng, st[3][o] = hn;
                    st[4][o] = hb[j];
                }
            }
        }
    }
    if (!st)
        return;
    for (int64_t b = nb; b < B; b++)
        for (int64_t j = 0; j < H; j++) {
            const int64_t o = b * H + j;
            if (p->kind == RNN_LSTM) {
                st[0][o] = st[1][o] = st[2][o] = st[3][o] = 0.0f;
                st[4][o] = h[o], st[5][o] = c[o], st[6][o] = tanhf(c[o]);
            } else {
                st[0][o] = st[1][o] = st[2][o] = st[3][o] = 0.0f;
                st[4][o] = h[o];
            }
        }
}

/* input / output as (T, B, X) views: batchFirst swaps the first two dims; batchSizes' 2-dim
 * (T * B, X) becomes (T, B, X) (RC4). */
struct ops_tensor rnn_tbx(const struct ops_tensor *t, bool batch_first, int64_t T, int64_t B)
{
    struct ops_tensor v = *t;
    if (t->ndim == 2) {
        v.ndim = 3;
        v.dims[0] = T, v.dims[1] = B, v.dims[2] = t->dims[1];
        v.strides[0] = t->strides[0] * B, v.strides[1] = t->strides[0];
        v.strides[2] = t->strides[1];
    } else if (batch_first) {
        v.dims[0] = t->dims[1], v.dims[1] = t->dims[0];
        v.strides[0] = t->strides[1], v.strides[1] = t->strides[0];
    }
    return v;
}

int32_t rnn_batch_sizes(int64_t *bs, const struct ops_tensor *t, void *const *addr, int64_t T,
                        int64_t B)
{
    for (int64_t i = 0; i < T; i++)
        bs[i] = B;
    if (!t)
        return ACL_SUCCESS;
    ops_gather_nd(bs, CK_I64, ops_base(t, addr), t->dt, 1, t->dims, t->strides);
    for (int64_t i = 0; i < T; i++) /* RC4: all checked before the first write */
        if (bs[i] < 0 || bs[i] > B || (i && bs[i] > bs[i - 1]))
            return ACL_ERROR_RT_AICORE_EXCEPTION;
    return ACL_SUCCESS;
}

static int32_t rnn_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct rnn_plan *p = e->plan;
    const int64_t T = p->T, B = p->B, NI = p->NI, H = p->H, L = p->L, D = p->D, G = p->G;
    const int64_t GH = G * H, DH = D * H, TB = T * B, LD = L * D;
    const int64_t iw = NI > DH ? NI : DH, np = LD * p->group;
    const int nl = p->train ? p->nlists : 0;
    int32_t rc = ACL_SUCCESS;
    int64_t *bs = malloc((size_t)T * sizeof(int64_t));
    float *x0 = malloc((size_t)(TB * NI) * sizeof(float));
    float *y[2] = {malloc((size_t)(TB * DH) * sizeof(float)),
                   malloc((size_t)(TB * DH) * sizeof(float))};
    float *gx = malloc((size_t)(TB * GH) * sizeof(float));
    float *gh = malloc((size_t)(B * GH) * sizeof(float));
    float *wih = malloc((size_t)(GH * iw) * sizeof(float));
    float *whh = malloc((size_t)(GH * H) * sizeof(float));
    float *bb = malloc((size_t)(2 * GH) * sizeof(float));
    float *hc = malloc((size_t)(2 * B * H) * sizeof(float));
    float *keep = nl ? malloc((size_t)(nl * TB * H) * sizeof(float)) : NULL;
    if (!bs || !x0 || !y[0] || !y[1] || !gx || !gh || !wih || !whh || !bb || !hc || (nl && !keep)) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    if ((rc = rnn_batch_sizes(bs, p->has_bs ? &p->bs : NULL, addr, T, B)))
        goto out;
    rnn_load(x0, &p->in, addr); /* (T, B, I): phase 1 made the view (rnn_tbx) */
    float *h = hc, *c = hc + B * H, *bih = bb, *bhh = bb + GH;
    for (int64_t l = 0; l < L; l++) {
        const float *xl = l ? y[(l - 1) & 1] : x0;
        float *yl = y[l & 1];
        const int64_t il = l ? DH : NI;
        for (int64_t d = 0; d < D; d++) {
            const int64_t k = l * D + d;
            const struct ops_tensor *w = &p->v[k * p->group];
            rnn_load(wih, &w[0], addr);
            rnn_load(whh, &w[1], addr);
            if (p->bias) {
                rnn_load(bih, &w[2], addr);
                rnn_load(bhh, &w[3], addr);
            } else {
                memset(bb, 0, (size_t)(2 * GH) * sizeof(float));
            }
            rnn_gemm(p, TB, GH, il, xl, wih, gx);
            for (int64_t r = 0; r < TB; r++)
                for (int64_t j = 0; j < GH; j++)
                    gx[r * GH + j] += bih[j];
            if (p->has_h0) {
                const struct ops_tensor s = rnn_sub0(&p->h0, k);
                rnn_load(h, &s, addr);
            } else {
                memset(h, 0, (size_t)(B * H) * sizeof(float));
            }
            if (p->has_c0) {
                const struct ops_tensor s = rnn_sub0(&p->c0, k);
                rnn_load(c, &s, addr);
            } else {
                memset(c, 0, (size_t)(B * H) * sizeof(float));
            }
            for (int64_t s = 0; s < T; s++) {
                const int64_t t = d ? T - 1 - s : s, nb = bs[t]; /* RC3 */
                rnn_gemm(p, nb, GH, H, h, whh, gh);
                for (int64_t r = 0; r < nb; r++)
                    for (int64_t j = 0; j < GH; j++)
                        gh[r * GH + j] += bhh[j];
                float *st[RNN_LISTS];
                for (int i = 0; i < nl; i++)
                    st[i] = keep + (i * T + t) * B * H;
                rnn_cell(p, gx + t * B * GH, gh, h, c, nb, nl ? st : NULL);
                for (int64_t b = 0; b < B; b++)
                    for (int64_t j = 0; j < H; j++)
                        yl[(t * B + b) * DH + d * H + j] = b < nb ? h[b * H + j] : 0.0f;
            }
            const struct ops_tensor hy = rnn_sub0(&p->hy, k);
            rnn_store(h, &hy, addr);
            if (p->kind == RNN_LSTM) {
                const struct ops_tensor cy = rnn_sub0(&p->cy, k);
                rnn_store(c, &cy, addr);
            }
            for (int i = 0; i < nl; i++)
                rnn_store(keep + i * TB * H, &p->v[np + i * LD + k], addr);
        }
    }
    rnn_store(y[(L - 1) & 1], &p->out, addr);
out:
    free(bs);
    free(x0);
    free(y[0]);
    free(y[1]);
    free(gx);
    free(gh);
    free(wih);
    free(whh);
    free(bb);
    free(hc);
    free(keep);
    return rc;
}

/* t is a live tensor of the input's type, ND. */
static aclnnStatus rnn_same_type(const struct rnn_args *a, const aclTensor *t, const char *what,
                                 int64_t idx)
{
    aclnnStatus rc;
    char nm[48];
    if (idx >= 0)
        snprintf(nm, sizeof(nm), "%s[%lld]", what, (long long)idx);
    else
        snprintf(nm, sizeof(nm), "%s", what);
    if ((rc = ops_check_dims(t, a->op, nm)))
        return rc;
    if (t->dtype != a->input->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, input is %s (one type)", a->op, nm,
                       ops_dt_name(t->dtype), ops_dt_name(a->input->dtype));
    if (ops_format_private(t->format))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be ND", a->op, nm);
    return ACLNN_SUCCESS;
}

static aclnnStatus rnn_shape(const struct rnn_args *a, const aclTensor *t, const char *what,
                             int64_t idx, const int64_t *want, int nw)
{
    if (ops_shape_is(t, want, nw))
        return ACLNN_SUCCESS;
    char nm[48];
    if (idx >= 0)
        snprintf(nm, sizeof(nm), "%s[%lld]", what, (long long)idx);
    else
        snprintf(nm, sizeof(nm), "%s", what);
    return ops_shape_err(a->op, nm, t, want, nw);
}

aclnnStatus rnn_check(const struct rnn_args *a, struct rnn_geo *geo)
{
    const char *op = a->op;
    aclnnStatus rc;
    const aclTensor *input = a->input;
    if ((rc = ops_check_dims(input, op, "input")))
        return rc;
    if (!ops_dt_in(input->dtype, a->dt_mask))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input is %s (FLOAT or FLOAT16)", op,
                       ops_dt_name(input->dtype));
    if (ops_format_private(input->format))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input must be ND", op);
    if (a->numLayers < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: numLayers is %lld (1 or more)", op,
                       (long long)a->numLayers);
    const int64_t L = a->numLayers, D = a->bidirectional ? 2 : 1, LD = L * D;
    const int64_t G = a->kind == RNN_LSTM ? 4 : 3, group = a->hasBias ? 4 : 2;
    if (a->batchSizes) {
        if ((rc = ops_check_dims(a->batchSizes, op, "batchSizes")))
            return rc;
        if (a->batchSizes->dtype != ACL_INT64)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batchSizes is %s (INT64)", op,
                           ops_dt_name(a->batchSizes->dtype));
        if (a->batchSizes->ndim != 1 || a->batchSizes->dims[0] < 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batchSizes must be (T,), T >= 1", op);
        if (input->ndim != 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: input has %u dims, (T * B, I) with batchSizes", op, input->ndim);
        if (input->dims[0] % a->batchSizes->dims[0])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: input's %lld rows are not a multiple of "
                           "batchSizes' %lld steps",
                           op, (long long)input->dims[0], (long long)a->batchSizes->dims[0]);
    } else if (input->ndim != 3) {
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: input has %u dims, (T, B, I) or (B, T, I)", op,
                       input->ndim);
    }
    int64_t T, B;
    if (a->batchSizes) {
        T = a->batchSizes->dims[0];
        B = input->dims[0] / T;
    } else {
        T = input->dims[a->batchFirst ? 1 : 0];
        B = input->dims[a->batchFirst ? 0 : 1];
    }
    const int64_t NI = input->dims[input->ndim - 1];

    /* RC1: the weights */
    const aclTensorList *pl = a->params;
    if (pl->n != (uint64_t)(LD * group))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: params has %llu tensors, %lld wanted "
                       "(2 * D * (hasBias ? 2 : 1) * numLayers)",
                       op, (unsigned long long)pl->n, (long long)(LD * group));
    for (uint64_t i = 0; i < pl->n; i++) {
        if (!pl->v[i])
            return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: params[%llu] is NULL", op,
                           (unsigned long long)i);
        if ((rc = rnn_same_type(a, pl->v[i], "params", (int64_t)i)))
            return rc;
    }
    if (pl->v[1]->ndim != 2 || pl->v[1]->dims[0] % G || pl->v[1]->dims[0] / G != pl->v[1]->dims[1])
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: params[1] (weight_hh) must be (%lld * H, H)",
                       op, (long long)G);
    const int64_t H = pl->v[1]->dims[1], GH = G * H, DH = D * H;
    for (int64_t k = 0; k < LD; k++) {
        const int64_t f = k * group, il = k < D ? NI : DH;
        const int64_t wi[2] = {GH, il}, wh[2] = {GH, H}, bv[1] = {GH};
        if ((rc = rnn_shape(a, pl->v[f], "params", f, wi, 2)) ||
            (rc = rnn_shape(a, pl->v[f + 1], "params", f + 1, wh, 2)))
            return rc;
        if (a->hasBias && ((rc = rnn_shape(a, pl->v[f + 2], "params", f + 2, bv, 1)) ||
                           (rc = rnn_shape(a, pl->v[f + 3], "params", f + 3, bv, 1))))
            return rc;
    }
    /* the states */
    const int64_t sh[3] = {LD, B, H};
    const aclTensor *st[2] = {a->h0, a->c0};
    const char *stn[2] = {a->h0_name, a->c0_name};
    for (int i = 0; i < 2; i++)
        if (st[i] && ((rc = rnn_same_type(a, st[i], stn[i], -1)) ||
                      (rc = rnn_shape(a, st[i], stn[i], -1, sh, 3))))
            return rc;
    /* the outputs */
    int64_t ow[3] = {T, B, DH};
    if (a->batchFirst && !a->batchSizes)
        ow[0] = B, ow[1] = T;
    const char *on = a->names[0] ? a->names[0] : "output", *hn = a->names[1] ? a->names[1] : "hy";
    const char *cn = a->names[2] ? a->names[2] : "cy";
    if ((rc = rnn_same_type(a, a->output, on, -1)) || (rc = rnn_shape(a, a->output, on, -1, ow, 3)))
        return rc;
    if ((rc = rnn_same_type(a, a->hy, hn, -1)) || (rc = rnn_shape(a, a->hy, hn, -1, sh, 3)))
        return rc;
    if (a->cy &&
        ((rc = rnn_same_type(a, a->cy, cn, -1)) || (rc = rnn_shape(a, a->cy, cn, -1, sh, 3))))
        return rc;
    const int64_t lw[3] = {T, B, H};
    const int nl = a->train ? a->nlists : 0;
    for (int i = 0; i < nl; i++) {
        const aclTensorList *ls = a->lists[i];
        if (ls->n != (uint64_t)LD)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s has %llu tensors, %lld wanted "
                           "(D * numLayers)",
                           op, a->list_names[i], (unsigned long long)ls->n, (long long)LD);
        for (int64_t k = 0; k < LD; k++) {
            if (!ls->v[k])
                return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s[%lld] is NULL", op,
                               a->list_names[i], (long long)k);
            if ((rc = rnn_same_type(a, ls->v[k], a->list_names[i], k)) ||
                (rc = rnn_shape(a, ls->v[k], a->list_names[i], k, lw, 3)))
                return rc;
        }
    }
    geo->T = T, geo->B = B, geo->NI = NI, geo->H = H, geo->L = L, geo->D = D;
    geo->empty = ops_numel(input->dims, (int)input->ndim) == 0 || H == 0;
    return ACLNN_SUCCESS;
}

aclnnStatus rnn_prepare(const struct rnn_args *a, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *op = a->op;
    struct rnn_geo geo;
    aclnnStatus rc = rnn_check(a, &geo);
    if (rc)
        return rc;
    const aclTensor *input = a->input;
    const aclTensorList *pl = a->params;
    const int64_t T = geo.T, B = geo.B, NI = geo.NI, H = geo.H, L = geo.L, D = geo.D, LD = L * D;
    const int64_t G = a->kind == RNN_LSTM ? 4 : 3, group = a->hasBias ? 4 : 2;
    const int nl = a->train ? a->nlists : 0;
    const bool empty = geo.empty;
    sgemm_fn *gemm = NULL;
    if (!empty) {
        void *g = ops_blas_sgemm(op);
        if (!g)
            return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
        memcpy(&gemm, &g, sizeof(g)); /* object -> function pointer (POSIX) */
    }

    /* slots: input, params, h0, c0, batchSizes; output, hy, cy, the lists */
    const int64_t np = LD * group, nin = 1 + np + 3, nout = 3 + nl * LD;
    if (nin + nout > 4096)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %lld layers are more than supported", op,
                       (long long)L);
    struct aclOpExecutor *e = ops_exec_new(op, (uint16_t)nin, (uint16_t)nout);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct rnn_plan *p = calloc(1, sizeof(*p) + (size_t)(np + nl * LD) * sizeof(struct ops_tensor));
    if (!p) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", op);
    }
    e->plan = p;
    e->fini = ops_plan_free;
    const uint16_t ir[5] = {1, (uint16_t)np, 1, 1, 1};
    ops_exec_ir(e, ir, 5);
    rc = ops_tensor_from(&p->in, input, ops_exec_slot(e, input), op, "input");
    for (int64_t i = 0; i < np && !rc; i++)
        rc = ops_tensor_from(&p->v[i], pl->v[i], ops_exec_slot(e, pl->v[i]), op, "params");
    int s = ops_exec_slot(e, a->h0);
    if (!rc && a->h0)
        rc = ops_tensor_from(&p->h0, a->h0, s, op, a->h0_name);
    s = ops_exec_slot(e, a->c0);
    if (!rc && a->c0)
        rc = ops_tensor_from(&p->c0, a->c0, s, op, a->c0_name);
    s = ops_exec_slot(e, a->batchSizes);
    if (!rc && a->batchSizes)
        rc = ops_tensor_from(&p->bs, a->batchSizes, s, op, "batchSizes");
    if (!rc)
        rc = ops_tensor_from(&p->out, a->output, ops_exec_slot(e, a->output), op, "output");
    if (!rc)
        rc = ops_tensor_from(&p->hy, a->hy, ops_exec_slot(e, a->hy), op, "hy");
    s = ops_exec_slot(e, a->cy);
    if (!rc && a->cy)
        rc = ops_tensor_from(&p->cy, a->cy, s, op, "cy");
    for (int i = 0; i < nl && !rc; i++)
        for (int64_t k = 0; k < LD && !rc; k++)
            rc = ops_tensor_from(&p->v[np + i * LD + k], a->lists[i]->v[k],
                                 ops_exec_slot(e, a->lists[i]->v[k]), op, a->list_names[i]);
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    p->in = rnn_tbx(&p->in, a->batchFirst, T, B);
    if (!a->batchSizes)
        p->out = rnn_tbx(&p->out, a->batchFirst, T, B);
    p->gemm = gemm;
    p->kind = a->kind;
    p->T = T, p->B = B, p->NI = NI, p->H = H, p->L = L, p->D = D, p->G = G;
    p->nlists = nl, p->group = (int)group;
    p->bias = a->hasBias, p->train = nl > 0;
    p->has_h0 = a->h0 != NULL, p->has_c0 = a->c0 != NULL, p->has_bs = a->batchSizes != NULL;
    e->run = empty ? NULL : rnn_run;
    return ops_exec_done(e, workspaceSize, executor);
}
