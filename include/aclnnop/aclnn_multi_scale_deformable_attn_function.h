/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_multi_scale_deformable_attn_function.h: multi-scale deformable attention
 * (Deformable DETR's sampling of value at learned points over several feature levels; ops-nn
 * vfusion/multi_scale_deformable_attn_function).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MULTI_SCALE_DEFORMABLE_ATTN_FUNCTION_H
#define CPUACL_ACLNNOP_ACLNN_MULTI_SCALE_DEFORMABLE_ATTN_FUNCTION_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMultiScaleDeformableAttnFunction: value (bs, num_keys, num_heads, channels), spatialShape
 * (num_levels, 2) the (H, W) of each level, levelStartIndex (num_levels,) its first key,
 * location (bs, num_queries, num_heads, num_levels, num_points, 2) normalised (x, y) in [0, 1],
 * attnWeight (bs, num_queries, num_heads, num_levels, num_points); output (bs, num_queries,
 * num_heads * channels) = the attnWeight-weighted sum of value sampled bilinearly at
 * (x W - 0.5, y H - 0.5) of each level, zero outside. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultiScaleDeformableAttnFunctionGetWorkspaceSize(
    const aclTensor *value, const aclTensor *spatialShape, const aclTensor *levelStartIndex,
    const aclTensor *location, const aclTensor *attnWeight, aclTensor *output,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultiScaleDeformableAttnFunction(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MULTI_SCALE_DEFORMABLE_ATTN_FUNCTION_H */
