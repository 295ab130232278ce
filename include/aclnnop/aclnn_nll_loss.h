/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_nll_loss.h: the negative log-likelihood loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NLL_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_NLL_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNLLLoss: self [N, C] or [C] of log-probabilities, target [N] or [] of class indices; loss
 * = -weight[t] * self[n, t], ignoreIndex skipped; out [N] under reduction 0 (2-d self), else one
 * element (mean divides by totalWeightOut, the sum of the weights used). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNLLLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, const aclTensor *weight, int64_t reduction, int64_t ignoreIndex, aclTensor *out, aclTensor *totalWeightOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNLLLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NLL_LOSS_H */
