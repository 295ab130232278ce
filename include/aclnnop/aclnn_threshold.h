/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_threshold.h: replace the elements that do not exceed a
 * threshold.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_THRESHOLD_H
#define CPUACL_ACLNNOP_ACLNN_THRESHOLD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnThreshold: out = self > threshold ? self : value, in the type self
 * promotes to with the scalars. FLOAT, FLOAT16, BFLOAT16, INT8, UINT8, INT16,
 * INT32, INT64. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnThresholdGetWorkspaceSize(const aclTensor *self, const aclScalar *threshold, const aclScalar *value, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnThreshold(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceThreshold: Threshold written back into selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceThresholdGetWorkspaceSize(aclTensor *selfRef, const aclScalar *threshold, const aclScalar *value, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceThreshold(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_THRESHOLD_H */
