/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_embedding.h: rows of a table picked by indices.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EMBEDDING_H
#define CPUACL_ACLNNOP_ACLNN_EMBEDDING_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEmbedding: out = weight[indices] along weight's dim 0; out has shape
 * indices.shape + weight.shape[1:] and weight's type; indices INT32 or INT64
 * with values in [0, weight.shape[0]) (anything else fails the launch). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingGetWorkspaceSize(const aclTensor *weight, const aclTensor *indices, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbedding(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EMBEDDING_H */
