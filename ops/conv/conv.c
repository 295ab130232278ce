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

void conv_im2col(float *col, float *src, int64_t C, const int64_t isz[3], const int64_t osz[3],
                 const struct conv_geom *p, bool add_back)
{
    const int64_t K = p->k[0] * p->k[1] * p->k[2], npos = osz[0] * osz[1] * osz[2];
    const int64_t iplane = isz[0] * isz[1] * isz[2];
    for (int64_t c = 0; c < C; c++)
        for (int64_t a = 0; a < p->k[0]; a++)
            for (int64_t b = 0; b < p->k[1]; b++)
                for (int64_t e = 0; e < p->k[2]; e++) {
                    int64_t kk = (a * p->k[1] + b) * p->k[2] + e;
                    float *r = col + (c * K + kk) * npos;
                    float *x = src + c * iplane;
                    for (int64_t oz = 0; oz < osz[0]; oz++) {
                        int64_t iz = oz * p->s[0] - p->p[0] + a * p->d[0];
                        bool zin = iz >= 0 && iz < isz[0];
                        for (int64_t oy = 0; oy < osz[1]; oy++) {
                            int64_t iy = oy * p->s[1] - p->p[1] + b * p->d[1];
                            bool yin = zin && iy >= 0 && iy < isz[1];
                            float *rr = r + (oz * osz[1] + oy) * osz[2];
                            const int64_t row = (iz * isz[1] + iy) * isz[2];
                            for (int64_t ox = 0; ox < osz[2]; ox++) {
                                int64_t ix = ox * p->s[2] - p->p[2] + e * p->d[2];
                                bool in = yin && ix >= 0 && ix < isz[2];
                                if (add_back) {
                                    if (in)
                                        x[row + ix] += rr[ox];
                                } else {
                                    rr[ox] = in ? x[row + ix] : 0.0f;
                                }
                            }
                        }
                    }
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
};

static void conv_fini(struct aclOpExecutor *e)
{
    free(e->plan);
}

static int32_t conv_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct conv_plan *p = e->plan;
    const int64_t G = p->groups, cig = p->cin / G, cog = p->cout / G;
    const int64_t K = p->g.k[0] * p->g.k[1] * p->g.k[2];
    const int64_t X = p->in[0] * p->in[1] * p->in[2], O = p->out[0] * p->out[1] * p->out[2];
    size_t nin = (size_t)(p->n * p->cin * X), nw = (size_t)p->w.numel,
           nout = (size_t)(p->n * p->cout * O);
    size_t ncol = p->transposed ? (size_t)(cog * K * X) : (size_t)(cig * K * O);
    float *in = malloc((nin ? nin : 1) * sizeof(float)), *w = malloc(nw * sizeof(float));
    float *out = calloc(nout ? nout : 1, sizeof(float)), *col = malloc(ncol * sizeof(float));
    float *bias = p->has_bias ? malloc((size_t)p->cout * sizeof(float)) : NULL;
    if (!in || !w || !out || !col || (p->has_bias && !bias)) {
        free(in), free(w), free(out), free(col), free(bias);
        return ACL_ERROR_BAD_ALLOC;
    }
    ops_gather_f32(in, &p->in_t, addr);
    ops_gather_f32(w, &p->w, addr);
    if (bias)
        ops_gather_f32(bias, &p->bias, addr);
    for (int64_t b = 0; b < p->n; b++) {
        for (int64_t g = 0; g < G; g++) {
            float *x = in + (b * p->cin + g * cig) * X;
            float *y = out + (b * p->cout + g * cog) * O;
            if (!p->transposed) { /* col [cig K, O]; y_g = W_g col */
                conv_im2col(col, x, cig, p->in, p->out, &p->g, false);
                g_conv_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)cog, (int)O,
                             (int)(cig * K), 1.0f, w + g * cog * cig * K, (int)(cig * K), col,
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
    ops_scatter_f32(&p->out_t, addr, out);
    free(in), free(w), free(out), free(col), free(bias);
    return 0;
}

/* ---- phase 1 ------------------------------------------------------------------------ */

#define OP "aclnnConvolution"

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

aclnnStatus aclnnConvolutionGetWorkspaceSize(const aclTensor *input, const aclTensor *weight,
                                             const aclTensor *bias, const aclIntArray *stride,
                                             const aclIntArray *padding,
                                             const aclIntArray *dilation, bool transposed,
                                             const aclIntArray *outputPadding, const int64_t groups,
                                             aclTensor *output, int8_t cubeMathType,
                                             uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(OP, input, weight, stride, padding, dilation, output, workspaceSize, executor);
    if (transposed)
        OPS_CHECK_NULL(OP, outputPadding);
    int nd = (int)input->ndim;
    if (nd < 3 || nd > 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input must be 3-d [N, C, L], 4-d [N, C, H, W] or 5-d [N, C, D, H, W], "
                       "got %d dims",
                       OP, nd);
    if ((int)weight->ndim != nd || (int)output->ndim != nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input, weight and output must have the same rank (%d, %d, %d)", OP, nd,
                       (int)weight->ndim, (int)output->ndim);
    int dti = ops_dt_index(input->dtype), dtw = ops_dt_index(weight->dtype),
        dto = ops_dt_index(output->dtype);
    if (dti < 0 || !(DTM(dti) & OPS_DT_Convolution) || dtw != dti || dto != dti ||
        (bias && ops_dt_index(bias->dtype) != dti))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input, weight, bias and output must share one type of FLOAT, "
                       "FLOAT16, BFLOAT16 (got %s, %s, %s)",
                       OP, ops_dt_name(input->dtype), ops_dt_name(weight->dtype),
                       ops_dt_name(output->dtype));
    if (cubeMathType < 0 || cubeMathType > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..3", OP,
                       (int)cubeMathType);
    int sp = nd - 2;
    int64_t s[3] = {1, 1, 1}, pd[3] = {0, 0, 0}, dl[3] = {1, 1, 1}, op[3] = {0, 0, 0};
    aclnnStatus rc;
    if ((rc = conv_arr(OP, stride, sp, "stride", 1, s)) ||
        (rc = conv_arr(OP, padding, sp, "padding", 0, pd)) ||
        (rc = conv_arr(OP, dilation, sp, "dilation", 1, dl)) ||
        (transposed && (rc = conv_arr(OP, outputPadding, sp, "outputPadding", 0, op))))
        return rc;
    if (groups < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groups %lld must be >= 1", OP,
                       (long long)groups);
    const int64_t *xi = input->dims, *wi = weight->dims;
    int64_t cin = xi[1];
    int64_t cout = transposed ? wi[1] * groups : wi[0];
    bool ok = cin % groups == 0 && (transposed ? wi[0] == cin : wi[1] * groups == cin) &&
              (transposed || cout % groups == 0);
    if (!ok) {
        char a[96], b[96];
        return ops_err(
            ACLNN_ERR_PARAM_INVALID, "%s: weight %s does not fit input %s with groups %lld%s", OP,
            ops_shape_str(a, sizeof a, wi, nd), ops_shape_str(b, sizeof b, xi, nd),
            (long long)groups, transposed ? " (transposed: [Cin, Cout/groups, k...])" : "");
    }
    if (transposed)
        for (int i = 0; i < sp; i++)
            if (op[i] >= s[i] && op[i] >= dl[i])
                return ops_err(ACLNN_ERR_PARAM_INVALID,
                               "%s: outputPadding must be smaller than stride or dilation", OP);
    if (bias && (bias->ndim != 1 || bias->dims[0] != cout))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bias must be 1-d [%lld]", OP, (long long)cout);
    int64_t want[5] = {xi[0], cout, 1, 1, 1};
    for (int i = 0; i < sp; i++) {
        int64_t in = xi[2 + i], k = wi[2 + i];
        want[2 + i] = transposed ? (in - 1) * s[i] - 2 * pd[i] + dl[i] * (k - 1) + op[i] + 1
                                 : (in + 2 * pd[i] - dl[i] * (k - 1) - 1) / s[i] + 1;
        if (k < 1 || want[2 + i] < 1 || (!transposed && in + 2 * pd[i] < dl[i] * (k - 1) + 1))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: kernel %lld (dilation %lld) does not fit the padded input %lld", OP,
                           (long long)k, (long long)dl[i], (long long)(in + 2 * pd[i]));
    }
    for (int i = 0; i < nd; i++)
        if (output->dims[i] != want[i]) {
            char a[96], b[96];
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: output has shape %s, expected %s", OP,
                           ops_shape_str(a, sizeof a, output->dims, nd),
                           ops_shape_str(b, sizeof b, want, nd));
        }
    pthread_once(&g_conv_once, conv_blas_load);
    if (!g_conv_sgemm)
        return ops_err(ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
                       "%s: no BLAS with cblas_sgemm found (libopenblas.so.0)", OP);
    OPS_PLAN(e, p, OP, 3, 1, struct conv_plan, conv_fini, {&p->in_t, input, "input"},
             {&p->w, weight, "weight"}, {&p->bias, bias, "bias"}, {&p->out_t, output, "output"});
    p->has_bias = bias != NULL;
    p->transposed = transposed;
    p->n = xi[0];
    p->cin = cin;
    p->cout = cout;
    p->groups = groups;
    conv_geom_fill(sp, xi, wi, want, s, pd, dl, p->in, p->out, &p->g);
    e->run = p->out_t.numel > 0 ? conv_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(Convolution)
