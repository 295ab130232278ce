/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_grouped_matmul_v3.h: grouped matrix multiplication (a list of
 * independent matmuls, or one matmul split into groups along M or K).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md for what cpuacl supports.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_V3_H
#define CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupedMatmulV3: y_i = x_i @ weight_i (+ bias_i).
 * groupType -1: no split; x, weight, y lists of one length, y_i = x_i @ w_i
 *   (splitItem 0/1, groupListOptional NULL).
 * groupType 0: split along M; groupListOptional (INT64, 1-d) holds the
 *   cumulative row ends of the groups; one x [M, K] with one weight [E, K, N]
 *   or E weights [K, N] into one y [M, N], or E x's and E weights into one y
 *   (splitItem 2/3).
 * groupType 2: split along K; one x [M, K] (a transposed view), one weight
 *   [K, N], y [E, M, N]; groupListOptional holds cumulative K ends (splitItem
 *   2/3, no bias).
 * antiquantScale/OffsetOptional: int8/int4 weights dequantised as
 *   (w + offset) * scale per channel; scale/offsetOptional (quantised x) are
 *   not supported by cpuacl. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedMatmulV3GetWorkspaceSize(
    const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional,
    const aclTensorList *scaleOptional, const aclTensorList *offsetOptional,
    const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional,
    const aclTensor *groupListOptional, int64_t splitItem, int64_t groupType,
    const aclTensorList *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedMatmulV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_V3_H */
