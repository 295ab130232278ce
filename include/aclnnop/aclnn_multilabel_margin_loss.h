/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_multilabel_margin_loss.h: MultilabelMarginLoss, the multi-label margin loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MULTILABEL_MARGIN_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_MULTILABEL_MARGIN_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMultilabelMarginLoss: self [N, C] or [C], target (INT32, INT64) of self's shape whose
 * values before the first -1 are the labels; isTarget (self's type and shape) = 1 at the
 * labels; the loss per sample sum over labels j and non-labels i of max(0, 1 - (x[j] - x[i]))
 * / C, reduced per reduction (0 none: out [N] or [], 1 mean, 2 sum). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultilabelMarginLossGetWorkspaceSize(const aclTensor *self, const aclTensor *target, int64_t reduction, aclTensor *out, aclTensor *isTarget, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMultilabelMarginLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MULTILABEL_MARGIN_LOSS_H */
