/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_iou.h: the intersection over union (or over the ground truth's area) of two
 * box sets (ops-cv objdetect/iou_v2).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_IOU_H
#define CPUACL_ACLNNOP_ACLNN_IOU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIou: bBoxes (m, 4), gtBoxes (n, 4) [x0, y0, x1, y1], FLOAT, FLOAT16 or BFLOAT16;
 * mode "iou" or "iof"; eps >= 0 added to every width and height; overlap (m, n), or (m, 1)
 * pairing row i with row i when aligned. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIouGetWorkspaceSize(const aclTensor *bBoxes,
                                                         const aclTensor *gtBoxes, const char *mode,
                                                         float eps, bool aligned, aclTensor *overlap,
                                                         uint64_t *workspaceSize,
                                                         aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIou(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_IOU_H */
