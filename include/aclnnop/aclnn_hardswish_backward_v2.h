/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hardswish_backward_v2.h: the gradient of hardswish.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HARDSWISH_BACKWARD_V2_H
#define CPUACL_ACLNNOP_ACLNN_HARDSWISH_BACKWARD_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHardswishBackwardV2: 0 below -3, gradOutput (self / 3 + 1/2) up to 3, gradOutput above. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardswishBackwardV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardswishBackwardV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HARDSWISH_BACKWARD_V2_H */
