/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_situ_glu_grad.h: the SiTU gated linear unit's gradient (ops-nn
 * activation/situ_glu_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SITU_GLU_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_SITU_GLU_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSituGluGrad: out (x's shape) = the gradient of aclnnSituGlu's y (its gradient gradY, dim
 * halved) with respect to x: the gate half and the up half, each in its place; gradY, x, out
 * FLOAT, FLOAT16 or BFLOAT16 of one type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSituGluGradGetWorkspaceSize(const aclTensor *gradY, const aclTensor *x, int64_t dim, double beta, double linearBeta, bool activateLeft, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSituGluGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SITU_GLU_GRAD_H */
