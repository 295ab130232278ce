/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gather_nd.h: slices gathered by coordinate rows, ONNX's GatherND (ops-nn index/gather_nd).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GATHER_ND_H
#define CPUACL_ACLNNOP_ACLNN_GATHER_ND_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGatherNd: indices (INT32, INT64) [..., K] of coordinate rows (1 <= K <= rank of self) to
 * out = indices.shape[:-1] + self.shape[K:] of self's type, each row's slice of self; negative
 * coordinates count from the end when negativeIndexSupport, else they are out of range (a
 * coordinate out of range fails the launch). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGatherNdGetWorkspaceSize(const aclTensor *self, const aclTensor *indices, bool negativeIndexSupport, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGatherNd(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GATHER_ND_H */
