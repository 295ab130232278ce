/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_relu_v3.h: ReluV3, Relu with a bit mask of the positive elements.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_RELU_V3_H
#define CPUACL_ACLNNOP_ACLNN_RELU_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReluV3: yOut = max(x, 0); maskOut = x > 0 packed 8 per byte along the last dim (lowest bit first). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReluV3GetWorkspaceSize(const aclTensor *x, const aclTensor *yOut, const aclTensor *maskOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReluV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_RELU_V3_H */
