/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The object-detection family's declaration list, one row per operator (the columns:
 * ops/engine/optable.h): roi_align.c (RoiAlign, RoiAlignV2, RoiAlignV2Backward: bilinear
 * pooling of regions of interest and its gradient), iou.c (Iou, CIoU: the overlap of box
 * sets), nms.c (NonMaxSuppression on the host NMS kernel the IR type NonMaxSuppressionV6
 * runs; NMSWithMask, ops-cv's experimental keep mask of pre-sorted boxes), roi_pooling.c
 * (RoiPoolingWithArgMax, RoiPoolingGradWithArgMax: Fast R-CNN's max pooling of regions and its
 * gradient). The checks take each operator's types from its row (OPS_DT_<Name>, OPS_DT2_<Name>);
 * the ctest ops_table checks the rows against the headers, ops/engine/public.h and
 * docs/operators.md.
 */
#ifndef CPUACL_OPS_DETECT_TABLE_H
#define CPUACL_OPS_DETECT_TABLE_H

#include "ops/engine/optable.h"

#define DETECT_OPS(X)                                                                              \
    X(RoiAlign, roi_align, OPS_OUT,                                                                \
      K(tensor, tensor, tensor, string, int, int, int, float, tensor), DTM(DT_F32) | DTM(DT_F16),  \
      batchIndices, DTM(DT_I32))                                                                   \
    X(RoiAlignV2, roi_align_v2, OPS_OUT,                                                           \
      K(tensor, tensor, int64, int64, float, int64, bool, tensor), DTM(DT_F32) | DTM(DT_F16),      \
      none, 0)                                                                                     \
    X(RoiAlignV2Backward, roi_align_v2_backward, OPS_OUT,                                          \
      K(tensor, tensor, int_array, int64, int64, float, int64, bool, tensor), DTM(DT_F32), none,   \
      0)                                                                                           \
    X(Iou, iou, OPS_OUT, K(tensor, tensor, string, float, bool, tensor), DTM_F3, none, 0)          \
    X(CIoU, ciou, OPS_OUT, K(tensor, tensor, bool, bool, string, tensor, tensor),                  \
      DTM(DT_F32) | DTM(DT_F16), none, 0)                                                          \
    X(NonMaxSuppression, non_max_suppression, OPS_OUT,                                             \
      K(tensor, tensor, int_array, float_array, float_array, int32, tensor),                       \
      DTM(DT_F32) | DTM(DT_F16), selectedIndices, DTM(DT_I32))                                     \
    X(RoiPoolingWithArgMax, roi_pooling_with_arg_max, OPS_OUT,                                     \
      K(tensor, tensor, int64, int64, float, float, tensor, tensor), DTM(DT_F32) | DTM(DT_F16),    \
      argmax, DTM(DT_I32))                                                                         \
    X(RoiPoolingGradWithArgMax, roi_pooling_grad_with_arg_max, OPS_OUT,                            \
      K(tensor, tensor, tensor, tensor, int64, int64, double), DTM(DT_F32) | DTM(DT_F16), argmax,  \
      DTM(DT_I32))                                                                                 \
    X(NMSWithMask, nms_with_mask, OPS_OUT, K(tensor, tensor, double, double, tensor), DTM(DT_F32), \
      y, DTM(DT_U8))

enum { DETECT_OPS(OPS_ROW_DT) };

#endif /* CPUACL_OPS_DETECT_TABLE_H */
