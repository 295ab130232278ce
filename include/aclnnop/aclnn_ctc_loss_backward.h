/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ctc_loss_backward.h: the gradient of aclnnCtcLoss (PyTorch's
 * _ctc_loss_backward; ops-nn loss/ctc_loss_v2_grad).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CTC_LOSS_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_CTC_LOSS_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCtcLossBackward: gradOut of negLogLikelihood's shape; logProbs, targets, the lengths,
 * blank, zeroInfinity as given to aclnnCtcLoss and its negLogLikelihood and logAlpha
 * (N, T, >= 2 maxL + 1); out (logProbs' shape) the gradient with respect to logProbs. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCtcLossBackwardGetWorkspaceSize(
    const aclTensor *gradOut, const aclTensor *logProbs, const aclTensor *targets,
    const aclIntArray *inputLengths, const aclIntArray *targetLengths,
    const aclTensor *negLogLikelihood, const aclTensor *logAlpha, int64_t blank,
    bool zeroInfinity, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCtcLossBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CTC_LOSS_BACKWARD_H */
