/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_grouped_matmul.h: grouped matrix products, the first interface (ops-transformer gmm/grouped_matmul).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_H
#define CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupedMatmul: aclnnGroupedMatmulV3 (aclnn_grouped_matmul_v3.h) with groupListOptional an
 * aclIntArray of cumulative row ends and no groupType: M is split (groupType 0) when splitItem is
 * 2 / 3 or a groupList is given, else the lists are independent products (-1). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedMatmulGetWorkspaceSize(const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional, const aclTensorList *scaleOptional, const aclTensorList *offsetOptional, const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional, const aclIntArray *groupListOptional, int64_t splitItem, const aclTensorList *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedMatmul(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_H */
