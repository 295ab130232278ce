/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_acos_grad_v2.h: z = -dy / sqrt(1 - y^2) (y: Acos's input).
 *
 * Declared as ops-math's experimental/math/acos_grad_v2 defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ACOS_GRAD_V2_H
#define CPUACL_ACLNNOP_ACLNN_ACOS_GRAD_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAcosGradV2: the gradient of arccos at y. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcosGradV2GetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAcosGradV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ACOS_GRAD_V2_H */
