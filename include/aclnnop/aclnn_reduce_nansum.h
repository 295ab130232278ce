/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_reduce_nansum.h: Sum over a set of dimensions treating NaN as zero.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_REDUCE_NANSUM_H
#define CPUACL_ACLNNOP_ACLNN_REDUCE_NANSUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnReduceNansum: out = the sum of self (cast to dtype, which must be
 * out's type) over dim (empty: every dim), NaN counting as 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnReduceNansumGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim, aclDataType dtype, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnReduceNansum(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_REDUCE_NANSUM_H */
