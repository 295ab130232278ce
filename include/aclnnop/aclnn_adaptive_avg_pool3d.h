/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_adaptive_avg_pool3d.h: adaptive 3-d average pooling of a
 * 4-d [C, D, H, W] or 5-d [N, C, D, H, W] self to outputSize (1 or 3 values): output
 * cell o of a dim of size n averages [floor(o * n / out), ceil((o + 1) * n /
 * out)). float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL3D_H
#define CPUACL_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL3D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool3dGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *outputSize, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool3d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
