/* SPDX-License-Identifier: Apache-2.0 */
/*
 * FlashAttentionScore (the training forward) and FlashAttentionScoreGrad (and
 * their V2 forms with pseType), per
 * batch b and query head n (key/value head n / (N / KVN)):
 * out = dropout(softmax(masked scale * (pse + Q K^T)), keepProb) V, with the
 * softmax statistics the gradient reads back.
 *
 *  FS1. Scores: s_ij = scale * (pse_ij + q_i . k_j): pse is added before the
 *      scale (CANN's formula for FlashAttentionScore; FusedInferAttentionScore
 *      adds it after). Products through sgemm in float32, for blocks of
 *      FS_QB query rows against all keys of the head.
 *  FS2. Hidden pairs (-inf before the softmax): attenMask != 0 in sparse
 *      modes 0 and 1; the preTokens / nextTokens band around the left-up
 *      diagonal in mode 0 (j < i - pre or j > i + next); left-up causal
 *      (mode 2: j > i); right-down causal (3: j > i + Skv - Sq); the band
 *      around the right-down diagonal (4). Modes 2..4 take attenMask as the
 *      NPU's optimised mask, its content implied; modes 5..8 (prefix) are
 *      refused.
 *  FS3. softmaxMaxOut / softmaxSumOut [B, N, Sq, 8] (FLOAT) hold a row's
 *      maximum of s over its visible keys and sum exp(s - max), each stored 8
 *      times as the NPU does. A row with no visible key gives zeros, max
 *      -inf and sum 0.
 *  FS4. Dropout: bit k = ((b N + n) Sq + i) Skv + j of dropMask (byte k / 8,
 *      bit k % 8, least significant first) 0 drops probability p_ij, 1 keeps
 *      it divided by keepProb. keepProb 1 ignores dropMask; keepProb < 1
 *      needs one of at least ceil(B N Sq Skv / 8) bytes. The statistics (FS3)
 *      are those before the dropout.
 *  FS5. The gradient recomputes P = exp(s - max) / sum from the forward's
 *      softmaxMax / softmaxSum (a row with sum 0 gives zero gradients):
 *      dP = (dy V^T) o drop / keepProb, dS = P o (dP - rowsum(P o dP)) (the
 *      row sum is dy . out; computed from P and dP, attentionIn is not read),
 *      dq = scale dS K, dk = scale dS^T q (summed over the query heads of a
 *      key/value head), dv = (P o drop / keepProb)^T dy, dpse = scale dS
 *      summed over what pse broadcasts (batch, rows).
 *  FS6. One block per launch: the products are sgemm calls, and OpenBLAS runs
 *      them on the device's worker count (ops/matmul/matmul.c MM4; blocks
 *      calling it would oversubscribe the cores: attention.c FA6). The key /
 *      value heads are processed in order, so dk, dv and dpse accumulate in
 *      float32 without races and the results do not depend on the worker count.
 *  FS7. V2's pseType: 1 is FS1 (V1's formula), 0 adds pse after the scale
 *      (s = scale q . k + pse, dpse = dS); 2 and 3 (alibi generated inside
 *      from qStartIdx / kvStartIdx) are refused. qStartIdx and kvStartIdx
 *      serve only those and are not read.
 */
#include <cblas.h>
#include <math.h>
#include <string.h>

#include "aclnnop/aclnn_flash_attention_score.h"
#include "aclnnop/aclnn_flash_attention_score_grad.h"
#include "ops/engine/engine.h"
#include "ops/engine/simd.h"
#include "ops/attention/table.h"

#define FS_QB 64 /* query rows per block */

typedef __typeof__(cblas_sgemm) sgemm_fn;

/* A [B, N, S, D] view of a layout (sd: D's stride; mask and pse: sd is the key's). */
struct fs_view {
    int dt, slot;
    int64_t off, sb, sn, ss, sd;
};

enum { FS_BSH, FS_SBH, FS_BSND, FS_BNSD };

struct fs_plan {
    sgemm_fn *gemm;
    bool grad, has_pse, has_mask, has_drop, has_dpse;
    bool pse_after; /* FS7: pseType 0, pse added after the scale */
    int64_t B, N, KVN, Sq, Skv, D;
    int sparse;
    int64_t pre, next;
    float scale, keep;
    struct fs_view q, k, v, o, dy, dq, dk, dv;
    struct fs_view pse, mask; /* sb, sn (0 = broadcast), ss (0 = broadcast rows), sd (keys) */
    struct fs_view mx, sm;    /* softmaxMax / softmaxSum: sb, sn, ss */
    struct fs_view dpse;      /* pse's strides */
    int drop_slot;
    int64_t pse_b, pse_r; /* pse's batch and row counts (1 = broadcast) */
};

/* ---- kernels -----------------------------------------------------------------------------------
 */

static void fs_load_rows(float *dst, const struct fs_view *v, void *const *addr, int64_t b,
                         int64_t n, int64_t s0, int64_t rows, int64_t D)
{
    const int64_t e = ops_dt_size(v->dt);
    const char *base = (const char *)addr[v->slot] + (v->off + b * v->sb + n * v->sn) * e;
    ops_load_fn ld = ops_loader(CK_F32, v->dt);
    for (int64_t r = 0; r < rows; r++)
        ld(dst + r * D, base + (s0 + r) * v->ss * e, v->sd * e, D);
}

static void fs_store_rows(const struct fs_view *v, void *const *addr, int64_t b, int64_t n,
                          int64_t s0, int64_t rows, const float *src, int64_t D)
{
    const int64_t e = ops_dt_size(v->dt);
    char *base = (char *)addr[v->slot] + (v->off + b * v->sb + n * v->sn) * e;
    ops_store_fn st = ops_storer(CK_F32, v->dt);
    for (int64_t r = 0; r < rows; r++)
        st(base + (s0 + r) * v->ss * e, v->sd * e, src + r * D, D);
}

/* FS2: whether key j is hidden from query row i (mask byte m, 0 without a mask). */
static inline bool fs_hidden(const struct fs_plan *p, int64_t i, int64_t j, unsigned char m)
{
    const int64_t d = p->Skv - p->Sq;
    switch (p->sparse) {
    case 0:
        return m || j < i - p->pre || j > i + p->next;
    case 1:
        return m;
    case 2:
        return j > i;
    case 3:
        return j > i + d;
    default: /* 4 */
        return j > i + d + p->next || j < i + d - p->pre;
    }
}

/* FS1, FS2: row (q_i . k_j for all keys) into s_ij, hidden pairs -inf; T: Skv floats. */
static void fs_scores(const struct fs_plan *p, void *const *addr, int64_t b, int64_t n, int64_t i,
                      float *row, float *T)
{
    const int64_t Skv = p->Skv;
    if (p->has_pse) {
        const int64_t e = ops_dt_size(p->pse.dt);
        ops_loader(CK_F32,
                   p->pse.dt)(T,
                              (const char *)addr[p->pse.slot] +
                                  (p->pse.off + b * p->pse.sb + n * p->pse.sn + i * p->pse.ss) * e,
                              p->pse.sd * e, Skv);
        if (p->pse_after)
            for (int64_t j = 0; j < Skv; j++)
                row[j] = p->scale * row[j] + T[j];
        else
            for (int64_t j = 0; j < Skv; j++)
                row[j] = p->scale * (row[j] + T[j]);
    } else {
        for (int64_t j = 0; j < Skv; j++)
            row[j] *= p->scale;
    }
    const unsigned char *mr = p->has_mask
                                  ? (const unsigned char *)addr[p->mask.slot] + p->mask.off +
                                        b * p->mask.sb + n * p->mask.sn + i * p->mask.ss
                                  : NULL;
    for (int64_t j = 0; j < Skv; j++)
        if (fs_hidden(p, i, j, mr && p->sparse <= 1 ? mr[j * p->mask.sd] : 0))
            row[j] = -INFINITY;
}

/* FS4: the dropout factor of (b, n, i, j). */
static inline float fs_drop(const struct fs_plan *p, const unsigned char *bits, int64_t b,
                            int64_t n, int64_t i, int64_t j)
{
    if (!p->has_drop)
        return 1.0f;
    const int64_t k = ((b * p->N + n) * p->Sq + i) * p->Skv + j;
    return bits[k >> 3] >> (k & 7) & 1 ? 1.0f / p->keep : 0.0f;
}

/* n floats of the calling thread's scratch (not zeroed), NULL when out of memory. */
static float *fs_scratch(size_t n)
{
    return ks_scratch(n * sizeof(float));
}

static int32_t fs_forward(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fs_plan *p = e->plan;
    const int64_t D = p->D, Skv = p->Skv, Sq = p->Sq, G = p->N / p->KVN;
    float *K = fs_scratch((size_t)(2 * Skv * D + 2 * FS_QB * D + FS_QB * Skv + Skv));
    if (!K)
        return ACL_ERROR_BAD_ALLOC;
    float *V = K + Skv * D, *Q = V + Skv * D, *O = Q + FS_QB * D, *S = O + FS_QB * D,
          *T = S + FS_QB * Skv;
    const unsigned char *bits = p->has_drop ? addr[p->drop_slot] : NULL;
    float *mxb = addr[p->mx.slot], *smb = addr[p->sm.slot];
    for (int64_t b = 0; b < p->B; b++)
        for (int64_t kh = 0; kh < p->KVN; kh++) {
            fs_load_rows(K, &p->k, addr, b, kh, 0, Skv, D);
            fs_load_rows(V, &p->v, addr, b, kh, 0, Skv, D);
            for (int64_t n = kh * G; n < (kh + 1) * G; n++)
                for (int64_t q0 = 0; q0 < Sq; q0 += FS_QB) {
                    const int64_t qn = Sq - q0 < FS_QB ? Sq - q0 : FS_QB;
                    fs_load_rows(Q, &p->q, addr, b, n, q0, qn, D);
                    if (Skv > 0 && D > 0)
                        p->gemm(CblasRowMajor, CblasNoTrans, CblasTrans, (blasint)qn, (blasint)Skv,
                                (blasint)D, 1.0f, Q, (blasint)D, K, (blasint)D, 0.0f, S,
                                (blasint)Skv);
                    for (int64_t r = 0; r < qn; r++) {
                        const int64_t i = q0 + r;
                        float *row = S + r * Skv;
                        fs_scores(p, addr, b, n, i, row, T);
                        float mx = -INFINITY, sum = 0;
                        for (int64_t j = 0; j < Skv; j++)
                            mx = row[j] > mx ? row[j] : mx;
                        for (int64_t j = 0; j < Skv; j++) {
                            row[j] = mx == -INFINITY ? 0.0f : expf(row[j] - mx);
                            sum += row[j];
                        }
                        const float inv = sum > 0 ? 1.0f / sum : 0.0f;
                        for (int64_t j = 0; j < Skv; j++)
                            row[j] *= inv * fs_drop(p, bits, b, n, i, j);
                        float *m8 = mxb + p->mx.off + b * p->mx.sb + n * p->mx.sn + i * p->mx.ss;
                        float *s8 = smb + p->sm.off + b * p->sm.sb + n * p->sm.sn + i * p->sm.ss;
                        for (int c = 0; c < 8; c++)
                            m8[c * p->mx.sd] = mx, s8[c * p->sm.sd] = sum;
                    }
                    if (Skv > 0 && D > 0)
                        p->gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)qn, (blasint)D,
                                (blasint)Skv, 1.0f, S, (blasint)Skv, V, (blasint)D, 0.0f, O,
                                (blasint)D);
                    else
                        memset(O, 0, (size_t)(qn * D) * sizeof(float));
                    fs_store_rows(&p->o, addr, b, n, q0, qn, O, D);
                }
        }
    return 0;
}

static int32_t fs_backward(const struct aclOpExecutor *e, void *const *addr)
{
    const struct fs_plan *p = e->plan;
    const int64_t D = p->D, Skv = p->Skv, Sq = p->Sq, G = p->N / p->KVN;
    const int64_t npse = p->has_dpse ? p->pse_b * p->N * p->pse_r * Skv : 0;
    float *K = fs_scratch((size_t)(4 * Skv * D + 3 * FS_QB * D + 2 * FS_QB * Skv + 2 * Skv + npse));
    if (!K)
        return ACL_ERROR_BAD_ALLOC;
    float *V = K + Skv * D, *dK = V + Skv * D, *dV = dK + Skv * D, *Q = dV + Skv * D,
          *dY = Q + FS_QB * D, *dQ = dY + FS_QB * D, *S = dQ + FS_QB * D, *dP = S + FS_QB * Skv,
          *T = dP + FS_QB * Skv, *Pr = T + Skv, *dpse = Pr + Skv;
    memset(dpse, 0, (size_t)npse * sizeof(float));
    const unsigned char *bits = p->has_drop ? addr[p->drop_slot] : NULL;
    const float *mxb = addr[p->mx.slot], *smb = addr[p->sm.slot];
    for (int64_t b = 0; b < p->B; b++)
        for (int64_t kh = 0; kh < p->KVN; kh++) {
            fs_load_rows(K, &p->k, addr, b, kh, 0, Skv, D);
            fs_load_rows(V, &p->v, addr, b, kh, 0, Skv, D);
            memset(dK, 0, (size_t)(2 * Skv * D) * sizeof(float)); /* dK, dV */
            for (int64_t n = kh * G; n < (kh + 1) * G; n++)
                for (int64_t q0 = 0; q0 < Sq; q0 += FS_QB) {
                    const int64_t qn = Sq - q0 < FS_QB ? Sq - q0 : FS_QB;
                    fs_load_rows(Q, &p->q, addr, b, n, q0, qn, D);
                    fs_load_rows(dY, &p->dy, addr, b, n, q0, qn, D);
                    if (Skv > 0 && D > 0) {
                        p->gemm(CblasRowMajor, CblasNoTrans, CblasTrans, (blasint)qn, (blasint)Skv,
                                (blasint)D, 1.0f, Q, (blasint)D, K, (blasint)D, 0.0f, S,
                                (blasint)Skv);
                        p->gemm(CblasRowMajor, CblasNoTrans, CblasTrans, (blasint)qn, (blasint)Skv,
                                (blasint)D, 1.0f, dY, (blasint)D, V, (blasint)D, 0.0f, dP,
                                (blasint)Skv);
                    }
                    for (int64_t r = 0; r < qn; r++) {
                        const int64_t i = q0 + r;
                        float *row = S + r * Skv, *dpr = dP + r * Skv;
                        fs_scores(p, addr, b, n, i, row, T);
                        const float mx =
                            mxb[p->mx.off + b * p->mx.sb + n * p->mx.sn + i * p->mx.ss];
                        const float sum =
                            smb[p->sm.off + b * p->sm.sb + n * p->sm.sn + i * p->sm.ss];
                        const float inv = sum > 0 ? 1.0f / sum : 0.0f;
                        float dot = 0;
                        for (int64_t j = 0; j < Skv; j++) {
                            const float f = fs_drop(p, bits, b, n, i, j);
                            Pr[j] =
                                row[j] == -INFINITY || inv == 0 ? 0.0f : expf(row[j] - mx) * inv;
                            T[j] = f;
                            dpr[j] *= f;
                            dot += Pr[j] * dpr[j];
                        }
                        float *dps = p->has_dpse
                                         ? dpse + (((p->pse_b > 1 ? b : 0) * p->N + n) * p->pse_r +
                                                   (p->pse_r > 1 ? i : 0)) *
                                                      Skv
                                         : NULL;
                        for (int64_t j = 0; j < Skv; j++) {
                            row[j] = Pr[j] * (dpr[j] - dot); /* dS */
                            dpr[j] = Pr[j] * T[j];           /* P after the dropout, for dv */
                            if (dps)
                                dps[j] += p->pse_after ? row[j] : p->scale * row[j];
                        }
                    }
                    if (Skv > 0 && D > 0) {
                        p->gemm(CblasRowMajor, CblasTrans, CblasNoTrans, (blasint)Skv, (blasint)D,
                                (blasint)qn, 1.0f, dP, (blasint)Skv, dY, (blasint)D, 1.0f, dV,
                                (blasint)D);
                        p->gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)qn, (blasint)D,
                                (blasint)Skv, p->scale, S, (blasint)Skv, K, (blasint)D, 0.0f, dQ,
                                (blasint)D);
                        p->gemm(CblasRowMajor, CblasTrans, CblasNoTrans, (blasint)Skv, (blasint)D,
                                (blasint)qn, p->scale, S, (blasint)Skv, Q, (blasint)D, 1.0f, dK,
                                (blasint)D);
                    } else {
                        memset(dQ, 0, (size_t)(qn * D) * sizeof(float));
                    }
                    fs_store_rows(&p->dq, addr, b, n, q0, qn, dQ, D);
                }
            fs_store_rows(&p->dk, addr, b, kh, 0, Skv, dK, D);
            fs_store_rows(&p->dv, addr, b, kh, 0, Skv, dV, D);
        }
    if (p->has_dpse)
        for (int64_t bb = 0; bb < p->pse_b; bb++)
            for (int64_t n = 0; n < p->N; n++)
                fs_store_rows(&p->dpse, addr, bb, n, 0, p->pse_r,
                              dpse + (bb * p->N + n) * p->pse_r * Skv, Skv);
    return 0;
}

/* ---- phase 1 -----------------------------------------------------------------------------------
 */

/* B, N, S, D of a q/k/v tensor in a layout (BSH/SBH: N from heads or, for
 * key/value, from D). */
static bool fs_dims(const aclTensor *t, int layout, int64_t heads, int64_t D, int64_t *B,
                    int64_t *N, int64_t *S, int64_t *Dout)
{
    if (layout == FS_BSH || layout == FS_SBH) {
        if (t->ndim != 3)
            return false;
        const int64_t H = t->dims[2];
        if (heads > 0) {
            if (H % heads)
                return false;
            *N = heads, *Dout = H / heads;
        } else {
            if (D <= 0 || H % D)
                return false;
            *N = H / D, *Dout = D;
        }
        *B = layout == FS_BSH ? t->dims[0] : t->dims[1];
        *S = layout == FS_BSH ? t->dims[1] : t->dims[0];
        return true;
    }
    if (t->ndim != 4)
        return false;
    *B = t->dims[0], *Dout = t->dims[3];
    if (layout == FS_BSND)
        *S = t->dims[1], *N = t->dims[2];
    else
        *N = t->dims[1], *S = t->dims[2];
    return true;
}

static void fs_view_of(struct fs_view *v, const aclTensor *t, int slot, int layout, int64_t D)
{
    const int64_t *s = t->strides;
    v->dt = ops_dt_index(t->dtype), v->slot = slot, v->off = t->offset;
    switch (layout) {
    case FS_BSH:
        v->sb = s[0], v->ss = s[1], v->sd = s[2], v->sn = s[2] * D;
        break;
    case FS_SBH:
        v->ss = s[0], v->sb = s[1], v->sd = s[2], v->sn = s[2] * D;
        break;
    case FS_BSND:
        v->sb = s[0], v->ss = s[1], v->sn = s[2], v->sd = s[3];
        break;
    default:
        v->sb = s[0], v->sn = s[1], v->ss = s[2], v->sd = s[3];
        break;
    }
}

/* The parameters both operators share. */
struct fs_args {
    const char *op;
    uint64_t dtm, mask_dtm; /* query/key/value and attenMask types (the row's) */
    const aclTensor *q, *k, *v, *pse, *drop, *padding, *mask;
    const aclIntArray *prefix;
    double scale, keep;
    int64_t pre, next, heads, innerPrecise, sparse, pseType;
    const char *layout;
    const aclTensor *mx, *sm; /* the statistics: outputs (forward) or inputs (grad) */
    const aclTensor *dy;      /* grad */
    const aclTensor *o;       /* forward: attentionOut; grad: dq */
    const aclTensor *dk, *dv, *dpse;
};

static aclnnStatus fs_same_shape(const char *op, const aclTensor *a, const aclTensor *like,
                                 const char *what, const char *of)
{
    aclnnStatus rc = ops_check_dims(a, op, what);
    if (rc)
        return rc;
    bool ok = a->ndim == like->ndim && a->dtype == like->dtype;
    for (uint64_t d = 0; ok && d < a->ndim; d++)
        ok = a->dims[d] == like->dims[d];
    if (!ok)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have %s's shape and type", op, what,
                       of);
    return ACLNN_SUCCESS;
}

static aclnnStatus fs_prepare(const struct fs_args *a, bool grad, WS)
{
    const char *op = a->op;
    if (a->pseType != 0 && a->pseType != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: pseType %lld is not supported (0: pse after the scale, 1: before; the "
                       "pse generated inside, 2 and 3, is not implemented by cpuacl)",
                       op, (long long)a->pseType);
    if (a->padding)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: paddingMaskOptional is not supported by cpuacl (must be NULL)", op);
    if (a->sparse < 0 || a->sparse > 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: sparseMode %lld is not supported (0..4; the prefix modes 5..8 are not "
                       "implemented by cpuacl)",
                       op, (long long)a->sparse);
    if (a->sparse >= 1 && !a->mask)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: sparseMode %lld needs attenMaskOptional", op,
                       (long long)a->sparse);
    if (!(a->keep > 0 && a->keep <= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: keepProb %g is outside (0, 1]", op, a->keep);
    if (a->keep < 1 && !a->drop)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: keepProb %g < 1 needs dropMaskOptional", op,
                       a->keep);
    if (a->innerPrecise < 0 || a->innerPrecise > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: innerPrecise %lld is not 0..2", op,
                       (long long)a->innerPrecise);
    int layout;
    if (!strcmp(a->layout, "BSH"))
        layout = FS_BSH;
    else if (!strcmp(a->layout, "SBH"))
        layout = FS_SBH;
    else if (!strcmp(a->layout, "BSND"))
        layout = FS_BSND;
    else if (!strcmp(a->layout, "BNSD"))
        layout = FS_BNSD;
    else
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputLayout \"%.16s\" is not supported (BSH, SBH, BSND, BNSD)", op,
                       a->layout);
    aclnnStatus rc;
    if ((rc = ops_check_dims(a->q, op, "query")) || (rc = ops_check_dims(a->k, op, "key")) ||
        (rc = ops_check_dims(a->v, op, "value")))
        return rc;
    int qd = ops_dt_index(a->q->dtype);
    if (qd < 0 || !(DTM(qd) & a->dtm) || a->k->dtype != a->q->dtype || a->v->dtype != a->q->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: query/key/value types %s/%s/%s: all must be one of FLOAT16, "
                       "BFLOAT16, FLOAT",
                       op, ops_dt_name(a->q->dtype), ops_dt_name(a->k->dtype),
                       ops_dt_name(a->v->dtype));
    if (a->heads <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: headNum %lld must be positive", op,
                       (long long)a->heads);
    int64_t B, N, Sq, D, kB, kN, Skv, kD, vB, vN, vS, vD;
    if (!fs_dims(a->q, layout, a->heads, 0, &B, &N, &Sq, &D) ||
        !fs_dims(a->k, layout, 0, D, &kB, &kN, &Skv, &kD) ||
        !fs_dims(a->v, layout, 0, D, &vB, &vN, &vS, &vD))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: query/key/value ranks or hidden sizes do not fit layout %s", op,
                       a->layout);
    if (N != a->heads || kB != B || vB != B || kD != D || vD != D || vN != kN || vS != Skv ||
        kN <= 0 || N % kN || N / kN > 64)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: shapes disagree: query B=%lld N=%lld D=%lld, key B=%lld N=%lld S=%lld "
                       "D=%lld, value B=%lld N=%lld S=%lld D=%lld (headNum %lld; key/value heads "
                       "must divide it)",
                       op, (long long)B, (long long)N, (long long)D, (long long)kB, (long long)kN,
                       (long long)Skv, (long long)kD, (long long)vB, (long long)vN, (long long)vS,
                       (long long)vD, (long long)a->heads);
    /* the outputs (forward) or gradients (grad) of query's, key's, value's shapes */
    if ((rc = fs_same_shape(op, a->o, a->q, grad ? "dqOut" : "attentionOutOut", "query")))
        return rc;
    if (grad && ((rc = fs_same_shape(op, a->dy, a->q, "dy", "query")) ||
                 (rc = fs_same_shape(op, a->dk, a->k, "dkOut", "key")) ||
                 (rc = fs_same_shape(op, a->dv, a->v, "dvOut", "value"))))
        return rc;
    const aclTensor *stats[2] = {a->mx, a->sm};
    const char *snames[2] = {grad ? "softmaxMaxOptional" : "softmaxMaxOut",
                             grad ? "softmaxSumOptional" : "softmaxSumOut"};
    for (int i = 0; i < 2; i++) {
        const aclTensor *t = stats[i];
        if ((rc = ops_check_dims(t, op, snames[i])))
            return rc;
        if (t->dtype != ACL_FLOAT || t->ndim != 4 || t->dims[0] != B || t->dims[1] != N ||
            t->dims[2] != Sq || t->dims[3] != 8)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be FLOAT shaped [B, N, Sq, 8]", op,
                           snames[i]);
    }
    const aclTensor *pse = a->pse, *mask = a->mask, *drop = a->keep < 1 ? a->drop : NULL;
    if (pse) {
        if ((rc = ops_check_dims(pse, op, "realShiftOptional")))
            return rc;
        if (pse->dtype != a->q->dtype || pse->ndim != 4 ||
            (pse->dims[0] != B && pse->dims[0] != 1) || pse->dims[1] != N ||
            (pse->dims[2] != Sq && pse->dims[2] != 1) || pse->dims[3] != Skv)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: realShiftOptional must have query's type, shaped (B or 1, N, Sq "
                           "or 1, Skv)",
                           op);
    }
    if (grad && a->dpse && pse && (rc = fs_same_shape(op, a->dpse, pse, "dpseOut", "pse")))
        return rc;
    if (mask) {
        if ((rc = ops_check_dims(mask, op, "attenMaskOptional")))
            return rc;
        int nd = (int)mask->ndim;
        bool ok = ops_dt_in(mask->dtype, (unsigned)a->mask_dtm) && (nd == 2 || nd == 4);
        if (ok && a->sparse <= 1)
            ok = mask->dims[nd - 2] == Sq && mask->dims[nd - 1] == Skv &&
                 (nd == 2 || ((mask->dims[0] == B || mask->dims[0] == 1) &&
                              (mask->dims[1] == N || mask->dims[1] == 1)));
        if (!ok)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: attenMaskOptional must be BOOL/UINT8 shaped (Sq, Skv), (B or 1, N "
                           "or 1, Sq, Skv)",
                           op);
    }
    if (drop) {
        if ((rc = ops_check_dims(drop, op, "dropMaskOptional")))
            return rc;
        int64_t need = (B * N * Sq * Skv + 7) / 8, have = 1;
        for (uint64_t d = 0; d < drop->ndim; d++)
            have *= drop->dims[d];
        if (drop->dtype != ACL_UINT8 || drop->ndim != 1 || drop->strides[0] != 1 || have < need)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: dropMaskOptional must be a contiguous 1-d UINT8 of at least "
                           "%lld bytes (one bit per B N Sq Skv element)",
                           op, (long long)need);
    }
    void *gp = ops_blas_sgemm(op);
    if (!gp)
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    struct aclOpExecutor *e =
        ops_exec_plan(op, grad ? 9 : 6, grad ? 4 : 3, sizeof(struct fs_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct fs_plan *p = e->plan;
    memcpy(&p->gemm, &gp, sizeof(p->gemm));
    p->grad = grad;
    p->B = B, p->N = N, p->KVN = kN, p->Sq = Sq, p->Skv = Skv, p->D = D;
    p->scale = (float)a->scale, p->keep = (float)a->keep;
    p->sparse = (int)a->sparse;
    p->pre = a->pre, p->next = a->next;
    p->pse_after = a->pseType == 0;
    fs_view_of(&p->q, a->q, ops_exec_slot(e, a->q), layout, D);
    fs_view_of(&p->k, a->k, ops_exec_slot(e, a->k), layout, D);
    fs_view_of(&p->v, a->v, ops_exec_slot(e, a->v), layout, D);
    if (grad)
        fs_view_of(&p->dy, a->dy, ops_exec_slot(e, a->dy), layout, D);
    int ps = ops_exec_slot(e, pse), ds = ops_exec_slot(e, drop), ms = ops_exec_slot(e, mask);
    if (pse) {
        p->has_pse = true;
        p->pse_b = pse->dims[0], p->pse_r = pse->dims[2];
        p->pse = (struct fs_view){ops_dt_index(pse->dtype),
                                  ps,
                                  pse->offset,
                                  pse->dims[0] == 1 ? 0 : pse->strides[0],
                                  pse->strides[1],
                                  pse->dims[2] == 1 ? 0 : pse->strides[2],
                                  pse->strides[3]};
    }
    if (drop)
        p->has_drop = true, p->drop_slot = ds;
    if (mask) {
        const int nd = (int)mask->ndim;
        p->has_mask = true;
        p->mask = (struct fs_view){DT_U8,
                                   ms,
                                   mask->offset,
                                   nd == 4 && mask->dims[0] != 1 ? mask->strides[0] : 0,
                                   nd == 4 && mask->dims[1] != 1 ? mask->strides[1] : 0,
                                   mask->strides[nd - 2],
                                   mask->strides[nd - 1]};
    }
    struct fs_view *sv[2] = {&p->mx, &p->sm};
    const aclTensor *outs[4] = {a->o, a->dk, a->dv, a->dpse};
    for (int i = 0; i < 2; i++) /* outputs of the forward, inputs of the gradient */
        *sv[i] = (struct fs_view){DT_F32,
                                  ops_exec_slot(e, stats[i]),
                                  stats[i]->offset,
                                  stats[i]->strides[0],
                                  stats[i]->strides[1],
                                  stats[i]->strides[2],
                                  stats[i]->strides[3]};
    if (grad) {
        fs_view_of(&p->dq, outs[0], ops_exec_slot(e, outs[0]), layout, D);
        fs_view_of(&p->dk, outs[1], ops_exec_slot(e, outs[1]), layout, D);
        fs_view_of(&p->dv, outs[2], ops_exec_slot(e, outs[2]), layout, D);
        const aclTensor *dp = pse ? a->dpse : NULL;
        int dps = ops_exec_slot(e, dp);
        if (dp) {
            p->has_dpse = true;
            p->dpse = (struct fs_view){
                ops_dt_index(dp->dtype), dps,           dp->offset, dp->strides[0], dp->strides[1],
                dp->strides[2],          dp->strides[3]};
        }
    } else {
        fs_view_of(&p->o, outs[0], ops_exec_slot(e, outs[0]), layout, D);
    }
    e->run = B * N * (Sq + Skv) > 0 ? (grad ? fs_backward : fs_forward) : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* The forward's phase 1 (V1: pseType 1). */
static aclnnStatus
fs_forward_of(const char *op, uint64_t dtm, uint64_t mdtm, const aclTensor *query,
              const aclTensor *key, const aclTensor *value, const aclTensor *realShift,
              const aclTensor *dropMask, const aclTensor *paddingMask, const aclTensor *attenMask,
              double scaleValue, double keepProb, int64_t preTokens, int64_t nextTokens,
              int64_t headNum, const char *inputLayout, int64_t innerPrecise, int64_t sparseMode,
              int64_t pseType, const aclTensor *softmaxMaxOut, const aclTensor *softmaxSumOut,
              const aclTensor *attentionOutOut, WS)
{
    OPS_CHECK_NULLS(op, query, key, value, inputLayout, softmaxMaxOut, softmaxSumOut,
                    attentionOutOut, workspaceSize, executor);
    const struct fs_args a = {.op = op,
                              .dtm = dtm,
                              .mask_dtm = mdtm,
                              .q = query,
                              .k = key,
                              .v = value,
                              .pse = realShift,
                              .drop = dropMask,
                              .padding = paddingMask,
                              .mask = attenMask,
                              .scale = scaleValue,
                              .keep = keepProb,
                              .pre = preTokens,
                              .next = nextTokens,
                              .heads = headNum,
                              .innerPrecise = innerPrecise,
                              .sparse = sparseMode,
                              .pseType = pseType,
                              .layout = inputLayout,
                              .mx = softmaxMaxOut,
                              .sm = softmaxSumOut,
                              .o = attentionOutOut};
    return fs_prepare(&a, false, workspaceSize, executor);
}

/* The gradient's phase 1 (V1: pseType 1). */
static aclnnStatus
fs_backward_of(const char *op, uint64_t dtm, uint64_t mdtm, const aclTensor *query,
               const aclTensor *keyIn, const aclTensor *value, const aclTensor *dy,
               const aclTensor *pseShift, const aclTensor *dropMask, const aclTensor *paddingMask,
               const aclTensor *attenMask, const aclTensor *softmaxMax, const aclTensor *softmaxSum,
               double scaleValue, double keepProb, int64_t preTokens, int64_t nextTokens,
               int64_t headNum, const char *inputLayout, int64_t innerPrecise, int64_t sparseMode,
               int64_t pseType, const aclTensor *dqOut, const aclTensor *dkOut,
               const aclTensor *dvOut, const aclTensor *dpseOut, WS)
{
    OPS_CHECK_NULLS(op, query, keyIn, value, dy, softmaxMax, softmaxSum, inputLayout, dqOut, dkOut,
                    dvOut, workspaceSize, executor);
    if (pseShift && !dpseOut)
        return ops_err(ACLNN_ERR_PARAM_NULLPTR,
                       "%s: dpseOut is NULL while pseShiftOptional is given", op);
    const struct fs_args a = {.op = op,
                              .dtm = dtm,
                              .mask_dtm = mdtm,
                              .q = query,
                              .k = keyIn,
                              .v = value,
                              .pse = pseShift,
                              .drop = dropMask,
                              .padding = paddingMask,
                              .mask = attenMask,
                              .scale = scaleValue,
                              .keep = keepProb,
                              .pre = preTokens,
                              .next = nextTokens,
                              .heads = headNum,
                              .innerPrecise = innerPrecise,
                              .sparse = sparseMode,
                              .pseType = pseType,
                              .layout = inputLayout,
                              .mx = softmaxMax,
                              .sm = softmaxSum,
                              .dy = dy,
                              .o = dqOut,
                              .dk = dkOut,
                              .dv = dvOut,
                              .dpse = dpseOut};
    return fs_prepare(&a, true, workspaceSize, executor);
}

aclnnStatus aclnnFlashAttentionScoreGetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value,
    const aclTensor *realShiftOptional, const aclTensor *dropMaskOptional,
    const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional,
    const aclIntArray *prefixOptional, double scaleValue, double keepProb, int64_t preTokens,
    int64_t nextTokens, int64_t headNum, char *inputLayout, int64_t innerPrecise,
    int64_t sparseMode, const aclTensor *softmaxMaxOut, const aclTensor *softmaxSumOut,
    const aclTensor *softmaxOutOut, const aclTensor *attentionOutOut, WS)
{
    (void)softmaxOutOut, (void)prefixOptional; /* reserved; the prefix modes are refused */
    return fs_forward_of(
        "aclnnFlashAttentionScore", OPS_DT_FlashAttentionScore, OPS_DT2_FlashAttentionScore, query,
        key, value, realShiftOptional, dropMaskOptional, paddingMaskOptional, attenMaskOptional,
        scaleValue, keepProb, preTokens, nextTokens, headNum, inputLayout, innerPrecise, sparseMode,
        1, softmaxMaxOut, softmaxSumOut, attentionOutOut, workspaceSize, executor);
}
PHASE2(FlashAttentionScore)

aclnnStatus aclnnFlashAttentionScoreV2GetWorkspaceSize(
    const aclTensor *query, const aclTensor *key, const aclTensor *value,
    const aclTensor *realShiftOptional, const aclTensor *dropMaskOptional,
    const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional,
    const aclIntArray *prefixOptional, const aclIntArray *qStartIdxOptional,
    const aclIntArray *kvStartIdxOptional, double scaleValue, double keepProb, int64_t preTokens,
    int64_t nextTokens, int64_t headNum, char *inputLayout, int64_t innerPrecise,
    int64_t sparseMode, int64_t pseType, const aclTensor *softmaxMaxOut,
    const aclTensor *softmaxSumOut, const aclTensor *softmaxOutOut,
    const aclTensor *attentionOutOut, WS)
{
    /* reserved, the prefix modes refused, the start indices serve pseType 2 / 3 only (FS7) */
    (void)softmaxOutOut, (void)prefixOptional, (void)qStartIdxOptional, (void)kvStartIdxOptional;
    return fs_forward_of("aclnnFlashAttentionScoreV2", OPS_DT_FlashAttentionScoreV2,
                         OPS_DT2_FlashAttentionScoreV2, query, key, value, realShiftOptional,
                         dropMaskOptional, paddingMaskOptional, attenMaskOptional, scaleValue,
                         keepProb, preTokens, nextTokens, headNum, inputLayout, innerPrecise,
                         sparseMode, pseType, softmaxMaxOut, softmaxSumOut, attentionOutOut,
                         workspaceSize, executor);
}
PHASE2(FlashAttentionScoreV2)

aclnnStatus aclnnFlashAttentionScoreGradGetWorkspaceSize(
    const aclTensor *query, const aclTensor *keyIn, const aclTensor *value, const aclTensor *dy,
    const aclTensor *pseShiftOptional, const aclTensor *dropMaskOptional,
    const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional,
    const aclTensor *softmaxMaxOptional, const aclTensor *softmaxSumOptional,
    const aclTensor *softmaxInOptional, const aclTensor *attentionInOptional,
    const aclIntArray *prefixOptional, double scaleValue, double keepProb, int64_t preTokens,
    int64_t nextTokens, int64_t headNum, char *inputLayout, int64_t innerPrecise,
    int64_t sparseMode, const aclTensor *dqOut, const aclTensor *dkOut, const aclTensor *dvOut,
    const aclTensor *dpseOut, WS)
{
    /* FS5: P is recomputed from the statistics; softmaxIn and attentionIn are not read */
    (void)softmaxInOptional, (void)attentionInOptional, (void)prefixOptional;
    return fs_backward_of("aclnnFlashAttentionScoreGrad", OPS_DT_FlashAttentionScoreGrad,
                          OPS_DT2_FlashAttentionScoreGrad, query, keyIn, value, dy,
                          pseShiftOptional, dropMaskOptional, paddingMaskOptional,
                          attenMaskOptional, softmaxMaxOptional, softmaxSumOptional, scaleValue,
                          keepProb, preTokens, nextTokens, headNum, inputLayout, innerPrecise,
                          sparseMode, 1, dqOut, dkOut, dvOut, dpseOut, workspaceSize, executor);
}
PHASE2(FlashAttentionScoreGrad)

aclnnStatus aclnnFlashAttentionScoreGradV2GetWorkspaceSize(
    const aclTensor *query, const aclTensor *keyIn, const aclTensor *value, const aclTensor *dy,
    const aclTensor *pseShiftOptional, const aclTensor *dropMaskOptional,
    const aclTensor *paddingMaskOptional, const aclTensor *attenMaskOptional,
    const aclTensor *softmaxMaxOptional, const aclTensor *softmaxSumOptional,
    const aclTensor *softmaxInOptional, const aclTensor *attentionInOptional,
    const aclIntArray *prefixOptional, const aclIntArray *qStartIdxOptional,
    const aclIntArray *kvStartIdxOptional, double scaleValue, double keepProb, int64_t preTokens,
    int64_t nextTokens, int64_t headNum, char *inputLayout, int64_t innerPrecise,
    int64_t sparseMode, int64_t pseType, const aclTensor *dqOut, const aclTensor *dkOut,
    const aclTensor *dvOut, const aclTensor *dpseOut, WS)
{
    (void)softmaxInOptional, (void)attentionInOptional, (void)prefixOptional; /* FS5 */
    (void)qStartIdxOptional, (void)kvStartIdxOptional;                        /* FS7 */
    return fs_backward_of(
        "aclnnFlashAttentionScoreGradV2", OPS_DT_FlashAttentionScoreGradV2,
        OPS_DT2_FlashAttentionScoreGradV2, query, keyIn, value, dy, pseShiftOptional,
        dropMaskOptional, paddingMaskOptional, attenMaskOptional, softmaxMaxOptional,
        softmaxSumOptional, scaleValue, keepProb, preTokens, nextTokens, headNum, inputLayout,
        innerPrecise, sparseMode, pseType, dqOut, dkOut, dvOut, dpseOut, workspaceSize, executor);
}
PHASE2(FlashAttentionScoreGradV2)
