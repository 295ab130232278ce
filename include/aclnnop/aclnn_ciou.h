/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ciou.h: the complete IoU of box pairs (ops-cv objdetect/ciou).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CIOU_H
#define CPUACL_ACLNNOP_ACLNN_CIOU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCIoU: bBoxes, gtBoxes [4, N] FLOAT or FLOAT16 (N a multiple of 1024), [x0, y0, x1, y1]
 * columns, or [x, y, w, h] when trans; isCross false; mode "iou" or "iof"; overlap and atanSub
 * [1, N] of their type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCIoUGetWorkspaceSize(const aclTensor *bBoxes,
                                                          const aclTensor *gtBoxes, bool trans,
                                                          bool isCross, const char *mode,
                                                          aclTensor *overlap, aclTensor *atanSub,
                                                          uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCIoU(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CIOU_H */
