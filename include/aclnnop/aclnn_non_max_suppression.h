/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_non_max_suppression.h: non-maximum suppression, ONNX's
 * NonMaxSuppression (ops-cv objdetect/non_max_suppression_v6).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NON_MAX_SUPPRESSION_H
#define CPUACL_ACLNNOP_ACLNN_NON_MAX_SUPPRESSION_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNonMaxSuppression: boxes [batches, boxes, 4], scores [batches, classes, boxes] FLOAT or
 * FLOAT16; maxOutputBoxesPerClass (its first value, <= 700), iouThreshold and scoreThreshold
 * (their first values, in [0, 1]); centerPointBox 0 or 1; selectedIndices INT32
 * [max * batches * classes, 3]: the kept [batch, class, box] rows, then rows of -1. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNonMaxSuppressionGetWorkspaceSize(
    const aclTensor *boxes, const aclTensor *scores, aclIntArray *maxOutputBoxesPerClass,
    aclFloatArray *iouThreshold, aclFloatArray *scoreThreshold, int32_t centerPointBox,
    aclTensor *selectedIndices, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNonMaxSuppression(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NON_MAX_SUPPRESSION_H */
