/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hardsigmoid_backward.h: the gradient of Hardsigmoid: gradOutput / 6 strictly inside (-3, 3), else 0.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHardsigmoidBackward: gradOutput, self and out of one shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardsigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardsigmoidBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HARDSIGMOID_BACKWARD_H */
