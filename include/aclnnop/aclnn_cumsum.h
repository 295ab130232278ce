/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_cumsum.h: Cumulative sum along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CUMSUM_H
#define CPUACL_ACLNNOP_ACLNN_CUMSUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCumsum: out[..., i, ...] = self[..., 0, ...] + ... + self[..., i, ...]
 * along dim; self is converted to dtype (which must be out's type) first,
 * and the sum is computed in that type (integers wrap). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCumsumGetWorkspaceSize(const aclTensor *self, int64_t dim, aclDataType dtype, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCumsum(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnCumsumV2: the running sum along dim into out of self's type; exclusive leaves
 * self[i] out of out[i] (out[0] = 0), reverse sums from the last element. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCumsumV2GetWorkspaceSize(const aclTensor *self, int64_t dim, bool exclusive, bool reverse, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCumsumV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CUMSUM_H */
