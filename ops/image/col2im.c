/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/image/col2im.c: Im2colBackward (ops-cv's image/col2im; torch's fold): the columns of
 * aclnnIm2col summed back into the images they were taken from.
 *
 *  CI1. gradOutput is (N, C * kh * kw, L) or (C * kh * kw, L), L = oh * ow the blocks of
 *       the inputSize (H, W) image under kernelSize, dilation, padding and stride (2 values
 *       each, as aclnnIm2col takes them); out (N, C, H, W) or (C, H, W). Column row
 *       (c, ki, kj), block (y, x) adds into out[c, y * sh - ph + ki * dh, x * sw - pw +
 *       kj * dw] when that lies inside the image; positions in the padding are dropped.
 *  CI2. A launch splits by planes (N * C); a plane is summed by one block in a double
 *       buffer, rows in order (no atomics), rounded once: bit-identical for any worker
 *       count.
 */
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_im2col_backward.h"
#include "ops/engine/engine.h"
#include "ops/image/table.h"

struct ci_plan {
    const struct ops_split *split; /* first (engine.h: ops_split_run) */
    struct ops_tensor g, o;        /* g as [N, C*kh*kw, L], o as [N, C, H, W] */
    int64_t kh, kw, dh, dw, ph, pw, sh, sw, oh, ow;
};

static int32_t ci_block(const struct aclOpExecutor *e, void *const *addr, uint32_t bi, uint32_t bn)
{
    const struct ci_plan *p = e->plan;
    const int64_t C = p->o.dims[1], H = p->o.dims[2], W = p->o.dims[3], L = p->oh * p->ow;
    double *acc = malloc((size_t)(H * W + L + 1) * sizeof(double));
    if (!acc)
        return ACL_ERROR_BAD_ALLOC;
    double *row = acc + H * W;
    const int64_t eg = ops_dt_size(p->g.dt), eo = ops_dt_size(p->o.dt);
    int64_t q0, q1;
    ops_split_range(p->o.dims[0] * C, 1, bi, bn, &q0, &q1);
    for (int64_t q = q0; q < q1; q++) {
        int64_t n = q / C, c = q % C;
        memset(acc, 0, (size_t)(H * W) * sizeof(double));
        for (int64_t ki = 0; ki < p->kh; ki++)
            for (int64_t kj = 0; kj < p->kw; kj++) {
                const int64_t r = (c * p->kh + ki) * p->kw + kj;
                ops_loader(CK_F64, p->g.dt)(
                    row, ops_base(&p->g, addr) + (n * p->g.strides[0] + r * p->g.strides[1]) * eg,
                    p->g.strides[2] * eg, L);
                for (int64_t y = 0; y < p->oh; y++) {
                    const int64_t ih = y * p->sh - p->ph + ki * p->dh;
                    if (ih < 0 || ih >= H)
                        continue;
                    for (int64_t x = 0; x < p->ow; x++) {
                        const int64_t iw = x * p->sw - p->pw + kj * p->dw;
                        if (iw >= 0 && iw < W)
                            acc[ih * W + iw] += row[y * p->ow + x];
                    }
                }
            }
        ops_round_f64(acc, H * W, p->o.dt);
        ops_scatter_nd(acc, CK_F64,
                       ops_base(&p->o, addr) + (n * p->o.strides[0] + c * p->o.strides[1]) * eo,
                       p->o.dt, 2, p->o.dims + 2, p->o.strides + 2);
    }
    free(acc);
    return 0;
}

static uint32_t ci_blocks(const struct aclOpExecutor *e)
{
    const struct ci_plan *p = e->plan;
    int64_t n = p->g.numel > p->o.numel ? p->g.numel : p->o.numel;
    return ops_split_rows(p->o.dims[0] * p->o.dims[1], n, EW_SPLIT_MIN);
}

static const struct ops_split ci_split = {ci_blocks, ci_block};

static bool ci_pair(const aclIntArray *a, int64_t *v0, int64_t *v1, int64_t min)
{
    if (a->n != 2 || a->v[0] < min || a->v[1] < min)
        return false;
    *v0 = a->v[0], *v1 = a->v[1];
    return true;
}

aclnnStatus aclnnIm2colBackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                const aclIntArray *inputSize,
                                                const aclIntArray *kernelSize,
                                                const aclIntArray *dilation,
                                                const aclIntArray *padding,
                                                const aclIntArray *stride, aclTensor *out, WS)
{
    const char *name = "aclnnIm2colBackward";
    OPS_CHECK_NULLS(name, gradOutput, inputSize, kernelSize, dilation, padding, stride, out,
                    workspaceSize, executor);
    aclnnStatus rc;
    int dt, odt;
    if ((rc = ops_check_dims(gradOutput, name, "gradOutput")) ||
        (rc = ops_check_dims(out, name, "out")) ||
        (rc = ops_need_dt(name, "gradOutput", gradOutput->dtype, OPS_DT_Im2colBackward, &dt)) ||
        (rc = ops_need_dt(name, "out", out->dtype, OPS_DT_Im2colBackward, &odt)))
        return rc;
    if (odt != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: out has data type %s; it must be %s's", name,
                       ops_dt_name(out->dtype), ops_dt_name(gradOutput->dtype));
    if (gradOutput->ndim != 2 && gradOutput->ndim != 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput must be 2-D or 3-D (got %u-D)",
                       name, gradOutput->ndim);
    struct ci_plan pl = {0};
    int64_t H, W;
    if (!ci_pair(inputSize, &H, &W, 1) || !ci_pair(kernelSize, &pl.kh, &pl.kw, 1) ||
        !ci_pair(dilation, &pl.dh, &pl.dw, 1) || !ci_pair(stride, &pl.sh, &pl.sw, 1) ||
        !ci_pair(padding, &pl.ph, &pl.pw, 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputSize, kernelSize, dilation, padding and stride need 2 values "
                       "each (positive; padding >= 0)",
                       name);
    int64_t eh = H + 2 * pl.ph - pl.dh * (pl.kh - 1) - 1,
            ew = W + 2 * pl.pw - pl.dw * (pl.kw - 1) - 1;
    if (eh < 0 || ew < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the kernel does not fit the padded input",
                       name);
    pl.oh = eh / pl.sh + 1, pl.ow = ew / pl.sw + 1;
    const bool batched = gradOutput->ndim == 3;
    const int64_t rows = gradOutput->dims[batched ? 1 : 0], L = gradOutput->dims[batched ? 2 : 1];
    if (rows % (pl.kh * pl.kw) != 0 || L != pl.oh * pl.ow)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradOutput must be ([N,] C * %lld, %lld) for this kernel and "
                       "inputSize (got %lld rows, %lld columns)",
                       name, (long long)(pl.kh * pl.kw), (long long)(pl.oh * pl.ow),
                       (long long)rows, (long long)L);
    int64_t want[4];
    int nw = 0;
    if (batched)
        want[nw++] = gradOutput->dims[0];
    want[nw++] = rows / (pl.kh * pl.kw);
    want[nw++] = H;
    want[nw++] = W;
    if ((rc = ops_check_out_shape(name, out, want, nw)))
        return rc;
    OPS_PLAN(e, p, name, 1, 1, struct ci_plan, NULL, {&p->g, gradOutput, "gradOutput"},
             {&p->o, out, "out"});
    struct ops_tensor g = p->g, o = p->o;
    *p = pl;
    p->g = g, p->o = o;
    p->split = &ci_split;
    if (!batched) { /* view as a batch of one */
        for (int d = 2; d > 0; d--) {
            p->g.dims[d] = p->g.dims[d - 1];
            p->g.strides[d] = p->g.strides[d - 1];
        }
        p->g.dims[0] = 1, p->g.strides[0] = 0, p->g.ndim = 3;
        for (int d = 3; d > 0; d--) {
            p->o.dims[d] = p->o.dims[d - 1];
            p->o.strides[d] = p->o.strides[d - 1];
        }
        p->o.dims[0] = 1, p->o.strides[0] = 0, p->o.ndim = 4;
    }
    e->run = p->o.numel ? ops_split_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Im2colBackward)
