/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_chunk_cat.h: tensors cut into chunks along dim 0, joined per chunk (ops-math
 * conversion/chunk_cat).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CHUNK_CAT_H
#define CPUACL_ACLNNOP_ACLNN_CHUNK_CAT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnChunkCat: each tensor of tensors (FLOAT, FLOAT16, BFLOAT16, one type, 1 to 8 dims) cut
 * into numChunks chunks along dim (0 only), zero-padded to equal chunks, and out
 * [numChunks, ...] = per chunk the tensors' chunks flattened and joined, in out's type
 * (torch._chunk_cat). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnChunkCatGetWorkspaceSize(const aclTensorList *tensors, int64_t dim, int64_t numChunks, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnChunkCat(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CHUNK_CAT_H */
