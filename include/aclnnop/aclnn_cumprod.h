/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_cumprod.h: Cumulative product along one dimension.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CUMPROD_H
#define CPUACL_ACLNNOP_ACLNN_CUMPROD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCumprod: out = the running product of input (cast to dtype, which must
 * be out's type) along dim (an integer scalar); integers wrap. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCumprodGetWorkspaceSize(const aclTensor *input, const aclScalar *dim, const aclDataType dtype, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCumprod(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceCumprod: input = its running product along dim (an integer scalar), in its own type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceCumprodGetWorkspaceSize(aclTensor *input, const aclScalar *dim, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceCumprod(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CUMPROD_H */
