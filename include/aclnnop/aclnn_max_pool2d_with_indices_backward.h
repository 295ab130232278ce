/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_pool2d_with_indices_backward.h: the gradient of MaxPool2dWithMask and
 * MaxPool2dWithIndices: gradInput (self's shape) gets each gradOutput cell
 * added at the cell its index (or mask bit) names; the window parameters
 * are the forward's.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_POOL2D_WITH_INDICES_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_MAX_POOL2D_WITH_INDICES_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices,
    const aclIntArray *kernelSize, const aclIntArray *stride, const aclIntArray *padding,
    const aclIntArray *dilation, bool ceilMode, aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithMaskBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices,
    const aclIntArray *kernelSize, const aclIntArray *stride, const aclIntArray *padding,
    const aclIntArray *dilation, bool ceilMode, aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool2dWithIndicesBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
