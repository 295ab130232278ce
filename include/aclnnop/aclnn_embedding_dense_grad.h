/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_embedding_dense_grad.h: EmbeddingDenseGrad, the gradient of an embedding lookup.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EMBEDDING_DENSE_GRAD_H
#define CPUACL_ACLNNOP_ACLNN_EMBEDDING_DENSE_GRAD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEmbeddingDenseGrad: y [numWeights, D] = the sums of grad's rows by index value
 * (aclnnEmbeddingDenseBackward with int64 numWeights and paddingIdx; a negative paddingIdx
 * pads nothing). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingDenseGradGetWorkspaceSize(const aclTensor *grad, const aclTensor *indices, int64_t numWeights, int64_t paddingIdx, bool scaleGradByFreq, const aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingDenseGrad(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EMBEDDING_DENSE_GRAD_H */
