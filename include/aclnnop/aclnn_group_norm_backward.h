/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_group_norm_backward.h: the gradients of GroupNorm with respect
 * to its input, gamma and beta, from the forward's per-group mean and rstd.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GROUP_NORM_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_GROUP_NORM_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGroupNormBackward: input [N, C, *] in `group` groups; outputMask (3
 * values) selects gradInput (input's shape and type), gradGammaOut and
 * gradBetaOut ([C], mean's type); an unselected output may be NULL. mean and
 * rstd hold N * group values; gamma [C] (NULL: ones). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *input, const aclTensor *mean, const aclTensor *rstd,
    const aclTensor *gamma, int64_t N, int64_t C, int64_t HxW, int64_t group,
    const aclBoolArray *outputMask, aclTensor *gradInput, aclTensor *gradGammaOut,
    aclTensor *gradBetaOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGroupNormBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GROUP_NORM_BACKWARD_H */
