/* SPDX-License-Identifier: Apache-2.0 */
/*
 * RoiAlign (ONNX's RoiAlign of opset 10), RoiAlignV2 (torchvision's roi_align) and
 * RoiAlignV2Backward (its gradient), ops/detect/table.h: each output bin of a region is the
 * mean (or the maximum) of feature values sampled by bilinear interpolation on a regular grid
 * inside the bin.
 *
 *  RA1. A region [x1, y1, x2, y2] of image b (RoiAlign: batchIndices[k]; V2: boxes[k][0]
 *      rounded down) covers, in feature coordinates, start = x1 spatialScale - o to
 *      x2 spatialScale - o, o = 0.5 when aligned (V2), else 0 (RoiAlign is aligned false:
 *      CANN passes roi_end_mode 0). Not aligned, its width and height are at least 1.
 *  RA2. Bin (ph, pw) of PH x PW samples gh x gw points, gh = samplingRatio when > 0, else
 *      ceil(height / PH) (gw likewise), at start + (ph + (iy + 0.5) / gh) height / PH; "avg"
 *      is their sum over max(gh gw, 1), "max" their maximum (0 for a bin of no point).
 *  RA3. A point is bilinear in its four neighbours: outside [-1, H] x [-1, W] it is 0;
 *      coordinates below 0 are 0, a coordinate at or past the last row (column) is that row.
 *      These are torchvision's kernel's rules, which CANN's V2 states it matches.
 *  RA4. The gradient adds gradOutput / max(gh gw, 1) times each point's four weights into
 *      the four neighbours of gradInput (zeroed first), regions in order (deterministic).
 *  RA5. A region whose image index is outside [0, B) yields zeros (and no gradient); CANN
 *      leaves it undefined. In double, one rounding at the store.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_roi_align.h"
#include "aclnnop/aclnn_roi_align_v2.h"
#include "aclnnop/aclnn_roi_align_v2_backward.h"
#include "ops/detect/table.h"
#include "ops/engine/engine.h"

#define RAL "aclnnRoiAlign"
#define RAV "aclnnRoiAlignV2"
#define RAB "aclnnRoiAlignV2Backward"

enum { RA_X, RA_R, RA_I, RA_O, RA_N }; /* feature (or gradOutput), regions, indices, result */

struct ra_plan {
    struct ops_tensor t[RA_N];
    int64_t B, C, H, W, K, PH, PW, ratio;
    double scale;
    bool aligned, max, v2, backward, has_idx;
};

/* The four neighbours of point (y, x) and their weights (RA3); false when it is outside. */
struct ra_pt {
    int64_t o[4];
    double w[4];
};

static bool ra_point(double y, double x, int64_t H, int64_t W, struct ra_pt *pt)
{
    if (y < -1.0 || y > (double)H || x < -1.0 || x > (double)W)
        return false;
    if (y <= 0)
        y = 0;
    if (x <= 0)
        x = 0;
    int64_t y0 = (int64_t)y, x0 = (int64_t)x, y1, x1;
    if (y0 >= H - 1) {
        y0 = y1 = H - 1;
        y = (double)y0;
    } else {
        y1 = y0 + 1;
    }
    if (x0 >= W - 1) {
        x0 = x1 = W - 1;
        x = (double)x0;
    } else {
        x1 = x0 + 1;
    }
    double ly = y - (double)y0, lx = x - (double)x0, hy = 1.0 - ly, hx = 1.0 - lx;
    pt->o[0] = y0 * W + x0, pt->o[1] = y0 * W + x1, pt->o[2] = y1 * W + x0, pt->o[3] = y1 * W + x1;
    pt->w[0] = hy * hx, pt->w[1] = hy * lx, pt->w[2] = ly * hx, pt->w[3] = ly * lx;
    return true;
}

/* Region k's image (RA5: -1 when outside), start and bin sizes and grid (RA1, RA2). */
static int64_t ra_region(const struct ra_plan *p, const double *r, const int64_t *idx, int64_t k,
                         double *sy, double *sx, double *bh, double *bw, int64_t *gh, int64_t *gw)
{
    const double *b = p->v2 ? r + 5 * k + 1 : r + 4 * k;
    double im = p->v2 ? floor(r[5 * k]) : (double)idx[k];
    if (!(im >= 0 && im < (double)p->B))
        return -1;
    const double o = p->aligned ? 0.5 : 0.0;
    double x1 = b[0] * p->scale - o, y1 = b[1] * p->scale - o;
    double w = b[2] * p->scale - o - x1, h = b[3] * p->scale - o - y1;
    if (!p->aligned) {
        w = fmax(w, 1.0);
        h = fmax(h, 1.0);
    }
    *sy = y1, *sx = x1, *bh = h / (double)p->PH, *bw = w / (double)p->PW;
    *gh = p->ratio > 0 ? p->ratio : (int64_t)ceil(h / (double)p->PH);
    *gw = p->ratio > 0 ? p->ratio : (int64_t)ceil(w / (double)p->PW);
    return (int64_t)im;
}

static int32_t ra_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ra_plan *p = e->plan;
    const struct ops_tensor *t = p->t;
    const int64_t HW = p->H * p->W, PP = p->PH * p->PW;
    const int64_t nfeat = p->B * p->C * HW, nbin = p->K * p->C * PP;
    double *x = malloc((size_t)(p->backward ? nbin : nfeat) * sizeof(double) + 8);
    double *y = calloc((size_t)(p->backward ? nfeat : nbin) + 1, sizeof(double));
    double *r = malloc((size_t)(p->K * (p->v2 ? 5 : 4)) * sizeof(double) + 8);
    int64_t *idx = malloc((size_t)p->K * sizeof(int64_t) + 8);
    int32_t rc = ACL_SUCCESS;
    if (!x || !y || !r || !idx) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_nd(x, CK_F64, ops_base(&t[RA_X], addr), t[RA_X].dt, t[RA_X].ndim, t[RA_X].dims,
                  t[RA_X].strides);
    ops_gather_nd(r, CK_F64, ops_base(&t[RA_R], addr), t[RA_R].dt, 2, t[RA_R].dims,
                  t[RA_R].strides);
    if (p->has_idx)
        ops_gather_nd(idx, CK_I64, ops_base(&t[RA_I], addr), t[RA_I].dt, 1, t[RA_I].dims,
                      t[RA_I].strides);
    for (int64_t k = 0; k < (HW > 0 ? p->K : 0); k++) { /* RA5: no pixel, zeros */
        double sy, sx, bh, bw;
        int64_t gh, gw;
        const int64_t b = ra_region(p, r, idx, k, &sy, &sx, &bh, &bw, &gh, &gw);
        if (b < 0)
            continue; /* RA5 */
        const double cnt = (double)(gh * gw > 0 ? gh * gw : 1);
        for (int64_t c = 0; c < p->C; c++) {
            double *fm = (p->backward ? y : x) + (b * p->C + c) * HW;
            double *bin = (p->backward ? x : y) + (k * p->C + c) * PP;
            for (int64_t ph = 0; ph < p->PH; ph++)
                for (int64_t pw = 0; pw < p->PW; pw++) {
                    double acc = 0, best = -INFINITY, g = bin[ph * p->PW + pw] / cnt;
                    for (int64_t iy = 0; iy < gh; iy++) {
                        const double py =
                            sy + (double)ph * bh + ((double)iy + 0.5) * bh / (double)gh;
                        for (int64_t ix = 0; ix < gw; ix++) {
                            const double px =
                                sx + (double)pw * bw + ((double)ix + 0.5) * bw / (double)gw;
                            struct ra_pt pt;
                            double v = 0;
                            if (ra_point(py, px, p->H, p->W, &pt)) {
                                if (p->backward) { /* RA4 */
                                    for (int q = 0; q < 4; q++)
                                        fm[pt.o[q]] += g * pt.w[q];
                                    continue;
                                }
                                for (int q = 0; q < 4; q++)
                                    v += pt.w[q] * fm[pt.o[q]];
                            } else if (p->backward) {
                                continue;
                            }
                            acc += v;
                            best = v > best || isnan(v) ? v : best;
                        }
                    }
                    if (!p->backward)
                        bin[ph * p->PW + pw] = p->max ? (gh * gw > 0 ? best : 0.0) : acc / cnt;
                }
        }
    }
    ops_scatter_nd(y, CK_F64, ops_base(&t[RA_O], addr), t[RA_O].dt, 4, t[RA_O].dims,
                   t[RA_O].strides);
out:
    free(x);
    free(y);
    free(r);
    free(idx);
    return rc;
}

/* The checks the three share: x (the 4-d feature or gradOutput) and out of the row's types and
 * 4 dims, regions (K, ncol) of x's type, the attributes; then the plan. */
static aclnnStatus ra_build(const char *op, unsigned types, const aclTensor *x, const char *xn,
                            const aclTensor *rois, const char *rn, int ncol, const aclTensor *idx,
                            const aclTensor *out, const char *on, const int64_t *outdims,
                            struct ra_plan *tpl, WS)
{
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x, op, xn)) || (rc = ops_check_dims(rois, op, rn)) ||
        (idx && (rc = ops_check_dims(idx, op, "batchIndices"))) ||
        (rc = ops_check_dims(out, op, on)) || (rc = ops_need_dt(op, xn, x->dtype, types, &dt)))
        return rc;
    if (rois->dtype != x->dtype || out->dtype != x->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s and %s %s, not %s's type %s", op, rn,
                       ops_dt_name(rois->dtype), on, ops_dt_name(out->dtype), xn,
                       ops_dt_name(x->dtype));
    if (idx && !ops_dt_in(idx->dtype, OPS_DT2_RoiAlign))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batchIndices is %s (INT32)", op,
                       ops_dt_name(idx->dtype));
    if (x->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have 4 dims (it has %u)", op, xn,
                       x->ndim);
    if (tpl->v2 && !tpl->backward && (x->dims[0] == 0 || x->dims[2] == 0 || x->dims[3] == 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: self's B, H and W must be > 0 (self is "
                       "(%lld, %lld, %lld, %lld))",
                       op, (long long)x->dims[0], (long long)x->dims[1], (long long)x->dims[2],
                       (long long)x->dims[3]);
    if (rois->ndim != 2 || rois->dims[1] != ncol)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must be (numRois, %d)", op, rn, ncol);
    const int64_t K = rois->dims[0];
    if (idx && (idx->ndim != 1 || idx->dims[0] != K))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: batchIndices must be (%lld), %s's rows", op,
                       (long long)K, rn);
    if (tpl->PH <= 0 || tpl->PW <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the pooled height and width must be > 0 "
                       "(they are %lld, %lld)",
                       op, (long long)tpl->PH, (long long)tpl->PW);
    if (tpl->ratio < 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: samplingRatio must be >= 0 (it is %lld)", op,
                       (long long)tpl->ratio);
    if (!(tpl->scale > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: spatialScale must be > 0 (it is %g)", op,
                       tpl->scale);
    const int64_t *feat = tpl->backward ? outdims : x->dims;
    if (tpl->backward ? x->dims[0] != K || x->dims[1] != feat[1] || x->dims[2] != tpl->PH ||
                            x->dims[3] != tpl->PW
                      : false) {
        const int64_t want[4] = {K, feat[1], tpl->PH, tpl->PW};
        return ops_shape_err(op, xn, x, want, 4);
    }
    if ((rc = ops_check_shape(op, outdims, 4, out, on)))
        return rc;
    /* batchIndices' slot stays without an address for the two V2 forms */
    OPS_PLAN(e, p, op, 3, 1, struct ra_plan, NULL, {&p->t[RA_X], x, xn}, {&p->t[RA_R], rois, rn},
             {&p->t[RA_I], idx, "batchIndices"}, {&p->t[RA_O], out, on});
    struct ops_tensor views[RA_N];
    memcpy(views, p->t, sizeof(views));
    *p = *tpl;
    memcpy(p->t, views, sizeof(views));
    p->B = feat[0], p->C = feat[1], p->H = feat[2], p->W = feat[3], p->K = K;
    p->has_idx = idx != NULL;
    e->run = ra_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnRoiAlignGetWorkspaceSize(const aclTensor *self, const aclTensor *rois,
                                          const aclTensor *batchIndices, const char *mode,
                                          int outputHeight, int outputWidth, int samplingRatio,
                                          float spatialScale, aclTensor *out, WS)
{
    OPS_CHECK_NULLS(RAL, workspaceSize, executor, self, rois, batchIndices, out);
    if (!mode || (strcmp(mode, "avg") != 0 && strcmp(mode, "max") != 0)) /* CANN: 161002 */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: mode must be \"avg\" or \"max\" (it is %s)",
                       RAL, mode ? mode : "NULL");
    struct ra_plan tpl = {.PH = outputHeight,
                          .PW = outputWidth,
                          .ratio = samplingRatio,
                          .scale = spatialScale,
                          .max = mode[0] == 'm'};
    const int64_t want[4] = {rois->dims[0], self->ndim == 4 ? self->dims[1] : 0, outputHeight,
                             outputWidth};
    return ra_build(RAL, OPS_DT_RoiAlign, self, "self", rois, "rois", 4, batchIndices, out, "out",
                    want, &tpl, workspaceSize, executor);
}
PHASE2(RoiAlign)

aclnnStatus aclnnRoiAlignV2GetWorkspaceSize(const aclTensor *self, const aclTensor *boxes,
                                            int64_t pooledHeight, int64_t pooledWidth,
                                            float spatialScale, int64_t samplingRatio, bool aligned,
                                            aclTensor *out, WS)
{
    OPS_CHECK_NULLS(RAV, workspaceSize, executor, self, boxes, out);
    struct ra_plan tpl = {.PH = pooledHeight,
                          .PW = pooledWidth,
                          .ratio = samplingRatio,
                          .scale = spatialScale,
                          .aligned = aligned,
                          .v2 = true};
    const int64_t want[4] = {boxes->dims[0], self->ndim == 4 ? self->dims[1] : 0, pooledHeight,
                             pooledWidth};
    return ra_build(RAV, OPS_DT_RoiAlignV2, self, "self", boxes, "boxes", 5, NULL, out, "out", want,
                    &tpl, workspaceSize, executor);
}
PHASE2(RoiAlignV2)

aclnnStatus aclnnRoiAlignV2BackwardGetWorkspaceSize(const aclTensor *gradOutput,
                                                    const aclTensor *boxes,
                                                    const aclIntArray *inputShape,
                                                    int64_t pooledHeight, int64_t pooledWidth,
                                                    float spatialScale, int64_t samplingRatio,
                                                    bool aligned, aclTensor *gradInput, WS)
{
    OPS_CHECK_NULLS(RAB, workspaceSize, executor, gradOutput, boxes, inputShape, gradInput);
    if (inputShape->n != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: inputShape must hold 4 values (B, C, H, W) (it holds %llu)", RAB,
                       (unsigned long long)inputShape->n);
    for (int i = 0; i < 4; i++)
        if (inputShape->v[i] < 0 || (i != 1 && inputShape->v[i] == 0))
            return ops_err(ACLNN_ERR_PARAM_INVALID,
                           "%s: inputShape[%d] is %lld (B, H, W > 0, C >= 0)", RAB, i,
                           (long long)inputShape->v[i]);
    struct ra_plan tpl = {.PH = pooledHeight,
                          .PW = pooledWidth,
                          .ratio = samplingRatio,
                          .scale = spatialScale,
                          .aligned = aligned,
                          .v2 = true,
                          .backward = true};
    return ra_build(RAB, OPS_DT_RoiAlignV2Backward, gradOutput, "gradOutput", boxes, "boxes", 5,
                    NULL, gradInput, "gradInput", inputShape->v, &tpl, workspaceSize, executor);
}
PHASE2(RoiAlignV2Backward)
