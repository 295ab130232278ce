/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_avgpool2d.h: 2-d average pooling over the last two dims of
 * a 3-d [C, H, W] or 4-d [N, C, H, W] tensor. kernelSize, strides and
 * paddings hold 1 or 2 values ([h, w]); strides may be empty (= kernel).
 * Padding is symmetric and at most half the kernel. ceilMode rounds the
 * output size up (a window must still start inside the input or its left
 * padding). countIncludePad counts padded cells in the divisor;
 * divisorOverride != 0 replaces the divisor. cubeMathType is accepted and
 * ignored. float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AVGPOOL2D_H
#define CPUACL_ACLNNOP_ACLNN_AVGPOOL2D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnAvgPool2dGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *kernelSize, const aclIntArray *strides,
    const aclIntArray *paddings, const bool ceilMode, const bool countIncludePad,
    const int64_t divisorOverride, const int8_t cubeMathType, aclTensor *out,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAvgPool2d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
