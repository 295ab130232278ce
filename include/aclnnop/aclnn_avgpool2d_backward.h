/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_avgpool2d_backward.h: the gradient of AvgPool2d: each gradOutput
 * cell divided by its window's divisor and added to the window's cells of
 * gradInput (self's shape). cubeMathType is accepted (0..3) and ignored.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AVGPOOL2D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_AVGPOOL2D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAvgPool2dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclIntArray *kernelSize,
    const aclIntArray *stride, const aclIntArray *padding, bool ceilMode, bool countIncludePad,
    int64_t divisorOverride, int8_t cubeMathType, aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAvgPool2dBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
