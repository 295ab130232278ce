/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gaussian_nll_loss_grad.h: the gradients of the Gaussian negative log
 * likelihood loss (ops-nn experimental/loss/gaussian_nll_loss_grad).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GAUSSIAN_NLL_LOSS_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_GAUSSIAN_NLL_LOSS_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGaussianNllLossGrad: with d = input - target, v = max(var, eps): gradInput =
 * gradOutput d / v, gradVar = gradOutput 0.5 (1 / v - d^2 / v^2) summed back to var's shape;
 * times 1 / N with reduction "mean" ("none", "mean", "sum"); full unused. FLOAT, FLOAT16,
 * BFLOAT16 of one type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGaussianNllLossGradGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *input, const aclTensor *target, const aclTensor *var, bool full, float eps, const char *reduction, aclTensor *gradInput, aclTensor *gradVar, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGaussianNllLossGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GAUSSIAN_NLL_LOSS_GRAD_H */
