/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_pool_with_argmax_v3.h: MaxPoolWithArgmaxV3 (ops-nn's experimental folder),
 * 2-d max pooling with INT64 argmax: MaxPool2dWithIndices' computation.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_POOL_WITH_ARGMAX_V3_H
#define CPUACL_ACLNNOP_ACLNN_MAX_POOL_WITH_ARGMAX_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaxPoolWithArgmaxV3: x (C, H, W) or (N, C, H, W) FLOAT, FLOAT16, BFLOAT16; y of x's type
 * and argmax INT64 (flat H x W positions) of the pooled shape; kernelSize, strides, pads,
 * dilations as MaxPool2dWithIndices' kernelSize, stride, padding, dilation. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPoolWithArgmaxV3GetWorkspaceSize(
    const aclTensor *x, const aclIntArray *kernelSize, const aclIntArray *strides,
    const aclIntArray *pads, const aclIntArray *dilations, bool ceilMode, aclTensor *y,
    aclTensor *argmax, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPoolWithArgmaxV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAX_POOL_WITH_ARGMAX_V3_H */
