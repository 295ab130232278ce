/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_group_normalization_grad.h: GroupNormalizationGrad (ops-nn's experimental
 * folder), the input gradient of a group norm whose gamma is broadcast to x's shape.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUP_NORMALIZATION_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_GROUP_NORMALIZATION_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupNormalizationGrad: x, dy, gamma, dx [N, G, *] (3 to 8 dims) of one type (FLOAT,
 * FLOAT16, BFLOAT16); mean, rstd [N, G] of that type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormalizationGradGetWorkspaceSize(
    const aclTensor *x, const aclTensor *dy, const aclTensor *gamma, const aclTensor *mean,
    const aclTensor *rstd, aclTensor *dx, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormalizationGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUP_NORMALIZATION_GRAD_H */
