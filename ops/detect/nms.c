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
 */
#include <math.h>
#include <stdlib.h>

#include "core/half.h"
#include "ops/detect/detect.h"

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
