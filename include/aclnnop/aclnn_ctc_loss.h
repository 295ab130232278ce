/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_ctc_loss.h: the connectionist temporal classification loss (PyTorch's
 * _ctc_loss; ops-nn loss/ctc_loss_v2).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CTC_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_CTC_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCtcLoss: logProbs (T, N, C) or (T, C); targets (N, S) or (sum(targetlengths),);
 * inputLengths, targetlengths N values; blank in [0, C). negLogLikelihoodOut (N,) (0-dim for
 * 2-dim logProbs) the per-sample loss (0 for an infinite one with zeroInfinity); logAlphaOut
 * (N, T, 2 maxL + 1 or that rounded up to 8) the forward variables, -inf past each sample's
 * lengths. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCtcLossGetWorkspaceSize(
    const aclTensor *logProbs, const aclTensor *targets, const aclIntArray *inputLengths,
    const aclIntArray *targetlengths, int64_t blank, bool zeroInfinity,
    aclTensor *negLogLikelihoodOut, aclTensor *logAlphaOut, uint64_t *workspaceSize,
    aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCtcLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CTC_LOSS_H */
