/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_v2.h: The largest elements over a set of dimensions.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_V2_H
#define CPUACL_ACLNNOP_ACLNN_MAX_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaxV2: out = the largest element of self over dims (none: every dim;
 * none with noopWithEmptyDims: out = self); keepDims keeps them with length
 * 1; NaN propagates. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxV2GetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, bool keepDims, bool noopWithEmptyDims, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxV2(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAX_V2_H */
