/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_nms_with_mask.h: the keep mask of non-maximum suppression over boxes sorted
 * by score (ops-cv experimental/image/nms_with_mask; CANN generates this header from the
 * operator's definition: inputs x1, x2, attributes iou_threshold, scores_threshold, output y).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NMS_WITH_MASK_H
#define CPUACL_ACLNNOP_ACLNN_NMS_WITH_MASK_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNMSWithMask: x1 [N, 4] boxes [x1, y1, x2, y2] and x2 [N] scores (descending), FLOAT;
 * y [N] UINT8, 1 for a kept box. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNMSWithMaskGetWorkspaceSize(const aclTensor *x1,
                                                                 const aclTensor *x2,
                                                                 double iouThreshold,
                                                                 double scoresThreshold,
                                                                 aclTensor *y,
                                                                 uint64_t *workspaceSize,
                                                                 aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNMSWithMask(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NMS_WITH_MASK_H */
