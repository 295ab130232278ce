/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gather_v3.h: GatherV2 per batch.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GATHER_V3_H
#define CPUACL_ACLNNOP_ACLNN_GATHER_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGatherV3: GatherV2 with the first batchDims dims shared by self and index: out =
 * self.shape[:dim] + index.shape[batchDims:] + self.shape[dim+1:]; index values in [-n, n)
 * (checked at launch); mode 0 or 1 (the same result; 2 is refused). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGatherV3GetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index, int64_t batchDims, int64_t mode, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGatherV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GATHER_V3_H */
