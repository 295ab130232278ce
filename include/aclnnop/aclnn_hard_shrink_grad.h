/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hard_shrink_grad.h: HardShrinkGrad, the gradient of hardshrink with lambd as an attribute.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HARD_SHRINK_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_HARD_SHRINK_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHardShrinkGrad: output = 0 on [-lambd, lambd], else gradOutput. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardShrinkGradGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, double lambd, aclTensor *output, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardShrinkGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HARD_SHRINK_GRAD_H */
