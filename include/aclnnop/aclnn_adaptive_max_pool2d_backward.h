/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_adaptive_max_pool2d_backward.h: the gradient of AdaptiveMaxPool2d:
 * gradInput (self's shape) gets each gradOutput cell added at its index.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADAPTIVE_MAX_POOL2D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_ADAPTIVE_MAX_POOL2D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices,
    aclTensor *gradInput,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveMaxPool2dBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
