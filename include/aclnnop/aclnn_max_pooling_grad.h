/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_pooling_grad.h: MaxPoolingGrad (ops-nn's experimental folder), the
 * gradient of a non-overlapping max pooling given element for element: dy where x = y.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_POOLING_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_MAX_POOLING_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaxPoolingGrad: dy, x, y, dx one shape (1 to 8 dims) and type (FLOAT, FLOAT16);
 * dx = x == y ? dy : 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPoolingGradGetWorkspaceSize(
    const aclTensor *dy, const aclTensor *x, const aclTensor *y, const aclTensor *dx,
    uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxPoolingGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAX_POOLING_GRAD_H */
