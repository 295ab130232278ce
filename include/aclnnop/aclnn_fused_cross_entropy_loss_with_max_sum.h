/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fused_cross_entropy_loss_with_max_sum.h: the loss and softmax of the
 * vocabulary-parallel cross entropy from its reduced row maximum, sum of exponentials and
 * target logit (ops-nn loss/fused_cross_entropy_loss_with_max_sum).
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. See docs/operators.md.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FUSED_CROSS_ENTROPY_LOSS_WITH_MAX_SUM_H
#define CPUACL_ACLNNOP_ACLNN_FUSED_CROSS_ENTROPY_LOSS_WITH_MAX_SUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnFusedCrossEntropyLossWithMaxSum: logitsMax, sumExpLogits, predictedLogits (BT,) FLOAT;
 * labelSmoothing 0; inputOptional, weightOptional NULL; vocabParallelLogitsOptional (BT, V) or
 * NULL. lossOut (BT,) = log(sumExpLogits) - predictedLogits; softMaxOutOptional (BT, V) FLOAT =
 * exp(vocabParallelLogits - logitsMax) / sumExpLogits (with vocabParallelLogitsOptional). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedCrossEntropyLossWithMaxSumGetWorkspaceSize(
    const aclTensor *logitsMax, const aclTensor *sumExpLogits, const aclTensor *predictedLogits,
    float labelSmoothing, const aclTensor *inputOptional, const aclTensor *weightOptional,
    const aclTensor *vocabParallelLogitsOptional, aclTensor *lossOut,
    aclTensor *softMaxOutOptional, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFusedCrossEntropyLossWithMaxSum(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FUSED_CROSS_ENTROPY_LOSS_WITH_MAX_SUM_H */
