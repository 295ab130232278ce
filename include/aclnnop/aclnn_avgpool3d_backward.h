/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_avgpool3d_backward.h: the gradient of AvgPool3d into output
 * (self's shape).
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AVGPOOL3D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_AVGPOOL3D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAvgPool3dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclIntArray *kernelSize,
    const aclIntArray *stride, const aclIntArray *padding, bool ceilMode, bool countIncludePad,
    int64_t divisorOverride, aclTensor *output,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAvgPool3dBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
