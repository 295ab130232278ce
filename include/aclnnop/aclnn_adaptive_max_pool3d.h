/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_adaptive_max_pool3d.h: adaptive 3-d max pooling of a
 * 4-d [C, D, H, W] or 5-d [N, C, D, H, W] self to outputSize (1 or 3 values), the
 * windows as AdaptiveAvgPool3d's, with each maximum's flat position in its
 * input plane (indicesOut INT32 or INT64). float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADAPTIVE_MAX_POOL3D_H
#define CPUACL_ACLNNOP_ACLNN_ADAPTIVE_MAX_POOL3D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool3dGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *outputSize, aclTensor *outputOut,
    aclTensor *indicesOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool3d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
