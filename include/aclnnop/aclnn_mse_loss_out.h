/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_mse_loss_out.h: the mean squared error loss into a given out (ops-nn
 * loss/mse_loss's second entry; the same computation as aclnn_mse_loss.h's).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MSE_LOSS_OUT_H
#define CPUACL_ACLNNOP_ACLNN_MSE_LOSS_OUT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMseLossOut: (self - target)^2 per element of the broadcast shape, then reduction 0 none,
 * 1 mean, 2 sum (out one element). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMseLossOutGetWorkspaceSize(const aclTensor *self,
                                                                const aclTensor *target,
                                                                int64_t reduction, aclTensor *out,
                                                                uint64_t *workspaceSize,
                                                                aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMseLossOut(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MSE_LOSS_OUT_H */
