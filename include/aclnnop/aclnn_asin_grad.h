/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_asin_grad.h: z = dy / sqrt(1 - y^2) (y: Asin's input).
 *
 * Declared as ops-math's experimental/math/asin_grad defines the operator. Each
 * operator runs in two phases (aclnn/aclnn_base.h): the ...GetWorkspaceSize
 * call validates the arguments and builds an executor (workspaceSize is
 * always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ASIN_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_ASIN_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAsinGrad: the gradient of arcsin at y. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAsinGradGetWorkspaceSize(const aclTensor *y, const aclTensor *dy, aclTensor *z, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAsinGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ASIN_GRAD_H */
