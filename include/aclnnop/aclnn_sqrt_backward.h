/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_sqrt_backward.h: z = 0.5 * dy / y (y: Sqrt's output), 0 where dy is 0.
 *
 * Declared as ops-math's experimental/math/sqrt_grad defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SQRT_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_SQRT_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSqrtBackward: the gradient of sqrt through its output. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSqrtBackwardGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSqrtBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SQRT_BACKWARD_H */
