/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_multi_scale_deformable_attention_grad.h: the gradient of
 * aclnnMultiScaleDeformableAttnFunction (ops-nn vfusion/multi_scale_deformable_attention_grad).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MULTI_SCALE_DEFORMABLE_ATTENTION_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_MULTI_SCALE_DEFORMABLE_ATTENTION_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMultiScaleDeformableAttentionGrad: the forward's inputs and gradOutput (bs, num_queries,
 * num_heads * channels); gradValue, gradLocation, gradAttnWeight of value's, location's and
 * attnWeight's shapes. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultiScaleDeformableAttentionGradGetWorkspaceSize(
    const aclTensor *value, const aclTensor *spatialShape, const aclTensor *levelStartIndex,
    const aclTensor *location, const aclTensor *attnWeight, const aclTensor *gradOutput,
    aclTensor *gradValue, aclTensor *gradLocation, aclTensor *gradAttnWeight,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultiScaleDeformableAttentionGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MULTI_SCALE_DEFORMABLE_ATTENTION_GRAD_H */
