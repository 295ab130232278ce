/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_adaptive_avg_pool2d.h: adaptive 2-d average pooling of a
 * 3-d [C, H, W] or 4-d [N, C, H, W] self to outputSize (1 or 2 values): output
 * cell o of a dim of size n averages [floor(o * n / out), ceil((o + 1) * n /
 * out)). float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL2D_H
#define CPUACL_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL2D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool2dGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *outputSize, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool2d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
