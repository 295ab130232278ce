/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Im2col (unfold): the sliding blocks of a batch of images as columns.
 *
 *  IC2. Im2col loads one (sample, channel) plane at a time as float32 and
 *      writes the kH * kW rows it feeds; positions in the padding give 0.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_im2col.h"
#include "ops/engine/engine.h"
#include "ops/conv/table.h"

/* ---- Im2col --------------------------------------------------------------------------------- */

struct ic_plan {
    struct ops_tensor x, o; /* x as [N, C, H, W], o as [N, C*kh*kw, L] */
    int64_t kh, kw, dh, dw, ph, pw, sh, sw, oh, ow;
};

static int32_t ic_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ic_plan *p = e->plan;
    const int64_t N = p->x.dims[0], C = p->x.dims[1], H = p->x.dims[2], W = p->x.dims[3];
    const int64_t L = p->oh * p->ow;
    float *plane = malloc((size_t)(H * W + L + 1) * sizeof(float));
    if (!plane)
        return ACL_ERROR_BAD_ALLOC;
    float *row = plane + H * W;
    ops_store_fn st = ops_storer(CK_F32, p->o.dt);
    const int64_t ex = ops_dt_size(p->x.dt), eo = ops_dt_size(p->o.dt);
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++) {
            ops_gather_nd(plane, CK_F32,
                          ops_base(&p->x, addr) + (n * p->x.strides[0] + c * p->x.strides[1]) * ex,
                          p->x.dt, 2, p->x.dims + 2, p->x.strides + 2);
            for (int64_t ki = 0; ki < p->kh; ki++)
                for (int64_t kj = 0; kj < p->kw; kj++) {
                    for (int64_t y = 0; y < p->oh; y++) {
                        const int64_t ih = y * p->sh - p->ph + ki * p->dh;
                        for (int64_t x = 0; x < p->ow; x++) {
                            const int64_t iw = x * p->sw - p->pw + kj * p->dw;
                            row[y * p->ow + x] = (ih >= 0 && ih < H && iw >= 0 && iw < W)
                                                     ? plane[ih * W + iw]
                                                     : 0.0f;
                        }
                    }
                    const int64_t r = (c * p->kh + ki) * p->kw + kj;
                    st(ops_base(&p->o, addr) + (n * p->o.strides[0] + r * p->o.strides[1]) * eo,
                       p->o.strides[2] * eo, row, L);
                }
        }
    free(plane);
    return 0;
}

static bool ic_pair(const aclIntArray *a, int64_t *v0, int64_t *v1, int64_t min)
{
    if (a->n != 2 || a->v[0] < min || a->v[1] < min)
        return false;
    *v0 = a->v[0], *v1 = a->v[1];
    return true;
}

aclnnStatus aclnnIm2colGetWorkspaceSize(const aclTensor *self, const aclIntArray *kernelSize,
                                        const aclIntArray *dilation, const aclIntArray *padding,
                                        const aclIntArray *stride, const aclTensor *out,
                                        uint64_t *workspaceSize, aclOpExecutor **executor)
{
    const char *name = "aclnnIm2col";
    OPS_CHECK_NULLS(name, self, kernelSize, dilation, padding, stride, out, workspaceSize,
                    executor);
    aclnnStatus rc;
    if ((rc = ops_check_dims(self, name, "self")) || (rc = ops_check_dims(out, name, "out")))
        return rc;
    int dt = ops_dt_index(self->dtype);
    if (dt < 0 || !(DTM(dt) & OPS_DT_Im2col) || out->dtype != self->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self and out must share one of FLOAT, FLOAT16, BFLOAT16 (got %s, %s)",
                       name, ops_dt_name(self->dtype), ops_dt_name(out->dtype));
    if (self->ndim != 3 && self->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: self must be 3-D or 4-D (got %u-D)", name,
                       self->ndim);
    struct ic_plan pl = {0};
    if (!ic_pair(kernelSize, &pl.kh, &pl.kw, 1) || !ic_pair(dilation, &pl.dh, &pl.dw, 1) ||
        !ic_pair(stride, &pl.sh, &pl.sw, 1) || !ic_pair(padding, &pl.ph, &pl.pw, 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: kernelSize, dilation, padding and stride need 2 values each "
                       "(positive; padding >= 0)",
                       name);
    const bool batched = self->ndim == 4;
    const int64_t C = self->dims[batched ? 1 : 0], H = self->dims[batched ? 2 : 1],
                  W = self->dims[batched ? 3 : 2];
    pl.oh = (H + 2 * pl.ph - pl.dh * (pl.kh - 1) - 1) / pl.sh + 1;
    pl.ow = (W + 2 * pl.pw - pl.dw * (pl.kw - 1) - 1) / pl.sw + 1;
    if (H + 2 * pl.ph - pl.dh * (pl.kh - 1) - 1 < 0 || W + 2 * pl.pw - pl.dw * (pl.kw - 1) - 1 < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: the kernel does not fit the padded input",
                       name);
    int64_t want[3];
    int nw = 0;
    if (batched)
        want[nw++] = self->dims[0];
    want[nw++] = C * pl.kh * pl.kw;
    want[nw++] = pl.oh * pl.ow;
    if ((rc = ops_check_out_shape(name, out, want, nw)))
        return rc;
    struct aclOpExecutor *e = ops_exec_plan(name, 1, 1, sizeof(struct ic_plan), NULL);
    if (!e)
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    struct ic_plan *p = e->plan;
    *p = pl;
    if ((rc = OPS_VIEWS(e, {&p->x, self, "self"}, {&p->o, out, "out"})))
        return rc;
    if (!batched) { /* view as a batch of one */
        for (int d = 3; d > 0; d--) {
            p->x.dims[d] = p->x.dims[d - 1];
            p->x.strides[d] = p->x.strides[d - 1];
        }
        p->x.dims[0] = 1, p->x.strides[0] = 0, p->x.ndim = 4;
        for (int d = 2; d > 0; d--) {
            p->o.dims[d] = p->o.dims[d - 1];
            p->o.strides[d] = p->o.strides[d - 1];
        }
        p->o.dims[0] = 1, p->o.strides[0] = 0, p->o.ndim = 3;
    }
    e->run = p->o.numel ? ic_run : NULL;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(Im2col)
