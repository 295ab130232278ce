/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_avgpool3d.h: 3-d average pooling of a 4-d [C, D, H, W] or 5-d
 * [N, C, D, H, W] self: kernelSize, stride (empty: the kernel), padding (at
 * most half the kernel), 1 or 3 values each; ceilMode; countIncludePad
 * counts padded cells in the divisor; divisorOverride != 0 replaces it.
 * float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AVGPOOL3D_H
#define CPUACL_ACLNNOP_ACLNN_AVGPOOL3D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAvgPool3dGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *kernelSize, const aclIntArray *stride,
    const aclIntArray *padding, bool ceilMode, bool countIncludePad, int64_t divisorOverride,
    aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAvgPool3d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
