/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_softplus_backward.h: the gradient of Softplus: gradOutput where beta self > threshold, else gradOutput * sigmoid(beta self).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFTPLUS_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_SOFTPLUS_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftplusBackward: gradOutput, self and gradInput of one shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftplusBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclScalar *beta, const aclScalar *threshold, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftplusBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFTPLUS_BACKWARD_H */
