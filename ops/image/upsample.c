/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/image/upsample.c: the upsampling family of ops-cv's image/ folder, every operator
 * one plan: UpsampleNearest1d/1dV2/2d/2dV2/3d, UpsampleNearestExact1d/2d/3d,
 * UpsampleLinear1d, UpsampleBilinear2d, UpsampleBicubic2d, UpsampleTrilinear3d,
 * UpsampleBilinear2dAA, UpsampleBicubic2dAA and Resize. The formulas are PyTorch's
 * (aten's UpSample.h, the CPU kernels), which CANN's docs restate.
 *
 *  UP1. Every mode is separable: an output element is the sum over the product of its
 *       spatial dims' taps, tap k of dim a naming an input index idx[a][o][k] and weight
 *       w[a][o][k]. Phase 1 computes the tables once per executor (K taps per output of
 *       each dim: nearest 1, linear 2, cubic 4, anti-aliased up to 2 * ceil(support) + 1;
 *       an unused anti-aliased tap has index -1 and is never read).
 *  UP2. The scale of a dim: nearest in / out, or 1 / scale when a scale > 0 is given (a
 *       negative one is none, as 0, except where CANN's docs refuse it: Bilinear2d, its AA
 *       forms, NearestExact2d and the NearestExact1d/2d backwards; in float: PyTorch's
 *       compute_scales_value); linear and cubic the same with
 *       alignCorners false, (in - 1) / (out - 1) (0 for out 1) with it (area_pixel_
 *       compute_scale). Source coordinate: nearest floor(o * s) in float (CANN's formula and
 *       PyTorch's generic CPU kernel; torch's 2-d and 3-d kernels take out == in as the
 *       identity and out == 2 * in as o >> 1 for some shapes even when a scale says
 *       otherwise: not followed; without a scale both agree), nearest-exact
 *       floor((o + 0.5) * s), both clamped to in - 1; linear s * o with alignCorners, else
 *       max(s * (o + 0.5) - 0.5, 0), taps i = min(floor, in - 1) and min(i + 1, in - 1) with
 *       weights 1 - l, l, l = clamp(x - i, 0, 1) (a given scale may point past the end),
 *       out == in the identity; cubic the same without the max, taps floor - 1 .. floor + 2 clamped
 *       into [0, in), Keys' weights with A = -0.75; anti-aliased: centre s * (o + 0.5),
 *       support (bilinear 1, bicubic 2) times s when s >= 1, taps [centre - support + 0.5,
 *       centre + support + 0.5) inside the input, weights filter((i - centre + 0.5) /
 *       max(s, 1)) (triangle; Keys with A = -0.5) normalised to sum 1.
 *  UP3. The launch walks output rows (plane, outer spatial indices); each row is the sum,
 *       over the outer dims' tap products in a fixed order, of the weighted input row
 *       blended along the last dim, in double, rounded once into out's type. Rows split
 *       across the device's workers (ops_split): each row is written by one block from
 *       its own inputs, so results are bit-identical for any worker count.
 *  UP4. NHWC (4-d) and NDHWC (5-d) tensors are read through views permuted into
 *       [N, C, spatial...] order (no copy); out has self's format and layout.
 *  UP5. The backward forms (…Backward, …Grad) are the transpose of the forward's tables:
 *       gradInput[i] = sum of w * gradOut[o] over every tap (o, i, w). A launch splits by
 *       planes (N * C); a plane is summed by one block in a double buffer, walking gradOut's
 *       rows and each row's taps in one fixed order (no atomics), rounded once: bit-identical
 *       for any worker count.
 *  UP6. The nearest modes' forward moves elements as raw bits along the tables (one tap of
 *       weight 1 each): the values UP3 would give, without converting (as remap.c did for
 *       UpsampleNearest2d before it moved here).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_resize.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_backward.h"
#include "aclnnop/aclnn_upsample_bilinear2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward_v2.h"
#include "aclnnop/aclnn_upsample_linear_1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_3d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact3d_backward.h"
#include "aclnnop/aclnn_upsample_trilinear_3d_backward.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa.h"
#include "aclnnop/aclnn_upsample_bicubic_2d.h"
#include "aclnnop/aclnn_upsample_bilinear2d_aa.h"
#include "aclnnop/aclnn_upsample_bilinear_2d.h"
#include "aclnnop/aclnn_upsample_linear_1d.h"
#include "aclnnop/aclnn_upsample_nearest_1d.h"
#include "aclnnop/aclnn_upsample_nearest_1d_v2.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_2d_v2.h"
#include "aclnnop/aclnn_upsample_nearest_3d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact3d.h"
#include "aclnnop/aclnn_upsample_trilinear_3d.h"
#include "ops/engine/engine.h"
#include "ops/image/table.h"

enum up_mode { UP_NEAREST, UP_NEAREST_EXACT, UP_LINEAR, UP_CUBIC, UP_AA_LINEAR, UP_AA_CUBIC };

/* What one entry point asks for: nsp spatial dims, their output sizes and scales. */
struct up_spec {
    const char *op, *xname;
    unsigned dts;
    enum up_mode mode;
    int nsp;
    bool align;
    int64_t size[3];
    double scale[3]; /* <= 0: none given */
    bool backward;
    bool neg_refused;  /* a negative scale is refused (the docs that say so), else none */
    const char *yname; /* the written tensor's name (NULL: "out") */
    int64_t insize[5]; /* backward: the forward's input dims (inputSize) */
};

struct up_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor x, y;        /* read, written; UP4: [N, C, spatial...] order */
    bool backward;                 /* UP5 */
    bool nearest;                  /* UP6: one tap of weight 1 per output */
    int nsp;
    int64_t planes, rows; /* N * C; planes times the outer output positions */
    int64_t in[3], out[3];
    int k[3];        /* taps per output of each dim (UP1) */
    int64_t toff[3]; /* each dim's first entry in tab */
    int64_t ntab;    /* entries: idx then w */
    int64_t tab[];   /* ntab indices, then ntab doubles */
};

static const double *plan_w(const struct up_plan *p)
{
    return (const double *)(p->tab + p->ntab);
}

/* ---- the tables (UP1, UP2) ----------------------------------------------------------------- */

static float nearest_scale(int64_t in, int64_t out, double given)
{
    return given > 0 ? (float)(1.0 / given) : (float)in / (float)out;
}

static double linear_scale(int64_t in, int64_t out, bool align, double given)
{
    if (align)
        return out > 1 ? (double)(in - 1) / (double)(out - 1) : 0;
    return given > 0 ? 1.0 / given : (double)in / (double)out;
}

static double keys(double d, double A)
{
    d = fabs(d);
    if (d <= 1)
        return ((A + 2) * d - (A + 3)) * d * d + 1;
    if (d < 2)
        return ((A * d - 5 * A) * d + 8 * A) * d - 4 * A;
    return 0;
}

static double aa_filter(enum up_mode m, double x)
{
    if (m == UP_AA_CUBIC)
        return keys(x, -0.5);
    x = fabs(x);
    return x < 1 ? 1 - x : 0;
}

static int64_t clamp_idx(int64_t i, int64_t in)
{
    return i < 0 ? 0 : i >= in ? in - 1 : i;
}

static double aa_support(enum up_mode m, double s)
{
    double half = m == UP_AA_CUBIC ? 2 : 1;
    return s >= 1 ? half * s : half;
}

static int taps_of(enum up_mode m, int64_t in, int64_t out, bool align, double given)
{
    switch (m) {
    case UP_NEAREST:
    case UP_NEAREST_EXACT:
        return 1;
    case UP_LINEAR:
        return 2;
    case UP_CUBIC:
        return 4;
    default:
        return (int)ceil(aa_support(m, linear_scale(in, out, align, given))) * 2 + 1;
    }
}

/* The taps of dim a for every output index (K each) into idx / w. */
static void build_dim(const struct up_spec *s, int64_t in, int64_t out, double given, int K,
                      int64_t *idx, double *w)
{
    for (int64_t o = 0; o < out; o++) {
        int64_t *ix = idx + o * K;
        double *wt = w + o * K;
        switch (s->mode) {
        case UP_NEAREST: {
            int64_t i = (int64_t)floorf((float)o * nearest_scale(in, out, given));
            ix[0] = i < in - 1 ? i : in - 1, wt[0] = 1;
            break;
        }
        case UP_NEAREST_EXACT: {
            float v = (float)(((double)o + 0.5) * (double)nearest_scale(in, out, given));
            int64_t i = (int64_t)floorf(v);
            ix[0] = i < in - 1 ? i : in - 1, wt[0] = 1;
            break;
        }
        case UP_LINEAR: {
            if (out == in) {
                ix[0] = ix[1] = o, wt[0] = 1, wt[1] = 0;
                break;
            }
            double sc = linear_scale(in, out, s->align, given);
            double r = s->align ? sc * (double)o : sc * ((double)o + 0.5) - 0.5;
            r = r < 0 ? 0 : r;
            int64_t i0 = (int64_t)r < in - 1 ? (int64_t)r : in - 1; /* a scale may point past */
            double l1 = r - (double)i0;
            l1 = l1 < 0 ? 0 : l1 > 1 ? 1 : l1;
            ix[0] = i0, ix[1] = i0 + (i0 < in - 1 ? 1 : 0);
            wt[0] = 1 - l1, wt[1] = l1;
            break;
        }
        case UP_CUBIC: {
            double sc = linear_scale(in, out, s->align, given);
            double r = s->align ? sc * (double)o : sc * ((double)o + 0.5) - 0.5;
            double f = floor(r), t = r - f;
            for (int k = 0; k < 4; k++) {
                ix[k] = clamp_idx((int64_t)f - 1 + k, in);
                wt[k] = keys(t - (double)(k - 1), -0.75);
            }
            break;
        }
        default: { /* UP_AA_LINEAR, UP_AA_CUBIC */
            double sc = linear_scale(in, out, s->align, given), sup = aa_support(s->mode, sc);
            double centre = sc * ((double)o + 0.5), inv = sc >= 1 ? 1 / sc : 1, total = 0;
            int64_t lo = (int64_t)(centre - sup + 0.5), hi = (int64_t)(centre + sup + 0.5);
            lo = lo < 0 ? 0 : lo;
            hi = hi > in ? in : hi;
            int n = 0;
            for (int64_t i = lo; i < hi && n < K; i++, n++) {
                ix[n] = i;
                wt[n] = aa_filter(s->mode, ((double)i - centre + 0.5) * inv);
                total += wt[n];
            }
            for (int k = 0; k < n && total != 0; k++)
                wt[k] /= total;
            for (int k = n; k < K; k++)
                ix[k] = -1, wt[k] = 0;
        }
        }
    }
}

/* ---- the kernel (UP3) ----------------------------------------------------------------------- */

static int32_t up_block_bwd(const struct up_plan *p, void *const *addr, int64_t q0, int64_t q1);

/* acc[0..OW) += wo * (the input row at xrow blended along the last dim). */
static void blend_row(const struct up_plan *p, const char *xrow, double wo, double *src,
                      double *acc)
{
    const int L = p->nsp - 1, K = p->k[L];
    const int64_t W = p->in[L], OW = p->out[L];
    const int64_t *ix = p->tab + p->toff[L];
    const double *wt = plan_w(p) + p->toff[L];
    unsigned es = ops_dt_size(p->x.dt);
    ops_loader(CK_F64, p->x.dt)(src, xrow, p->x.strides[2 + L] * (int64_t)es, W);
    for (int64_t o = 0; o < OW; o++) {
        double v = 0;
        for (int k = 0; k < K; k++) {
            int64_t i = ix[o * K + k];
            if (i >= 0)
                v += wt[o * K + k] * src[i];
        }
        acc[o] += wo * v;
    }
}

#define UP_COPY_ROW(T)                                                                             \
    do {                                                                                           \
        const T *s_ = (const T *)xrow;                                                             \
        T *d_ = (T *)yrow;                                                                         \
        for (int64_t o_ = 0; o_ < OW; o_++)                                                        \
            d_[o_ * ys] = s_[ix[o_] * xs];                                                         \
    } while (0)

/* UP6: rows [r0, r1) of a nearest mode: every tap has weight 1, so elements move as raw bits
 * (no conversion), as ops/shape/remap.c moved them. */
static void up_rows_nearest(const struct up_plan *p, void *const *addr, int64_t r0, int64_t r1)
{
    const int L = p->nsp - 1;
    const int64_t OW = p->out[L], per = p->rows / p->planes;
    const struct ops_tensor *x = &p->x, *y = &p->y;
    const int64_t C = x->dims[1], xs = x->strides[2 + L], ys = y->strides[2 + L];
    const int64_t *ix = p->tab + p->toff[L];
    const unsigned es = ops_dt_size(x->dt);
    const char *xb = ops_base(x, addr);
    char *yb = ops_base(y, addr);
    for (int64_t r = r0; r < r1; r++) {
        int64_t pl = r / per, q = r % per;
        int64_t xoff = pl / C * x->strides[0] + pl % C * x->strides[1];
        int64_t yoff = pl / C * y->strides[0] + pl % C * y->strides[1];
        for (int a = L - 1; a >= 0; a--) {
            int64_t o = q % p->out[a];
            q /= p->out[a];
            xoff += p->tab[p->toff[a] + o] * x->strides[2 + a];
            yoff += o * y->strides[2 + a];
        }
        const char *xrow = xb + xoff * es;
        char *yrow = yb + yoff * es;
        switch (es) {
        case 1:
            UP_COPY_ROW(uint8_t);
            break;
        case 2:
            UP_COPY_ROW(uint16_t);
            break;
        case 4:
            UP_COPY_ROW(uint32_t);
            break;
        default:
            UP_COPY_ROW(uint64_t);
        }
    }
}

static int32_t up_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct up_plan *p = e->plan;
    if (p->backward) {
        int64_t q0, q1;
        ops_split_range(p->planes, 1, bi, bn, &q0, &q1);
        return up_block_bwd(p, addr, q0, q1);
    }
    if (p->nearest) {
        int64_t r0, r1;
        ops_split_range(p->rows, 1, bi, bn, &r0, &r1);
        up_rows_nearest(p, addr, r0, r1);
        return 0;
    }
    const int L = p->nsp - 1;
    const int64_t W = p->in[L], OW = p->out[L];
    double *src = malloc((size_t)W * sizeof(double)), *acc = malloc((size_t)OW * sizeof(double));
    if (!src || !acc) {
        free(src), free(acc);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *x = &p->x, *y = &p->y;
    const int64_t C = x->dims[1];
    const unsigned xes = ops_dt_size(x->dt), yes = ops_dt_size(y->dt);
    const char *xb = ops_base(x, addr);
    char *yb = ops_base(y, addr);
    const double *wtab = plan_w(p);
    int64_t per = p->rows / p->planes, r0, r1;
    ops_split_range(p->rows, 1, bi, bn, &r0, &r1);
    for (int64_t r = r0; r < r1; r++) {
        int64_t pl = r / per, q = r % per, o[2] = {0, 0};
        for (int a = L - 1; a >= 0; a--) {
            o[a] = q % p->out[a];
            q /= p->out[a];
        }
        int64_t xoff = pl / C * x->strides[0] + pl % C * x->strides[1];
        int64_t yoff = pl / C * y->strides[0] + pl % C * y->strides[1];
        for (int a = 0; a < L; a++)
            yoff += o[a] * y->strides[2 + a];
        memset(acc, 0, (size_t)OW * sizeof(double));
        if (L == 0) {
            blend_row(p, xb + xoff * xes, 1, src, acc);
        } else {
            const int K0 = p->k[0], K1 = L == 2 ? p->k[1] : 1;
            const int64_t *i0 = p->tab + p->toff[0] + o[0] * K0;
            const double *w0 = wtab + p->toff[0] + o[0] * K0;
            const int64_t *i1 = L == 2 ? p->tab + p->toff[1] + o[1] * K1 : NULL;
            const double *w1 = L == 2 ? wtab + p->toff[1] + o[1] * K1 : NULL;
            for (int a = 0; a < K0; a++) {
                if (i0[a] < 0)
                    continue;
                for (int b = 0; b < K1; b++) {
                    if (L == 2 && i1[b] < 0)
                        continue;
                    int64_t off = xoff + i0[a] * x->strides[2];
                    double wo = w0[a];
                    if (L == 2) {
                        off += i1[b] * x->strides[3];
                        wo *= w1[b];
                    }
                    blend_row(p, xb + off * xes, wo, src, acc);
                }
            }
        }
        ops_round_f64(acc, OW, y->dt);
        ops_storer(CK_F64, y->dt)(yb + yoff * yes, y->strides[2 + L] * (int64_t)yes, acc, OW);
    }
    free(src), free(acc);
    return 0;
}

/* UP5: planes [q0, q1) of the backward: each plane's gradient summed in a double buffer of
 * the input plane, walking gradOut's rows in order and each row's taps in order, then rounded
 * once and stored. */
static int32_t up_block_bwd(const struct up_plan *p, void *const *addr, int64_t q0, int64_t q1)
{
    const int L = p->nsp - 1;
    const int64_t W = p->in[L], OW = p->out[L];
    int64_t inner = 1, orows = 1; /* input elements of a plane; gradOut rows of a plane */
    for (int a = 0; a < p->nsp; a++)
        inner *= p->in[a];
    for (int a = 0; a < L; a++)
        orows *= p->out[a];
    double *acc = malloc((size_t)inner * sizeof(double)), *g = malloc((size_t)OW * sizeof(double));
    if (!acc || !g) {
        free(acc), free(g);
        return ACL_ERROR_BAD_ALLOC;
    }
    const struct ops_tensor *x = &p->x, *y = &p->y;
    const int64_t C = x->dims[1];
    const unsigned xes = ops_dt_size(x->dt), yes = ops_dt_size(y->dt);
    const char *xb = ops_base(x, addr);
    char *yb = ops_base(y, addr);
    const double *wtab = plan_w(p);
    const int KL = p->k[L];
    const int64_t *ixl = p->tab + p->toff[L];
    const double *wtl = wtab + p->toff[L];
    for (int64_t pl = q0; pl < q1; pl++) {
        int64_t xoff = pl / C * x->strides[0] + pl % C * x->strides[1];
        int64_t yoff = pl / C * y->strides[0] + pl % C * y->strides[1];
        memset(acc, 0, (size_t)inner * sizeof(double));
        for (int64_t r = 0; r < orows; r++) {
            int64_t o[2] = {0, 0}, q = r, off = xoff;
            for (int a = L - 1; a >= 0; a--) {
                o[a] = q % p->out[a];
                q /= p->out[a];
                off += o[a] * x->strides[2 + a];
            }
            ops_loader(CK_F64, x->dt)(g, xb + off * xes, x->strides[2 + L] * (int64_t)xes, OW);
            const int K0 = L >= 1 ? p->k[0] : 1, K1 = L == 2 ? p->k[1] : 1;
            for (int a = 0; a < K0; a++) {
                int64_t i0 = L >= 1 ? p->tab[p->toff[0] + o[0] * K0 + a] : 0;
                double w0 = L >= 1 ? wtab[p->toff[0] + o[0] * K0 + a] : 1;
                if (i0 < 0)
                    continue;
                for (int b = 0; b < K1; b++) {
                    int64_t i1 = L == 2 ? p->tab[p->toff[1] + o[1] * K1 + b] : 0;
                    double wo = L == 2 ? w0 * wtab[p->toff[1] + o[1] * K1 + b] : w0;
                    if (i1 < 0)
                        continue;
                    double *dst = acc + (L == 2 ? i0 * p->in[1] + i1 : i0) * W;
                    for (int64_t ow = 0; ow < OW; ow++)
                        for (int k = 0; k < KL; k++) {
                            int64_t i = ixl[ow * KL + k];
                            if (i >= 0)
                                dst[i] += wo * wtl[ow * KL + k] * g[ow];
                        }
                }
            }
        }
        ops_round_f64(acc, inner, y->dt);
        int64_t irows = inner / W;
        for (int64_t r = 0; r < irows; r++) {
            int64_t q = r, off = yoff;
            for (int a = L - 1; a >= 0; a--) {
                off += q % p->in[a] * y->strides[2 + a];
                q /= p->in[a];
            }
            ops_storer(CK_F64, y->dt)(yb + off * yes, y->strides[2 + L] * (int64_t)yes, acc + r * W,
                                      W);
        }
    }
    free(acc), free(g);
    return 0;
}

static uint32_t up_blocks(const struct aclOpExecutor *e)
{
    const struct up_plan *p = e->plan;
    int64_t n = p->x.numel > p->y.numel ? p->x.numel : p->y.numel;
    return ops_split_rows(p->rows, n, EW_SPLIT_MIN);
}

static const struct ops_split up_split = {up_blocks, up_block};

/* ---- phase 1 -------------------------------------------------------------------------------- */

/* UP4: the permutation of a channels-last tensor into [N, C, spatial...]; NULL otherwise. */
static const int *layout_perm(const aclTensor *t)
{
    static const int nhwc[4] = {0, 3, 1, 2}, ndhwc[5] = {0, 4, 1, 2, 3};
    if (t->ndim == 4 && t->format == ACL_FORMAT_NHWC)
        return nhwc;
    if (t->ndim == 5 && t->format == ACL_FORMAT_NDHWC)
        return ndhwc;
    return NULL;
}

static void permute_view(struct ops_tensor *v, const int *perm)
{
    struct ops_tensor c = *v;
    for (int i = 0; i < v->ndim; i++) {
        v->dims[i] = c.dims[perm[i]];
        v->strides[i] = c.strides[perm[i]];
    }
}

/* Forward: src is self (s->xname), dst out, the input dims self's. Backward (s->backward):
 * src is the gradient of the forward's out (s->xname), dst the input's gradient (s->yname),
 * the input dims s->insize. */
static aclnnStatus up_build(const struct up_spec *s, const aclTensor *src, aclTensor *dst,
                            uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *op = s->op, *yname = s->yname ? s->yname : "out";
    aclnnStatus rc;
    int dt, odt;
    if ((rc = ops_check_dims(src, op, s->xname)) || (rc = ops_check_dims(dst, op, yname)) ||
        (rc = ops_need_dt(op, s->xname, src->dtype, s->dts, &dt)) ||
        (rc = ops_need_dt(op, yname, dst->dtype, s->dts, &odt)))
        return rc;
    if (odt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has data type %s; it must be %s's (%s)", op,
                       yname, ops_dt_name(dst->dtype), s->xname, ops_dt_name(src->dtype));
    int nd = s->nsp + 2;
    if ((int)src->ndim != nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s has %u dims; it must be %d-d (N, C and %d spatial dims)", op,
                       s->xname, src->ndim, nd, s->nsp);
    const int *perm = layout_perm(src);
    if (layout_perm(dst) != perm)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's format differs from %s's", op, yname,
                       s->xname);
    int64_t in[5] = {0}, dw[5] = {0}, ow[5] = {0};
    for (int i = 0; i < nd; i++)
        in[i] = s->backward ? s->insize[i] : src->dims[perm ? perm[i] : i];
    for (int a = 0; a < s->nsp; a++) {
        if (s->size[a] <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize[%d] is %lld; it must be > 0",
                           op, a, (long long)s->size[a]);
        if ((s->neg_refused && s->scale[a] < 0) || isnan(s->scale[a]))
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scale %d is %g; it must not be negative",
                           op, a, s->scale[a]);
        if (in[2 + a] <= 0)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s's spatial dim %d is empty", op,
                           s->backward ? "inputSize" : s->xname, a);
    }
    if (in[0] < 0 || in[1] < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: inputSize's N and C must not be negative", op);
    int64_t fo[5] = {in[0], in[1], s->size[0], s->size[1], s->size[2]};
    for (int i = 0; i < nd; i++) { /* the shapes in src's layout */
        int d = perm ? perm[i] : i;
        ow[d] = fo[i];
        dw[d] = in[i];
    }
    if (s->backward && (rc = ops_check_shape(op, ow, nd, src, s->xname)))
        return rc;
    if ((rc = ops_check_shape(op, s->backward ? dw : ow, nd, dst, yname)))
        return rc;
    int K[3] = {1, 1, 1};
    int64_t ntab = 0, toff[3] = {0, 0, 0};
    for (int a = 0; a < s->nsp; a++) {
        K[a] = taps_of(s->mode, in[2 + a], s->size[a], s->align, s->scale[a]);
        toff[a] = ntab;
        ntab += s->size[a] * K[a];
    }
    struct aclOpExecutor *e = ops_exec_plan(
        op, 1, 1, sizeof(struct up_plan) + (size_t)ntab * (sizeof(int64_t) + sizeof(double)), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct up_plan *p = e->plan;
    if ((rc = OPS_VIEWS(e, {&p->x, src, s->xname}, {&p->y, dst, yname})))
        return rc;
    if (perm) {
        permute_view(&p->x, perm);
        permute_view(&p->y, perm);
    }
    p->split = &up_split;
    p->backward = s->backward;
    p->nearest = s->mode == UP_NEAREST || s->mode == UP_NEAREST_EXACT;
    p->nsp = s->nsp;
    p->ntab = ntab;
    p->planes = in[0] * in[1];
    p->rows = p->planes;
    for (int a = 0; a < s->nsp; a++) {
        p->in[a] = in[2 + a], p->out[a] = s->size[a], p->k[a] = K[a], p->toff[a] = toff[a];
        if (a < s->nsp - 1 && !s->backward)
            p->rows *= s->size[a];
        build_dim(s, in[2 + a], s->size[a], s->scale[a], K[a], p->tab + toff[a],
                  (double *)(p->tab + ntab) + toff[a]);
    }
    e->run = p->rows > 0 ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* The output sizes of an entry point: outputSize of n positive values. */
static aclnnStatus take_sizes(struct up_spec *s, const aclIntArray *outputSize)
{
    if (outputSize->n != (uint64_t)s->nsp)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputSize has %llu values; it needs %d",
                       s->op, (unsigned long long)outputSize->n, s->nsp);
    for (int a = 0; a < s->nsp; a++)
        s->size[a] = outputSize->v[a];
    return ACLNN_SUCCESS;
}

/* Entry points: NAME, the spatial dims, the mode, the x parameter's name, then the
 * scales. */
#define UP_RUN(spec, self, outputSize, out)                                                        \
    do {                                                                                           \
        OPS_CHECK_NULLS((spec).op, self, outputSize, out, workspaceSize, executor);                \
        aclnnStatus rc_ = take_sizes(&(spec), outputSize);                                         \
        if (rc_)                                                                                   \
            return rc_;                                                                            \
        return up_build(&(spec), self, out, workspaceSize, executor);                              \
    } while (0)

aclnnStatus aclnnUpsampleNearest1dGetWorkspaceSize(const aclTensor *self,
                                                   const aclIntArray *outputSize, aclTensor *out,
                                                   WS)
{
    struct up_spec s = {"aclnnUpsampleNearest1d",
                        "self",
                        OPS_DT_UpsampleNearest1d,
                        UP_NEAREST,
                        1,
                        false,
                        .scale = {0}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleNearest1d)

aclnnStatus aclnnUpsampleNearest1dV2GetWorkspaceSize(const aclTensor *self,
                                                     const aclIntArray *outputSize, float scaleL,
                                                     aclTensor *out, WS)
{
    struct up_spec s = {
        "aclnnUpsampleNearest1dV2", "self", OPS_DT_UpsampleNearest1dV2, UP_NEAREST, 1,
        .scale = {scaleL}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleNearest1dV2)

aclnnStatus aclnnUpsampleNearest2dGetWorkspaceSize(const aclTensor *self,
                                                   const aclIntArray *outputSize, aclTensor *out,
                                                   WS)
{
    struct up_spec s = {"aclnnUpsampleNearest2d",
                        "self",
                        OPS_DT_UpsampleNearest2d,
                        UP_NEAREST,
                        2,
                        false,
                        .scale = {0}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleNearest2d)

aclnnStatus aclnnUpsampleNearest2dV2GetWorkspaceSize(const aclTensor *self,
                                                     const aclIntArray *outputSize, float scalesH,
                                                     float scalesW, aclTensor *out, WS)
{
    struct up_spec s = {
        "aclnnUpsampleNearest2dV2", "self", OPS_DT_UpsampleNearest2dV2, UP_NEAREST, 2,
        .scale = {scalesH, scalesW}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleNearest2dV2)

aclnnStatus aclnnUpsampleNearest3dGetWorkspaceSize(const aclTensor *self,
                                                   const aclIntArray *outputSize, double scalesD,
                                                   double scalesH, double scalesW, aclTensor *out,
                                                   WS)
{
    struct up_spec s = {"aclnnUpsampleNearest3d",
                        "self",
                        OPS_DT_UpsampleNearest3d,
                        UP_NEAREST,
                        3,
                        .scale = {scalesD, scalesH, scalesW}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleNearest3d)

aclnnStatus aclnnUpsampleNearestExact1dGetWorkspaceSize(const aclTensor *self,
                                                        const aclIntArray *outputSize,
                                                        double scales, aclTensor *out, WS)
{
    struct up_spec s = {"aclnnUpsampleNearestExact1d",
                        "self",
                        OPS_DT_UpsampleNearestExact1d,
                        UP_NEAREST_EXACT,
                        1,
                        .scale = {scales}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleNearestExact1d)

aclnnStatus aclnnUpsampleNearestExact2dGetWorkspaceSize(const aclTensor *self,
                                                        const aclIntArray *outputSize,
                                                        double scalesH, double scalesW,
                                                        aclTensor *out, WS)
{
    struct up_spec s = {
        "aclnnUpsampleNearestExact2d", "self", OPS_DT_UpsampleNearestExact2d, UP_NEAREST_EXACT, 2,
        .scale = {scalesH, scalesW}};
    s.neg_refused = true; /* its docs: scales must not be negative */
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleNearestExact2d)

aclnnStatus aclnnUpsampleNearestExact3dGetWorkspaceSize(const aclTensor *self,
                                                        const aclIntArray *outputSize,
                                                        double scalesD, double scalesH,
                                                        double scalesW, aclTensor *out, WS)
{
    struct up_spec s = {"aclnnUpsampleNearestExact3d",
                        "self",
                        OPS_DT_UpsampleNearestExact3d,
                        UP_NEAREST_EXACT,
                        3,
                        .scale = {scalesD, scalesH, scalesW}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleNearestExact3d)

aclnnStatus aclnnUpsampleLinear1dGetWorkspaceSize(const aclTensor *self,
                                                  const aclIntArray *outputSize,
                                                  const bool alignCorners, const double scale,
                                                  aclTensor *out, WS)
{
    struct up_spec s = {
        "aclnnUpsampleLinear1d", "self", OPS_DT_UpsampleLinear1d, UP_LINEAR, 1, alignCorners,
        .scale = {scale}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleLinear1d)

aclnnStatus aclnnUpsampleBilinear2dGetWorkspaceSize(const aclTensor *self,
                                                    const aclIntArray *outputSize,
                                                    const bool alignCorners, const double scalesH,
                                                    const double scalesW, aclTensor *out, WS)
{
    struct up_spec s = {
        "aclnnUpsampleBilinear2d",  "self", OPS_DT_UpsampleBilinear2d, UP_LINEAR, 2, alignCorners,
        .scale = {scalesH, scalesW}};
    s.neg_refused = true; /* its docs: scales must not be negative */
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleBilinear2d)

aclnnStatus aclnnUpsampleBicubic2dGetWorkspaceSize(const aclTensor *self,
                                                   const aclIntArray *outputSize,
                                                   const bool alignCorners, const double scalesH,
                                                   const double scalesW, aclTensor *out, WS)
{
    struct up_spec s = {
        "aclnnUpsampleBicubic2d",   "self", OPS_DT_UpsampleBicubic2d, UP_CUBIC, 2, alignCorners,
        .scale = {scalesH, scalesW}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleBicubic2d)

aclnnStatus aclnnUpsampleTrilinear3dGetWorkspaceSize(const aclTensor *self,
                                                     const aclIntArray *outputSize,
                                                     bool alignCorners, double scalesD,
                                                     double scalesH, double scalesW, aclTensor *out,
                                                     WS)
{
    struct up_spec s = {"aclnnUpsampleTrilinear3d",
                        "self",
                        OPS_DT_UpsampleTrilinear3d,
                        UP_LINEAR,
                        3,
                        alignCorners,
                        .scale = {scalesD, scalesH, scalesW}};
    UP_RUN(s, self, outputSize, out);
}
PHASE2(UpsampleTrilinear3d)

aclnnStatus aclnnUpsampleBilinear2dAAGetWorkspaceSize(const aclTensor *input,
                                                      const aclIntArray *outputSize,
                                                      bool alignCorners, double scalesH,
                                                      double scalesW, aclTensor *out, WS)
{
    struct up_spec s = {"aclnnUpsampleBilinear2dAA",
                        "input",
                        OPS_DT_UpsampleBilinear2dAA,
                        UP_AA_LINEAR,
                        2,
                        alignCorners,
                        .scale = {scalesH, scalesW}};
    s.neg_refused = true; /* its docs: scales must not be negative */
    UP_RUN(s, input, outputSize, out);
}
PHASE2(UpsampleBilinear2dAA)

aclnnStatus aclnnUpsampleBicubic2dAAGetWorkspaceSize(const aclTensor *x,
                                                     const aclIntArray *outputSize,
                                                     const bool alignCorners, const double scalesH,
                                                     const double scalesW, aclTensor *out, WS)
{
    struct up_spec s = {
        "aclnnUpsampleBicubic2dAA", "x", OPS_DT_UpsampleBicubic2dAA, UP_AA_CUBIC, 2, alignCorners,
        .scale = {scalesH, scalesW}};
    UP_RUN(s, x, outputSize, out);
}
PHASE2(UpsampleBicubic2dAA)

/* Resize (CANN's aclnnResize): the sizes are floor(H * scales[2]), floor(W * scales[3]);
 * "nearest" is ResizeNearestNeighborV2 without alignCorners and half-pixel centres
 * (floor(o * H / OH), UP_NEAREST without a scale), "bilinear" ResizeBilinearV2 with
 * half-pixel centres (UP_LINEAR without alignCorners or a scale: the same taps). */
aclnnStatus aclnnResizeGetWorkspaceSize(const aclTensor *self, const aclFloatArray *scales,
                                        const char *mode, aclTensor *out, WS)
{
    struct up_spec s = {"aclnnResize", "self", OPS_DT_Resize, UP_NEAREST, 2, false, .scale = {0}};
    OPS_CHECK_NULLS(s.op, self, scales, mode, out, workspaceSize, executor);
    if (strcmp(mode, "nearest") == 0)
        s.mode = UP_NEAREST;
    else if (strcmp(mode, "bilinear") == 0)
        s.mode = UP_LINEAR;
    else
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: mode \"%s\" is not supported (\"nearest\" or \"bilinear\")", s.op,
                       mode);
    aclnnStatus rc = ops_check_dims(self, s.op, "self");
    if (rc)
        return rc;
    if (self->ndim != 4 || scales->n != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self must be 4-d and scales hold 4 values (self %u dims, scales %llu)",
                       s.op, self->ndim, (unsigned long long)scales->n);
    const int *perm = layout_perm(self);
    for (int i = 0; i < 4; i++) {
        int d = perm ? perm[i] : i;
        float sc = scales->v[d];
        if (i < 2 ? sc != 1 : !(sc > 0))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: scales[%d] is %g; N's and C's must be 1, H's and W's > 0", s.op, d,
                           (double)sc);
        if (i >= 2)
            s.size[i - 2] = (int64_t)floor((double)self->dims[d] * (double)sc);
    }
    return up_build(&s, self, out, workspaceSize, executor);
}
PHASE2(Resize)

/* ---- the backward forms (UP5) ---------------------------------------------------------------- */

/* The sizes of a backward entry point: outputSize as the forward's, inputSize the forward
 * input's nsp + 2 dims. */
static aclnnStatus take_backward(struct up_spec *s, const aclIntArray *outputSize,
                                 const aclIntArray *inputSize)
{
    aclnnStatus rc = take_sizes(s, outputSize);
    if (rc)
        return rc;
    if (inputSize->n != (uint64_t)s->nsp + 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputSize has %llu values; it needs %d (N, C and the spatial dims)",
                       s->op, (unsigned long long)inputSize->n, s->nsp + 2);
    for (int i = 0; i < s->nsp + 2; i++)
        s->insize[i] = inputSize->v[i];
    s->backward = true;
    return ACLNN_SUCCESS;
}

#define UP_BWD_RUN(spec, grad, outputSize, inputSize, dst)                                         \
    do {                                                                                           \
        OPS_CHECK_NULLS((spec).op, grad, outputSize, inputSize, dst, workspaceSize, executor);     \
        aclnnStatus rc_ = take_backward(&(spec), outputSize, inputSize);                           \
        if (rc_)                                                                                   \
            return rc_;                                                                            \
        return up_build(&(spec), grad, dst, workspaceSize, executor);                              \
    } while (0)

#define UP_BWD_SPEC(Name, dts, gname, yname_, mode, nsp, align, ...)                               \
    struct up_spec s = {"aclnn" #Name,          gname,          dts, mode, nsp, align,             \
                        .scale = {__VA_ARGS__}, .yname = yname_}

aclnnStatus aclnnUpsampleNearest1dBackwardGetWorkspaceSize(const aclTensor *gradOut,
                                                           const aclIntArray *outputSize,
                                                           const aclIntArray *inputSize,
                                                           double scales, aclTensor *out, WS)
{
    UP_BWD_SPEC(UpsampleNearest1dBackward, OPS_DT_UpsampleNearest1dBackward, "gradOut", "out",
                UP_NEAREST, 1, false, scales);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, out);
}
PHASE2(UpsampleNearest1dBackward)

aclnnStatus aclnnUpsampleNearest2dBackwardGetWorkspaceSize(const aclTensor *gradOut,
                                                           const aclIntArray *outputSize,
                                                           const aclIntArray *inputSize,
                                                           double scalesH, double scalesW,
                                                           aclTensor *gradInput, WS)
{
    UP_BWD_SPEC(UpsampleNearest2dBackward, OPS_DT_UpsampleNearest2dBackward, "gradOut", "gradInput",
                UP_NEAREST, 2, false, scalesH, scalesW);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, gradInput);
}
PHASE2(UpsampleNearest2dBackward)

aclnnStatus aclnnUpsampleNearest3dBackwardGetWorkspaceSize(const aclTensor *gradOut,
                                                           const aclIntArray *outputSize,
                                                           const aclIntArray *inputSize,
                                                           double scalesD, double scalesH,
                                                           double scalesW, aclTensor *gradInput, WS)
{
    UP_BWD_SPEC(UpsampleNearest3dBackward, OPS_DT_UpsampleNearest3dBackward, "gradOut", "gradInput",
                UP_NEAREST, 3, false, scalesD, scalesH, scalesW);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, gradInput);
}
PHASE2(UpsampleNearest3dBackward)

aclnnStatus aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                                const aclIntArray *outputSize,
                                                                const aclIntArray *inputSize,
                                                                double scales, aclTensor *out, WS)
{
    UP_BWD_SPEC(UpsampleNearestExact1dBackward, OPS_DT_UpsampleNearestExact1dBackward, "gradOutput",
                "out", UP_NEAREST_EXACT, 1, false, scales);
    s.neg_refused = true; /* its docs: scales must not be negative */
    UP_BWD_RUN(s, gradOutput, outputSize, inputSize, out);
}
PHASE2(UpsampleNearestExact1dBackward)

aclnnStatus aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                                const aclIntArray *outputSize,
                                                                const aclIntArray *inputSize,
                                                                double scalesH, double scalesW,
                                                                aclTensor *out, WS)
{
    UP_BWD_SPEC(UpsampleNearestExact2dBackward, OPS_DT_UpsampleNearestExact2dBackward, "gradOutput",
                "out", UP_NEAREST_EXACT, 2, false, scalesH, scalesW);
    s.neg_refused = true; /* its docs: scales must not be negative */
    UP_BWD_RUN(s, gradOutput, outputSize, inputSize, out);
}
PHASE2(UpsampleNearestExact2dBackward)

aclnnStatus aclnnUpsampleNearestExact3dBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclIntArray *outputSize, const aclIntArray *inputSize,
    double scalesD, double scalesH, double scalesW, aclTensor *gradInput, WS)
{
    UP_BWD_SPEC(UpsampleNearestExact3dBackward, OPS_DT_UpsampleNearestExact3dBackward, "gradOut",
                "gradInput", UP_NEAREST_EXACT, 3, false, scalesD, scalesH, scalesW);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, gradInput);
}
PHASE2(UpsampleNearestExact3dBackward)

aclnnStatus aclnnUpsampleLinear1dBackwardGetWorkspaceSize(const aclTensor *gradOut,
                                                          const aclIntArray *outputSize,
                                                          const aclIntArray *inputSize,
                                                          bool alignCorners, double scales,
                                                          aclTensor *out, WS)
{
    UP_BWD_SPEC(UpsampleLinear1dBackward, OPS_DT_UpsampleLinear1dBackward, "gradOut", "out",
                UP_LINEAR, 1, alignCorners, scales);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, out);
}
PHASE2(UpsampleLinear1dBackward)

aclnnStatus aclnnUpsampleBilinear2dBackwardGetWorkspaceSize(const aclTensor *gradOut,
                                                            const aclIntArray *outputSize,
                                                            const aclIntArray *inputSize,
                                                            bool alignCorners, double scalesH,
                                                            double scalesW, aclTensor *out, WS)
{
    UP_BWD_SPEC(UpsampleBilinear2dBackward, OPS_DT_UpsampleBilinear2dBackward, "gradOut", "out",
                UP_LINEAR, 2, alignCorners, scalesH, scalesW);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, out);
}
PHASE2(UpsampleBilinear2dBackward)

aclnnStatus aclnnUpsampleBilinear2dBackwardV2GetWorkspaceSize(const aclTensor *gradOut,
                                                              const aclIntArray *outputSize,
                                                              const aclIntArray *inputSize,
                                                              bool alignCorners, double scalesH,
                                                              double scalesW, aclTensor *out, WS)
{
    UP_BWD_SPEC(UpsampleBilinear2dBackwardV2, OPS_DT_UpsampleBilinear2dBackwardV2, "gradOut", "out",
                UP_LINEAR, 2, alignCorners, scalesH, scalesW);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, out);
}
PHASE2(UpsampleBilinear2dBackwardV2)

aclnnStatus aclnnUpsampleBicubic2dBackwardGetWorkspaceSize(const aclTensor *gradOut,
                                                           const aclIntArray *outputSize,
                                                           const aclIntArray *inputSize,
                                                           const bool alignCorners, double scalesH,
                                                           double scalesW, aclTensor *gradInput, WS)
{
    UP_BWD_SPEC(UpsampleBicubic2dBackward, OPS_DT_UpsampleBicubic2dBackward, "gradOut", "gradInput",
                UP_CUBIC, 2, alignCorners, scalesH, scalesW);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, gradInput);
}
PHASE2(UpsampleBicubic2dBackward)

aclnnStatus aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclIntArray *outputSize, const aclIntArray *inputSize,
    bool alignCorners, double scalesD, double scalesH, double scalesW, aclTensor *gradInput, WS)
{
    UP_BWD_SPEC(UpsampleTrilinear3dBackward, OPS_DT_UpsampleTrilinear3dBackward, "gradOut",
                "gradInput", UP_LINEAR, 3, alignCorners, scalesD, scalesH, scalesW);
    UP_BWD_RUN(s, gradOut, outputSize, inputSize, gradInput);
}
PHASE2(UpsampleTrilinear3dBackward)

aclnnStatus aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                              const aclIntArray *outputSize,
                                                              const aclIntArray *inputSize,
                                                              bool alignCorners, double scalesH,
                                                              double scalesW, aclTensor *out, WS)
{
    UP_BWD_SPEC(UpsampleBilinear2dAABackward, OPS_DT_UpsampleBilinear2dAABackward, "gradOutput",
                "out", UP_AA_LINEAR, 2, alignCorners, scalesH, scalesW);
    s.neg_refused = true; /* its docs: scales must not be negative */
    UP_BWD_RUN(s, gradOutput, outputSize, inputSize, out);
}
PHASE2(UpsampleBilinear2dAABackward)

aclnnStatus aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(const aclTensor *gradOutput,
                                                         const aclIntArray *outputSize,
                                                         const aclIntArray *inputSize,
                                                         bool alignCorners, double scalesH,
                                                         double scalesW, aclTensor *out, WS)
{
    UP_BWD_SPEC(UpsampleBicubic2dAAGrad, OPS_DT_UpsampleBicubic2dAAGrad, "gradOutput", "out",
                UP_AA_CUBIC, 2, alignCorners, scalesH, scalesW);
    s.neg_refused = true; /* its docs: scales must not be negative */
    UP_BWD_RUN(s, gradOutput, outputSize, inputSize, out);
}
PHASE2(UpsampleBicubic2dAAGrad)
