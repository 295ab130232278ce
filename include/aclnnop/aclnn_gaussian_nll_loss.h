/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gaussian_nll_loss.h: GaussianNllLoss, the Gaussian negative log likelihood.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GAUSSIAN_NLL_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_GAUSSIAN_NLL_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGaussianNllLoss: with d = input - target and v = max(var, eps), the loss
 * 0.5 (log v + d^2 / v) (+ 0.5 log(2 pi) when full) per element, reduced per
 * reductionOptional ("none", "sum", "mean"; NULL is "mean"); target and var broadcast
 * to input (var may also be input's shape without its last dim); eps finite and > 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGaussianNllLossGetWorkspaceSize(const aclTensor *input, const aclTensor *target, const aclTensor *var, bool full, double eps, char *reductionOptional, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGaussianNllLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GAUSSIAN_NLL_LOSS_H */
