/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_pool3d_with_argmax.h: 3-d max pooling of a 4-d [C, D, H, W] or
 * 5-d [N, C, D, H, W] self (kernelSize, stride, padding, dilation: 1 or 3
 * values; ceilMode), with each maximum's flat position in its input volume
 * (INT32 or INT64). float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_POOL3D_WITH_ARGMAX_H
#define CPUACL_ACLNNOP_ACLNN_MAX_POOL3D_WITH_ARGMAX_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool3dWithArgmaxGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *kernelSize, const aclIntArray *stride,
    const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode, aclTensor *out,
    aclTensor *indices,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool3dWithArgmax(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
