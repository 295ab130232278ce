/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ops/detect: object-detection kernels. Non-maximum suppression (CANN's
 * NonMaxSuppressionV6 of ops-cv, ONNX's NonMaxSuppression): the boxes each class keeps,
 * greedily by score (nms.c). Its output's extent depends on the data: the graph's plan
 * (ops/proto/detect.c) runs it and reports the real extent (proto_plan_run_dims).
 */
#ifndef CPUACL_OPS_DETECT_DETECT_H
#define CPUACL_OPS_DETECT_DETECT_H

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"

/* boxes [batches, boxes, 4], scores [batches, classes, boxes], both of type dtype
 * (ACL_FLOAT or ACL_FLOAT16). */
struct ops_nms {
    int64_t batches, classes, boxes;
    aclDataType dtype;
    bool center;    /* center_point_box 1: [x_center, y_center, width, height]; else two
                       diagonal corners [y1, x1, y2, x2] in either order */
    int64_t max;    /* boxes kept per class at most (<= 0: none) */
    float iou;      /* a box whose IoU with a kept one is above it is suppressed */
    bool has_score; /* only boxes scoring above score are candidates */
    float score;
};

/* For each batch, then each class: the candidates by descending score (ties: the lower
 * box index first), each kept unless its IoU with a box kept before is above iou, up
 * to max; the rows [batch, class, box] into out (int32, at most cap rows), their count
 * into *rows. 0, or ACL_ERROR_BAD_ALLOC. */
int32_t ops_nms_run(const struct ops_nms *a, const void *boxes, const void *scores, int32_t *out,
                    int64_t cap, int64_t *rows);

#endif /* CPUACL_OPS_DETECT_DETECT_H */
