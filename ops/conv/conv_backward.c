/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnConvolutionBackward: the gradients of a 1-d, 2-d or 3-d convolution
 * (forward or transposed, groups, stride, padding, dilation) with respect to
 * its input, weight and bias, each computed when outputMask asks for it.
 *
 *  VB1. Every operand is gathered into contiguous float32 (conv_pvt.h); the
 *      gradients are stored through their views rounded to their types.
 *      Spatial ranks below 3 run as 3-d with outer dims of size 1.
 *  VB2. One im2col / col2im pair over 3 spatial dims serves both forms. A
 *      convolution y = W x: with col = im2col(x_g), gradWeight_g += gy_g
 *      col^T and gradInput_g = col2im(W_g^T gy_g). A transposed one is the
 *      adjoint: with col = im2col(gy_g) (gy's positions read at the input's),
 *      gradInput_g = W_g col and gradWeight_g += x_g col^T. Each product is
 *      one cblas_sgemm (ops_blas_sgemm) per batch and group.
 *  VB3. gradBias is gradOutput summed over the batch and the spatial dims,
 *      in double.
 *  VB4. Phase 1 checks every argument against the shape relation of the
 *      forward (gradOutput's spatial size must be the one the forward would
 *      produce); the kernel cannot fail except for memory.
 */
#include <cblas.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_convolution_backward.h"
#include "ops/conv/conv_pvt.h"
#include "ops/conv/table.h"
#include "ops/engine/engine.h"

typedef __typeof__(cblas_sgemm) cb_sgemm_fn;

struct cb_plan {
    struct ops_tensor gy, x, w, gx, gw, gb;
    cb_sgemm_fn *gemm;
    bool mask[3], transposed;
    int64_t n, cin, cout, groups;
    int64_t in[3], out[3]; /* spatial, normalised to 3 dims */
    struct conv_geom g;
};

static void cb_fini(struct aclOpExecutor *e)
{
    free(e->plan);
}

static int64_t prod3(const int64_t *v)
{
    return v[0] * v[1] * v[2];
}

static int32_t cb_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct cb_plan *p = e->plan;
    const int64_t G = p->groups, cig = p->cin / G, cog = p->cout / G;
    const int64_t K = prod3(p->g.k), X = prod3(p->in), O = prod3(p->out);
    /* the im2col source: x (forward) or gy (transposed), and its positions */
    const int64_t colrows = (p->transposed ? cog : cig) * K, colcols = p->transposed ? X : O;
    size_t nx = (size_t)(p->n * p->cin * X), ny = (size_t)(p->n * p->cout * O),
           nw = (size_t)p->w.numel;
    float *x = malloc((nx + 1) * sizeof(float)), *gy = malloc((ny + 1) * sizeof(float));
    float *w = malloc((nw + 1) * sizeof(float)), *gw = calloc(nw + 1, sizeof(float));
    float *gx = calloc(nx + 1, sizeof(float)), *gb = malloc((size_t)(p->cout + 1) * sizeof(float));
    float *col = malloc((size_t)(colrows * colcols + 1) * sizeof(float));
    int32_t rc = 0;
    if (!x || !gy || !w || !gw || !gx || !gb || !col) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_f32(gy, &p->gy, addr);
    if (p->mask[1])
        ops_gather_f32(x, &p->x, addr);
    if (p->mask[0])
        ops_gather_f32(w, &p->w, addr);
    for (int64_t b = 0; b < p->n && (p->mask[0] || p->mask[1]); b++)
        for (int64_t g = 0; g < G; g++) {
            float *xg = x + (b * p->cin + g * cig) * X, *gxg = gx + (b * p->cin + g * cig) * X;
            const float *gyg = gy + (b * p->cout + g * cog) * O;
            if (!p->transposed) {
                const float *wg = w + g * cog * cig * K;
                float *gwg = gw + g * cog * cig * K;
                if (p->mask[1]) { /* gradWeight_g [cog, cig K] += gy_g [cog, O] col^T */
                    conv_im2col(col, xg, cig, p->in, p->out, &p->g, false);
                    p->gemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)cog, (int)(cig * K),
                            (int)O, 1.0f, gyg, (int)O, col, (int)O, 1.0f, gwg, (int)(cig * K));
                }
                if (p->mask[0]) { /* dcol [cig K, O] = W_g^T gy_g, then col2im */
                    p->gemm(CblasRowMajor, CblasTrans, CblasNoTrans, (int)(cig * K), (int)O,
                            (int)cog, 1.0f, wg, (int)(cig * K), gyg, (int)O, 0.0f, col, (int)O);
                    conv_im2col(col, gxg, cig, p->in, p->out, &p->g, true);
                }
            } else {
                /* W_g [cig, cog K]; col [cog K, X] = im2col(gy_g) read at the input's cells */
                const float *wg = w + g * cig * cog * K;
                float *gwg = gw + g * cig * cog * K;
                conv_im2col(col, (float *)gyg, cog, p->out, p->in, &p->g, false);
                if (p->mask[0])
                    p->gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)cig, (int)X,
                            (int)(cog * K), 1.0f, wg, (int)(cog * K), col, (int)X, 0.0f, gxg,
                            (int)X);
                if (p->mask[1])
                    p->gemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)cig, (int)(cog * K),
                            (int)X, 1.0f, xg, (int)X, col, (int)X, 1.0f, gwg, (int)(cog * K));
            }
        }
    if (p->mask[0])
        ops_scatter_f32(&p->gx, addr, gx);
    if (p->mask[1])
        ops_scatter_f32(&p->gw, addr, gw);
    if (p->mask[2]) { /* VB3 */
        for (int64_t c = 0; c < p->cout; c++) {
            double s = 0;
            for (int64_t b = 0; b < p->n; b++) {
                const float *r = gy + (b * p->cout + c) * O;
                for (int64_t i = 0; i < O; i++)
                    s += r[i];
            }
            gb[c] = (float)s;
        }
        ops_scatter_f32(&p->gb, addr, gb);
    }
out:
    free(x), free(gy), free(w), free(gw), free(gx), free(gb), free(col);
    return rc;
}

/* ---- phase 1 -------------------------------------------------------------------------------- */

#define OP "aclnnConvolutionBackward"

static aclnnStatus same_dt(const aclTensor *t, const char *what, int dt)
{
    if (t && ops_dt_index(t->dtype) != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: %s has data type %s; gradOutput, input, weight and the gradients "
                       "must share one of FLOAT, FLOAT16, BFLOAT16",
                       OP, what, ops_dt_name(t->dtype));
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnConvolutionBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *input, const aclTensor *weight,
    const aclIntArray *biasSizes, const aclIntArray *stride, const aclIntArray *padding,
    const aclIntArray *dilation, bool transposed, const aclIntArray *outputPadding, int groups,
    const aclBoolArray *outputMask, int8_t cubeMathType, aclTensor *gradInput,
    aclTensor *gradWeight, aclTensor *gradBias, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    OPS_CHECK_NULLS(OP, gradOutput, input, weight, stride, padding, dilation, outputMask,
                    workspaceSize, executor);
    if (outputMask->n != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: outputMask has %llu values, expected 3", OP,
                       (unsigned long long)outputMask->n);
    const bool *m = outputMask->v;
    if (m[0])
        OPS_CHECK_NULL(OP, gradInput);
    if (m[1])
        OPS_CHECK_NULL(OP, gradWeight);
    if (m[2])
        OPS_CHECK_NULL(OP, gradBias);
    if (transposed)
        OPS_CHECK_NULL(OP, outputPadding);
    aclnnStatus rc;
    const aclTensor *all[] = {gradOutput,
                              input,
                              weight,
                              m[0] ? gradInput : NULL,
                              m[1] ? gradWeight : NULL,
                              m[2] ? gradBias : NULL};
    static const char *const names[] = {"gradOutput", "input",      "weight",
                                        "gradInput",  "gradWeight", "gradBias"};
    for (int i = 0; i < 6; i++)
        if (all[i] && (rc = ops_check_dims(all[i], OP, names[i])))
            return rc;
    int nd = (int)input->ndim;
    if (nd < 3 || nd > 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: input must have 3 to 5 dims [N, C, spatial...], got %d", OP, nd);
    if ((int)weight->ndim != nd || (int)gradOutput->ndim != nd)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradOutput, input and weight must have the same rank (%d, %d, %d)", OP,
                       (int)gradOutput->ndim, nd, (int)weight->ndim);
    int dt;
    if ((rc = ops_need_dt(OP, "input", input->dtype, OPS_DT_ConvolutionBackward, &dt)))
        return rc;
    for (int i = 0; i < 6; i++)
        if (i != 1 && (rc = same_dt(all[i], names[i], dt)))
            return rc;
    if (cubeMathType < 0 || cubeMathType > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..3", OP,
                       (int)cubeMathType);
    if (groups < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: groups %d must be >= 1", OP, groups);
    const int sp = nd - 2;
    int64_t s[3], pd[3], dl[3], op[3] = {0, 0, 0};
    if ((rc = conv_arr(OP, stride, sp, "stride", 1, s)) ||
        (rc = conv_arr(OP, padding, sp, "padding", 0, pd)) ||
        (rc = conv_arr(OP, dilation, sp, "dilation", 1, dl)) ||
        (transposed && outputPadding->n &&
         (rc = conv_arr(OP, outputPadding, sp, "outputPadding", 0, op))))
        return rc;
    const int64_t *xi = input->dims, *wi = weight->dims;
    const int64_t cin = xi[1], cout = transposed ? wi[1] * groups : wi[0];
    bool ok = cin % groups == 0 && (transposed ? wi[0] == cin : wi[1] * groups == cin) &&
              cout % groups == 0;
    if (!ok) {
        char a[96], b[96];
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: weight %s does not fit input %s with groups %d%s", OP,
                       ops_shape_str(a, sizeof a, wi, nd), ops_shape_str(b, sizeof b, xi, nd),
                       groups, transposed ? " (transposed: [Cin, Cout/groups, k...])" : "");
    }
    int64_t want[5] = {xi[0], cout, 1, 1, 1};
    for (int i = 0; i < sp; i++) {
        int64_t in = xi[2 + i], k = wi[2 + i];
        if (transposed && op[i] >= s[i] && op[i] >= dl[i])
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: outputPadding[%d] must be smaller than stride or dilation", OP, i);
        want[2 + i] = transposed ? (in - 1) * s[i] - 2 * pd[i] + dl[i] * (k - 1) + op[i] + 1
                                 : (in + 2 * pd[i] - dl[i] * (k - 1) - 1) / s[i] + 1;
        if (k < 1 || want[2 + i] < 1 || (!transposed && in + 2 * pd[i] < dl[i] * (k - 1) + 1))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: kernel %lld (dilation %lld) does not fit input size %lld "
                           "(padding %lld)",
                           OP, (long long)k, (long long)dl[i], (long long)in, (long long)pd[i]);
    }
    if ((rc = ops_check_shape(OP, want, nd, gradOutput, "gradOutput")) ||
        (m[0] && (rc = ops_check_shape(OP, xi, nd, gradInput, "gradInput"))) ||
        (m[1] && (rc = ops_check_shape(OP, wi, nd, gradWeight, "gradWeight"))) ||
        (m[2] && (rc = ops_check_shape(OP, &cout, 1, gradBias, "gradBias"))))
        return rc;
    if (m[2] && biasSizes && biasSizes->n && (biasSizes->n != 1 || biasSizes->v[0] != cout))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: biasSizes must be [%lld]", OP,
                       (long long)cout);
    cb_sgemm_fn *gemm = NULL;
    void *f = ops_blas_sgemm(OP);
    if (!f)
        return ACLNN_ERR_INNER_FIND_KERNEL_ERROR;
    memcpy(&gemm, &f, sizeof(f)); /* object -> function pointer (POSIX) */
    OPS_PLAN(e, p, OP, 3, 3, struct cb_plan, cb_fini, {&p->gy, gradOutput, "gradOutput"},
             {&p->x, input, "input"}, {&p->w, weight, "weight"},
             {m[0] ? &p->gx : NULL, m[0] ? gradInput : NULL, "gradInput"},
             {m[1] ? &p->gw : NULL, m[1] ? gradWeight : NULL, "gradWeight"},
             {m[2] ? &p->gb : NULL, m[2] ? gradBias : NULL, "gradBias"});
    p->gemm = gemm;
    memcpy(p->mask, m, sizeof(p->mask));
    p->transposed = transposed;
    p->n = xi[0], p->cin = cin, p->cout = cout, p->groups = groups;
    conv_geom_fill(sp, xi, wi, want, s, pd, dl, p->in, p->out, &p->g);
    bool any = (m[0] && p->gx.numel) || (m[1] && p->gw.numel) || (m[2] && p->gb.numel);
    e->run = any ? cb_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

PHASE2(ConvolutionBackward)
