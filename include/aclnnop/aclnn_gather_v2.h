/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_gather_v2.h: Gather along one dimension with an index tensor of any shape.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_GATHER_V2_H
#define CPUACL_ACLNNOP_ACLNN_GATHER_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnGatherV2: out's shape is self.shape[:dim] + index.shape +
 * self.shape[dim+1:] (a 0-d index counts as [1]); index values in
 * [-self.shape[dim], self.shape[dim]), negative ones count from the end.
 * index INT32 or INT64; out has self's type. An index value out of range
 * found when the kernel runs is reported as ACL_ERROR_RT_AICORE_EXCEPTION by
 * the stream's next synchronisation, and out is left unwritten. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnGatherV2GetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGatherV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_GATHER_V2_H */
