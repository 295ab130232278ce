/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_squared_relu.h: SquaredRelu, the square of relu.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SQUARED_RELU_H
#define CPUACL_ACLNNOP_ACLNN_SQUARED_RELU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSquaredRelu: out = max(input, 0)^2, out of input's shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSquaredReluGetWorkspaceSize(const aclTensor *input, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSquaredRelu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SQUARED_RELU_H */
