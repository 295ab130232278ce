/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_nll_loss2d.h: the negative log-likelihood loss over images.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NLL_LOSS2D_H
#define CPUACL_ACLNNOP_ACLNN_NLL_LOSS2D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNLLLoss2d: self [N, C, H, W], target [N, H, W]; as NLLLoss per pixel; out [N, H, W] under
 * reduction 0, else one element. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNLLLoss2dGetWorkspaceSize(const aclTensor *self, const aclTensor *target, const aclTensor *weight, int64_t reduction, int64_t ignoreIndex, aclTensor *out, aclTensor *totalWeightOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNLLLoss2d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NLL_LOSS2D_H */
