/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_embedding_dense_backward.h: The gradient of an embedding lookup with respect to its weight.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EMBEDDING_DENSE_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_EMBEDDING_DENSE_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEmbeddingDenseBackward: out [numWeights, D] = the sum of grad's rows
 * whose index is each row (0 for paddingIdx; a negative paddingIdx pads
 * nothing), each divided by its index's count when scaleGradByFreq. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingDenseBackwardGetWorkspaceSize(const aclTensor *grad, const aclTensor *indices, uint64_t numWeights, uint64_t paddingIdx, bool scaleGradByFreq, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingDenseBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EMBEDDING_DENSE_BACKWARD_H */
