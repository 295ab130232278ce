/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_roi_align_v2_backward.h: the gradient of aclnnRoiAlignV2
 * (ops-cv objdetect/roi_align_grad).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_V2_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_V2_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRoiAlignV2Backward: gradOutput (K, C, pooledHeight, pooledWidth), boxes (K, 5) and
 * gradInput (inputShape: B, C, H, W), all FLOAT; the other parameters as aclnnRoiAlignV2's. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiAlignV2BackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *boxes, const aclIntArray *inputShape,
    int64_t pooledHeight, int64_t pooledWidth, float spatialScale, int64_t samplingRatio,
    bool aligned, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiAlignV2Backward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROI_ALIGN_V2_BACKWARD_H */
