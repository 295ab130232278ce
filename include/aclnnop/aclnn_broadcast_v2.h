/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_broadcast_v2.h: a dim of size 1 broadcast (Ascend C's Broadcast) (ops-math experimental/conversion/broadcast_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Inputs may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_BROADCAST_V2_H
#define CPUACL_ACLNNOP_ACLNN_BROADCAST_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnBroadcastV2: y = x (FLOAT, FLOAT16; 1 or 2 dims, dim its rank) with its dim axis, of
 * size 1, broadcast to num; bufferMode and isReuseSource (Ascend C's buffer options) unused. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnBroadcastV2GetWorkspaceSize(const aclTensor *x, int64_t bufferMode, int64_t dim, int64_t isReuseSource, int64_t axis, int64_t num, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnBroadcastV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_BROADCAST_V2_H */
