/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_scatter_update.h: blocks of updates written into data at per-batch offsets along
 * an axis, the KV-cache update (ops-nn index/scatter).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SCATTER_UPDATE_H
#define CPUACL_ACLNNOP_ACLNN_SCATTER_UPDATE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceScatterUpdate: data and updates (INT8, UINT8, FLOAT16, FLOAT, INT32, BFLOAT16; one
 * type and rank, 2 to 8 dims) with indices (INT32, INT64) of 0, 1 or 2 dims: block i of updates
 * (updates[i]) is written into data[b] at offset s along axis (in (-rank, rank), not 0), where
 * (b, s) = (i, indices[i]) for a 1-d indices, (0, indices) for a 0-d one, (indices[i][0],
 * indices[i][1]) for a 2-d [n, 2] one; the other dims (but 0 and axis) match. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceScatterUpdateGetWorkspaceSize(aclTensor *data, const aclTensor *indices, const aclTensor *updates, int64_t axis, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceScatterUpdate(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SCATTER_UPDATE_H */
