/* SPDX-License-Identifier: Apache-2.0 */
/*
 * GroupedMatmul, V2, V3, V4, V5: y_i = x_i @ weight_i (+ bias_i), either as a
 * list of independent products or as one product split into groups along M
 * or K. The five interfaces share one setup (gm_setup) and kernel; they
 * differ in how the groups are given (G4).
 *
 *  G1. Cases (CANN's, for the V3 interface; E = number of groups):
 *      groupType -1 (no split), splitItem 0/1: x, weight, y lists of one
 *        length E; x_i (2..6 dims, [..., K]), weight_i [K, N], y_i [..., N];
 *        groupListOptional must be NULL.
 *      groupType 0 (split M), splitItem 2/3, one y [M, N]:
 *        one x [M, K] and one weight [E, K, N]: groupList required;
 *        one x [M, K] and E weights [K, N]: groupList required;
 *        E x's [m_i, K] and E weights [K, N]: y is their rows in order
 *        (sum m_i = M); a groupList, when given, needs E entries.
 *      groupType 2 (split K), splitItem 2/3: one x [M, K] that is a
 *        transposed view (as CANN requires), one weight [K, N], one y
 *        [E, M, N], groupList required, no bias.
 *      groupList is a 1-d INT64 tensor of E cumulative ends (rows for split
 *      M, K positions for split K). Its values are read at launch: they
 *      must be non-decreasing and within [0, M] (or [0, K]), else the launch
 *      fails before any write (ACL_ERROR_RT_AICORE_EXCEPTION at the stream's
 *      synchronisation). Rows of y past the last end are left unchanged; a
 *      split-K group with an empty K range gives zeros.
 *  G2. Types: x, weight, y one of FLOAT16, BFLOAT16, FLOAT; bias FLOAT16 for
 *      FLOAT16 x, FLOAT or BFLOAT16 for BFLOAT16 x, FLOAT for FLOAT x. With
 *      INT8 / INT4 weights (FLOAT16 / BFLOAT16 x) antiquantScale (and
 *      optionally antiquantOffset), x's type, per channel ([N] per weight, or
 *      [E, N] for one 3-d weight), dequantise them: (w + offset) * scale,
 *      rounded to x's type. INT4 is packed two per byte (low nibble first),
 *      views in elements. scale / offset (quantised int8 x) are not supported
 *      by cpuacl (161002).
 *  G3. Each group: x rows to float32 once, weight rows converted in blocks
 *      into one reused float32 buffer and multiplied with cblas_sgemm into a
 *      float32 accumulator; bias added, then V4 / V5's activation, rounded to
 *      y's type on the store.
 *  G4. The interfaces (CANN's headers): GroupedMatmul (V1) takes groupList
 *      as an aclIntArray of cumulative ends and no groupType: it splits M
 *      (groupType 0) when splitItem is 2 / 3 or a groupList is given, else
 *      nothing (-1). V2 takes the aclIntArray and groupType. V3 is G1. V4
 *      and V5 take the INT64 tensor with groupListType 0 (cumulative ends)
 *      or 1 (group sizes, summed into ends at launch, then checked as G1's),
 *      and actType (GMMActType: 0 none, 1 relu, 2 gelu tanh, 3 gelu erf,
 *      4 fast gelu x * sigmoid(1.702 x), 5 silu) applied to y after the bias;
 *      their quantisation inputs (perTokenScale, activationInput,
 *      activationQuantScale / Offset) must be NULL or empty and their extra
 *      outputs (activationFeatureOut, dynQuantScaleOut) NULL or empty
 *      (161002), V5's tuningConfig is a hint and ignored. An aclIntArray
 *      groupList is copied at the first phase.
 *  G5. GroupedMatmulAdd (CANN's README and example): x [K, M], weight [K, N]
 *      (FLOAT16 / BFLOAT16, one type), groupList INT64 [E] of cumulative K
 *      ends (read at launch, checked as G1's split K), yRef FLOAT [E * M, N]:
 *      yRef rows [g * M, (g + 1) * M) += x[k0 .. k1)^T @ weight[k0 .. k1) in
 *      float32 through cblas_sgemm (beta 1 on yRef's values). Only CANN's
 *      documented case: groupType 2, transposeX true, transposeWeight false
 *      (others 161002).
 */
#include <cblas.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_grouped_matmul.h"
#include "aclnnop/aclnn_grouped_matmul_add.h"
#include "aclnnop/aclnn_grouped_matmul_v2.h"
#include "aclnnop/aclnn_grouped_matmul_v3.h"
#include "aclnnop/aclnn_grouped_matmul_v4.h"
#include "aclnnop/aclnn_grouped_matmul_v5.h"
#include "ops/engine/ew_build.h"
#include "ops/engine/engine.h"
#include "ops/matmul/table.h"

#define GM_MAX_LIST 128
#define GM_BLOCK (1 << 19) /* floats per converted weight block */

typedef __typeof__(cblas_sgemm) gm_sgemm_fn;

enum { GM_NOSPLIT, GM_M_W3, GM_M_WLIST, GM_M_XLIST, GM_K };

/* A weight view read element by element (INT4 has no ops_tensor). */
struct gm_w {
    int slot, dt; /* dt: DT_* for float types, -1 INT8, -2 INT4 */
    int nd;
    int64_t off, dims[3], strides[3];
};

struct gm_plan {
    gm_sgemm_fn *gemm;
    int mode, nx, nw, ny, nb, nas, nao;
    int64_t E, K, N;
    bool has_gl;
    struct ops_tensor gl;
    int64_t *glv;    /* an aclIntArray groupList, copied (G4); NULL: gl */
    int64_t gl_type; /* 0 cumulative ends, 1 group sizes (G4) */
    int64_t act;     /* GMMActType (G4) */
    struct ops_tensor *x, *y, *bias, *as, *ao; /* nx, ny, nb, nas, nao entries */
    struct gm_w *w;
    int xdt;
};

static void gm_free(struct aclOpExecutor *e)
{
    struct gm_plan *p = e->plan;
    if (p) {
        free(p->x);
        free(p->y);
        free(p->bias);
        free(p->as);
        free(p->ao);
        free(p->w);
        free(p->glv);
    }
    free(p);
}

static inline float gm_wq(const struct gm_w *w, const void *base, int64_t idx)
{
    if (w->dt == -1)
        return (float)((const int8_t *)base)[idx];
    unsigned char b = ((const unsigned char *)base)[idx >> 1];
    int nib = (idx & 1) ? b >> 4 : b & 15;
    return (float)((nib ^ 8) - 8);
}

/* Load row r (or the only row) of a per-channel parameter into dst[N]. */
static void gm_row(float *dst, const struct ops_tensor *t, void *const *addr, int64_t r, int64_t n)
{
    const int64_t esz = ops_dt_size(t->dt);
    const char *b = ops_base(t, addr);
    if (t->ndim == 2)
        b += (t->dims[0] == 1 ? 0 : r) * t->strides[0] * esz;
    ops_loader(CK_F32, t->dt)(dst, b, t->strides[t->ndim - 1] * esz, n);
}

/* C[m x N] = X[m x kl] (row stride ldx) @ weight rows [wk0, wk0 + kl) of
 * expert e (3-d weight) of w; sc / of: dequantisation rows (NULL for float
 * weights). W: a block buffer of KB x N floats. */
static void gm_mm(const struct gm_plan *p, void *const *addr, const float *X, int64_t m,
                  int64_t ldx, const struct gm_w *w, int64_t e, int64_t wk0, int64_t kl,
                  const float *sc, const float *of, float *W, int64_t KB, float *C)
{
    const int64_t N = p->N;
    const int kd = w->nd - 2; /* index of the K dim */
    const int64_t sk = w->strides[kd], sn = w->strides[kd + 1];
    int64_t base = w->off + (w->nd == 3 ? e * w->strides[0] : 0);
    if (kl == 0 || m == 0) {
        memset(C, 0, (size_t)(m * N) * sizeof(float));
        return;
    }
    const char *wb = addr[w->slot];
    for (int64_t k0 = 0; k0 < kl; k0 += KB) {
        const int64_t kb = kl - k0 < KB ? kl - k0 : KB;
        for (int64_t r = 0; r < kb; r++) {
            const int64_t rowoff = base + (wk0 + k0 + r) * sk;
            float *dst = W + r * N;
            if (w->dt >= 0) {
                const int64_t esz = ops_dt_size(w->dt);
                ops_loader(CK_F32, w->dt)(dst, wb + rowoff * esz, sn * esz, N);
            } else {
                for (int64_t c = 0; c < N; c++)
                    dst[c] = (gm_wq(w, wb, rowoff + c * sn) + (of ? of[c] : 0.0f)) * sc[c];
            }
        }
        if (w->dt < 0)
            ops_round_f32(W, kb * N, p->xdt);
        p->gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)m, (blasint)N, (blasint)kb,
                1.0f, X + k0, (blasint)ldx, W, (blasint)N, k0 ? 1.0f : 0.0f, C, (blasint)N);
    }
}

/* The group ends from groupList, checked (G1); NULL with *bad set when
 * they are not usable. */
static int64_t *gm_ends(const struct gm_plan *p, void *const *addr, int64_t lim, bool *bad)
{
    int64_t *g = malloc((size_t)p->E * sizeof(int64_t));
    *bad = false;
    if (!g)
        return NULL;
    if (p->glv)
        memcpy(g, p->glv, (size_t)p->E * sizeof(int64_t));
    else
        ops_gather_nd(g, CK_I64, ops_base(&p->gl, addr), p->gl.dt, 1, p->gl.dims, p->gl.strides);
    for (int64_t i = 1; p->gl_type == 1 && i < p->E; i++) /* sizes to ends (G4) */
        g[i] += g[i - 1];
    for (int64_t i = 0, prev = 0; i < p->E; prev = g[i], i++)
        if (g[i] < prev || g[i] > lim) {
            *bad = true;
            free(g);
            return NULL;
        }
    return g;
}

/* V4 / V5's activation on n values (G4). */
static void gm_act(float *c, int64_t n, int64_t act)
{
    for (int64_t i = 0; act && i < n; i++) {
        const float v = c[i];
        switch (act) {
        case 1:
            c[i] = v > 0 ? v : 0;
            break;
        case 2:
            c[i] = 0.5f * v * (1 + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
            break;
        case 3:
            c[i] = 0.5f * v * (1 + erff(v * 0.70710678118f));
            break;
        case 4:
            c[i] = v / (1 + expf(-1.702f * v));
            break;
        default:
            c[i] = v / (1 + expf(-v));
            break;
        }
    }
}

static int32_t gm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct gm_plan *p = e->plan;
    int64_t maxm = 0, K = p->K, N = p->N;
    for (int i = 0; i < p->nx; i++) {
        const struct ops_tensor *xt = &p->x[i];
        int64_t m = p->mode == GM_NOSPLIT ? 1 : xt->dims[0];
        if (p->mode == GM_NOSPLIT) {
            for (int d = 0; d + 1 < xt->ndim; d++)
                m *= xt->dims[d];
            K = xt->dims[xt->ndim - 1] > K ? xt->dims[xt->ndim - 1] : K;
            N = p->w[i].dims[1] > N ? p->w[i].dims[1] : N;
        }
        maxm = m > maxm ? m : maxm;
    }
    int64_t KB = N ? GM_BLOCK / N : K;
    KB = KB > K ? K : KB;
    KB = KB < 1 ? 1 : KB;
    int64_t *ends = NULL;
    if (p->mode == GM_M_W3 || p->mode == GM_M_WLIST || p->mode == GM_K) {
        bool bad;
        ends = gm_ends(p, addr, p->mode == GM_K ? K : p->x[0].dims[0], &bad);
        if (!ends)
            return bad ? ACL_ERROR_RT_AICORE_EXCEPTION : ACL_ERROR_BAD_ALLOC;
    }
    float *X = malloc((size_t)(maxm * K + 1) * sizeof(float));
    float *C = malloc((size_t)(maxm * N + 1) * sizeof(float));
    float *W = malloc((size_t)(KB * N + 1) * sizeof(float));
    float *prm = malloc((size_t)(3 * N + 1) * sizeof(float));
    int32_t rc = ACL_SUCCESS;
    if (!X || !C || !W || !prm) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    float *sc = prm, *of = prm + N, *bias = prm + 2 * N;
    const bool quant = p->w[0].dt < 0;
    const struct ops_tensor *y0 = &p->y[0];
    const int64_t yesz = ops_dt_size(y0->dt);

    if (p->mode == GM_NOSPLIT) {
        for (int i = 0; i < p->nx; i++) {
            const struct ops_tensor *xt = &p->x[i], *yt = &p->y[i];
            const int64_t k = xt->dims[xt->ndim - 1], n = p->w[i].dims[1];
            const int64_t m = n ? yt->numel / n : 0;
            if (!yt->numel)
                continue;
            struct gm_plan q = *p;
            q.N = n; /* per-tensor N in the no-split case */
            ops_gather_nd(X, CK_F32, ops_base(xt, addr), xt->dt, xt->ndim, xt->dims, xt->strides);
            if (quant) {
                gm_row(sc, &p->as[i], addr, 0, n);
                if (p->nao)
                    gm_row(of, &p->ao[i], addr, 0, n);
            }
            gm_mm(&q, addr, X, m, k, &p->w[i], 0, 0, k, sc, p->nao ? of : NULL, W, KB, C);
            if (p->nb) {
                gm_row(bias, &p->bias[i], addr, 0, n);
                for (int64_t r = 0; r < m; r++)
                    for (int64_t c = 0; c < n; c++)
                        C[r * n + c] += bias[c];
            }
            gm_act(C, m * n, p->act);
            ops_scatter_nd(C, CK_F32, ops_base(yt, addr), yt->dt, yt->ndim, yt->dims, yt->strides);
        }
        goto out;
    }
    if (p->mode == GM_K) {
        const struct ops_tensor *xt = &p->x[0];
        const int64_t M = xt->dims[0];
        for (int64_t g = 0, k0 = 0; g < p->E; k0 = ends[g], g++) {
            const int64_t kl = ends[g] - k0;
            const int64_t d[2] = {M, kl};
            ops_gather_nd(X, CK_F32, ops_base(xt, addr) + k0 * xt->strides[1] * ops_dt_size(xt->dt),
                          xt->dt, 2, d, xt->strides);
            gm_mm(p, addr, X, M, kl, &p->w[0], 0, k0, kl, NULL, NULL, W, KB, C);
            gm_act(C, M * N, p->act);
            const int64_t yd[2] = {M, N}, ys[2] = {y0->strides[1], y0->strides[2]};
            ops_scatter_nd(C, CK_F32, ops_base(y0, addr) + g * y0->strides[0] * yesz, y0->dt, 2, yd,
                           ys);
        }
        goto out;
    }
    /* split M: a run of rows per group */
    for (int64_t g = 0, yr = 0; g < p->E; g++) {
        const struct ops_tensor *xt = p->mode == GM_M_XLIST ? &p->x[g] : &p->x[0];
        int64_t r0, m;
        if (p->mode == GM_M_XLIST) {
            r0 = 0;
            m = xt->dims[0];
        } else {
            r0 = g ? ends[g - 1] : 0;
            m = ends[g] - r0;
            yr = r0;
        }
        if (m > 0) {
            const struct gm_w *w = p->mode == GM_M_W3 ? &p->w[0] : &p->w[g];
            const int64_t we = p->mode == GM_M_W3 ? g : 0;
            const int64_t d[2] = {m, K};
            ops_gather_nd(X, CK_F32, ops_base(xt, addr) + r0 * xt->strides[0] * ops_dt_size(xt->dt),
                          xt->dt, 2, d, xt->strides);
            if (quant) {
                const int pi = p->mode == GM_M_W3 ? 0 : (int)g;
                gm_row(sc, &p->as[pi], addr, we, N);
                if (p->nao)
                    gm_row(of, &p->ao[pi], addr, we, N);
            }
            gm_mm(p, addr, X, m, K, w, we, 0, K, sc, p->nao ? of : NULL, W, KB, C);
            if (p->nb) {
                const int bi = p->nb == 1 ? 0 : (int)g;
                gm_row(bias, &p->bias[bi], addr, p->nb == 1 ? g : 0, N);
                for (int64_t r = 0; r < m; r++)
                    for (int64_t c = 0; c < N; c++)
                        C[r * N + c] += bias[c];
            }
            gm_act(C, m * N, p->act);
            const int64_t yd[2] = {m, N};
            ops_scatter_nd(C, CK_F32, ops_base(y0, addr) + yr * y0->strides[0] * yesz, y0->dt, 2,
                           yd, y0->strides);
        }
        if (p->mode == GM_M_XLIST)
            yr += m;
    }
out:
    free(ends);
    free(X);
    free(C);
    free(W);
    free(prm);
    return rc;
}

/* ---- phase 1 ------------------------------------------------------------------------------- */

static bool gm_transposed(const aclTensor *t)
{
    /* CANN's IsTransposeLastTwoDims: the last two dims swapped in memory. */
    int n = (int)t->ndim;
    return n >= 2 && t->dims[n - 1] > 1 && t->dims[n - 2] > 1 && t->strides[n - 1] != 1 &&
           t->strides[n - 2] == 1;
}

static aclnnStatus gm_list(const char *GM, const aclTensorList *l, const char *what, bool required)
{
    if (!l)
        return required ? ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is NULL", GM, what) : 0;
    if (l->n == 0 && required)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must not be an empty list", GM, what);
    if (l->n > GM_MAX_LIST)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %llu tensors (at most %d)", GM, what,
                       (unsigned long long)l->n, GM_MAX_LIST);
    for (uint64_t i = 0; i < l->n; i++) {
        aclnnStatus rc;
        if (!l->v[i])
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s[%llu] is NULL", GM, what,
                           (unsigned long long)i);
        if ((rc = ops_check_dims(l->v[i], GM, what)))
            return rc;
        if (ops_format_private(l->v[i]->format) && strcmp(what, "weight") != 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s[%llu] must be ND", GM, what,
                           (unsigned long long)i);
    }
    return 0;
}

static uint64_t gm_n(const aclTensorList *l)
{
    return l ? l->n : 0;
}

/* The five interfaces' first phase (G4): GM names the caller; the groupList
 * comes as a tensor (groupListOptional) or an aclIntArray (glArray), its
 * values cumulative ends or sizes (glType); act is V4 / V5's actType. */
static aclnnStatus gm_setup(const char *GM, const aclTensorList *x, const aclTensorList *weight,
                            const aclTensorList *biasOptional, const aclTensorList *scaleOptional,
                            const aclTensorList *offsetOptional,
                            const aclTensorList *antiquantScaleOptional,
                            const aclTensorList *antiquantOffsetOptional,
                            const aclTensor *groupListOptional, const aclIntArray *glArray,
                            int64_t splitItem, int64_t groupType, int64_t glType, int64_t act,
                            const aclTensorList *y, unsigned dtMask, unsigned glMask,
                            uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(GM, workspaceSize, executor);
    aclnnStatus rc;
    if ((rc = gm_list(GM, x, "x", true)) || (rc = gm_list(GM, weight, "weight", true)) ||
        (rc = gm_list(GM, y, "y", true)) || (rc = gm_list(GM, biasOptional, "bias", false)) ||
        (rc = gm_list(GM, antiquantScaleOptional, "antiquantScale", false)) ||
        (rc = gm_list(GM, antiquantOffsetOptional, "antiquantOffset", false)))
        return rc;
    if (gm_n(scaleOptional) || gm_n(offsetOptional))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scale / offset (quantised x) are not "
                       "supported by cpuacl", GM);
    if (groupType == 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: splitting N (groupType 1) is not supported", GM);
    if (groupType != -1 && groupType != 0 && groupType != 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupType %lld (-1, 0 or 2)", GM,
                       (long long)groupType);
    if ((splitItem == 2 || splitItem == 3) && groupType == -1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: splitItem 2/3 needs groupType 0 or 2", GM);
    if (groupListOptional) {
        if ((rc = ops_check_dims(groupListOptional, GM, "groupList")))
            return rc;
        if (groupListOptional->ndim != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupList must be 1-d (%u dims)", GM,
                           groupListOptional->ndim);
        if (!ops_dt_in(groupListOptional->dtype, glMask))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupList must be INT64, not %s", GM,
                           ops_dt_name(groupListOptional->dtype));
        if (groupListOptional->dims[0] < 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupList must not be empty", GM);
    }
    if (glArray && glArray->n < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupList must not be empty", GM);
    /* one view of the group list, whichever form it came in (G4) */
    const bool has_gl = groupListOptional || glArray;
    const int64_t gl_len = groupListOptional ? groupListOptional->dims[0]
                           : glArray         ? (int64_t)glArray->n
                                             : 0;
    const int nx = (int)x->n, nw = (int)weight->n, ny = (int)y->n;
    const int nb = (int)gm_n(biasOptional), nas = (int)gm_n(antiquantScaleOptional),
              nao = (int)gm_n(antiquantOffsetOptional);

    /* G2: types */
    const aclDataType xt = x->v[0]->dtype, wt = weight->v[0]->dtype;
    if (!ops_dt_in(xt, dtMask))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x is %s (FLOAT16, BFLOAT16, FLOAT)", GM,
                       ops_dt_name(xt));
    const bool quant = wt == ACL_INT8 || wt == ACL_INT4;
    if (!quant && wt != xt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight is %s, x is %s (one type, or INT8 / "
                       "INT4 weights with antiquantScale)", GM, ops_dt_name(wt), ops_dt_name(xt));
    if (quant && (xt == ACL_FLOAT || nas == 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s weights need FLOAT16 / BFLOAT16 x and "
                       "antiquantScale", GM, ops_dt_name(wt));
    if (!quant && (nas || nao))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: antiquantScale / antiquantOffset need INT8 "
                       "or INT4 weights", GM);
    for (int i = 0; i < nx; i++)
        if (x->v[i]->dtype != xt)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x[%d] is %s, x[0] is %s", GM, i,
                           ops_dt_name(x->v[i]->dtype), ops_dt_name(xt));
    for (int i = 0; i < nw; i++)
        if (weight->v[i]->dtype != wt || ops_format_private(weight->v[i]->format))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight[%d] must be %s and ND", GM, i,
                           ops_dt_name(wt));
    for (int i = 0; i < ny; i++)
        if (y->v[i]->dtype != xt)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y[%d] is %s, x is %s", GM, i,
                           ops_dt_name(y->v[i]->dtype), ops_dt_name(xt));
    for (int i = 0; i < nb; i++) {
        aclDataType bt = biasOptional->v[i]->dtype;
        bool ok = xt == ACL_FLOAT16 ? bt == ACL_FLOAT16
                  : xt == ACL_BF16  ? bt == ACL_FLOAT || bt == ACL_BF16
                                    : bt == ACL_FLOAT;
        if (!ok)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias[%d] is %s, not allowed with %s x",
                           GM, i, ops_dt_name(bt), ops_dt_name(xt));
    }
    for (int i = 0; i < nas + nao; i++) {
        const aclTensor *t = i < nas ? antiquantScaleOptional->v[i]
                                     : antiquantOffsetOptional->v[i - nas];
        if (t->dtype != xt)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: antiquant parameters must be x's type "
                           "%s", GM, ops_dt_name(xt));
    }

    /* G1: cases and shapes */
    int mode;
    int64_t E, K, N;
    const aclTensor *x0 = x->v[0], *w0 = weight->v[0], *y0 = y->v[0];
    if (groupType == -1) {
        if (splitItem != 0 && splitItem != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupType -1 needs splitItem 0/1 (%lld)",
                           GM, (long long)splitItem);
        if (has_gl)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupList must be NULL for groupType -1",
                           GM);
        if (nx != nw || nx != ny)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x, weight and y must have one length "
                           "(%d, %d, %d)", GM, nx, nw, ny);
        for (int i = 0; i < nx; i++) {
            const aclTensor *xi = x->v[i], *wi = weight->v[i], *yi = y->v[i];
            if (xi->ndim < 2 || xi->ndim > 6 || wi->ndim != 2 || yi->ndim != xi->ndim)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x[%d] must be 2..6-d, weight[%d] "
                               "2-d, y[%d] of x's rank", GM, i, i, i);
            if (gm_transposed(xi))
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x[%d] can not be transposed", GM, i);
            for (uint32_t d = 0; d + 1 < xi->ndim; d++)
                if (xi->dims[d] != yi->dims[d])
                    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y[%d] dim %u differs from x's",
                                   GM, i, d);
            if (xi->dims[xi->ndim - 1] != wi->dims[0] || yi->dims[yi->ndim - 1] != wi->dims[1])
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x[%d] [..., K] weight[%d] [K, N] "
                               "y[%d] [..., N] do not match", GM, i, i, i);
        }
        mode = GM_NOSPLIT;
        E = nx, K = w0->dims[0], N = w0->dims[1];
    } else {
        if (splitItem != 2 && splitItem != 3)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y is one tensor: splitItem must be 2/3 "
                           "(%lld)", GM, (long long)splitItem);
        if (ny != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupType %lld needs one y (%d given)",
                           GM, (long long)groupType, ny);
        if (groupType == 2) {
            if (nx != 1 || nw != 1)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupType 2 needs one x and one "
                               "weight", GM);
            if (nb)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupType 2 takes no bias", GM);
            if (x0->ndim != 2 || w0->ndim != 2 || y0->ndim != 3)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupType 2: x [M, K], weight [K, "
                               "N], y [E, M, N]", GM);
            if (!gm_transposed(x0))
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupType 2 needs x as a transposed "
                               "view", GM);
            if (gm_transposed(w0))
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x and weight can not both be "
                               "transposed", GM);
            K = x0->dims[1], N = w0->dims[1], E = y0->dims[0];
            if (w0->dims[0] != K || y0->dims[1] != x0->dims[0] || y0->dims[2] != N)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x [M, K], weight [K, N], y [E, M, "
                               "N] do not match", GM);
            mode = GM_K;
        } else {
            if (y0->ndim != 2)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y must be [M, N]", GM);
            for (int i = 0; i < nx; i++)
                if (x->v[i]->ndim != 2 || gm_transposed(x->v[i]))
                    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x[%d] must be 2-d [m, K], not "
                                   "transposed", GM, i);
            K = x0->dims[1];
            if (nx == 1 && nw == 1) {
                if (w0->ndim != 3)
                    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: one weight must be [E, K, N]",
                                   GM);
                E = w0->dims[0], N = w0->dims[2];
                if (w0->dims[1] != K)
                    return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: K of x and weight differ", GM);
                mode = GM_M_W3;
            } else if (nx == 1 && nw > 1) {
                E = nw, N = w0->dims[1];
                mode = GM_M_WLIST;
            } else if (nx > 1 && nw == nx) {
                E = nw, N = w0->dims[1];
                mode = GM_M_XLIST;
            } else {
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: split M with %d x and %d weights is "
                               "not supported", GM, nx, nw);
            }
            if (mode != GM_M_W3)
                for (int i = 0; i < nw; i++) {
                    const aclTensor *wi = weight->v[i];
                    if (wi->ndim != 2 || wi->dims[0] != K || wi->dims[1] != N)
                        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight[%d] must be [K, N] "
                                       "= [%lld, %lld]", GM, i, (long long)K, (long long)N);
                    if (mode == GM_M_XLIST && x->v[i]->dims[1] != K)
                        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x[%d] K differs", GM, i);
                }
            int64_t M = 0;
            for (int i = 0; i < nx; i++)
                M += x->v[i]->dims[0];
            if (y0->dims[0] != M || y0->dims[1] != N)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: y must be [%lld, %lld]", GM,
                               (long long)M, (long long)N);
        }
        if (mode != GM_M_XLIST && !has_gl)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupList is required in this case", GM);
        if (has_gl && gl_len != E && E > 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupList has %lld entries, %lld groups",
                           GM, (long long)gl_len, (long long)E);
        if (has_gl && E == 1 && gl_len != 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupList has %lld entries, 1 group", GM,
                           (long long)gl_len);
    }
    if (K > 65535 || N > 65535)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: K and N must be <= 65535", GM);
    if (wt == ACL_INT4)
        for (int i = 0; i < nw; i++)
            if (weight->v[i]->dims[weight->v[i]->ndim - 1] % 2)
                return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: INT4 weight's N must be even", GM);
    /* bias: [N] per weight tensor, or [E, N] with one 3-d weight */
    for (int i = 0; i < nb; i++) {
        const aclTensor *b = biasOptional->v[i];
        int64_t n = mode == GM_NOSPLIT ? weight->v[i < nw ? i : 0]->dims[1] : N;
        bool ok = mode == GM_M_W3 ? (nb == 1 && b->ndim == 2 && b->dims[0] == E && b->dims[1] == n)
                                  : (nb == nw && b->ndim == 1 && b->dims[0] == n);
        if (!ok)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias must be %s", GM,
                           mode == GM_M_W3 ? "one [E, N] tensor" : "one [N] tensor per weight");
    }
    for (int i = 0; i < nas + nao; i++) {
        const aclTensor *t = i < nas ? antiquantScaleOptional->v[i]
                                     : antiquantOffsetOptional->v[i - nas];
        int cnt = i < nas ? nas : nao;
        int wi = i < nas ? i : i - nas;
        int64_t n = mode == GM_NOSPLIT ? weight->v[wi < nw ? wi : 0]->dims[1] : N;
        bool ok = cnt == nw && (mode == GM_M_W3 ? (t->ndim == 2 && t->dims[0] == E && t->dims[1] == n)
                                                : ((t->ndim == 1 && t->dims[0] == n) ||
                                                   (t->ndim == 2 && t->dims[0] == 1 && t->dims[1] == n)));
        if (!ok)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: antiquant parameters must be one per "
                           "weight, per channel (%s) (per-group is not supported by cpuacl)", GM,
                           mode == GM_M_W3 ? "[E, N]" : "[N]");
    }
    void *gp = ops_blas_sgemm(GM);
    if (!gp)
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;

    const int nin = nx + nw + nb + nas + nao + 1;
    struct aclOpExecutor *e = ops_exec_new(GM, (uint16_t)nin, (uint16_t)ny);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    const uint16_t counts[3] = {(uint16_t)nx, (uint16_t)nw, (uint16_t)nb};
    ops_exec_ir(e, counts, 3);
    struct gm_plan *p = calloc(1, sizeof(*p));
    if (p) {
        p->x = calloc((size_t)nx, sizeof(*p->x));
        p->w = calloc((size_t)nw, sizeof(*p->w));
        p->y = calloc((size_t)ny, sizeof(*p->y));
        p->bias = calloc((size_t)nb + 1, sizeof(*p->bias));
        p->as = calloc((size_t)nas + 1, sizeof(*p->as));
        p->ao = calloc((size_t)nao + 1, sizeof(*p->ao));
    }
    e->plan = p;
    e->fini = gm_free;
    if (!p || !p->x || !p->w || !p->y || !p->bias || !p->as || !p->ao) {
        ops_exec_discard(e);
        return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", GM);
    }
    memcpy(&p->gemm, &gp, sizeof(p->gemm));
    p->mode = mode, p->nx = nx, p->nw = nw, p->ny = ny, p->nb = nb, p->nas = nas, p->nao = nao;
    p->E = E, p->K = K, p->N = N;
    p->xdt = ops_dt_index(xt);
    p->gl_type = glType;
    p->act = act;
    if (glArray && mode != GM_M_XLIST) {
        p->glv = malloc((size_t)gl_len * sizeof(int64_t));
        if (!p->glv) {
            ops_exec_discard(e);
            return ops_err(ACLNN_ERR_INNER_CREATE_EXECUTOR, "%s: out of memory", GM);
        }
        memcpy(p->glv, glArray->v, (size_t)gl_len * sizeof(int64_t));
    }
    rc = ACLNN_SUCCESS;
    for (int i = 0; i < nx && !rc; i++)
        rc = ops_tensor_from(&p->x[i], x->v[i], ops_exec_slot(e, x->v[i]), GM, "x");
    for (int i = 0; i < nw && !rc; i++) {
        const aclTensor *wi = weight->v[i];
        struct gm_w *w = &p->w[i];
        w->slot = ops_exec_slot(e, wi);
        w->dt = wt == ACL_INT8 ? -1 : wt == ACL_INT4 ? -2 : ops_dt_index(wt);
        w->nd = (int)wi->ndim;
        w->off = wi->offset;
        for (int d = 0; d < w->nd; d++)
            w->dims[d] = wi->dims[d], w->strides[d] = wi->strides[d];
    }
    for (int i = 0; i < nb && !rc; i++)
        rc = ops_tensor_from(&p->bias[i], biasOptional->v[i],
                             ops_exec_slot(e, biasOptional->v[i]), GM, "bias");
    for (int i = 0; i < nas && !rc; i++)
        rc = ops_tensor_from(&p->as[i], antiquantScaleOptional->v[i],
                             ops_exec_slot(e, antiquantScaleOptional->v[i]), GM, "antiquantScale");
    for (int i = 0; i < nao && !rc; i++)
        rc =
            ops_tensor_from(&p->ao[i], antiquantOffsetOptional->v[i],
                            ops_exec_slot(e, antiquantOffsetOptional->v[i]), GM, "antiquantOffset");
    int gs = ops_exec_slot(e, groupListOptional);
    if (!rc && groupListOptional && mode != GM_M_XLIST) {
        rc = ops_tensor_from(&p->gl, groupListOptional, gs, GM, "groupList");
        p->has_gl = true;
    }
    for (int i = 0; i < ny && !rc; i++)
        rc = ops_tensor_from(&p->y[i], y->v[i], ops_exec_slot(e, y->v[i]), GM, "y");
    if (rc) {
        ops_exec_discard(e);
        return rc;
    }
    e->run = gm_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnGroupedMatmulV3GetWorkspaceSize(
    const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclTensor *groupListOptional, int64_t splitItem, int64_t groupType,
    const aclTensorList *y, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return gm_setup("aclnnGroupedMatmulV3", x, weight, biasOptional, scaleOptional, offsetOptional,
                    antiquantScaleOptional, antiquantOffsetOptional, groupListOptional, NULL,
                    splitItem, groupType, 0, 0, y, OPS_DT_GroupedMatmulV3, OPS_DT2_GroupedMatmulV3,
                    workspaceSize, executor);
}
PHASE2(GroupedMatmulV3)

aclnnStatus aclnnGroupedMatmulGetWorkspaceSize(
    const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclIntArray *groupListOptional, int64_t splitItem, const aclTensorList *y,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    /* G4: V1 splits M when y is one tensor or a groupList is given */
    const int64_t groupType = splitItem == 2 || splitItem == 3 || groupListOptional ? 0 : -1;
    return gm_setup("aclnnGroupedMatmul", x, weight, biasOptional, scaleOptional, offsetOptional,
                    antiquantScaleOptional, antiquantOffsetOptional, NULL, groupListOptional,
                    splitItem, groupType, 0, 0, y, OPS_DT_GroupedMatmul, 0, workspaceSize,
                    executor);
}
PHASE2(GroupedMatmul)

aclnnStatus aclnnGroupedMatmulV2GetWorkspaceSize(
    const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclIntArray *groupListOptional, int64_t splitItem, int64_t groupType,
    const aclTensorList *y, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    return gm_setup("aclnnGroupedMatmulV2", x, weight, biasOptional, scaleOptional, offsetOptional,
                    antiquantScaleOptional, antiquantOffsetOptional, NULL, groupListOptional,
                    splitItem, groupType, 0, 0, y, OPS_DT_GroupedMatmulV2, 0, workspaceSize,
                    executor);
}
PHASE2(GroupedMatmulV2)

/* V4 / V5's extra parameters (G4): the quantisation lists must be empty, groupListType 0 / 1,
 * actType 0 .. 5. */
static aclnnStatus gm_v4_extra(const char *GM, const aclTensorList *perTokenScale,
                               const aclTensorList *actInput, const aclTensorList *actQuantScale,
                               const aclTensorList *actQuantOffset, int64_t groupListType,
                               int64_t actType, const aclTensorList *actOut,
                               const aclTensorList *dynScaleOut)
{
    if (gm_n(perTokenScale) || gm_n(actInput) || gm_n(actQuantScale) || gm_n(actQuantOffset))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: perTokenScale, activationInput and activationQuantScale / Offset "
                       "(quantised products) are not supported by cpuacl",
                       GM);
    if (gm_n(actOut) || gm_n(dynScaleOut))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: activationFeatureOut and dynQuantScaleOut are not supported by cpuacl "
                       "(pass NULL)",
                       GM);
    if (groupListType != 0 && groupListType != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groupListType %lld (0 or 1)", GM,
                       (long long)groupListType);
    if (actType < GMM_ACT_TYPE_NONE || actType > GMM_ACT_TYPE_SILU)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: actType %lld (0 .. 5)", GM,
                       (long long)actType);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnGroupedMatmulV4GetWorkspaceSize(
    const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclTensorList *perTokenScaleOptional, const aclTensor *groupListOptional,
    const aclTensorList *activationInputOptional, const aclTensorList *activationQuantScaleOptional,
    const aclTensorList *activationQuantOffsetOptional, int64_t splitItem, int64_t groupType,
    int64_t groupListType, int64_t actType, aclTensorList *out,
    aclTensorList *activationFeatureOutOptional, aclTensorList *dynQuantScaleOutOptional,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnGroupedMatmulV4";
    aclnnStatus rc =
        gm_v4_extra(name, perTokenScaleOptional, activationInputOptional,
                    activationQuantScaleOptional, activationQuantOffsetOptional, groupListType,
                    actType, activationFeatureOutOptional, dynQuantScaleOutOptional);
    return rc ? rc
              : gm_setup(name, x, weight, biasOptional, scaleOptional, offsetOptional,
                         antiquantScaleOptional, antiquantOffsetOptional, groupListOptional, NULL,
                         splitItem, groupType, groupListType, actType, out, OPS_DT_GroupedMatmulV4,
                         OPS_DT2_GroupedMatmulV4, workspaceSize, executor);
}
PHASE2(GroupedMatmulV4)

aclnnStatus aclnnGroupedMatmulV5GetWorkspaceSize(
    const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclTensorList *perTokenScaleOptional, const aclTensor *groupListOptional,
    const aclTensorList *activationInputOptional, const aclTensorList *activationQuantScaleOptional,
    const aclTensorList *activationQuantOffsetOptional, int64_t splitItem, int64_t groupType,
    int64_t groupListType, int64_t actType, aclIntArray *tuningConfigOptional, aclTensorList *out,
    aclTensorList *activationFeatureOutOptional, aclTensorList *dynQuantScaleOutOptional,
    uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnGroupedMatmulV5";
    (void)tuningConfigOptional; /* a tiling hint (G4) */
    aclnnStatus rc =
        gm_v4_extra(name, perTokenScaleOptional, activationInputOptional,
                    activationQuantScaleOptional, activationQuantOffsetOptional, groupListType,
                    actType, activationFeatureOutOptional, dynQuantScaleOutOptional);
    return rc ? rc
              : gm_setup(name, x, weight, biasOptional, scaleOptional, offsetOptional,
                         antiquantScaleOptional, antiquantOffsetOptional, groupListOptional, NULL,
                         splitItem, groupType, groupListType, actType, out, OPS_DT_GroupedMatmulV5,
                         OPS_DT2_GroupedMatmulV5, workspaceSize, executor);
}
PHASE2(GroupedMatmulV5)

/* ---- GroupedMatmulAdd (G5) ----------------------------------------------------------------- */

struct ga_plan {
    gm_sgemm_fn *gemm;
    struct ops_tensor x, w, gl, y;
    int64_t E, K, M, N;
};

static int32_t ga_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ga_plan *p = e->plan;
    const int64_t E = p->E, K = p->K, M = p->M, N = p->N;
    int64_t *ends = malloc((size_t)E * sizeof(int64_t));
    float *X = malloc((size_t)(K * M + 1) * sizeof(float));
    float *W = malloc((size_t)(K * N + 1) * sizeof(float));
    float *Y = malloc((size_t)(E * M * N + 1) * sizeof(float));
    int32_t rc = ACL_SUCCESS;
    if (!ends || !X || !W || !Y) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_nd(ends, CK_I64, ops_base(&p->gl, addr), p->gl.dt, 1, p->gl.dims, p->gl.strides);
    for (int64_t i = 0, prev = 0; i < E; prev = ends[i], i++)
        if (ends[i] < prev || ends[i] > K) { /* G5: checked before any write */
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            goto out;
        }
    ops_gather_nd(X, CK_F32, ops_base(&p->x, addr), p->x.dt, 2, p->x.dims, p->x.strides);
    ops_gather_nd(W, CK_F32, ops_base(&p->w, addr), p->w.dt, 2, p->w.dims, p->w.strides);
    ops_gather_nd(Y, CK_F32, ops_base(&p->y, addr), p->y.dt, 2, p->y.dims, p->y.strides);
    for (int64_t g = 0, k0 = 0; g < E; k0 = ends[g], g++)
        if (ends[g] > k0 && M * N > 0)
            p->gemm(CblasRowMajor, CblasTrans, CblasNoTrans, (blasint)M, (blasint)N,
                    (blasint)(ends[g] - k0), 1.0f, X + k0 * M, (blasint)M, W + k0 * N, (blasint)N,
                    1.0f, Y + g * M * N, (blasint)N);
    ops_scatter_nd(Y, CK_F32, ops_base(&p->y, addr), p->y.dt, 2, p->y.dims, p->y.strides);
out:
    free(ends);
    free(X);
    free(W);
    free(Y);
    return rc;
}

aclnnStatus aclnnGroupedMatmulAddGetWorkspaceSize(const aclTensor *x, const aclTensor *weight,
                                                  const aclTensor *groupList, aclTensor *yRef,
                                                  bool transposeX, bool transposeWeight,
                                                  int64_t groupType, uint64_t *workspaceSize,
                                                  aclOpExecutor **executor)
{
    static const char name[] = "aclnnGroupedMatmulAdd";
    OPS_CHECK_NULLS(name, x, weight, groupList, yRef, workspaceSize, executor);
    aclnnStatus rc;
    int dt;
    if (groupType != 2 || !transposeX || transposeWeight)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: groupType %lld, transposeX %d, transposeWeight %d: cpuacl supports "
                       "CANN's documented case only (2, true, false)",
                       name, (long long)groupType, transposeX, transposeWeight);
    if ((rc = ops_check_dims(x, name, "x")) ||
        (rc = ops_need_dt(name, "x", x->dtype, OPS_DT_GroupedMatmulAdd, &dt)) ||
        (rc = ops_check_dims(weight, name, "weight")) ||
        (rc = ops_check_dims(groupList, name, "groupList")) ||
        (rc = ops_need_dt(name, "groupList", groupList->dtype, OPS_DT2_GroupedMatmulAdd, &dt)) ||
        (rc = ops_check_dims(yRef, name, "yRef")))
        return rc;
    if (weight->dtype != x->dtype || yRef->dtype != ACL_FLOAT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: weight is %s (x's %s) and yRef %s (FLOAT)",
                       name, ops_dt_name(weight->dtype), ops_dt_name(x->dtype),
                       ops_dt_name(yRef->dtype));
    if (x->ndim != 2 || weight->ndim != 2 || groupList->ndim != 1 || groupList->dims[0] < 1 ||
        weight->dims[0] != x->dims[0])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: x must be [K, M], weight [K, N] and groupList [E] (E >= 1)", name);
    const int64_t E = groupList->dims[0], K = x->dims[0], M = x->dims[1], N = weight->dims[1];
    const int64_t yd[2] = {E * M, N};
    if ((rc = ops_check_shape(name, yd, 2, yRef, "yRef")))
        return rc;
    void *gp = ops_blas_sgemm(name);
    if (!gp)
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    OPS_PLAN(e, pl, name, 3, 1, struct ga_plan, NULL, {&pl->x, x, "x"}, {&pl->w, weight, "weight"},
             {&pl->gl, groupList, "groupList"}, {&pl->y, yRef, "yRef"});
    memcpy(&pl->gemm, &gp, sizeof(pl->gemm));
    pl->E = E, pl->K = K, pl->M = M, pl->N = N;
    e->run = ga_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(GroupedMatmulAdd)
