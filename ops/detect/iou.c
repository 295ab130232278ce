/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Iou and CIoU (ops/detect/table.h): the overlap of box sets.
 *
 *  IU1. Iou: boxes [x0, y0, x1, y1]; with eps added to every width and height (CANN: "the
 *      length and width both get eps when areas are computed"; the intersection's too, as
 *      the offset of mmcv's bbox_overlaps, which this operator serves):
 *      inter = max(min(x1) - max(x0) + eps, 0) max(min(y1) - max(y0) + eps, 0),
 *      iou = inter / (area_b + area_g - inter), iof = inter / area_g. Not aligned: overlap
 *      (m, n) pairs every bBox with every gtBox; aligned: (m, 1) pairs row i with row i.
 *  IU2. CIoU: the boxes are the columns of [4, N] ([x, y, w, h] centre form when trans);
 *      CIoU = IoU - rho^2 / c^2 - alpha v, rho the distance of the centres, c the diagonal of
 *      the smallest box enclosing both, v = 4 / pi^2 atanSub^2,
 *      atanSub = atan(w_g / h_g) - atan(w_b / h_b), alpha = v / (1 - IoU + v) (CANN's
 *      formulas; "iof" puts IoF in the place of IoU). CANN does not state its epsilon:
 *      IU_EPS is added to the union (or gt area), c^2, each height and 1 - IoU + v, so
 *      degenerate boxes (CANN's example: all points) give numbers rather than NaN.
 *  IU3. CANN's constraints are kept as its first phase checks them: N a multiple of 1024,
 *      bBoxes and gtBoxes of one N, isCross false, overlap and atanSub [1, N].
 *  IU4. In double from the stored values, one rounding at the store.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclnnop/aclnn_ciou.h"
#include "aclnnop/aclnn_iou.h"
#include "ops/detect/table.h"
#include "ops/engine/engine.h"

#define IOU "aclnnIou"
#define CIO "aclnnCIoU"
#define IU_EPS 1e-9 /* IU2 */

enum { IU_B, IU_G, IU_O, IU_A, IU_N };

struct iu_plan {
    struct ops_tensor t[IU_N];
    int64_t m, n;
    double eps;
    bool iof, aligned, ciou, trans;
};

static int32_t iu_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct iu_plan *p = e->plan;
    const struct ops_tensor *t = p->t;
    const int64_t m = p->m, n = p->n, nout = p->ciou ? n : p->aligned ? m : m * n;
    double *b = malloc((size_t)(4 * m + 1) * sizeof(double));
    double *g = malloc((size_t)(4 * n + 1) * sizeof(double));
    double *o = malloc((size_t)(nout + 1) * sizeof(double));
    double *a = malloc((size_t)(nout + 1) * sizeof(double));
    int32_t rc = ACL_SUCCESS;
    if (!b || !g || !o || !a) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_nd(b, CK_F64, ops_base(&t[IU_B], addr), t[IU_B].dt, 2, t[IU_B].dims,
                  t[IU_B].strides);
    ops_gather_nd(g, CK_F64, ops_base(&t[IU_G], addr), t[IU_G].dt, 2, t[IU_G].dims,
                  t[IU_G].strides);
    if (!p->ciou) {
        const double eps = p->eps;
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = p->aligned ? i : 0; j < (p->aligned ? i + 1 : n); j++) { /* IU1 */
                const double *u = b + 4 * i, *v = g + 4 * j;
                double iw = fmax(fmin(u[2], v[2]) - fmax(u[0], v[0]) + eps, 0.0);
                double ih = fmax(fmin(u[3], v[3]) - fmax(u[1], v[1]) + eps, 0.0);
                double inter = iw * ih;
                double ab = (u[2] - u[0] + eps) * (u[3] - u[1] + eps);
                double ag = (v[2] - v[0] + eps) * (v[3] - v[1] + eps);
                o[p->aligned ? i : i * n + j] = inter / (p->iof ? ag : ab + ag - inter);
            }
    } else {
        for (int64_t j = 0; j < n; j++) { /* IU2: column j of each */
            double q[2][4];
            for (int s = 0; s < 2; s++) {
                const double *src = s ? g : b;
                const int64_t N = s ? n : m;
                double c0 = src[j], c1 = src[N + j], c2 = src[2 * N + j], c3 = src[3 * N + j];
                if (p->trans) {
                    q[s][0] = c0 - c2 / 2, q[s][1] = c1 - c3 / 2;
                    q[s][2] = c0 + c2 / 2, q[s][3] = c1 + c3 / 2;
                } else {
                    q[s][0] = c0, q[s][1] = c1, q[s][2] = c2, q[s][3] = c3;
                }
            }
            const double *u = q[0], *v = q[1];
            double wb = u[2] - u[0], hb = u[3] - u[1], wg = v[2] - v[0], hg = v[3] - v[1];
            double iw = fmax(fmin(u[2], v[2]) - fmax(u[0], v[0]), 0.0);
            double ih = fmax(fmin(u[3], v[3]) - fmax(u[1], v[1]), 0.0);
            double inter = iw * ih;
            double iou = inter / ((p->iof ? wg * hg : wb * hb + wg * hg - inter) + IU_EPS);
            double cw = fmax(u[2], v[2]) - fmin(u[0], v[0]);
            double ch = fmax(u[3], v[3]) - fmin(u[1], v[1]);
            double dx = (u[0] + u[2] - v[0] - v[2]) / 2, dy = (u[1] + u[3] - v[1] - v[3]) / 2;
            double rho = (dx * dx + dy * dy) / (cw * cw + ch * ch + IU_EPS);
            double at = atan(wg / (hg + IU_EPS)) - atan(wb / (hb + IU_EPS));
            double vv = 4.0 / (M_PI * M_PI) * at * at;
            double alpha = vv / (1.0 - iou + vv + IU_EPS);
            o[j] = iou - rho - alpha * vv;
            a[j] = at;
        }
    }
    ops_scatter_nd(o, CK_F64, ops_base(&t[IU_O], addr), t[IU_O].dt, 2, t[IU_O].dims,
                   t[IU_O].strides);
    if (p->ciou)
        ops_scatter_nd(a, CK_F64, ops_base(&t[IU_A], addr), t[IU_A].dt, 2, t[IU_A].dims,
                       t[IU_A].strides);
out:
    free(b);
    free(g);
    free(o);
    free(a);
    return rc;
}

/* The checks the two share: every tensor 2-d of bBoxes' type, a type of the row's; mode. */
static aclnnStatus iu_check(const char *op, unsigned types, const aclTensor *const *ts,
                            const char *const *nm, int nt, const char *mode)
{
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < nt; i++) {
        if ((rc = ops_check_dims(ts[i], op, nm[i])))
            return rc;
        if (ts[i]->ndim != 2)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s must have 2 dims (it has %u)", op,
                           nm[i], ts[i]->ndim);
    }
    if ((rc = ops_need_dt(op, nm[0], ts[0]->dtype, types, &dt)))
        return rc;
    for (int i = 1; i < nt; i++)
        if (ts[i]->dtype != ts[0]->dtype)
            return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: %s is %s, not %s's type %s", op, nm[i],
                           ops_dt_name(ts[i]->dtype), nm[0], ops_dt_name(ts[0]->dtype));
    if (!mode || (strcmp(mode, "iou") != 0 && strcmp(mode, "iof") != 0)) /* CANN: 161002 */
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: mode must be \"iou\" or \"iof\" (it is %s)",
                       op, mode ? mode : "NULL");
    return ACLNN_SUCCESS;
}

static aclnnStatus iu_plan(const char *op, const aclTensor *b, const aclTensor *g,
                           const aclTensor *o, const aclTensor *a, const struct iu_plan *tpl, WS)
{
    OPS_PLAN(e, p, op, 2, a ? 2 : 1, struct iu_plan, NULL, {&p->t[IU_B], b, "bBoxes"},
             {&p->t[IU_G], g, "gtBoxes"}, {&p->t[IU_O], o, "overlap"},
             {a ? &p->t[IU_A] : NULL, a, a ? "atanSub" : NULL});
    struct ops_tensor views[IU_N];
    memcpy(views, p->t, sizeof(views));
    *p = *tpl;
    memcpy(p->t, views, sizeof(views));
    e->run = iu_run;
    return ops_exec_done(e, workspaceSize, executor);
}

aclnnStatus aclnnIouGetWorkspaceSize(const aclTensor *bBoxes, const aclTensor *gtBoxes,
                                     const char *mode, float eps, bool aligned, aclTensor *overlap,
                                     WS)
{
    OPS_CHECK_NULLS(IOU, workspaceSize, executor, bBoxes, gtBoxes, overlap);
    const aclTensor *ts[3] = {bBoxes, gtBoxes, overlap};
    static const char *const nm[3] = {"bBoxes", "gtBoxes", "overlap"};
    aclnnStatus rc;
    if ((rc = iu_check(IOU, OPS_DT_Iou, ts, nm, 3, mode)))
        return rc;
    if (!(eps >= 0))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: eps must be >= 0 (it is %g)", IOU, eps);
    if (bBoxes->dims[1] != 4 || gtBoxes->dims[1] != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bBoxes and gtBoxes must be (m, 4), (n, 4)",
                       IOU);
    const int64_t m = bBoxes->dims[0], n = gtBoxes->dims[0];
    if (aligned && n != m)
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: aligned, gtBoxes must have bBoxes' %lld rows (it has %lld)", IOU,
                       (long long)m, (long long)n);
    const int64_t want[2] = {m, aligned ? 1 : n};
    if ((rc = ops_check_shape(IOU, want, 2, overlap, "overlap")))
        return rc;
    const struct iu_plan tpl = {
        .m = m, .n = n, .eps = eps, .iof = mode[2] == 'f', .aligned = aligned};
    return iu_plan(IOU, bBoxes, gtBoxes, overlap, NULL, &tpl, workspaceSize, executor);
}
PHASE2(Iou)

aclnnStatus aclnnCIoUGetWorkspaceSize(const aclTensor *bBoxes, const aclTensor *gtBoxes, bool trans,
                                      bool isCross, const char *mode, aclTensor *overlap,
                                      aclTensor *atanSub, WS)
{
    OPS_CHECK_NULLS(CIO, workspaceSize, executor, bBoxes, gtBoxes, overlap, atanSub);
    const aclTensor *ts[4] = {bBoxes, gtBoxes, overlap, atanSub};
    static const char *const nm[4] = {"bBoxes", "gtBoxes", "overlap", "atanSub"};
    aclnnStatus rc;
    if ((rc = iu_check(CIO, OPS_DT_CIoU, ts, nm, 4, mode)))
        return rc;
    if (isCross)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: isCross must be false (as CANN's)", CIO);
    if (bBoxes->dims[0] != 4 || gtBoxes->dims[0] != 4)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: bBoxes and gtBoxes must be [4, N]", CIO);
    const int64_t n = gtBoxes->dims[1];
    if (bBoxes->dims[1] != n || n % 1024 != 0) /* IU3 */
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: bBoxes and gtBoxes must have one N, a multiple of 1024 (they have "
                       "%lld, %lld)",
                       CIO, (long long)bBoxes->dims[1], (long long)n);
    const int64_t want[2] = {1, n};
    if ((rc = ops_check_shape(CIO, want, 2, overlap, "overlap")) ||
        (rc = ops_check_shape(CIO, want, 2, atanSub, "atanSub")))
        return rc;
    const struct iu_plan tpl = {
        .m = n, .n = n, .iof = mode[2] == 'f', .ciou = true, .trans = trans};
    return iu_plan(CIO, bBoxes, gtBoxes, overlap, atanSub, &tpl, workspaceSize, executor);
}
PHASE2(CIoU)
