/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Non-maximum suppression on the host (ops/detect/detect.h): ONNX's NonMaxSuppression,
 * the semantics CANN's NonMaxSuppressionV6 states it is compatible with.
 *
 *  NX1. Per batch and class, the candidates are the boxes whose score is above
 *      score_threshold (all of them without one), visited by descending score; equal
 *      scores by ascending box index (a stable order: ONNX's identical-boxes case keeps
 *      box 0); a NaN score (no score_threshold, which NaN never passes) after every number,
 *      so the order stays total.
 *  NX2. A candidate is kept unless its IoU with a box already kept for that class is
 *      above iou_threshold, until max boxes are kept. IoU = intersection / union of the
 *      axis-aligned boxes (corners normalised with min/max, so either diagonal works);
 *      boxes that do not intersect, or an empty box (area <= 0), never suppress.
 *  NX3. Rows [batch, class, box] in batch, class, selection order; the count is the
 *      output's real extent.
 *  NX4. aclnnNonMaxSuppression (CANN's NonMaxSuppressionV6 behind an aclnn entry point)
 *      writes the same rows into selectedIndices, whose extent is fixed at the first phase:
 *      [max * batches * classes, 3] (CANN's maxBoxesSize), the rows after the kept ones -1
 *      (CANN: "boxes scoring at most scoreThreshold are filled with -1").
 *  NX5. Its arrays as CANN's first phase reads them: the first value of each; an empty or
 *      NULL iouThreshold is 161001, as CANN's null check; max above 700 or a threshold
 *      outside [0, 1] 161002; max below 0 keeps none (ONNX); a NULL or empty scoreThreshold
 *      is none. The boxes and scores are read as FLOAT (exact for FLOAT16).
 *  NX6. aclnnNMSWithMask (ops-cv's experimental NMSWithMask) follows its kernel: the boxes
 *      [x1, y1, x2, y2] come sorted by descending score (the caller's duty); the mask starts
 *      all 1; for each box but the last, in order, unless already suppressed: a score below
 *      scoresThreshold clears it and every later box and ends the pass, else every later box
 *      whose IoU with it is >= iouThreshold is cleared. The last box's own score is never
 *      compared (the kernel's loop stops before it); areas are not normalised.
 */
#include <math.h>
#include <stdlib.h>

#include "aclnnop/aclnn_nms_with_mask.h"
#include "aclnnop/aclnn_non_max_suppression.h"
#include "core/half.h"
#include "ops/detect/detect.h"
#include "ops/detect/table.h"
#include "ops/engine/engine.h"

struct nms_box {
    float y0, x0, y1, x1; /* min and max corners */
};

struct nms_cand {
    float s;
    int64_t i;
};

static float load(const void *p, aclDataType dt, int64_t i)
{
    return dt == ACL_FLOAT16 ? half_f16_to_f32(((const uint16_t *)p)[i]) : ((const float *)p)[i];
}

static int cand_cmp(const void *pa, const void *pb)
{
    const struct nms_cand *a = pa, *b = pb;
    bool na = isnan(a->s), nb = isnan(b->s); /* NX1: a NaN score after every number */
    if (na != nb)
        return na ? 1 : -1;
    if (!na && a->s != b->s)
        return a->s > b->s ? -1 : 1;
    return (a->i > b->i) - (a->i < b->i); /* NX1 */
}

/* NX2: whether a and b overlap by more than thr. */
static bool nms_suppress(const struct nms_box *a, const struct nms_box *b, float thr)
{
    float iy0 = fmaxf(a->y0, b->y0), ix0 = fmaxf(a->x0, b->x0);
    float iy1 = fminf(a->y1, b->y1), ix1 = fminf(a->x1, b->x1);
    if (iy1 <= iy0 || ix1 <= ix0)
        return false;
    float inter = (iy1 - iy0) * (ix1 - ix0);
    float aa = (a->y1 - a->y0) * (a->x1 - a->x0), ab = (b->y1 - b->y0) * (b->x1 - b->x0);
    float uni = aa + ab - inter;
    if (aa <= 0 || ab <= 0 || uni <= 0)
        return false;
    return inter / uni > thr;
}

int32_t ops_nms_run(const struct ops_nms *a, const void *boxes, const void *scores, int32_t *out,
                    int64_t cap, int64_t *rows)
{
    int64_t nb = a->boxes, n = 0;
    *rows = 0;
    if (a->max <= 0 || nb == 0)
        return 0;
    struct nms_box *bx = malloc((size_t)nb * sizeof(*bx));
    struct nms_cand *cand = malloc((size_t)nb * sizeof(*cand));
    int64_t *kept = malloc((size_t)nb * sizeof(*kept));
    if (!bx || !cand || !kept) {
        free(bx);
        free(cand);
        free(kept);
        return ACL_ERROR_BAD_ALLOC;
    }
    for (int64_t b = 0; b < a->batches; b++) {
        for (int64_t i = 0; i < nb; i++) {
            float v[4];
            for (int k = 0; k < 4; k++)
                v[k] = load(boxes, a->dtype, (b * nb + i) * 4 + k);
            struct nms_box *p = &bx[i];
            if (a->center) { /* [x_center, y_center, width, height] */
                p->x0 = v[0] - v[2] / 2, p->x1 = v[0] + v[2] / 2;
                p->y0 = v[1] - v[3] / 2, p->y1 = v[1] + v[3] / 2;
            } else { /* [y1, x1, y2, x2], any diagonal */
                p->y0 = fminf(v[0], v[2]), p->y1 = fmaxf(v[0], v[2]);
                p->x0 = fminf(v[1], v[3]), p->x1 = fmaxf(v[1], v[3]);
            }
        }
        for (int64_t c = 0; c < a->classes; c++) {
            int64_t nc = 0, nk = 0;
            for (int64_t i = 0; i < nb; i++) {
                float s = load(scores, a->dtype, (b * a->classes + c) * nb + i);
                if (!a->has_score || s > a->score)
                    cand[nc++] = (struct nms_cand){s, i};
            }
            qsort(cand, (size_t)nc, sizeof(*cand), cand_cmp);
            for (int64_t k = 0; k < nc && nk < a->max; k++) {
                bool drop = false;
                for (int64_t j = 0; j < nk && !drop; j++)
                    drop = nms_suppress(&bx[cand[k].i], &bx[kept[j]], a->iou);
                if (drop)
                    continue;
                kept[nk++] = cand[k].i;
                if (n < cap) { /* NX3 */
                    out[n * 3] = (int32_t)b;
                    out[n * 3 + 1] = (int32_t)c;
                    out[n * 3 + 2] = (int32_t)cand[k].i;
                    n++;
                }
            }
        }
    }
    free(bx);
    free(cand);
    free(kept);
    *rows = n;
    return 0;
}

/* ---- aclnnNonMaxSuppression (NX4, NX5) ---------------------------------------------------- */

#define NMS "aclnnNonMaxSuppression"
#define NMS_MAX_OUT 700 /* CANN's MAX_VALID_OUTPUT */

enum { NM_B, NM_S, NM_O, NM_N };

struct nm_plan {
    struct ops_tensor t[NM_N];
    struct ops_nms a;
};

static int32_t nm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct nm_plan *p = e->plan;
    const struct ops_tensor *t = p->t;
    const int64_t nb = p->a.batches * p->a.boxes * 4, ns = p->a.batches * p->a.classes * p->a.boxes;
    const int64_t cap = t[NM_O].dims[0];
    float *b = malloc((size_t)(nb + 1) * sizeof(float));
    float *s = malloc((size_t)(ns + 1) * sizeof(float));
    int32_t *rows = malloc((size_t)(cap * 3 + 1) * sizeof(int32_t));
    int64_t *o = malloc((size_t)(cap * 3 + 1) * sizeof(int64_t));
    int32_t rc = ACL_SUCCESS;
    int64_t n = 0;
    if (!b || !s || !rows || !o) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_nd(b, CK_F32, ops_base(&t[NM_B], addr), t[NM_B].dt, 3, t[NM_B].dims,
                  t[NM_B].strides);
    ops_gather_nd(s, CK_F32, ops_base(&t[NM_S], addr), t[NM_S].dt, 3, t[NM_S].dims,
                  t[NM_S].strides);
    struct ops_nms a = p->a;
    a.dtype = ACL_FLOAT; /* NX5: read as FLOAT */
    if ((rc = ops_nms_run(&a, b, s, rows, cap, &n)))
        goto out;
    for (int64_t i = 0; i < cap * 3; i++)
        o[i] = i < n * 3 ? rows[i] : -1; /* NX4 */
    ops_scatter_nd(o, CK_I64, ops_base(&t[NM_O], addr), t[NM_O].dt, 2, t[NM_O].dims,
                   t[NM_O].strides);
out:
    free(b);
    free(s);
    free(rows);
    free(o);
    return rc;
}

aclnnStatus aclnnNonMaxSuppressionGetWorkspaceSize(const aclTensor *boxes, const aclTensor *scores,
                                                   aclIntArray *maxOutputBoxesPerClass,
                                                   aclFloatArray *iouThreshold,
                                                   aclFloatArray *scoreThreshold,
                                                   int32_t centerPointBox,
                                                   aclTensor *selectedIndices, WS)
{
    OPS_CHECK_NULLS(NMS, workspaceSize, executor, boxes, scores, maxOutputBoxesPerClass,
                    iouThreshold, selectedIndices);
    if (iouThreshold->n == 0) /* NX5 */
        return ops_err(ACLNN_ERR_PARAM_NULLPTR, "%s: iouThreshold is empty", NMS);
    const aclTensor *ts[3] = {boxes, scores, selectedIndices};
    static const char *const nm[3] = {"boxes", "scores", "selectedIndices"};
    aclnnStatus rc;
    int dt;
    for (int i = 0; i < 3; i++)
        if ((rc = ops_check_dims(ts[i], NMS, nm[i])))
            return rc;
    if ((rc = ops_need_dt(NMS, "boxes", boxes->dtype, OPS_DT_NonMaxSuppression, &dt)))
        return rc;
    if (scores->dtype != boxes->dtype)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: scores is %s, not boxes' type %s", NMS,
                       ops_dt_name(scores->dtype), ops_dt_name(boxes->dtype));
    if (!ops_dt_in(selectedIndices->dtype, OPS_DT2_NonMaxSuppression))
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: selectedIndices is %s (INT32)", NMS,
                       ops_dt_name(selectedIndices->dtype));
    if (boxes->ndim != 3 || scores->ndim != 3 || boxes->dims[2] != 4 ||
        scores->dims[0] != boxes->dims[0] || scores->dims[2] != boxes->dims[1])
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: boxes and scores must be [batches, boxes, 4], [batches, classes, "
                       "boxes]",
                       NMS);
    const int64_t max = maxOutputBoxesPerClass->n ? maxOutputBoxesPerClass->v[0] : 0;
    const float iou = iouThreshold->v[0];
    const bool has_score = scoreThreshold && scoreThreshold->n;
    const float score = has_score ? scoreThreshold->v[0] : 0.0f;
    if (max > NMS_MAX_OUT)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: maxOutputBoxesPerClass is %lld (at most %d)",
                       NMS, (long long)max, NMS_MAX_OUT);
    if (!(iou >= 0 && iou <= 1) || !(score >= 0 && score <= 1))
        return ops_err(ACLNN_ERR_PARAM_INVALID,
                       "%s: iouThreshold (%g) and scoreThreshold (%g) must be in [0, 1]", NMS, iou,
                       score);
    if (centerPointBox != 0 && centerPointBox != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: centerPointBox is %d (0 or 1)", NMS,
                       (int)centerPointBox);
    const int64_t want[2] = {(max > 0 ? max : 0) * boxes->dims[0] * scores->dims[1], 3};
    if ((rc = ops_check_shape(NMS, want, 2, selectedIndices, "selectedIndices")))
        return rc;
    OPS_PLAN(e, p, NMS, 2, 1, struct nm_plan, NULL, {&p->t[NM_B], boxes, "boxes"},
             {&p->t[NM_S], scores, "scores"}, {&p->t[NM_O], selectedIndices, "selectedIndices"});
    p->a = (struct ops_nms){.batches = boxes->dims[0],
                            .classes = scores->dims[1],
                            .boxes = boxes->dims[1],
                            .dtype = boxes->dtype,
                            .center = centerPointBox == 1,
                            .max = max,
                            .iou = iou,
                            .has_score = has_score,
                            .score = score};
    e->run = nm_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(NonMaxSuppression)

/* ---- aclnnNMSWithMask (NX6) ----------------------------------------------------------------- */

#define NWM "aclnnNMSWithMask"

struct nwm_plan {
    struct ops_tensor t[3]; /* x1 boxes, x2 scores, y mask */
    double iou, score;
};

static int32_t nwm_run(const struct aclOpExecutor *e, void *const *addr)
{
    const struct nwm_plan *p = e->plan;
    const struct ops_tensor *t = p->t;
    const int64_t n = t[1].dims[0];
    float *b = malloc((size_t)(4 * n + 1) * sizeof(float));
    float *s = malloc((size_t)(n + 1) * sizeof(float));
    int64_t *m = malloc((size_t)(n + 1) * sizeof(int64_t));
    int32_t rc = ACL_SUCCESS;
    if (!b || !s || !m) {
        rc = ACL_ERROR_BAD_ALLOC;
        goto out;
    }
    ops_gather_nd(b, CK_F32, ops_base(&t[0], addr), t[0].dt, 2, t[0].dims, t[0].strides);
    ops_gather_nd(s, CK_F32, ops_base(&t[1], addr), t[1].dt, 1, t[1].dims, t[1].strides);
    for (int64_t i = 0; i < n; i++)
        m[i] = 1;
    for (int64_t i = 0; i + 1 < n; i++) {
        if (!m[i])
            continue;
        if (s[i] < (float)p->score) {
            for (int64_t k = i; k < n; k++)
                m[k] = 0;
            break;
        }
        const float *u = b + 4 * i;
        const float au = (u[2] - u[0]) * (u[3] - u[1]);
        for (int64_t k = i + 1; k < n; k++) {
            const float *v = b + 4 * k;
            float iw = fmaxf(fminf(u[2], v[2]) - fmaxf(u[0], v[0]), 0.0f);
            float ih = fmaxf(fminf(u[3], v[3]) - fmaxf(u[1], v[1]), 0.0f);
            float inter = iw * ih, av = (v[2] - v[0]) * (v[3] - v[1]);
            if (inter / (au + av - inter) >= (float)p->iou)
                m[k] = 0;
        }
    }
    ops_scatter_nd(m, CK_I64, ops_base(&t[2], addr), t[2].dt, 1, t[2].dims, t[2].strides);
out:
    free(b);
    free(s);
    free(m);
    return rc;
}

aclnnStatus aclnnNMSWithMaskGetWorkspaceSize(const aclTensor *x1, const aclTensor *x2,
                                             double iouThreshold, double scoresThreshold,
                                             aclTensor *y, WS)
{
    OPS_CHECK_NULLS(NWM, workspaceSize, executor, x1, x2, y);
    aclnnStatus rc;
    int dt;
    if ((rc = ops_check_dims(x1, NWM, "x1")) || (rc = ops_check_dims(x2, NWM, "x2")) ||
        (rc = ops_check_dims(y, NWM, "y")) ||
        (rc = ops_need_dt(NWM, "x1", x1->dtype, OPS_DT_NMSWithMask, &dt)) ||
        (rc = ops_need_dt(NWM, "x2", x2->dtype, OPS_DT_NMSWithMask, &dt)) ||
        (rc = ops_need_dt(NWM, "y", y->dtype, OPS_DT2_NMSWithMask, &dt)))
        return rc;
    if (x2->ndim != 1)
        return ops_err(ACLNN_ERR_PARAM_INVALID, "%s: x2 must be [N] (it has %u dims)", NWM,
                       x2->ndim);
    const int64_t n = x2->dims[0], want[2] = {n, 4};
    if ((rc = ops_check_shape(NWM, want, 2, x1, "x1")) ||
        (rc = ops_check_shape(NWM, want, 1, y, "y")))
        return rc;
    OPS_PLAN(e, p, NWM, 2, 1, struct nwm_plan, NULL, {&p->t[0], x1, "x1"}, {&p->t[1], x2, "x2"},
             {&p->t[2], y, "y"});
    p->iou = iouThreshold, p->score = scoresThreshold;
    e->run = nwm_run;
    return ops_exec_done(e, workspaceSize, executor);
}
PHASE2(NMSWithMask)
