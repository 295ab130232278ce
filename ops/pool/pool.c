/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The pooling room's one implementation (pool_pvt.h): windows over 1 to 3
 * spatial dims, max (with flat indices or CANN's bit mask) and average, the
 * gradients of both, adaptive windows; and ops_pool_build (pool.h), which
 * ops/proto/nn.c uses for GE's MaxPool/AvgPool and MaxPool3D/AvgPool3D.
 *
 *  PL1. A tensor is [planes..., spatial...]: the 1 or 2 leading dims are
 *      planes, pooled independently. Spatial ranks below 3 are run as 3-d
 *      with outer dims of size 1, so one loop nest serves 1-d, 2-d and 3-d.
 *      Each plane is gathered into contiguous float32, computed, and stored
 *      through the output's view rounded to its type; indices are the flat
 *      position in the input plane (PyTorch's convention).
 *  PL2. The windows are planned per dim in phase 1: for output o, the first
 *      cell (o * stride - pad_before), the first cell inside the input, how
 *      many cells (step dilation) fall inside it and how many inside the
 *      padded extent. An adaptive window is [floor(o * in / out),
 *      ceil((o + 1) * in / out)).
 *  PL3. Max: padded cells never win; NaN wins (propagates); ties keep the
 *      first cell in row-major window order. Avg: the divisor is
 *      divisorOverride when non-zero, else the window's cells inside the
 *      padded input clipped to it (countIncludePad) or inside the input.
 *  PL4. Ceil mode drops a last window that would start in the after-padding
 *      (as PyTorch and CANN do).
 *  PL5. Gradients: average spreads grad / divisor over the window's cells
 *      inside the input; max adds each output cell's grad at its index (an
 *      index outside the plane fails the launch with
 *      ACL_ERROR_RT_AICORE_EXCEPTION) or at the cells its mask bits name.
 *  PL6. A launch splits across the device's workers by planes once the data
 *      reaches EW_SPLIT_MIN elements (engine.h's ops_split).
 *  PL7. Forward max without indices at dilation 1 (ONNX's MaxPool as atc
 *      maps it, the model study's CNN) reads each window's rows directly,
 *      without cell_fwd's index bookkeeping (a division per new maximum);
 *      2x2 windows at stride 2 with every window inside the input run one
 *      pass over each pair of input rows, which the compiler vectorises.
 *      Both compare in cell_fwd's order with its rule (a larger value or the
 *      first NaN replaces the maximum), so results are the same, NaN and
 *      signed zeros included.
 *  PL8. A forward without indices may take x and y channels-last (MaxPool3D's NDHWC):
 *      pool_spec's perm names where N, C and the spatial dims sit, the checks read the
 *      dims through it and the registered views are permuted to [N, C, spatial...]
 *      (strides, no copy), so the kernel sees the usual layout.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/engine/engine.h"
#include "ops/pool/pool.h"
#include "ops/pool/pool_pvt.h"
#include "ops/pool/table.h"

struct pool_win {
    int64_t first; /* the window's first cell (may be in the padding) */
    int64_t p0;    /* its first cell inside the input */
    int64_t n;     /* cells inside the input (step d) */
    int64_t pad;   /* cells inside the padded extent */
};

struct pool_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor rd, wr, ind; /* read (x or gy), written (y), indices / mask */
    enum pool_kind kind;
    enum pool_idx idx;
    bool backward, include_pad, has_ind;
    enum { POOL_GENERIC, POOL_MAX_D1, POOL_MAX_22 } fast; /* PL7 */
    int lead;
    int64_t planes, divisor;
    int64_t in[3], out[3], k[3], d[3];
    int64_t woff[3];       /* each dim's first entry in win */
    struct pool_win win[]; /* out[0] + out[1] + out[2] entries */
};

/* ---- the kernel ---------------------------------------------------------------------------- */

/* The element offset of plane pl of a view whose 1 or 2 leading dims are the planes. */
static int64_t plane_off(const struct ops_tensor *t, int lead, int64_t pl)
{
    if (lead == 1)
        return pl * t->strides[0];
    return pl / t->dims[1] * t->strides[0] + pl % t->dims[1] * t->strides[1];
}

static int64_t divisor_of(const struct pool_plan *p, const struct pool_win *w0,
                          const struct pool_win *w1, const struct pool_win *w2)
{
    if (p->divisor)
        return p->divisor;
    return p->include_pad ? w0->pad * w1->pad * w2->pad : w0->n * w1->n * w2->n;
}

/* One output cell o (of flat index oi) forward: the max (its flat index into *arg and its
 * window position into *wpos) or the average. */
static float cell_fwd(const struct pool_plan *p, const float *x, const struct pool_win *w0,
                      const struct pool_win *w1, const struct pool_win *w2, int64_t *arg,
                      int64_t *wpos)
{
    const int64_t H = p->in[1], W = p->in[2];
    if (p->kind == POOL_AVG) {
        double sum = 0;
        for (int64_t a = 0; a < w0->n; a++)
            for (int64_t b = 0; b < w1->n; b++) {
                const float *r = x + ((w0->p0 + a * p->d[0]) * H + w1->p0 + b * p->d[1]) * W;
                for (int64_t c = 0; c < w2->n; c++)
                    sum += r[w2->p0 + c * p->d[2]];
            }
        int64_t div = divisor_of(p, w0, w1, w2);
        return div ? (float)(sum / (double)div) : NAN;
    }
    float best = -INFINITY;
    int64_t bi = (w0->p0 * H + w1->p0) * W + w2->p0, bw = 0;
    for (int64_t a = 0; a < w0->n; a++)
        for (int64_t b = 0; b < w1->n; b++)
            for (int64_t c = 0; c < w2->n; c++) {
                int64_t z = w0->p0 + a * p->d[0], y = w1->p0 + b * p->d[1],
                        xx = w2->p0 + c * p->d[2];
                float v = x[(z * H + y) * W + xx];
                if (v > best || (isnan(v) && !isnan(best))) {
                    best = v;
                    bi = (z * H + y) * W + xx;
                    bw = (z - w0->first) / p->d[0];
                    bw = bw * p->k[1] + (y - w1->first) / p->d[1];
                    bw = bw * p->k[2] + (xx - w2->first) / p->d[2];
                }
            }
    *arg = bi;
    *wpos = bw;
    return best;
}

/* cell_fwd's rule for a maximum: v replaces best when larger, or when it is the first NaN. */
static inline float max_step(float best, float v)
{
    return (v > best) | ((v != v) & (best == best)) ? v : best;
}

/* The same, lane by lane on 4 floats (SSE2 / NEON, the baseline of both targets). */
typedef float pool_v4 __attribute__((vector_size(16)));
typedef int32_t pool_v4i __attribute__((vector_size(16)));
static inline pool_v4 max_step4(pool_v4 best, pool_v4 v)
{
    const pool_v4i take = (v > best) | ((v != v) & (best == best));
    return (pool_v4)(((pool_v4i)v & take) | ((pool_v4i)best & ~take));
}

/* The 2x2 maxima of 4 output cells from 8 columns of two input rows. */
static inline void max22_4(float *o, const float *r0, const float *r1)
{
    pool_v4 a0, a1, b0, b1;
    memcpy(&a0, r0, 16), memcpy(&a1, r0 + 4, 16), memcpy(&b0, r1, 16), memcpy(&b1, r1 + 4, 16);
    const pool_v4 ev0 = __builtin_shufflevector(a0, a1, 0, 2, 4, 6); /* GCC 12 and clang */
    const pool_v4 od0 = __builtin_shufflevector(a0, a1, 1, 3, 5, 7);
    const pool_v4 ev1 = __builtin_shufflevector(b0, b1, 0, 2, 4, 6);
    const pool_v4 od1 = __builtin_shufflevector(b0, b1, 1, 3, 5, 7);
    const pool_v4 m = max_step4(max_step4(max_step4(ev0, od0), ev1), od1);
    memcpy(o, &m, 16);
}

/* PL7: the forward max of a plane without indices, dilation 1. */
static void max_plane(const struct pool_plan *p, const float *x, float *y)
{
    const int64_t H = p->in[1], W = p->in[2];
    const struct pool_win *W0 = p->win + p->woff[0], *W1 = p->win + p->woff[1],
                          *W2 = p->win + p->woff[2];
    if (p->fast == POOL_MAX_22) { /* one 2-d plane, window (2j + a, 2k + c), a, c < 2 */
        for (int64_t j = 0; j < p->out[1]; j++) {
            const float *r0 = x + 2 * j * W, *r1 = r0 + W;
            float *o = y + j * p->out[2];
            int64_t k = 0;
            for (; k + 4 <= p->out[2]; k += 4) /* (max_step(-inf, v) is v) */
                max22_4(o + k, r0 + 2 * k, r1 + 2 * k);
            for (; k < p->out[2]; k++) {
                float m = max_step(-INFINITY, r0[2 * k]);
                m = max_step(m, r0[2 * k + 1]);
                m = max_step(m, r1[2 * k]);
                o[k] = max_step(m, r1[2 * k + 1]);
            }
        }
        return;
    }
    for (int64_t i = 0; i < p->out[0]; i++)
        for (int64_t j = 0; j < p->out[1]; j++)
            for (int64_t k = 0; k < p->out[2]; k++) {
                const struct pool_win *w0 = W0 + i, *w1 = W1 + j, *w2 = W2 + k;
                float m = -INFINITY;
                for (int64_t a = 0; a < w0->n; a++)
                    for (int64_t b = 0; b < w1->n; b++) {
                        const float *r = x + ((w0->p0 + a) * H + w1->p0 + b) * W + w2->p0;
                        for (int64_t c = 0; c < w2->n; c++)
                            m = max_step(m, r[c]);
                    }
                *y++ = m;
            }
}

/* One output cell's gradient g spread over its window (average) into gx. */
static void cell_avg_bwd(const struct pool_plan *p, float *gx, float g, const struct pool_win *w0,
                         const struct pool_win *w1, const struct pool_win *w2)
{
    const int64_t H = p->in[1], W = p->in[2];
    int64_t div = divisor_of(p, w0, w1, w2);
    float v = div ? (float)((double)g / (double)div) : NAN;
    for (int64_t a = 0; a < w0->n; a++)
        for (int64_t b = 0; b < w1->n; b++) {
            float *r = gx + ((w0->p0 + a * p->d[0]) * H + w1->p0 + b * p->d[1]) * W;
            for (int64_t c = 0; c < w2->n; c++)
                r[w2->p0 + c * p->d[2]] += v;
        }
}

/* The cell of window position wpos of a window, or -1 when it lies in the padding. */
static int64_t mask_cell(const struct pool_plan *p, int64_t wpos, const struct pool_win *w0,
                         const struct pool_win *w1, const struct pool_win *w2)
{
    const struct pool_win *w[3] = {w0, w1, w2};
    int64_t pos[3];
    for (int d = 2; d >= 0; d--) {
        pos[d] = w[d]->first + (wpos % p->k[d]) * p->d[d];
        wpos /= p->k[d];
        if (pos[d] < 0 || pos[d] >= p->in[d])
            return -1;
    }
    return (pos[0] * p->in[1] + pos[1]) * p->in[2] + pos[2];
}

struct pool_bufs {
    float *rd, *wr;
    int64_t *ind;
    unsigned char *mask;
    int64_t mrows, mlen; /* mask rows (kernel cells) and bytes per row */
};

static int32_t plane_run(const struct pool_plan *p, void *const *addr, int64_t pl,
                         struct pool_bufs *b)
{
    const int L = p->lead;
    const int64_t nin = p->in[0] * p->in[1] * p->in[2], nout = p->out[0] * p->out[1] * p->out[2];
    const struct pool_win *W0 = p->win + p->woff[0], *W1 = p->win + p->woff[1],
                          *W2 = p->win + p->woff[2];
    const struct ops_tensor *rd = &p->rd, *wr = &p->wr, *it = &p->ind;
    const int sr = rd->ndim - L, sw = wr->ndim - L, si = it->ndim - L;
    ops_gather_nd(b->rd, CK_F32, ops_elem(rd, addr, plane_off(rd, L, pl)), rd->dt, sr, rd->dims + L,
                  rd->strides + L);
    char *ibase = p->has_ind ? ops_elem(it, addr, plane_off(it, L, pl)) : NULL;
    if (p->fast != POOL_GENERIC) {
        max_plane(p, b->rd, b->wr);
    } else if (!p->backward) {
        if (p->idx == POOL_IDX_MASK)
            memset(b->mask, 0, (size_t)(b->mrows * b->mlen));
        int64_t o = 0;
        for (int64_t i = 0; i < p->out[0]; i++)
            for (int64_t j = 0; j < p->out[1]; j++)
                for (int64_t k = 0; k < p->out[2]; k++, o++) {
                    int64_t arg = 0, wpos = 0;
                    b->wr[o] = cell_fwd(p, b->rd, W0 + i, W1 + j, W2 + k, &arg, &wpos);
                    if (p->idx == POOL_IDX_FLAT)
                        b->ind[o] = arg;
                    else if (p->idx == POOL_IDX_MASK)
                        b->mask[wpos * b->mlen + o / 8] |= (unsigned char)(1u << (o % 8));
                }
        if (p->idx == POOL_IDX_FLAT)
            ops_scatter_nd(b->ind, CK_I64, ibase, it->dt, si, it->dims + L, it->strides + L);
        else if (p->idx == POOL_IDX_MASK)
            ops_scatter_nd(b->mask, CK_RAW1, ibase, it->dt, si, it->dims + L, it->strides + L);
    } else {
        memset(b->wr, 0, (size_t)nin * sizeof(float));
        if (p->idx == POOL_IDX_FLAT)
            ops_gather_nd(b->ind, CK_I64, ibase, it->dt, si, it->dims + L, it->strides + L);
        else if (p->idx == POOL_IDX_MASK)
            ops_gather_nd(b->mask, CK_RAW1, ibase, it->dt, si, it->dims + L, it->strides + L);
        int64_t o = 0;
        for (int64_t i = 0; i < p->out[0]; i++)
            for (int64_t j = 0; j < p->out[1]; j++)
                for (int64_t k = 0; k < p->out[2]; k++, o++) {
                    float g = b->rd[o];
                    if (p->kind == POOL_AVG) {
                        cell_avg_bwd(p, b->wr, g, W0 + i, W1 + j, W2 + k);
                    } else if (p->idx == POOL_IDX_FLAT) {
                        if (b->ind[o] < 0 || b->ind[o] >= nin)
                            return ACL_ERROR_RT_AICORE_EXCEPTION; /* PL5 */
                        b->wr[b->ind[o]] += g;
                    } else {
                        for (int64_t w = 0; w < b->mrows; w++) {
                            if (!(b->mask[w * b->mlen + o / 8] & (1u << (o % 8))))
                                continue;
                            int64_t c = mask_cell(p, w, W0 + i, W1 + j, W2 + k);
                            if (c >= 0)
                                b->wr[c] += g;
                        }
                    }
                }
    }
    (void)nout;
    ops_scatter_nd(b->wr, CK_F32, ops_elem(wr, addr, plane_off(wr, L, pl)), wr->dt, sw,
                   wr->dims + L, wr->strides + L);
    return 0;
}

static int32_t pool_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi,
                          uint32_t bn)
{
    const struct pool_plan *p = e->plan;
    const int64_t nin = p->in[0] * p->in[1] * p->in[2], nout = p->out[0] * p->out[1] * p->out[2];
    struct pool_bufs b = {0};
    if (p->idx == POOL_IDX_MASK) {
        const struct ops_tensor *it = &p->ind;
        b.mrows = it->dims[it->ndim - 2];
        b.mlen = it->dims[it->ndim - 1];
    }
    b.rd = malloc((size_t)(p->backward ? nout : nin) * sizeof(float) + 16);
    b.wr = malloc((size_t)(p->backward ? nin : nout) * sizeof(float) + 16);
    b.ind = p->idx == POOL_IDX_FLAT ? malloc((size_t)nout * sizeof(int64_t) + 16) : NULL;
    b.mask = p->idx == POOL_IDX_MASK ? malloc((size_t)(b.mrows * b.mlen) + 16) : NULL;
    int32_t rc = 0;
    if (!b.rd || !b.wr || (p->idx == POOL_IDX_FLAT && !b.ind) ||
        (p->idx == POOL_IDX_MASK && !b.mask)) {
        rc = ACL_ERROR_BAD_ALLOC;
    } else {
        int64_t j0, j1;
        ops_split_range(p->planes, 1, bi, bn, &j0, &j1);
        for (int64_t pl = j0; pl < j1 && !rc; pl++)
            rc = plane_run(p, addr, pl, &b);
    }
    free(b.rd), free(b.wr), free(b.ind), free(b.mask);
    return rc;
}

static uint32_t pool_blocks(const struct aclOpExecutor *e)
{
    const struct pool_plan *p = e->plan;
    int64_t per = p->in[0] * p->in[1] * p->in[2] + p->out[0] * p->out[1] * p->out[2];
    if (p->planes < 2 || p->planes * per < EW_SPLIT_MIN)
        return 1;
    return p->planes > 64 ? 64 : (uint32_t)p->planes;
}

static const struct ops_split pool_split = {pool_blocks, pool_block};

/* ---- phase 1 -----------------------------------------------------------------------------------
 */

aclnnStatus pool_arr(const char *op, const aclIntArray *a, const char *what, int sp,
                     const int64_t *dflt, int64_t lo, int64_t *v)
{
    if (!a || a->n == 0) {
        if (!dflt)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have 1 or %d values", op, what,
                           sp);
        memcpy(v, dflt, (size_t)sp * sizeof(int64_t));
        return ACLNN_SUCCESS;
    }
    if (a->n != 1 && a->n != (uint64_t)sp)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %llu values (1 or %d expected)", op,
                       what, (unsigned long long)a->n, sp);
    for (int i = 0; i < sp; i++) {
        v[i] = a->v[a->n == 1 ? 0 : i];
        if (v[i] < lo)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s[%d] = %lld, must be >= %lld", op, what,
                           i, (long long)v[i], (long long)lo);
    }
    return ACLNN_SUCCESS;
}

aclnnStatus pool_window(struct pool_spec *s, const aclIntArray *kernel, const aclIntArray *stride,
                        const aclIntArray *padding, const aclIntArray *dilation)
{
    static const int64_t zero[3] = {0, 0, 0}, one[3] = {1, 1, 1};
    aclnnStatus rc;
    if ((rc = pool_arr(s->op, kernel, "kernelSize", s->sp, NULL, 1, s->k)) ||
        (rc = pool_arr(s->op, stride, "stride", s->sp, s->k, 1, s->s)) ||
        (rc = pool_arr(s->op, padding, "padding", s->sp, zero, 0, s->plo)) ||
        (rc = pool_arr(s->op, dilation, "dilation", s->sp, one, 1, s->d)))
        return rc;
    memcpy(s->phi, s->plo, sizeof(s->phi));
    return ACLNN_SUCCESS;
}

static int64_t out_size(int64_t in, int64_t pa, int64_t pb, int64_t k, int64_t s, int64_t d,
                        bool ceil)
{
    int64_t span = in + pa + pb - d * (k - 1) - 1;
    if (span < 0)
        return 0;
    int64_t o = (ceil ? (span + s - 1) / s : span / s) + 1;
    if (ceil && (o - 1) * s >= in + pa) /* PL4 */
        o--;
    return o;
}

/* The windows of one dim (PL2). */
static void plan_dim(struct pool_win *w, int64_t out, int64_t in, bool adaptive, int64_t k,
                     int64_t s, int64_t plo, int64_t phi, int64_t d)
{
    for (int64_t o = 0; o < out; o++) {
        if (adaptive) {
            int64_t a = o * in / out, b = ((o + 1) * in + out - 1) / out;
            w[o] = (struct pool_win){a, a, b - a, b - a};
            continue;
        }
        int64_t f = o * s - plo, j0 = f < 0 ? (-f + d - 1) / d : 0, n = 0, pad = 0;
        for (int64_t j = 0; j < k; j++) {
            int64_t c = f + j * d;
            n += c >= 0 && c < in;
            pad += c >= -plo && c < in + phi;
        }
        w[o] = (struct pool_win){f, f + j0 * d, n, pad};
    }
}

static aclnnStatus check_same_dt(const struct pool_spec *s, const aclTensor *t, const char *what,
                                 int dt)
{
    if (ops_dt_index(t->dtype) != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s has data type %s, %s has %s; they must match", s->op, what,
                       ops_dt_name(t->dtype), s->x_name, ops_dt_name(s->x->dtype));
    return ACLNN_SUCCESS;
}

aclnnStatus pool_build(const struct pool_spec *s, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *op = s->op;
    aclnnStatus rc;
    int nd = (int)s->x->ndim, sp = s->sp;
    if ((rc = ops_check_dims(s->x, op, s->x_name)) || (rc = ops_check_dims(s->y, op, s->y_name)))
        return rc;
    if (nd != sp + 1 && nd != sp + 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have %d or %d dims, got %d", op,
                       s->x_name, sp + 1, sp + 2, nd);
    int dt, idt = -1;
    if ((rc = ops_need_dt(op, s->x_name, s->x->dtype, s->dt_mask, &dt)) ||
        (rc = check_same_dt(s, s->y, s->y_name, dt)) ||
        (s->backward && (rc = check_same_dt(s, s->gy, s->gy_name, dt))))
        return rc;
    const aclTensor *ind = s->backward ? s->ind : s->ind_out;
    if (s->idx != POOL_IDX_NONE &&
        (rc = ops_need_dt(op, s->ind_name, ind->dtype, s->idx_mask, &idt)))
        return rc;
    if (s->divisor < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: divisorOverride %lld is negative", op,
                       (long long)s->divisor);
    const int lead = nd - sp;
    /* PL8: x's dims in [N, C, spatial...] order */
    int64_t xd[OPS_MAX_DIMS];
    for (int i = 0; i < nd; i++)
        xd[i] = s->x->dims[s->perm ? s->perm[i] : i];
    int64_t in[3] = {1, 1, 1}, out[3] = {1, 1, 1}, k[3] = {1, 1, 1}, st[3] = {1, 1, 1},
            plo[3] = {0}, phi[3] = {0}, d[3] = {1, 1, 1};
    for (int i = 0; i < sp; i++) {
        int t = 3 - sp + i;
        in[t] = xd[lead + i];
        if (s->adaptive) {
            out[t] = s->out[i];
            if (out[t] < 1 || in[t] < 1)
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: outputSize[%d] = %lld and %s's size %lld must be >= 1", op, i,
                               (long long)out[t], s->x_name, (long long)in[t]);
            continue;
        }
        k[t] = s->k[i], st[t] = s->s[i], plo[t] = s->plo[i], phi[t] = s->phi[i], d[t] = s->d[i];
        if (plo[t] > k[t] / 2 || phi[t] > k[t] / 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: padding must be at most half the kernel (kernel %lld, padding "
                           "%lld/%lld)",
                           op, (long long)k[t], (long long)plo[t], (long long)phi[t]);
        out[t] = out_size(in[t], plo[t], phi[t], k[t], st[t], d[t], s->ceil);
        if (out[t] < 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: the window (kernel %lld, dilation %lld) does not fit %s's padded "
                           "size %lld",
                           op, (long long)k[t], (long long)d[t], s->x_name,
                           (long long)(in[t] + plo[t] + phi[t]));
    }
    int64_t want[OPS_MAX_DIMS];
    memcpy(want, xd, (size_t)lead * sizeof(int64_t));
    for (int i = 0; i < sp; i++)
        want[lead + i] = out[3 - sp + i];
    if (s->perm) { /* PL8: the output's shape in its own layout */
        int64_t w2[OPS_MAX_DIMS];
        for (int i = 0; i < nd; i++)
            w2[s->perm[i]] = want[i];
        memcpy(want, w2, (size_t)nd * sizeof(int64_t));
    }
    const aclTensor *outlike = s->backward ? s->gy : s->y;
    const char *outname = s->backward ? s->gy_name : s->y_name;
    if ((rc = ops_check_shape(op, want, nd, outlike, outname)) ||
        (s->backward && (rc = ops_check_shape(op, s->x->dims, nd, s->y, s->y_name))))
        return rc;
    if (s->idx == POOL_IDX_FLAT && (rc = ops_check_shape(op, want, nd, ind, s->ind_name)))
        return rc;
    if (s->idx == POOL_IDX_MASK) {
        int64_t cells = out[0] * out[1] * out[2];
        if ((int)ind->ndim != lead + 2 || memcmp(ind->dims, s->x->dims, (size_t)lead * 8) ||
            ind->dims[lead] != k[0] * k[1] * k[2] || ind->dims[lead + 1] * 8 < cells) {
            char a[96];
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: %s has shape %s; expected [planes..., %lld, >= %lld] (a bit per "
                           "output cell for each kernel cell)",
                           op, s->ind_name, ops_shape_str(a, sizeof a, ind->dims, (int)ind->ndim),
                           (long long)(k[0] * k[1] * k[2]), (long long)((cells + 7) / 8));
        }
    }
    size_t nwin = (size_t)(out[0] + out[1] + out[2]);
    struct aclOpExecutor *e =
        ops_exec_plan(op, (uint16_t)(s->backward ? 2 + (s->idx != 0) : 1),
                      (uint16_t)(s->backward ? 1 : 1 + (s->idx != 0)),
                      sizeof(struct pool_plan) + nwin * sizeof(struct pool_win), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct pool_plan *p = e->plan;
    if (s->backward) {
        if (s->idx != POOL_IDX_NONE)
            rc = OPS_VIEWS(e, {&p->rd, s->gy, s->gy_name}, {NULL, s->x, s->x_name},
                           {&p->ind, ind, s->ind_name}, {&p->wr, s->y, s->y_name});
        else
            rc = OPS_VIEWS(e, {&p->rd, s->gy, s->gy_name}, {NULL, s->x, s->x_name},
                           {&p->wr, s->y, s->y_name});
    } else if (s->idx != POOL_IDX_NONE) {
        rc = OPS_VIEWS(e, {&p->rd, s->x, s->x_name}, {&p->wr, s->y, s->y_name},
                       {&p->ind, ind, s->ind_name});
    } else {
        rc = OPS_VIEWS(e, {&p->rd, s->x, s->x_name}, {&p->wr, s->y, s->y_name});
    }
    if (rc)
        return rc;
    if (s->perm) { /* PL8: read and write the views in [N, C, spatial...] order */
        struct ops_tensor *v[2] = {&p->rd, &p->wr};
        for (int j = 0; j < 2; j++) {
            struct ops_tensor c = *v[j];
            for (int i = 0; i < nd; i++) {
                v[j]->dims[i] = c.dims[s->perm[i]];
                v[j]->strides[i] = c.strides[s->perm[i]];
            }
        }
    }
    (void)idt;
    p->split = &pool_split;
    p->kind = s->kind;
    p->idx = s->idx;
    p->has_ind = s->idx != POOL_IDX_NONE;
    p->backward = s->backward;
    p->include_pad = s->include_pad;
    p->divisor = s->divisor;
    p->lead = lead;
    p->planes = ops_numel(xd, lead);
    memcpy(p->in, in, sizeof in), memcpy(p->out, out, sizeof out);
    memcpy(p->k, k, sizeof k), memcpy(p->d, d, sizeof d);
    int64_t off = 0;
    for (int t = 0; t < 3; t++) {
        p->woff[t] = off;
        plan_dim(p->win + off, out[t], in[t], s->adaptive, k[t], st[t], plo[t], phi[t], d[t]);
        off += out[t];
    }
    p->fast = POOL_GENERIC;
    if (!s->backward && s->kind == POOL_MAX && s->idx == POOL_IDX_NONE && d[0] == 1 && d[1] == 1 &&
        d[2] == 1) { /* PL7; adaptive windows have d 1 and n cells from p0 */
        p->fast = POOL_MAX_D1;
        bool w22 = !s->adaptive && out[0] == 1 && in[0] == 1 && k[1] == 2 && k[2] == 2 &&
                   st[1] == 2 && st[2] == 2 && plo[1] == 0 && plo[2] == 0;
        for (int t = 1; t < 3 && w22; t++)
            for (int64_t o = 0; o < out[t] && w22; o++)
                w22 = p->win[p->woff[t] + o].n == 2; /* ceil mode's partial last window: not */
        if (w22)
            p->fast = POOL_MAX_22;
    }
    e->run = p->planes > 0 && p->wr.numel > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

struct pool_spec pool_spec_of(const char *op, enum pool_kind kind, int sp, unsigned dt_mask,
                              const aclTensor *x, const aclTensor *gy, aclTensor *y,
                              const char *y_name)
{
    return (struct pool_spec){
        .op = op,
        .kind = kind,
        .backward = gy != NULL,
        .sp = sp,
        .out = {1, 1, 1},
        .dt_mask = dt_mask,
        .x = x,
        .gy = gy,
        .y = y,
        .x_name = "self",
        .gy_name = "gradOutput",
        .y_name = y_name ? y_name
                  : gy   ? "gradInput"
                         : "out",
        .ind_name = "indices",
    };
}

/* Adaptive pooling: the windows from outputSize (PL2), or backward (gy given) from gy's
 * spatial size; ind NULL for the average. */
aclnnStatus pool_adaptive(const char *op, enum pool_kind kind, int sp, unsigned dt, unsigned dt2,
                          const aclTensor *gy, const aclTensor *self, aclTensor *ind,
                          const aclIntArray *outputSize, aclTensor *y, const char *y_name,
                          uint64_t *workspaceSize, aclOpExecutor **executor)
{
    struct pool_spec s = pool_spec_of(op, kind, sp, dt, self, gy, y, y_name);
    s.adaptive = true;
    if (ind) {
        s.idx = POOL_IDX_FLAT, s.idx_mask = dt2;
        if (gy)
            s.ind = ind;
        else
            s.ind_out = ind, s.ind_name = "indicesOut";
    }
    if (!gy) {
        aclnnStatus rc = pool_arr(op, outputSize, "outputSize", sp, NULL, 1, s.out);
        if (rc)
            return rc;
    } else if (gy->ndim == self->ndim && (int)self->ndim >= sp) {
        for (int i = 0; i < sp; i++)
            s.out[i] = gy->dims[self->ndim - sp + i];
    }
    return pool_build(&s, workspaceSize, executor);
}

aclnnStatus pool_global(const char *op, enum pool_kind kind, unsigned dt_mask,
                        const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                        aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(op, self, out, workspaceSize, executor);
    if (self->ndim < 3 || self->ndim > 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self must have 3 to 5 dims [N, C, spatial...], got %d", op,
                       (int)self->ndim);
    struct pool_spec s =
        pool_spec_of(op, kind, (int)self->ndim - 2, dt_mask, self, NULL, out, NULL);
    s.adaptive = true;
    return pool_build(&s, workspaceSize, executor);
}

aclnnStatus ops_pool_build(const char *op, int sp, const aclTensor *self, aclTensor *out,
                           bool is_max, const int64_t *k, const int64_t *s, const int64_t *pads,
                           const int64_t *dil, bool ceil, bool count_include_pad, int64_t divisor,
                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    if (sp < 1 || sp > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %d spatial dims, expected 1 to 3", op, sp);
    /* a max of int8, uint8 or int16 (GE's MaxPool takes them: ops-nn's IR declares them) is
     * exact in the float32 the kernel computes in: the maximum is one of the inputs */
    unsigned max_dt = OPS_DT_MaxPool | DTM(DT_I8) | DTM(DT_U8) | DTM(DT_I16);
    struct pool_spec ps = pool_spec_of(op, is_max ? POOL_MAX : POOL_AVG, sp,
                                       is_max ? max_dt : OPS_DT_AvgPool2d, self, NULL, out, NULL);
    ps.ceil = ceil, ps.include_pad = count_include_pad, ps.divisor = divisor;
    for (int i = 0; i < sp; i++) {
        if (k[i] < 1 || s[i] < 1 || dil[i] < 1 || pads[i] < 0 || pads[i + sp] < 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: kernel, strides and dilations must be >= 1, pads >= 0", op);
        ps.k[i] = k[i], ps.s[i] = s[i], ps.plo[i] = pads[i], ps.phi[i] = pads[i + sp];
        ps.d[i] = dil[i];
    }
    return pool_build(&ps, workspaceSize, executor);
}
