/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_pool3d_with_argmax_backward.h: the gradient of MaxPool3dWithArgmax:
 * gradInput (self's shape) gets each gradOutput cell added at its index.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_POOL3D_WITH_ARGMAX_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_MAX_POOL3D_WITH_ARGMAX_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices,
    const aclIntArray *kernelSize, const aclIntArray *stride, const aclIntArray *padding,
    const aclIntArray *dilation, bool ceilMode, aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool3dWithArgmaxBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
