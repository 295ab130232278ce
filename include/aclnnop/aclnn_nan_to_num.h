/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_nan_to_num.h: NaN, +inf and -inf replaced by given values.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_NAN_TO_NUM_H
#define CPUACL_ACLNNOP_ACLNN_NAN_TO_NUM_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnNanToNum: nan, posinf, neginf converted to self's type; integers stay. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnNanToNumGetWorkspaceSize(const aclTensor *self, float nan, float posinf, float neginf, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnNanToNum(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceNanToNum: NanToNum written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceNanToNumGetWorkspaceSize(aclTensor *selfRef, float nan, float posinf, float neginf, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceNanToNum(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_NAN_TO_NUM_H */
