/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hinge_embedding_loss.h: HingeEmbeddingLoss, torch's hinge embedding loss.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HINGE_EMBEDDING_LOSS_H
#define CPUACL_ACLNNOP_ACLNN_HINGE_EMBEDDING_LOSS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHingeEmbeddingLoss: input where target != -1 plus max(margin - input, 0) where target != 1; reduction "none", "mean" or "sum". */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHingeEmbeddingLossGetWorkspaceSize(const aclTensor *input, const aclTensor *target, double margin, char *reduction, aclTensor *loss, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHingeEmbeddingLoss(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HINGE_EMBEDDING_LOSS_H */
