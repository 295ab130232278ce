/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_roi_align.h: bilinear pooling of regions of interest, ONNX's RoiAlign of
 * opset 10 (ops-cv objdetect/roi_align).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_H
#define CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRoiAlign: self (N, C, H, W) FLOAT or FLOAT16, rois (numRois, 4) [x1, y1, x2, y2] and out
 * (numRois, C, outputHeight, outputWidth) of self's type, batchIndices (numRois) INT32; mode
 * "avg" or "max"; samplingRatio >= 0 (0: adaptive), spatialScale > 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiAlignGetWorkspaceSize(
    const aclTensor *self, const aclTensor *rois, const aclTensor *batchIndices, const char *mode,
    int outputHeight, int outputWidth, int samplingRatio, float spatialScale, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiAlign(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_H */
