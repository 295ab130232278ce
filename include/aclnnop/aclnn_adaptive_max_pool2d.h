/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_adaptive_max_pool2d.h: adaptive 2-d max pooling of a
 * 3-d [C, H, W] or 4-d [N, C, H, W] self to outputSize (1 or 2 values), the
 * windows as AdaptiveAvgPool2d's, with each maximum's flat position in its
 * input plane (indicesOut INT32 or INT64). float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADAPTIVE_MAX_POOL2D_H
#define CPUACL_ACLNNOP_ACLNN_ADAPTIVE_MAX_POOL2D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool2dGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *outputSize, aclTensor *outputOut,
    aclTensor *indicesOut,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool2d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
