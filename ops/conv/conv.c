/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnConvolution: 1-d, 2-d and 3-d convolution, forward and transposed,
 * with groups, stride, symmetric padding, dilation and an optional bias; and
 * the im2col / col2im both it and conv_backward.c run on (conv_pvt.h).
 *
 *  CV1. Every operand is first gathered into a contiguous float32 block (any
 *      strides, float16/bfloat16 converted), so the arithmetic sees one
 *      layout; the result is stored back through the out view, rounded to
 *      its type. 1-d and 2-d convolutions run as 3-d ones with outer
 *      spatial dims of size 1.
 *  CV2. Forward: per batch and group, im2col of the input into a
 *      [Cin/g * KH * KW, OH * OW] matrix, then one sgemm with the group's
 *      filters [Cout/g, Cin/g * KH * KW]. Transposed: one sgemm
 *      W_g^T [Cout/g * KH * KW, Cin/g] x in_g [Cin/g, H * W], then col2im
 *      (scatter-add) into the output. The BLAS is OpenBLAS's cblas_sgemm,
 *      loaded on first use as matmul/matmul.c does.
 *  CV3. Phase 1 checks every argument (shapes, sizes of the int arrays,
 *      types, the output shape); the kernel cannot fail except for memory.
 *  CV4. im2col gathers a row of output positions at a time: the positions
 *      inside the input are one range (copied; at stride 1 one memcpy), the
 *      rest padding zeros, with no per-element bounds test; at stride 1 with
 *      output rows as long as the input's ("same" padding), a kernel cell's
 *      rows are one shifted run of the input plane, copied at once, the
 *      border columns then zeroed. A pointwise
 *      forward convolution (1x1 kernel, stride 1, no padding) multiplies the
 *      input itself: its im2col would be a copy.
 *  CV5. A float32 operand stored densely row-major is used in place instead
 *      of gathered (CV1), and so is the output when it shares no byte with
 *      an operand (otherwise it gets a buffer of its own, stored back at
 *      the end): the model study's CNN spent 6% of its time in those copies.
 *  CV6. ConvTbc and ConvDepthwise2d are aclnnConvolution's phase 1 on other views: ConvTbc's
 *      input [T, B, Cin] and output [T', B, Cout] are read as [B, C, T] and its weight
 *      [K, Cin, Cout] as [Cout, Cin, K] (permuted strides, no copy: torch.conv_tbc), with
 *      stride 1, padding pad, bias required; ConvDepthwise2d is groups = Cin with weight
 *      [Cout, 1, KH, KW] (Cout a multiple of Cin) and kernelSize equal to (KH, KW). Their
 *      ranges are CANN's: pad and padding in [0, 255], ConvDepthwise2d's stride in [1, 63].
 */
#include <cblas.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_convolution.h"
#include "ops/conv/conv_pvt.h"
#include "ops/engine/engine.h"
#include "ops/conv/table.h"

/* ---- strided views <-> contiguous float32 ------------------------------------ */

static void walk(const struct ops_tensor *t, void *const *addr, float *buf, bool store)
{
    int nd = t->ndim;
    int64_t inner = nd ? t->dims[nd - 1] : 1, ist = nd ? t->strides[nd - 1] : 1;
    int64_t outer = inner ? t->numel / inner : 0;
    int64_t esz = ops_dt_size(t->dt);
    char *base = ops_base(t, addr);
    ops_load_fn ld = store ? NULL : ops_loader(CK_F32, t->dt);
    ops_store_fn st = store ? ops_storer(CK_F32, t->dt) : NULL;
    int64_t idx[OPS_MAX_DIMS] = {0};
    for (int64_t o = 0; o < outer; o++) {
        int64_t off = 0;
        for (int d = 0; d < nd - 1; d++)
            off += idx[d] * t->strides[d];
        if (store) {
            if (t->dt != DT_F32)
                ops_round_f32(buf + o * inner, inner, t->dt);
            st(base + off * esz, ist * esz, buf + o * inner, inner);
        } else {
            ld(buf + o * inner, base + off * esz, ist * esz, inner);
        }
        for (int d = nd - 2; d >= 0; d--) {
            if (++idx[d] < t->dims[d])
                break;
            idx[d] = 0;
        }
    }
}

void ops_gather_f32(float *dst, const struct ops_tensor *t, void *const *addr)
{
    walk(t, addr, dst, false);
}

void ops_scatter_f32(const struct ops_tensor *t, void *const *addr, const float *src)
{
    walk(t, addr, (float *)src, true); /* for 16-bit types src is rounded in place */
}

/* ---- the BLAS (CV2: ops/matmul/blas.c) ------------------------------------------ */

typedef __typeof__(cblas_sgemm) conv_sgemm_fn;
static conv_sgemm_fn *g_conv_sgemm; /* written once under g_conv_once */
static pthread_once_t g_conv_once = PTHREAD_ONCE_INIT;

static void conv_blas_load(void)
{
    void *v = ops_blas_load();
    memcpy(&g_conv_sgemm, &v, sizeof(v)); /* object -> function pointer (POSIX) */
}

/* ---- im2col / col2im (conv_pvt.h) ----------------------------------------------------- */

/* im2col's gathering direction (CV4) for one kernel cell: rows of output positions, each
 * one range [lo, hi) of ox inside the input (ix = ox * s + off), the rest padding. At stride
 * 1 with rows as long as the input's, consecutive rows are one shifted run of the input:
 * copied at once, then the border columns zeroed. */
static void im2col_cell(float *r, const float *x, const int64_t isz[3], const int64_t osz[3],
                        const struct conv_geom *p, int64_t a, int64_t b, int64_t e)
{
    const int64_t OH = osz[1], OW = osz[2], H = isz[1], W = isz[2], s = p->s[2];
    const int64_t off = e * p->d[2] - p->p[2];
    int64_t lo = off >= 0 ? 0 : (-off + s - 1) / s;
    lo = lo > OW ? OW : lo;           /* a row narrower than the padding before it: all padding */
    const int64_t last = W - 1 - off; /* ox * s <= last */
    int64_t hi = last < 0 ? 0 : last / s + 1;
    hi = hi > OW ? OW : hi < lo ? lo : hi;
    const int64_t yoff = b * p->d[1] - p->p[1]; /* iy = oy * s1 + yoff */
    for (int64_t oz = 0; oz < osz[0]; oz++, r += OH * OW) {
        const int64_t iz = oz * p->s[0] - p->p[0] + a * p->d[0];
        if (iz < 0 || iz >= isz[0] || hi == lo) {
            memset(r, 0, (size_t)(OH * OW) * sizeof(float));
            continue;
        }
        const float *xz = x + iz * H * W;
        if (s == 1 && p->s[1] == 1 && OW == W) {
            const int64_t y0 = yoff >= 0 ? 0 : -yoff, y1 = H - yoff < OH ? H - yoff : OH;
            if (y1 <= y0) {
                memset(r, 0, (size_t)(OH * OW) * sizeof(float));
                continue;
            }
            memset(r, 0, (size_t)(y0 * OW + lo) * sizeof(float));
            /* from row y0's lo to row y1 - 1's hi: inside the plane on both ends */
            memcpy(r + y0 * OW + lo, xz + (y0 + yoff) * W + lo + off,
                   (size_t)((y1 - 1 - y0) * OW + hi - lo) * sizeof(float));
            for (int64_t oy = y0; oy < y1 - 1; oy++) { /* the columns that wrapped */
                float *rr = r + oy * OW;
                for (int64_t ox = hi; ox < OW; ox++)
                    rr[ox] = 0.0f;
                for (int64_t ox = 0; ox < lo; ox++)
                    rr[OW + ox] = 0.0f;
            }
            memset(r + (y1 - 1) * OW + hi, 0, (size_t)((OH - y1 + 1) * OW - hi) * sizeof(float));
            continue;
        }
        for (int64_t oy = 0; oy < OH; oy++) {
            const int64_t iy = oy * p->s[1] + yoff;
            float *rr = r + oy * OW;
            if (iy < 0 || iy >= H) {
                memset(rr, 0, (size_t)OW * sizeof(float));
                continue;
            }
            const float *xr = xz + iy * W;
            for (int64_t ox = 0; ox < lo; ox++)
                rr[ox] = 0.0f;
            if (s == 1)
                memcpy(rr + lo, xr + lo + off, (size_t)(hi - lo) * sizeof(float));
            else
                for (int64_t ox = lo; ox < hi; ox++)
                    rr[ox] = xr[ox * s + off];
            for (int64_t ox = hi; ox < OW; ox++)
                rr[ox] = 0.0f;
        }
    }
}

/* col2im's adding direction for one kernel cell: each output position's column value added
 * back at its input position, padding dropped. */
static void col2im_cell(const float *r, float *x, const int64_t isz[3], const int64_t osz[3],
                        const struct conv_geom *p, int64_t a, int64_t b, int64_t e)
{
    for (int64_t oz = 0; oz < osz[0]; oz++) {
        int64_t iz = oz * p->s[0] - p->p[0] + a * p->d[0];
        bool zin = iz >= 0 && iz < isz[0];
        for (int64_t oy = 0; oy < osz[1]; oy++) {
            int64_t iy = oy * p->s[1] - p->p[1] + b * p->d[1];
            bool yin = zin && iy >= 0 && iy < isz[1];
            const float *rr = r + (oz * osz[1] + oy) * osz[2];
            const int64_t row = (iz * isz[1] + iy) * isz[2];
            for (int64_t ox = 0; ox < osz[2]; ox++) {
                int64_t ix = ox * p->s[2] - p->p[2] + e * p->d[2];
                if (yin && ix >= 0 && ix < isz[2])
                    x[row + ix] += rr[ox];
            }
        }
    }
}

void conv_im2col(float *col, float *src, int64_t C, const int64_t isz[3], const int64_t osz[3],
                 const struct conv_geom *p, bool add_back)
{
    const int64_t K = p->k[0] * p->k[1] * p->k[2], npos = osz[0] * osz[1] * osz[2];
    const int64_t iplane = isz[0] * isz[1] * isz[2];
    for (int64_t c = 0; c < C; c++)
        for (int64_t a = 0; a < p->k[0]; a++)
            for (int64_t b = 0; b < p->k[1]; b++)
                for (int64_t e = 0; e < p->k[2]; e++) {
                    const int64_t kk = (a * p->k[1] + b) * p->k[2] + e;
                    float *r = col + (c * K + kk) * npos, *x = src + c * iplane;
                    if (add_back)
                        col2im_cell(r, x, isz, osz, p, a, b, e);
                    else
                        im2col_cell(r, x, isz, osz, p, a, b, e);
                }
}

void conv_geom_fill(int sp, const int64_t *xi, const int64_t *wi, const int64_t *yi,
                    const int64_t *s, const int64_t *pd, const int64_t *dl, int64_t in[3],
                    int64_t out[3], struct conv_geom *g)
{
    for (int t = 0; t < 3; t++) {
        int i = t - (3 - sp);
        bool real = i >= 0;
        in[t] = real ? xi[2 + i] : 1;
        out[t] = real ? yi[2 + i] : 1;
        g->k[t] = real ? wi[2 + i] : 1;
        g->s[t] = real ? s[i] : 1;
        g->p[t] = real ? pd[i] : 0;
        g->d[t] = real ? dl[i] : 1;
    }
}

/* ---- the plan and the kernel ------------------------------------------------------- */

struct conv_plan {
    struct ops_tensor in_t, w, bias, out_t;
    bool has_bias, transposed;
    int64_t n, cin, cout, groups;
    int64_t in[3], out[3]; /* spatial, normalised to 3 dims */
    struct conv_geom g;
    bool pointwise; /* 1x1x1 kernel, stride 1, no padding: im2col is the input (CV4) */
};

static void conv_fini(struct aclOpExecutor *e)
{
    free(e->plan);
}

/* A float32 view stored densely in row-major order: the kernel reads or writes it in
 * place (CV5). */
static bool dense_f32(const struct ops_tensor *t)
{
    if (t->dt != DT_F32)
        return false;
    int64_t want = 1;
    for (int d = t->ndim - 1; d >= 0; d--) {
        if (t->dims[d] != 1 && t->strides[d] != want)
            return false;
        want *= t->dims[d];
    }
    return true;
}

/* Whether the n floats at a and the m floats at b share no byte. */
static bool disjoint(const float *a, int64_t n, const float *b, int64_t m)
{
    return (uintptr_t)(a + n) <= (uintptr_t)b || (uintptr_t)(b + m) <= (uintptr_t)a;
}

/* An operand as contiguous float32: the view itself when dense (CV5), else gathered into a
 * new buffer (*own, freed by the caller). NULL when out of memory. */
static float *operand(const struct ops_tensor *t, void *const *addr, size_t n, float **own)
{
    *own = NULL;
    if (dense_f32(t))
        return (float *)ops_base(t, addr);
    if (!(*own = malloc((n ? n : 1) * sizeof(float))))
        return NULL;
    ops_gather_f32(*own, t, addr);
    return *own;
}

static int32_t conv_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct conv_plan *p = e->plan;
    const int64_t G = p->groups, cig = p->cin / G, cog = p->cout / G;
    const int64_t K = p->g.k[0] * p->g.k[1] * p->g.k[2];
    const int64_t X = p->in[0] * p->in[1] * p->in[2], O = p->out[0] * p->out[1] * p->out[2];
    size_t nin = (size_t)(p->n * p->cin * X), nw = (size_t)p->w.numel,
           nout = (size_t)(p->n * p->cout * O);
    size_t ncol = p->pointwise ? 1 : p->transposed ? (size_t)(cog * K * X) : (size_t)(cig * K * O);
    float *own_in, *own_w, *own_b = NULL, *own_out = NULL;
    float *in = operand(&p->in_t, addr, nin, &own_in), *w = operand(&p->w, addr, nw, &own_w);
    float *bias = p->has_bias ? operand(&p->bias, addr, (size_t)p->cout, &own_b) : NULL;
    float *out = dense_f32(&p->out_t) ? (float *)ops_base(&p->out_t, addr) : NULL;
    if (out && (!disjoint(out, (int64_t)nout, in, (int64_t)nin) ||
                !disjoint(out, (int64_t)nout, w, (int64_t)nw) ||
                (bias && !disjoint(out, (int64_t)nout, bias, p->cout))))
        out = NULL; /* written while they are read: a buffer of its own */
    if (!out)
        out = own_out = malloc((nout ? nout : 1) * sizeof(float));
    float *col = malloc(ncol * sizeof(float));
    if (!in || !w || !out || !col || (p->has_bias && !bias)) {
        free(own_in), free(own_w), free(own_out), free(col), free(own_b);
        return ACL_ERROR_BAD_ALLOC;
    }
    if (p->transposed) /* col2im adds into it */
        memset(out, 0, nout * sizeof(float));
    for (int64_t b = 0; b < p->n; b++) {
        for (int64_t g = 0; g < G; g++) {
            float *x = in + (b * p->cin + g * cig) * X;
            float *y = out + (b * p->cout + g * cog) * O;
            if (!p->transposed) { /* col [cig K, O]; y_g = W_g col (pointwise: col = x_g) */
                const float *cm = x;
                if (!p->pointwise) {
                    conv_im2col(col, x, cig, p->in, p->out, &p->g, false);
                    cm = col;
                }
                g_conv_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)cog, (int)O,
                             (int)(cig * K), 1.0f, w + g * cog * cig * K, (int)(cig * K), cm,
                             (int)O, 0.0f, y, (int)O);
            } else { /* col [cog K, X] = W_g^T x_g (W_g is [cig, cog K]), then col2im */
                g_conv_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, (int)(cog * K), (int)X,
                             (int)cig, 1.0f, w + g * cig * cog * K, (int)(cog * K), x, (int)X, 0.0f,
                             col, (int)X);
                conv_im2col(col, y, cog, p->out, p->in, &p->g, true);
            }
        }
        if (bias)
            for (int64_t c = 0; c < p->cout; c++) {
                float *y = out + (b * p->cout + c) * O;
                for (int64_t i = 0; i < O; i++)
                    y[i] += bias[c];
            }
    }
    if (own_out)
        ops_scatter_f32(&p->out_t, addr, out);
    free(own_in), free(own_w), free(own_out), free(col), free(own_b);
    return 0;
}

/* ---- phase 1 ------------------------------------------------------------------------ */

/* An int array of exactly `want` values (the spatial rank). */
aclnnStatus conv_arr(const char *op, const aclIntArray *a, int sp, const char *what, int64_t lo,
                     int64_t *v)
{
    uint64_t want = (uint64_t)sp;
    if (a->n != want)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %llu values, expected %llu", op, what,
                       (unsigned long long)a->n, (unsigned long long)want);
    for (uint64_t i = 0; i < want; i++) {
        if (a->v[i] < lo)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s[%llu] = %lld, must be >= %lld", op,
                           what, (unsigned long long)i, (long long)a->v[i], (long long)lo);
        v[i] = a->v[i];
    }
    return ACLNN_SUCCESS;
}

/* Dims of t seen through perm (perm[i]: t's dim at position i; NULL: t's own order). */
static void conv_dims(const aclTensor *t, const int *perm, int64_t *d)
{
    for (uint32_t i = 0; i < t->ndim; i++)
        d[i] = t->dims[perm ? perm[i] : (int)i];
}

/* The same permutation applied to a registered view (CV6). */
static void conv_permute(struct ops_tensor *t, const int *perm)
{
    if (!perm)
        return;
    struct ops_tensor c = *t;
    for (int i = 0; i < c.ndim; i++) {
        t->dims[i] = c.dims[perm[i]];
        t->strides[i] = c.strides[perm[i]];
    }
}

/* The phase 1 of every forward convolution: input, weight and output seen through their
 * permutations pin, pw and pout (NULL: as they are; CV6) as [N, C, spatial...] operands of
 * aclnnConvolution; s, pd, dl and op hold the nd - 2 spatial values, already checked; types
 * are the calling row's. */
static aclnnStatus conv_build(const char *name, const aclTensor *input, const aclTensor *weight,
                              const aclTensor *bias, const int64_t *s, const int64_t *pd,
                              const int64_t *dl, bool transposed, const int64_t *op,
                              const int64_t groups, aclTensor *output, int8_t cubeMathType,
                              const int *pin, const int *pw, const int *pout, unsigned types, WS)
{
    int nd = (int)input->ndim;
    if ((int)weight->ndim != nd || (int)output->ndim != nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input, weight and output must have the same rank (%d, %d, %d)", name,
                       nd, (int)weight->ndim, (int)output->ndim);
    int dti = ops_dt_index(input->dtype), dtw = ops_dt_index(weight->dtype),
        dto = ops_dt_index(output->dtype);
    if (dti < 0 || !(DTM(dti) & types) || dtw != dti || dto != dti ||
        (bias && ops_dt_index(bias->dtype) != dti))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input, weight, bias and output must share one type of FLOAT, "
                       "FLOAT16, BFLOAT16 (got %s, %s, %s)",
                       name, ops_dt_name(input->dtype), ops_dt_name(weight->dtype),
                       ops_dt_name(output->dtype));
    if (cubeMathType < 0 || cubeMathType > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..3", name,
                       (int)cubeMathType);
    int sp = nd - 2;
    if (groups < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groups %lld must be >= 1", name,
                       (long long)groups);
    int64_t xi[5], wi[5], yi[5];
    conv_dims(input, pin, xi);
    conv_dims(weight, pw, wi);
    conv_dims(output, pout, yi);
    int64_t cin = xi[1];
    int64_t cout = transposed ? wi[1] * groups : wi[0];
    bool ok = cin % groups == 0 && (transposed ? wi[0] == cin : wi[1] * groups == cin) &&
              (transposed || cout % groups == 0);
    if (!ok) {
        char a[96], b[96];
        return ops_err(
            ACLNN_ERR_PARAM_INVALID, "%s: weight %s does not fit input %s with groups %lld%s", name,
            ops_shape_str(a, sizeof a, wi, nd), ops_shape_str(b, sizeof b, xi, nd),
            (long long)groups, transposed ? " (transposed: [Cin, Cout/groups, k...])" : "");
    }
    if (transposed)
        for (int i = 0; i < nd - 2; i++)
            if (op[i] >= s[i] && op[i] >= dl[i])
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: outputPadding must be smaller than stride or dilation", name);
    if (bias && (bias->ndim != 1 || bias->dims[0] != cout))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias must be 1-d [%lld]", name,
                       (long long)cout);
    int64_t want[5] = {xi[0], cout, 1, 1, 1};
    for (int i = 0; i < sp; i++) {
        int64_t in = xi[2 + i], k = wi[2 + i];
        want[2 + i] = transposed ? (in - 1) * s[i] - 2 * pd[i] + dl[i] * (k - 1) + op[i] + 1
                                 : (in + 2 * pd[i] - dl[i] * (k - 1) - 1) / s[i] + 1;
        if (k < 1 || want[2 + i] < 1 || (!transposed && in + 2 * pd[i] < dl[i] * (k - 1) + 1))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: kernel %lld (dilation %lld) does not fit the padded input %lld",
                           name, (long long)k, (long long)dl[i], (long long)(in + 2 * pd[i]));
    }
    for (int i = 0; i < nd; i++)
        if (yi[i] != want[i]) {
            char a[96], b[96];
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: output has shape %s, expected %s", name,
                           ops_shape_str(a, sizeof a, yi, nd),
                           ops_shape_str(b, sizeof b, want, nd));
        }
    pthread_once(&g_conv_once, conv_blas_load);
    if (!g_conv_sgemm)
        return ops_err(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                       "%s: no BLAS with cblas_sgemm found (libopenblas.so.0)", name);
    OPS_PLAN(e, p, name, 3, 1, struct conv_plan, conv_fini, {&p->in_t, input, "input"},
             {&p->w, weight, "weight"}, {&p->bias, bias, "bias"}, {&p->out_t, output, "output"});
    conv_permute(&p->in_t, pin);
    conv_permute(&p->w, pw);
    conv_permute(&p->out_t, pout);
    p->has_bias = bias != NULL;
    p->transposed = transposed;
    p->n = xi[0];
    p->cin = cin;
    p->cout = cout;
    p->groups = groups;
    conv_geom_fill(sp, xi, wi, want, s, pd, dl, p->in, p->out, &p->g);
    p->pointwise = !transposed;
    for (int t = 0; t < 3; t++)
        p->pointwise &= p->g.k[t] == 1 && p->g.s[t] == 1 && p->g.p[t] == 0;
    e->run = p->out_t.numel > 0 ? conv_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnConvolutionGetWorkspaceSize(const aclTensor *input, const aclTensor *weight,
                                             const aclTensor *bias, const aclIntArray *stride,
                                             const aclIntArray *padding,
                                             const aclIntArray *dilation, bool transposed,
                                             const aclIntArray *outputPadding, const int64_t groups,
                                             aclTensor *output, int8_t cubeMathType,
                                             uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char name[] = "aclnnConvolution";
    OPS_CHECK_NULLS(name, input, weight, stride, padding, dilation, output, workspaceSize,
                    executor);
    if (transposed)
        OPS_CHECK_NULL(name, outputPadding);
    int nd = (int)input->ndim;
    if (nd < 3 || nd > 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input must be 3-d [N, C, L], 4-d [N, C, H, W] or 5-d [N, C, D, H, W], "
                       "got %d dims",
                       name, nd);
    int sp = nd - 2;
    int64_t s[3] = {1, 1, 1}, pd[3] = {0, 0, 0}, dl[3] = {1, 1, 1}, op[3] = {0, 0, 0};
    aclnnStatus rc;
    if ((rc = conv_arr(name, stride, sp, "stride", 1, s)) ||
        (rc = conv_arr(name, padding, sp, "padding", 0, pd)) ||
        (rc = conv_arr(name, dilation, sp, "dilation", 1, dl)) ||
        (transposed && (rc = conv_arr(name, outputPadding, sp, "outputPadding", 0, op))))
        return rc;
    return conv_build(name, input, weight, bias, s, pd, dl, transposed, op, groups, output,
                      cubeMathType, NULL, NULL, NULL, OPS_DT_Convolution, workspaceSize, executor);
}

PHASE2(Convolution)

aclnnStatus aclnnConvTbcGetWorkspaceSize(const aclTensor *self, const aclTensor *weight,
                                         const aclTensor *bias, const int64_t pad,
                                         aclTensor *output, int8_t cubeMathType, WS)
{
    static const char name[] = "aclnnConvTbc";
    OPS_CHECK_NULLS(name, self, weight, bias, output, workspaceSize, executor);
    const aclTensor *all[3] = {self, weight, output};
    static const char *const what[3] = {"self", "weight", "output"};
    for (int i = 0; i < 3; i++)
        if (all[i]->ndim != 3)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %u dims, 3 are needed", name,
                           what[i], all[i]->ndim);
    if (pad < 0 || pad > 255)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: pad is %lld, it must lie in [0, 255]", name,
                       (long long)pad);
    /* CV6: [T, B, C] as [B, C, T]; weight [K, Cin, Cout] as [Cout, Cin, K] */
    static const int tbc[3] = {1, 2, 0}, kio[3] = {2, 1, 0};
    const int64_t one = 1;
    return conv_build(name, self, weight, bias, &one, &pad, &one, false, NULL, 1, output,
                      cubeMathType, tbc, kio, tbc, OPS_DT_ConvTbc, workspaceSize, executor);
}
PHASE2(ConvTbc)

aclnnStatus aclnnConvDepthwise2dGetWorkspaceSize(const aclTensor *self, const aclTensor *weight,
                                                 const aclIntArray *kernelSize,
                                                 const aclTensor *bias, const aclIntArray *stride,
                                                 const aclIntArray *padding,
                                                 const aclIntArray *dilation, aclTensor *out,
                                                 int8_t cubeMathType, WS)
{
    static const char name[] = "aclnnConvDepthwise2d";
    OPS_CHECK_NULLS(name, self, weight, kernelSize, stride, padding, dilation, out, workspaceSize,
                    executor);
    if (self->ndim != 4 || weight->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self and weight have %u and %u dims, 4 (NCHW) are needed", name,
                       self->ndim, weight->ndim);
    int64_t k[2] = {0, 0}, s[2] = {1, 1}, pd[2] = {0, 0}, dl[2] = {1, 1};
    aclnnStatus rc;
    if ((rc = conv_arr(name, kernelSize, 2, "kernelSize", 1, k)) ||
        (rc = conv_arr(name, stride, 2, "stride", 1, s)) ||
        (rc = conv_arr(name, padding, 2, "padding", 0, pd)) ||
        (rc = conv_arr(name, dilation, 2, "dilation", 1, dl)))
        return rc;
    for (int i = 0; i < 2; i++)
        if (s[i] > 63 || pd[i] > 255)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: stride %lld and padding %lld of dim %d must lie in [1, 63] and "
                           "[0, 255]",
                           name, (long long)s[i], (long long)pd[i], i);
    if (k[0] != weight->dims[2] || k[1] != weight->dims[3])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: kernelSize is (%lld, %lld), weight's kernel (%lld, %lld)", name,
                       (long long)k[0], (long long)k[1], (long long)weight->dims[2],
                       (long long)weight->dims[3]);
    int64_t cin = self->dims[1];
    if (weight->dims[1] != 1 || cin < 1 || weight->dims[0] % cin)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight [%lld, %lld, ...] must be [a multiple of self's %lld channels, "
                       "1, ...]",
                       name, (long long)weight->dims[0], (long long)weight->dims[1],
                       (long long)cin);
    return conv_build(name, self, weight, bias, s, pd, dl, false, NULL, cin, out, cubeMathType,
                      NULL, NULL, NULL, OPS_DT_ConvDepthwise2d, workspaceSize, executor);
}
PHASE2(ConvDepthwise2d)
