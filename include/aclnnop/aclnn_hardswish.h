/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_hardswish.h: the hard swish, x * min(max(x + 3, 0), 6) / 6.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_HARDSWISH_H
#define CPUACL_ACLNNOP_ACLNN_HARDSWISH_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnHardswish: self and out FLOAT, FLOAT16 or BFLOAT16 of one shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardswishGetWorkspaceSize(const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnHardswish(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceHardswish: Hardswish written back into self. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceHardswishGetWorkspaceSize(const aclTensor *self, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceHardswish(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_HARDSWISH_H */
