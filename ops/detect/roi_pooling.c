/* SPDX-License-Identifier: Apache-2.0 */
/*
 * RoiPoolingWithArgMax and RoiPoolingGradWithArgMax (ops/detect/table.h): Fast R-CNN's region
 * pooling, the maximum over each bin of whole pixels, with the position it came from, and its
 * gradient through those positions.
 *
 *  RO1. A region [b, x1, y1, x2, y2] covers x1 sw to (x2 + 1) sw and y1 sh to (y2 + 1) sh
 *      (CANN's formulas); bin (ph, pw) the pixels floor(start + pw dw) <= w < ceil(start +
 *      (pw + 1) dw), dw = width / pooled_w (rows likewise), clipped to [0, W) x [0, H).
 *  RO2. y is the bin's maximum, argmax its position h W + w in the channel's plane (the first
 *      in row-major order on ties; a NaN never replaces the first pixel, which starts the
 *      scan); an empty bin, a region of width or height <= 0, or an image index b (its
 *      integer part) outside [0, N) gives y 0 and argmax -1.
 *  RO3. The gradient: gradInputRef is overwritten with zeros plus, for every region and bin
 *      whose argmax is not -1, gradOutput at image b, channel c, position argmax (summed in
 *      double in region order: deterministic; a position outside the plane adds nothing).
 *      rois is read only for b; spatialScale and the region's corners do not enter.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_roi_pooling_grad_with_arg_max.h"
#include "aclnnop/aclnn_roi_pooling_with_arg_max.h"
#include "ops/detect/table.h"
#include "ops/engine/engine.h"

#define RPF "aclnnRoiPoolingWithArgMax"
#define RPG "aclnnRoiPoolingGradWithArgMax"

enum { RO_X, RO_R, RO_A, RO_Y, RO_N }; /* x or gradOutput, rois, argmax (in or out), result */

struct ro_plan {
    struct ops_tensor t[RO_N];
    int64_t N, C, H, W, K, PH, PW;
    double sh, sw;
    bool grad;
};

static int32_t ro_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct ro_plan *p = e->plan;
    const struct ops_tensor *t = p->t;
    const int64_t HW = p->H * p->W, PP = p->PH * p->PW;
    const int64_t nfeat = p->N * p->C * HW, nbin = p->K * p->C * PP;
    double *x = malloc((size_t)(p->grad ? nbin : nfeat) * sizeof(double) + 8);
    double *y = calloc((size_t)(p->grad ? nfeat : nbin) + 1, sizeof(double));
    double *r = malloc((size_t)(p->K * 5) * sizeof(double) + 8);
    int64_t *am = malloc((size_t)nbin * sizeof(int64_t) + 8);
    int32_t rc = ACL_SUCCESS;
    if (!x || !y || !r || !am) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_nd(x, CK_F64, ops_base(&t[RO_X], addr), t[RO_X].dt, 4, t[RO_X].dims,
                  t[RO_X].strides);
    ops_gather_nd(r, CK_F64, ops_base(&t[RO_R], addr), t[RO_R].dt, 2, t[RO_R].dims,
                  t[RO_R].strides);
    if (p->grad) { /* RO3 */
        ops_gather_nd(am, CK_I64, ops_base(&t[RO_A], addr), t[RO_A].dt, 4, t[RO_A].dims,
                      t[RO_A].strides);
        for (int64_t k = 0; k < p->K; k++) {
            const double bf = trunc(r[5 * k]);
            if (!(bf >= 0 && bf < (double)p->N))
                continue;
            const int64_t b = (int64_t)bf;
            for (int64_t c = 0; c < p->C; c++)
                for (int64_t q = 0; q < PP; q++) {
                    const int64_t i = (k * p->C + c) * PP + q;
                    if (am[i] >= 0 && am[i] < HW)
                        y[(b * p->C + c) * HW + am[i]] += x[i];
                }
        }
        ops_scatter_nd(y, CK_F64, ops_base(&t[RO_Y], addr), t[RO_Y].dt, 4, t[RO_Y].dims,
                       t[RO_Y].strides);
        goto out;
    }
    for (int64_t i = 0; i < nbin; i++)
        am[i] = -1;
    for (int64_t k = 0; k < p->K; k++) { /* RO1, RO2 */
        const double *q = r + 5 * k, bf = trunc(q[0]);
        const double x1 = q[1] * p->sw, y1 = q[2] * p->sh;
        const double rw = (q[3] + 1) * p->sw - x1, rh = (q[4] + 1) * p->sh - y1;
        if (!(bf >= 0 && bf < (double)p->N) || !(rw > 0) || !(rh > 0))
            continue;
        const int64_t b = (int64_t)bf;
        const double dw = rw / (double)p->PW, dh = rh / (double)p->PH;
        for (int64_t ph = 0; ph < p->PH; ph++) {
            const int64_t h1 = (int64_t)fmin(fmax(floor((double)ph * dh + y1), 0), (double)p->H);
            const int64_t h2 =
                (int64_t)fmin(fmax(ceil((double)(ph + 1) * dh + y1), 0), (double)p->H);
            for (int64_t pw = 0; pw < p->PW; pw++) {
                const int64_t w1 =
                    (int64_t)fmin(fmax(floor((double)pw * dw + x1), 0), (double)p->W);
                const int64_t w2 =
                    (int64_t)fmin(fmax(ceil((double)(pw + 1) * dw + x1), 0), (double)p->W);
                if (h2 <= h1 || w2 <= w1)
                    continue;
                for (int64_t c = 0; c < p->C; c++) {
                    const double *fm = x + (b * p->C + c) * HW;
                    int64_t best = h1 * p->W + w1;
                    for (int64_t h = h1; h < h2; h++)
                        for (int64_t w = w1; w < w2; w++)
                            if (fm[h * p->W + w] > fm[best])
                                best = h * p->W + w;
                    const int64_t o = ((k * p->C + c) * p->PH + ph) * p->PW + pw;
                    y[o] = fm[best];
                    am[o] = best;
                }
            }
        }
    }
    ops_scatter_nd(y, CK_F64, ops_base(&t[RO_Y], addr), t[RO_Y].dt, 4, t[RO_Y].dims,
                   t[RO_Y].strides);
    ops_scatter_nd(am, CK_I64, ops_base(&t[RO_A], addr), t[RO_A].dt, 4, t[RO_A].dims,
                   t[RO_A].strides);
out:
    free(x);
    free(y);
    free(r);
    free(am);
    return rc;
}

/* Every tensor checked: x and rois of the row's types, the float result of x's type, argmax of
 * the row's second mask; pooled sizes > 0. */
static aclnnStatus ro_check(const char *op, const aclTensor *const *ts, const char *const *nm,
                            unsigned types, unsigned itypes, int64_t ph, int64_t pw)
{
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < RO_N; i++)
        if ((rc = ops_check_dims(ts[i], op, nm[i])))
            return rc;
    if ((rc = ops_need_dt(op, nm[RO_X], ts[RO_X]->dtype, types, &dt)))
        return rc;
    for (int i = RO_R; i < RO_N; i++) {
        const bool ok = i == RO_A   ? ops_dt_in(ts[i]->dtype, itypes)
                        : i == RO_R ? ops_dt_in(ts[i]->dtype, types)
                                    : ts[i]->dtype == ts[RO_X]->dtype;
        if (!ok)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s (%s)", op, nm[i],
                           ops_dt_name(ts[i]->dtype),
                           i == RO_A   ? "INT32"
                           : i == RO_R ? "FLOAT or FLOAT16"
                                       : "x's type");
    }
    if (ts[RO_R]->ndim != 2 || ts[RO_R]->dims[1] != 5)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: rois must be (numRois, 5)", op);
    if (ph <= 0 || pw <= 0)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: the pooled height and width must be > 0 (they are %lld, %lld)", op,
                       (long long)ph, (long long)pw);
    return ACLNN_SUCCESS;
}

static aclnnStatus ro_plan_make(const char *op, const aclTensor *const *ts, const char *const *nm,
                                const struct ro_plan *tpl, WS)
{
    OPS_PLAN(e, p, op, tpl->grad ? 3 : 2, tpl->grad ? 1 : 2, struct ro_plan, NULL,
             {&p->t[RO_X], ts[RO_X], nm[RO_X]}, {&p->t[RO_R], ts[RO_R], nm[RO_R]},
             {tpl->grad ? &p->t[RO_A] : &p->t[RO_Y], ts[tpl->grad ? RO_A : RO_Y],
              nm[tpl->grad ? RO_A : RO_Y]},
             {tpl->grad ? &p->t[RO_Y] : &p->t[RO_A], ts[tpl->grad ? RO_Y : RO_A],
              nm[tpl->grad ? RO_Y : RO_A]});
    struct ops_tensor views[RO_N];
    memcpy(views, p->t, sizeof(views));
    *p = *tpl;
    memcpy(p->t, views, sizeof(views));
    e->run = ro_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnRoiPoolingWithArgMaxGetWorkspaceSize(const aclTensor *x, const aclTensor *rois,
                                                      int64_t pooled_h, int64_t pooled_w,
                                                      float spatial_scale_h, float spatial_scale_w,
                                                      aclTensor *y, aclTensor *argmax, WS)
{
    OPS_CHECK_NULLS(RPF, workspaceSize, executor, x, rois, y, argmax);
    const aclTensor *ts[RO_N] = {x, rois, argmax, y};
    static const char *const nm[RO_N] = {"x", "rois", "argmax", "y"};
    aclnnStatus rc;
    if ((rc = ro_check(RPF, ts, nm, OPS_DT_RoiPoolingWithArgMax, OPS_DT2_RoiPoolingWithArgMax,
                       pooled_h, pooled_w)))
        return rc;
    if (x->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x must be (N, C, H, W) (it has %u dims)", RPF,
                       x->ndim);
    if (!(spatial_scale_h > 0) || !(spatial_scale_w > 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: spatial_scale_h and spatial_scale_w must be > 0 (they are %g, %g)", RPF,
                       spatial_scale_h, spatial_scale_w);
    const int64_t want[4] = {rois->dims[0], x->dims[1], pooled_h, pooled_w};
    if ((rc = ops_check_shape(RPF, want, 4, y, "y")) ||
        (rc = ops_check_shape(RPF, want, 4, argmax, "argmax")))
        return rc;
    const struct ro_plan tpl = {.N = x->dims[0],
                                .C = x->dims[1],
                                .H = x->dims[2],
                                .W = x->dims[3],
                                .K = rois->dims[0],
                                .PH = pooled_h,
                                .PW = pooled_w,
                                .sh = spatial_scale_h,
                                .sw = spatial_scale_w};
    return ro_plan_make(RPF, ts, nm, &tpl, workspaceSize, executor);
}
PHASE2(RoiPoolingWithArgMax)

aclnnStatus aclnnRoiPoolingGradWithArgMaxGetWorkspaceSize(const aclTensor *gradOutput,
                                                          const aclTensor *gradInputRef,
                                                          const aclTensor *rois,
                                                          const aclTensor *argmax, int64_t pooledH,
                                                          int64_t pooledW, double spatialScale, WS)
{
    OPS_CHECK_NULLS(RPG, workspaceSize, executor, gradOutput, gradInputRef, rois, argmax);
    const aclTensor *ts[RO_N] = {gradOutput, rois, argmax, gradInputRef};
    static const char *const nm[RO_N] = {"gradOutput", "rois", "argmax", "gradInputRef"};
    aclnnStatus rc;
    if ((rc = ro_check(RPG, ts, nm, OPS_DT_RoiPoolingGradWithArgMax,
                       OPS_DT2_RoiPoolingGradWithArgMax, pooledH, pooledW)))
        return rc;
    (void)spatialScale; /* RO3 */
    if (gradInputRef->ndim != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: gradInputRef must be (N, C, H, W) (it has %u dims)", RPG,
                       gradInputRef->ndim);
    const int64_t want[4] = {rois->dims[0], gradInputRef->dims[1], pooledH, pooledW};
    if ((rc = ops_check_shape(RPG, want, 4, gradOutput, "gradOutput")) ||
        (rc = ops_check_shape(RPG, want, 4, argmax, "argmax")))
        return rc;
    const struct ro_plan tpl = {.N = gradInputRef->dims[0],
                                .C = gradInputRef->dims[1],
                                .H = gradInputRef->dims[2],
                                .W = gradInputRef->dims[3],
                                .K = rois->dims[0],
                                .PH = pooledH,
                                .PW = pooledW,
                                .grad = true};
    return ro_plan_make(RPG, ts, nm, &tpl, workspaceSize, executor);
}
PHASE2(RoiPoolingGradWithArgMax)
