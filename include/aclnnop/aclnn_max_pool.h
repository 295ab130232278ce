/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_pool.h: 2-d max pooling (ONNX MaxPool style) over the
 * last two dims of a 3-d [C, H, W] or 4-d [N, C, H, W] tensor. kernelShape
 * holds 1 or 2 values [h, w]; strides 0, 1 or 2 (none = the kernel);
 * pads 0, 1, 2 ({h, w}) or 4 values ({top, left, bottom, right}), each at
 * most half the kernel; dilations 0, 1 or 2 values. autoPad: only 0
 * ("NOTSET") is supported, as in CANN. ceilMode != 0 rounds the output size
 * up. Padded cells never win. float32, float16, bfloat16.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_POOL_H
#define CPUACL_ACLNNOP_ACLNN_MAX_POOL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPoolGetWorkspaceSize(
    const aclTensor *self, const aclIntArray *kernelShape, const aclIntArray *strides,
    const int64_t autoPad, const aclIntArray *pads, const aclIntArray *dilations,
    const int64_t ceilMode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPool(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif
#endif
