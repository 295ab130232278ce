/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_roi_pooling_grad_with_arg_max.h: the gradient of aclnnRoiPoolingWithArgMax
 * (ops-cv objdetect/roi_pooling_grad_with_arg_max).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ROI_POOLING_GRAD_WITH_ARG_MAX_H
#define CPUACL_ACLNNOP_ACLNN_ROI_POOLING_GRAD_WITH_ARG_MAX_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnRoiPoolingGradWithArgMax: gradOutput (numRois, C, pooledH, pooledW) FLOAT or FLOAT16,
 * argmax of its shape INT32, rois (numRois, 5) (its image indices); gradInputRef (N, C, H, W)
 * of gradOutput's type is overwritten with the gradient. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiPoolingGradWithArgMaxGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *gradInputRef, const aclTensor *rois,
    const aclTensor *argmax, int64_t pooledH, int64_t pooledW, double spatialScale,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnRoiPoolingGradWithArgMax(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ROI_POOLING_GRAD_WITH_ARG_MAX_H */
