/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_roi_pooling_with_arg_max.h: Fast R-CNN's region max pooling with the
 * position of each maximum (ops-cv objdetect/roi_pooling_with_arg_max).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROI_POOLING_WITH_ARG_MAX_H
#define CPUACL_ACLNNOP_ACLNN_ROI_POOLING_WITH_ARG_MAX_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRoiPoolingWithArgMax: x (N, C, H, W) FLOAT or FLOAT16, rois (numRois, 5)
 * [b, x1, y1, x2, y2]; y (numRois, C, pooled_h, pooled_w) of x's type and argmax of its
 * shape, INT32 (h W + w, -1 for an empty bin); the scales > 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiPoolingWithArgMaxGetWorkspaceSize(
    const aclTensor *x, const aclTensor *rois, int64_t pooled_h, int64_t pooled_w,
    float spatial_scale_h, float spatial_scale_w, aclTensor *y, aclTensor *argmax,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiPoolingWithArgMax(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROI_POOLING_WITH_ARG_MAX_H */
