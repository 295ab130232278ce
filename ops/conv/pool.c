/* SPDX-License-Identifier: Apache-2.0 */
/*
 * 2-d pooling: aclnnMaxPool (ONNX-style, asymmetric pads, dilation) and
 * aclnnAvgPool2d (PyTorch-style), both over ops_pool2d_build (pool.h),
 * which graph/ also uses for GE's MaxPool/AvgPool with padding "SAME".
 *
 *  PL1. The input is gathered into contiguous float32 (conv_pvt.h), each
 *      output cell is computed from its window in float32, and the result
 *      is stored through the out view rounded to its type.
 *  PL2. Max: padded cells never win; a window entirely in padding (possible
 *      only with ceil mode) gives -inf. Avg: the divisor is divisorOverride
 *      when non-zero, else the window's cells inside the padded input
 *      (countIncludePad) clipped to the padded extent, or the cells inside
 *      the input.
 *  PL3. Ceil mode drops a last window that would start in the bottom/right
 *      padding (as PyTorch and CANN do).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_avgpool2d.h"
#include "aclnnop/aclnn_max_pool.h"
#include "ops/conv/conv_pvt.h"
#include "ops/conv/pool.h"
#include "ops/engine/engine.h"
#include "ops/conv/table.h"

struct pool_plan {
    struct ops_tensor in, out;
    bool is_max, include_pad;
    int64_t planes, h, w, oh, ow, kh, kw, sh, sw, pt, pl, pb, pr, dh, dw, divisor;
};

static void pool_fini(struct aclOpExecutor *e)
{
    free(e->plan);
}

static int32_t pool_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct pool_plan *p = e->plan;
    size_t nin = (size_t)(p->planes * p->h * p->w), nout = (size_t)(p->planes * p->oh * p->ow);
    float *in = malloc((nin ? nin : 1) * sizeof(float)), *out = malloc(nout * sizeof(float));
    if (!in || !out) {
        free(in);
        free(out);
        return ACL_ERROR_BAD_ALLOC;
    }
    ops_gather_f32(in, &p->in, addr);
    for (int64_t c = 0; c < p->planes; c++) {
        const float *x = in + c * p->h * p->w;
        float *y = out + c * p->oh * p->ow;
        for (int64_t oy = 0; oy < p->oh; oy++)
            for (int64_t ox = 0; ox < p->ow; ox++) {
                int64_t y0 = oy * p->sh - p->pt, x0 = ox * p->sw - p->pl;
                float best = -INFINITY;
                double sum = 0;
                int64_t cnt = 0, padcnt = 0;
                for (int64_t i = 0; i < p->kh; i++) {
                    int64_t iy = y0 + i * p->dh;
                    for (int64_t j = 0; j < p->kw; j++) {
                        int64_t ix = x0 + j * p->dw;
                        bool in_pad = iy >= -p->pt && iy < p->h + p->pb && ix >= -p->pl &&
                                      ix < p->w + p->pr;
                        padcnt += in_pad;
                        if (iy < 0 || iy >= p->h || ix < 0 || ix >= p->w)
                            continue;
                        float v = x[iy * p->w + ix];
                        if (v > best || isnan(v))
                            best = isnan(best) ? best : v;
                        sum += v;
                        cnt++;
                    }
                }
                if (p->is_max) {
                    y[oy * p->ow + ox] = best;
                } else {
                    int64_t div = p->divisor ? p->divisor : p->include_pad ? padcnt : cnt;
                    y[oy * p->ow + ox] = div ? (float)(sum / (double)div) : NAN;
                }
            }
    }
    ops_scatter_f32(&p->out, addr, out);
    free(in);
    free(out);
    return 0;
}

static int64_t out_size(int64_t in, int64_t pa, int64_t pb, int64_t k, int64_t s, int64_t d,
                        bool ceil)
{
    int64_t span = in + pa + pb - d * (k - 1) - 1;
    if (span < 0)
        return 0;
    int64_t o = (ceil ? (span + s - 1) / s : span / s) + 1;
    if (ceil && (o - 1) * s >= in + pa) /* PL3 */
        o--;
    return o;
}

aclnnStatus ops_pool2d_build(const char *op, const aclTensor *self, aclTensor *out, bool is_max,
                             const int64_t k[2], const int64_t s[2], const int64_t pads[4],
                             const int64_t dil[2], bool ceil, bool count_include_pad,
                             int64_t divisor, uint64_t *workspaceSize, aclOpExecutor **executor)
{
    int nd = (int)self->ndim;
    if (nd != 3 && nd != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self must be 3-d [C, H, W] or 4-d [N, C, H, W], got %d dims", op, nd);
    int dt = ops_dt_index(self->dtype);
    if (dt < 0 || !(DTM(dt) & (is_max ? OPS_DT_MaxPool : OPS_DT_AvgPool2d)) ||
        ops_dt_index(out->dtype) != dt)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self and out must share one type of FLOAT, FLOAT16, BFLOAT16 (got %s "
                       "and %s)",
                       op, ops_dt_name(self->dtype), ops_dt_name(out->dtype));
    for (int i = 0; i < 2; i++) {
        if (k[i] < 1 || s[i] < 1 || dil[i] < 1)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: kernel, strides and dilations must be >= 1", op);
        if (pads[i] < 0 || pads[i + 2] < 0 || pads[i] > k[i] / 2 || pads[i + 2] > k[i] / 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: padding must be between 0 and half the kernel (kernel %lld, "
                           "pads %lld/%lld)",
                           op, (long long)k[i], (long long)pads[i], (long long)pads[i + 2]);
    }
    if (divisor < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: divisorOverride %lld is negative", op,
                       (long long)divisor);
    int64_t h = self->dims[nd - 2], w = self->dims[nd - 1];
    int64_t oh = out_size(h, pads[0], pads[2], k[0], s[0], dil[0], ceil);
    int64_t ow = out_size(w, pads[1], pads[3], k[1], s[1], dil[1], ceil);
    if (oh < 1 || ow < 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the window (%lld x %lld) does not fit the padded input (%lld x %lld)",
                       op, (long long)k[0], (long long)k[1], (long long)(h + pads[0] + pads[2]),
                       (long long)(w + pads[1] + pads[3]));
    int64_t want[4];
    memcpy(want, self->dims, (size_t)nd * sizeof(int64_t));
    want[nd - 2] = oh;
    want[nd - 1] = ow;
    aclnnStatus orc = ops_check_out_shape(op, out, want, nd);
    if (orc)
        return orc;
    OPS_PLAN(e, p, op, 1, 1, struct pool_plan, pool_fini, {&p->in, self, "self"},
             {&p->out, out, "out"});
    p->is_max = is_max;
    p->include_pad = count_include_pad;
    p->planes = nd == 4 ? self->dims[0] * self->dims[1] : self->dims[0];
    p->h = h, p->w = w, p->oh = oh, p->ow = ow;
    p->kh = k[0], p->kw = k[1], p->sh = s[0], p->sw = s[1];
    p->pt = pads[0], p->pl = pads[1], p->pb = pads[2], p->pr = pads[3];
    p->dh = dil[0], p->dw = dil[1];
    p->divisor = divisor;
    e->run = p->out.numel > 0 ? pool_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}

/* 1 value = both dims; 2 = [h, w]; 0 = dflt. */
static aclnnStatus hw(const char *op, const aclIntArray *a, const char *what, bool allow_empty,
                      const int64_t *dflt, int64_t v[2])
{
    if (!a || a->n == 0) {
        if (!allow_empty)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have 1 or 2 values", op, what);
        v[0] = dflt[0], v[1] = dflt[1];
        return ACLNN_SUCCESS;
    }
    if (a->n > 2)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s has %llu values (1 or 2 expected)", op,
                       what, (unsigned long long)a->n);
    v[0] = a->v[0];
    v[1] = a->n == 2 ? a->v[1] : a->v[0];
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnMaxPoolGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelShape,
                                         const aclIntArray *strides, const int64_t autoPad,
                                         const aclIntArray *pads, const aclIntArray *dilations,
                                         const int64_t ceilMode, aclTensor *out,
                                         uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnMaxPool";
    OPS_CHECK_NULLS(op, self, kernelShape, out, workspaceSize, executor);
    if (autoPad != 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: autoPad %lld: only 0 (NOTSET) is supported",
                       op, (long long)autoPad);
    int64_t k[2] = {1, 1}, s[2] = {1, 1}, d[2] = {1, 1}, p4[4] = {0, 0, 0, 0}, one[2] = {1, 1};
    aclnnStatus rc;
    if ((rc = hw(op, kernelShape, "kernelShape", false, NULL, k)) ||
        (rc = hw(op, strides, "strides", true, k, s)) ||
        (rc = hw(op, dilations, "dilations", true, one, d)))
        return rc;
    if (pads && pads->n == 4)
        memcpy(p4, pads->v, sizeof(p4));
    else if (pads && pads->n) {
        int64_t p2[2] = {0, 0};
        if ((rc = hw(op, pads, "pads (0, 1, 2 or 4 values)", true, one, p2)))
            return rc;
        p4[0] = p4[2] = p2[0];
        p4[1] = p4[3] = p2[1];
    }
    return ops_pool2d_build(op, self, out, true, k, s, p4, d, ceilMode != 0, false, 0,
                            workspaceSize, executor);
}

aclnnStatus aclnnAvgPool2dGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                           const aclIntArray *strides,
                                           const aclIntArray *paddings, const bool ceilMode,
                                           const bool countIncludePad,
                                           const int64_t divisorOverride,
                                           const int8_t cubeMathType, aclTensor *out,
                                           uint64_t *workspaceSize, aclOpExecutor **executor)
{
    static const char op[] = "aclnnAvgPool2d";
    OPS_CHECK_NULLS(op, self, kernelSize, paddings, out, workspaceSize, executor);
    if (cubeMathType < 0 || cubeMathType > 3)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: cubeMathType %d is not 0..3", op,
                       (int)cubeMathType);
    int64_t k[2] = {1, 1}, s[2] = {1, 1}, p[2] = {0, 0}, one[2] = {1, 1};
    aclnnStatus rc;
    if ((rc = hw(op, kernelSize, "kernelSize", false, NULL, k)) ||
        (rc = hw(op, strides, "strides", true, k, s)) ||
        (rc = hw(op, paddings, "paddings", false, one, p)))
        return rc;
    int64_t p4[4] = {p[0], p[1], p[0], p[1]};
    return ops_pool2d_build(op, self, out, false, k, s, p4, one, ceilMode, countIncludePad,
                            divisorOverride, workspaceSize, executor);
}

PHASE2(MaxPool)
PHASE2(AvgPool2d)
