/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_embedding_bag.h: rows of an embedding table reduced per bag (ops-nn
 * index/embedding_bag).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_EMBEDDING_BAG_H
#define CPUACL_ACLNNOP_ACLNN_EMBEDDING_BAG_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnEmbeddingBag: weight [N, D] (FLOAT, FLOAT16, BFLOAT16) rows picked by indices (at most
 * 1 dim) and summed (mode 0), averaged (1) or maximised (other) per bag of offsets (at most 1
 * dim; INT64, INT32, INT16, INT8, UINT8, one of the two INT32 or INT64), optionally weighted
 * by perSampleWeights (sum mode); indices equal to paddingIdx are skipped. output [B, D];
 * offset2bag, bagSize, maxIndices (INT32, INT64) as torch.nn.functional.embedding_bag's
 * forward returns them. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingBagGetWorkspaceSize(const aclTensor *weight, const aclTensor *indices, const aclTensor *offsets, bool scaleGradByFreq, int64_t mode, bool sparse, const aclTensor *perSampleWeights, bool includeLastOffset, int64_t paddingIdx, aclTensor *output, aclTensor *offset2bag, aclTensor *bagSize, aclTensor *maxIndices, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnEmbeddingBag(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_EMBEDDING_BAG_H */
