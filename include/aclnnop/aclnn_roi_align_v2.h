/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_roi_align_v2.h: torchvision's roi_align (average pooling, aligned):
 * boxes carry their image index (ops-cv objdetect/roi_align).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_V2_H
#define CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRoiAlignV2: self (B, C, H, W) FLOAT or FLOAT16, boxes (K, 5) [image_id, x1, y1, x2, y2]
 * and out (K, C, pooledHeight, pooledWidth) of self's type; spatialScale > 0, samplingRatio >= 0
 * (0: adaptive); aligned shifts the box by -0.5 pixel. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiAlignV2GetWorkspaceSize(
    const aclTensor *self, const aclTensor *boxes, int64_t pooledHeight, int64_t pooledWidth,
    float spatialScale, int64_t samplingRatio, bool aligned, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiAlignV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_V2_H */
