/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_adaptive_avg_pool2d_backward.h: the gradient of AdaptiveAvgPool2d: out
 * (self's shape) gets each gradOutput cell divided over its window; the
 * output size is gradOutput's.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL2D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_ADAPTIVE_AVG_POOL2D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *self, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAdaptiveAvgPool2dBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
