/* SPDX-License-Identifier: Apache-2.0 */
/* The object-detection family's codes and messages (NULL tensors and arrays, types, shapes,
 * attributes out of CANN's ranges) and values worked out by hand: a RoiAlign bin of a linear
 * ramp (bilinear sampling reproduces it), the IoU of two squares, NMS of CANN's example. The
 * differential test against float64 references is tests/python/test_detect_torch.py. */
#include <math.h>
#include <string.h>

#include "optest.h"

#include "aclnnop/aclnn_background_replace.h"
#include "aclnnop/aclnn_blend_images_custom.h"
#include "aclnnop/aclnn_ciou.h"
#include "aclnnop/aclnn_mrgba_custom.h"
#include "aclnnop/aclnn_iou.h"
#include "aclnnop/aclnn_nms_with_mask.h"
#include "aclnnop/aclnn_non_max_suppression.h"
#include "aclnnop/aclnn_roi_align.h"
#include "aclnnop/aclnn_roi_align_v2.h"
#include "aclnnop/aclnn_roi_align_v2_backward.h"
#include "aclnnop/aclnn_roi_pooling_grad_with_arg_max.h"
#include "aclnnop/aclnn_roi_pooling_with_arg_max.h"

static void test_values(void)
{
    /* feature x(h, w) = w on a 1x1x4x6 map: every bilinear sample inside is its own x, so a
     * bin's mean is the mean of its sample abscissae */
    int64_t fd[4] = {1, 1, 4, 6}, bd[2] = {1, 5}, od[4] = {1, 1, 1, 2}, id = 1;
    ot_tensor x, boxes, out, rois, idx, o1;
    ot_make(&x, ACL_FLOAT, 4, fd, L_CONTIG);
    ot_make(&boxes, ACL_FLOAT, 2, bd, L_GAP);
    ot_make(&out, ACL_FLOAT, 4, od, L_CONTIG);
    for (int i = 0; i < 24; i++)
        ot_set(&x, i, i % 6);
    const double b[5] = {0, 1, 0, 5, 2}; /* image 0, x 1..5, y 0..2 */
    for (int i = 0; i < 5; i++)
        ot_set(&boxes, i, b[i]);
    /* aligned false, ratio 2: bins [1, 3] and [3, 5], samples at 1.5, 2.5 and 3.5, 4.5 */
    OT_RUN(aclnnRoiAlignV2, x.t, boxes.t, 1, 2, 1.0f, 2, false, out.t);
    CHECK(fabs(ot_get(&out, 0) - 2.0) < 1e-6 && fabs(ot_get(&out, 1) - 4.0) < 1e-6);
    /* aligned: shifted by -0.5 */
    OT_RUN(aclnnRoiAlignV2, x.t, boxes.t, 1, 2, 1.0f, 2, true, out.t);
    CHECK(fabs(ot_get(&out, 0) - 1.5) < 1e-6 && fabs(ot_get(&out, 1) - 3.5) < 1e-6);
    /* RoiAlign "max": the larger sample of each bin (2.5, 4.5) */
    int64_t rd[2] = {1, 4};
    ot_make(&rois, ACL_FLOAT, 2, rd, L_CONTIG);
    ot_make(&idx, ACL_INT32, 1, &id, L_CONTIG);
    ot_make(&o1, ACL_FLOAT, 4, od, L_CONTIG);
    for (int i = 0; i < 4; i++)
        ot_set(&rois, i, b[i + 1]);
    ot_set(&idx, 0, 0);
    OT_RUN(aclnnRoiAlign, x.t, rois.t, idx.t, "max", 1, 2, 2, 1.0f, o1.t);
    CHECK(fabs(ot_get(&o1, 0) - 2.5) < 1e-6 && fabs(ot_get(&o1, 1) - 4.5) < 1e-6);
    /* an image index outside [0, B): zeros (RA5) */
    ot_set(&idx, 0, 3);
    OT_RUN(aclnnRoiAlign, x.t, rois.t, idx.t, "avg", 1, 2, 2, 1.0f, o1.t);
    CHECK(ot_get(&o1, 0) == 0 && ot_get(&o1, 1) == 0);
    /* the gradient of one bin spreads 1 / 4 per sample over its neighbours: sums to 1 each */
    aclIntArray *shape = aclCreateIntArray(fd, 4);
    ot_tensor gi;
    ot_make(&gi, ACL_FLOAT, 4, fd, L_CONTIG);
    ot_set(&out, 0, 1), ot_set(&out, 1, 1);
    OT_RUN(aclnnRoiAlignV2Backward, out.t, boxes.t, shape, 1, 2, 1.0f, 2, false, gi.t);
    double sum = 0;
    for (int i = 0; i < 24; i++)
        sum += ot_get(&gi, i);
    CHECK(fabs(sum - 2.0) < 1e-6);
    aclDestroyIntArray(shape);

    /* Iou: [0, 0, 2, 2] and [1, 1, 3, 3] overlap by 1 of 7; iof 1 of 4 */
    int64_t d4[2] = {1, 4}, d11[2] = {1, 1};
    ot_tensor bb, gb, ov;
    ot_make(&bb, ACL_FLOAT16, 2, d4, L_CONTIG);
    ot_make(&gb, ACL_FLOAT16, 2, d4, L_CONTIG);
    ot_make(&ov, ACL_FLOAT16, 2, d11, L_CONTIG);
    for (int i = 0; i < 4; i++)
        ot_set(&bb, i, i < 2 ? 0 : 2), ot_set(&gb, i, i < 2 ? 1 : 3);
    OT_RUN(aclnnIou, bb.t, gb.t, "iou", 0.0f, false, ov.t);
    CHECK(fabs(ot_get(&ov, 0) - 1.0 / 7) < 1e-3);
    OT_RUN(aclnnIou, bb.t, gb.t, "iof", 0.0f, true, ov.t);
    CHECK(fabs(ot_get(&ov, 0) - 0.25) < 1e-3);
    OT_FREE(&x, &boxes, &out, &rois, &idx, &o1, &gi, &bb, &gb, &ov);

    /* NMS on CANN's example (boxes [y1, x1, y2, x2]) */
    const float bx[28] = {49.1f, 32.4f, 51.0f, 35.9f, 49.3f, 32.9f, 51.0f, 35.3f, 49.2f, 31.8f,
                          51.0f, 35.4f, 35.1f, 11.5f, 39.1f, 15.7f, 35.6f, 11.8f, 39.3f, 14.2f,
                          35.3f, 11.5f, 39.9f, 14.5f, 35.2f, 11.7f, 39.7f, 15.7f};
    const float sc[7] = {0.9f, 0.9f, 0.5f, 0.5f, 0.5f, 0.4f, 0.3f};
    int64_t bxd[3] = {1, 7, 4}, scd[3] = {1, 1, 7}, sid[2] = {3, 3}, mx = 3;
    float iou = 0.6f, st = 0.0f;
    ot_tensor tb, ts, si;
    ot_make(&tb, ACL_FLOAT, 3, bxd, L_CONTIG);
    ot_make(&ts, ACL_FLOAT, 3, scd, L_CONTIG);
    ot_make(&si, ACL_INT32, 2, sid, L_CONTIG);
    for (int i = 0; i < 28; i++)
        ot_set(&tb, i, bx[i]);
    for (int i = 0; i < 7; i++)
        ot_set(&ts, i, sc[i]);
    aclIntArray *m = aclCreateIntArray(&mx, 1);
    aclFloatArray *it = aclCreateFloatArray(&iou, 1), *stt = aclCreateFloatArray(&st, 1);
    OT_RUN(aclnnNonMaxSuppression, tb.t, ts.t, m, it, stt, 0, si.t);
    /* by score: 0 kept; 1 (IoU 0.614 with 0) and 2 (0.699) suppressed; 3 kept; 4 (0.486 with
     * 3, disjoint from 0) kept, and max 3 is reached */
    const int want[9] = {0, 0, 0, 0, 0, 3, 0, 0, 4};
    for (int i = 0; i < 9; i++)
        CHECK(ot_get(&si, i) == want[i]);
    /* score threshold 0.6: only 0 (then 1 is suppressed), the rest -1 */
    st = 0.6f;
    aclFloatArray *st2 = aclCreateFloatArray(&st, 1);
    OT_RUN(aclnnNonMaxSuppression, tb.t, ts.t, m, it, st2, 0, si.t);
    for (int i = 0; i < 9; i++)
        CHECK(ot_get(&si, i) == (i < 3 ? 0 : -1));
    aclDestroyIntArray(m);
    aclDestroyFloatArray(it);
    aclDestroyFloatArray(stt);
    aclDestroyFloatArray(st2);
    OT_FREE(&tb, &ts, &si);
}

#define FAILS_NAMING(want, frag, op, ...) OT_FAILS_NAMING(want, op, frag, __VA_ARGS__)

static void test_codes(void)
{
    int64_t fd[4] = {1, 2, 4, 4}, b5[2] = {3, 5}, b4[2] = {3, 4}, od[4] = {3, 2, 2, 2}, n3 = 3;
    int64_t b4x[2] = {4, 1024}, o1x[2] = {1, 1024}, bad3[3] = {1, 3, 4};
    ot_tensor x, bx5, bx4, out, idx, xi, x16, o33, c4, c1, c1h, bn, sn, sel;
    ot_make(&x, ACL_FLOAT, 4, fd, L_CONTIG);
    ot_make(&x16, ACL_FLOAT16, 4, fd, L_CONTIG);
    ot_make(&bx5, ACL_FLOAT, 2, b5, L_CONTIG);
    ot_make(&bx4, ACL_FLOAT, 2, b4, L_CONTIG);
    ot_make(&out, ACL_FLOAT, 4, od, L_CONTIG);
    ot_make(&idx, ACL_INT32, 1, &n3, L_CONTIG);
    ot_make(&xi, ACL_INT64, 1, &n3, L_CONTIG);
    int64_t d33[2] = {3, 3};
    ot_make(&o33, ACL_FLOAT, 2, d33, L_CONTIG);
    ot_make(&c4, ACL_FLOAT, 2, b4x, L_CONTIG);
    ot_make(&c1, ACL_FLOAT, 2, o1x, L_CONTIG);
    ot_make(&c1h, ACL_FLOAT16, 2, o1x, L_CONTIG);
    ot_make(&bn, ACL_FLOAT, 3, bad3, L_CONTIG);
    int64_t sd[3] = {1, 1, 3}, seld[2] = {1, 3};
    ot_make(&sn, ACL_FLOAT, 3, sd, L_CONTIG);
    ot_make(&sel, ACL_INT32, 2, seld, L_CONTIG);
    for (int i = 0; i < 4 * 1024; i++)
        ot_set(&c4, i, i % 7);

    /* RoiAlign / V2 / backward */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRoiAlignV2, NULL, bx5.t, 2, 2, 1.0f, 0, true, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "NULL", aclnnRoiAlign, x.t, bx4.t, idx.t, NULL, 2, 2, 0,
                 1.0f, out.t); /* a NULL mode is 161002, as CANN's */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRoiAlign, x.t, bx4.t, NULL, "avg", 2, 2, 0, 1.0f, out.t);
    OT_NULL_OUTS(aclnnRoiAlignV2, x.t, bx5.t, 2, 2, 1.0f, 0, true, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "boxes", aclnnRoiAlignV2, x.t, bx4.t, 2, 2, 1.0f, 0, true,
                 out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "spatialScale", aclnnRoiAlignV2, x.t, bx5.t, 2, 2, 0.0f,
                 0, true, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "samplingRatio", aclnnRoiAlignV2, x.t, bx5.t, 2, 2, 1.0f,
                 -1, true, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "pooled", aclnnRoiAlignV2, x.t, bx5.t, 0, 2, 1.0f, 0,
                 true, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnRoiAlignV2, x.t, bx5.t, 3, 2, 1.0f, 0, true,
                 out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "boxes", aclnnRoiAlignV2, x16.t, bx5.t, 2, 2, 1.0f, 0,
                 true, out.t); /* mixed types */
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "mode", aclnnRoiAlign, x.t, bx4.t, idx.t, "mean", 2, 2, 0,
                 1.0f, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "batchIndices", aclnnRoiAlign, x.t, bx4.t, xi.t, "avg", 2,
                 2, 0, 1.0f, out.t);
    int64_t sh3[3] = {1, 2, 4};
    aclIntArray *s3 = aclCreateIntArray(sh3, 3), *s4 = aclCreateIntArray(fd, 4);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "inputShape", aclnnRoiAlignV2Backward, out.t, bx5.t, s3,
                 2, 2, 1.0f, 0, true, x.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRoiAlignV2Backward, out.t, bx5.t, NULL, 2, 2, 1.0f, 0,
             true, x.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "gradOutput", aclnnRoiAlignV2Backward, out.t, bx5.t, s4,
                 3, 2, 1.0f, 0, true, x.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "FLOAT", aclnnRoiAlignV2Backward, x16.t, bx5.t, s4, 2, 2,
                 1.0f, 0, true, x.t); /* FLOAT only */
    aclDestroyIntArray(s3);
    aclDestroyIntArray(s4);

    /* Iou / CIoU */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnIou, bx4.t, NULL, "iou", 0.0f, false, o33.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "eps", aclnnIou, bx4.t, bx4.t, "iou", -1.0f, false,
                 o33.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "mode", aclnnIou, bx4.t, bx4.t, "giou", 0.0f, false,
                 o33.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "mode", aclnnIou, bx4.t, bx4.t, NULL, 0.0f, false, o33.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "overlap", aclnnIou, bx4.t, bx4.t, "iou", 0.0f, true,
                 o33.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "(m, 4)", aclnnIou, bx5.t, bx4.t, "iou", 0.0f, false,
                 o33.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnCIoU, c4.t, c4.t, false, false, "iou", c1.t, NULL);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "mode", aclnnCIoU, c4.t, c4.t, false, false, NULL, c1.t,
                 c1.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "isCross", aclnnCIoU, c4.t, c4.t, false, true, "iou",
                 c1.t, c1.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "[4, N]", aclnnCIoU, bx4.t, bx4.t, false, false, "iou",
                 c1.t, c1.t); /* [3, 4]: first dim not 4 */
    ot_tensor c43;
    int64_t d43[2] = {4, 3};
    ot_make(&c43, ACL_FLOAT, 2, d43, L_CONTIG);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "1024", aclnnCIoU, c43.t, c43.t, false, false, "iou",
                 c1.t, c1.t); /* N = 3 */
    ot_free(&c43);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "atanSub", aclnnCIoU, c4.t, c4.t, false, false, "iou",
                 c1.t, c1h.t);
    OT_RUN(aclnnCIoU, c4.t, c4.t, true, false, "iof", c1.t, c1.t);

    /* NonMaxSuppression */
    int64_t one = 1, big = 701;
    float half = 0.5f, over = 1.5f;
    aclIntArray *m1 = aclCreateIntArray(&one, 1), *m701 = aclCreateIntArray(&big, 1);
    aclFloatArray *fh = aclCreateFloatArray(&half, 1), *fo = aclCreateFloatArray(&over, 1);
    aclFloatArray *fe = aclCreateFloatArray(&half, 0);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnNonMaxSuppression, bn.t, sn.t, m1, NULL, NULL, 0, sel.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_NULLPTR, "iouThreshold", aclnnNonMaxSuppression, bn.t, sn.t, m1,
                 fe, NULL, 0, sel.t);
    OT_RUN(aclnnNonMaxSuppression, bn.t, sn.t, m1, fh, NULL, 1, sel.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "700", aclnnNonMaxSuppression, bn.t, sn.t, m701, fh, fe,
                 0, sel.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "iouThreshold", aclnnNonMaxSuppression, bn.t, sn.t, m1,
                 fo, fe, 0, sel.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "centerPointBox", aclnnNonMaxSuppression, bn.t, sn.t, m1,
                 fh, fe, 2, sel.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "selectedIndices", aclnnNonMaxSuppression, bn.t, sn.t, m1,
                 fh, fe, 0, idx.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "scores", aclnnNonMaxSuppression, bn.t, bn.t, m1, fh, fe,
                 0, sel.t);
    aclDestroyIntArray(m1);
    aclDestroyIntArray(m701);
    aclDestroyFloatArray(fh);
    aclDestroyFloatArray(fo);
    aclDestroyFloatArray(fe);
    OT_FREE(&x, &x16, &bx5, &bx4, &out, &idx, &xi, &o33, &c4, &c1, &c1h, &bn, &sn, &sel);
}

/* RoiPoolingWithArgMax on a 1x1x3x4 ramp x(h, w) = 4 h + w, one region over pixels
 * [1, 2] x [0, 2] in two bins: bin 0 rows 0..1 (ceil(1.5)), bin 1 rows 1..2; the maxima are
 * each bin's last pixel; the gradient puts gradOutput back at those positions. */
static void test_roi_pooling(void)
{
    int64_t xd[4] = {1, 1, 3, 4}, rd[2] = {1, 5}, yd[4] = {1, 1, 2, 1};
    ot_tensor x, r, y, am, gi;
    ot_make(&x, ACL_FLOAT, 4, xd, L_CONTIG);
    ot_make(&r, ACL_FLOAT16, 2, rd, L_CONTIG);
    ot_make(&y, ACL_FLOAT, 4, yd, L_GAP);
    ot_make(&am, ACL_INT32, 4, yd, L_CONTIG);
    ot_make(&gi, ACL_FLOAT, 4, xd, L_CONTIG);
    for (int i = 0; i < 12; i++)
        ot_set(&x, i, i), ot_set(&gi, i, 9);
    const double roi[5] = {0, 1, 0, 2, 2}; /* b, x1, y1, x2, y2: columns 1..2, rows 0..2 */
    for (int i = 0; i < 5; i++)
        ot_set(&r, i, roi[i]);
    OT_RUN(aclnnRoiPoolingWithArgMax, x.t, r.t, 2, 1, 1.0f, 1.0f, y.t, am.t);
    /* height 3 over 2 bins: rows [0, 2) and [1, 3); columns [1, 3) */
    CHECK(ot_get(&y, 0) == 6 && ot_get(&am, 0) == 6);
    CHECK(ot_get(&y, 1) == 10 && ot_get(&am, 1) == 10);
    ot_set(&y, 0, 0.5), ot_set(&y, 1, 0.25);
    OT_RUN(aclnnRoiPoolingGradWithArgMax, y.t, gi.t, r.t, am.t, 2, 1, 1.0);
    for (int i = 0; i < 12; i++)
        CHECK(ot_get(&gi, i) == (i == 6 ? 0.5 : i == 10 ? 0.25 : 0));
    /* codes */
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRoiPoolingWithArgMax, x.t, r.t, 2, 1, 1.0f, 1.0f, y.t,
             NULL);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "spatial_scale", aclnnRoiPoolingWithArgMax, x.t, r.t, 2,
                 1, 0.0f, 1.0f, y.t, am.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "pooled", aclnnRoiPoolingWithArgMax, x.t, r.t, 0, 1, 1.0f,
                 1.0f, y.t, am.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "argmax", aclnnRoiPoolingWithArgMax, x.t, r.t, 2, 1, 1.0f,
                 1.0f, y.t, y.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "y", aclnnRoiPoolingWithArgMax, x.t, r.t, 1, 1, 1.0f,
                 1.0f, y.t, am.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "rois", aclnnRoiPoolingWithArgMax, x.t, x.t, 2, 1, 1.0f,
                 1.0f, y.t, am.t);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnRoiPoolingGradWithArgMax, y.t, NULL, r.t, am.t, 2, 1,
             1.0);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "gradOutput", aclnnRoiPoolingGradWithArgMax, y.t, gi.t,
                 r.t, am.t, 1, 2, 1.0);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "gradInputRef", aclnnRoiPoolingGradWithArgMax, y.t, am.t,
                 r.t, am.t, 2, 1, 1.0); /* INT32 */
}

/* NMSWithMask: three boxes by score, the second overlapping the first by IoU 1/3 (suppressed at
 * 0.3, kept at 0.5), the third disjoint; a score threshold above the second score clears it and
 * the third. */
static void test_nms_with_mask(void)
{
    int64_t bd[2] = {3, 4}, n = 3;
    ot_tensor b, s, y, yf;
    ot_make(&b, ACL_FLOAT, 2, bd, L_TRANS);
    ot_make(&s, ACL_FLOAT, 1, &n, L_CONTIG);
    ot_make(&y, ACL_UINT8, 1, &n, L_CONTIG);
    ot_make(&yf, ACL_FLOAT, 1, &n, L_CONTIG);
    const double bx[12] = {0, 0, 2, 2, 1, 0, 3, 2, 5, 5, 6, 6}, sc[3] = {0.9, 0.8, 0.7};
    for (int i = 0; i < 12; i++)
        ot_set(&b, i, bx[i]);
    for (int i = 0; i < 3; i++)
        ot_set(&s, i, sc[i]);
    OT_RUN(aclnnNMSWithMask, b.t, s.t, 0.3, 0.1, y.t);
    CHECK(ot_get(&y, 0) == 1 && ot_get(&y, 1) == 0 && ot_get(&y, 2) == 1);
    OT_RUN(aclnnNMSWithMask, b.t, s.t, 0.5, 0.1, y.t);
    CHECK(ot_get(&y, 0) == 1 && ot_get(&y, 1) == 1 && ot_get(&y, 2) == 1);
    OT_RUN(aclnnNMSWithMask, b.t, s.t, 0.5, 0.85, y.t);
    CHECK(ot_get(&y, 0) == 1 && ot_get(&y, 1) == 0 && ot_get(&y, 2) == 0);
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnNMSWithMask, b.t, NULL, 0.5, 0.1, y.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "y", aclnnNMSWithMask, b.t, s.t, 0.5, 0.1, yf.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "x1", aclnnNMSWithMask, s.t, s.t, 0.5, 0.1, y.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "x2", aclnnNMSWithMask, b.t, b.t, 0.5, 0.1, y.t);
    OT_FREE(&b, &s, &y, &yf);
}

/* The compositing of ops-cv's objdetect folder (ops/elementwise/blend.c): a 1x2 image, alpha
 * 255 and 0 select rgb and frame exactly; MrgbaCustom at alpha 128 rounds 200 * 128 / 255
 * (100.4 in FLOAT16 steps) down; the codes. */
static void test_compositing(void)
{
    int64_t d3[3] = {1, 2, 3}, d1[3] = {1, 2, 1}, d4[3] = {1, 3, 1};
    ot_tensor rgb, fr, al, out, m16, bad;
    ot_make(&rgb, ACL_UINT8, 3, d3, L_CONTIG);
    ot_make(&fr, ACL_UINT8, 3, d3, L_GAP);
    ot_make(&al, ACL_UINT8, 3, d1, L_CONTIG);
    ot_make(&out, ACL_UINT8, 3, d3, L_CONTIG);
    ot_make(&m16, ACL_FLOAT16, 3, d1, L_CONTIG);
    ot_make(&bad, ACL_UINT8, 3, d4, L_CONTIG);
    for (int i = 0; i < 6; i++)
        ot_set(&rgb, i, 200), ot_set(&fr, i, 10 + i);
    ot_set(&al, 0, 255), ot_set(&al, 1, 0);
    OT_RUN(aclnnBlendImagesCustom, rgb.t, al.t, fr.t, out.t);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&out, i) == (i < 3 ? 200 : 10 + i));
    ot_set(&al, 0, 128);
    OT_RUN(aclnnMrgbaCustom, rgb.t, al.t, out.t);
    CHECK(ot_get(&out, 0) == 100 && ot_get(&out, 3) == 0);
    ot_set(&m16, 0, 1), ot_set(&m16, 1, 0);
    OT_RUN(aclnnBackgroundReplace, fr.t, rgb.t, m16.t, out.t);
    for (int i = 0; i < 6; i++)
        CHECK(ot_get(&out, i) == (i < 3 ? 200 : 10 + i));
    OT_FAILS(ACLNN_ERR_PARAM_NULLPTR, aclnnMrgbaCustom, rgb.t, NULL, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "alpha", aclnnMrgbaCustom, rgb.t, m16.t, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "alpha", aclnnMrgbaCustom, rgb.t, bad.t, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "out", aclnnMrgbaCustom, rgb.t, al.t, al.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "mask", aclnnBackgroundReplace, fr.t, rgb.t, al.t, out.t);
    FAILS_NAMING(ACLNN_ERR_PARAM_INVALID, "frame", aclnnBlendImagesCustom, rgb.t, al.t, m16.t,
                 out.t);
    OT_FREE(&rgb, &fr, &al, &out, &m16, &bad);
}

int main(void)
{
    ot_init();
    test_values();
    test_codes();
    test_roi_pooling();
    test_nms_with_mask();
    test_compositing();
    ot_fini();
    printf("ops_detect: ok\n");
    return 0;
}
