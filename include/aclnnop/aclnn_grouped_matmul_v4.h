/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_grouped_matmul_v4.h: grouped matrix products with an activation and group sizes (ops-transformer gmm/grouped_matmul).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_V4_H
#define CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_V4_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The activation applied to out after the bias (CANN's GMMActType). */
typedef enum {
    GMM_ACT_TYPE_NONE = 0L,
    GMM_ACT_TYPE_RELU = 1L,
    GMM_ACT_TYPE_GELU_TANH = 2L,
    GMM_ACT_TYPE_GELU_ERR_FUNC = 3L,
    GMM_ACT_TYPE_FAST_GELU = 4L,
    GMM_ACT_TYPE_SILU = 5L,
} GMMActType;

/* aclnnGroupedMatmulV4: aclnnGroupedMatmulV3 (aclnn_grouped_matmul_v3.h) plus groupListType (0:
 * groupListOptional holds cumulative ends, 1: group sizes) and actType (GMMActType) applied to
 * out. cpuacl: perTokenScaleOptional, activationInputOptional, activationQuantScaleOptional,
 * activationQuantOffsetOptional must be NULL or empty, activationFeatureOutOptional and
 * dynQuantScaleOutOptional NULL or empty. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedMatmulV4GetWorkspaceSize(const aclTensorList *x, const aclTensorList *weight, const aclTensorList *biasOptional, const aclTensorList *scaleOptional, const aclTensorList *offsetOptional, const aclTensorList *antiquantScaleOptional, const aclTensorList *antiquantOffsetOptional, const aclTensorList *perTokenScaleOptional, const aclTensor *groupListOptional, const aclTensorList *activationInputOptional, const aclTensorList *activationQuantScaleOptional, const aclTensorList *activationQuantOffsetOptional, int64_t splitItem, int64_t groupType, int64_t groupListType, int64_t actType, aclTensorList *out, aclTensorList *activationFeatureOutOptional, aclTensorList *dynQuantScaleOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupedMatmulV4(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUPED_MATMUL_V4_H */
