/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gelu_backward_v2.h: the gradient of GELU, either form.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GELU_BACKWARD_V2_H
#define CPUACL_ACLNNOP_ACLNN_GELU_BACKWARD_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGeluBackwardV2: approximate "none" (erf form) or "tanh". */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, char *approximate, aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGeluBackwardV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GELU_BACKWARD_V2_H */
