/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_atanh.h: out = atanh(self); integer / bool inputs give a FLOAT result.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_ATANH_H
#define CPUACL_ACLNNOP_ACLNN_ATANH_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAtanh: out: self's shape; +-inf at +-1, NaN beyond. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAtanhGetWorkspaceSize(const aclTensor *input, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAtanh(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceAtanh: Atanh written back into its first tensor. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAtanhGetWorkspaceSize(aclTensor *inputRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceAtanh(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_ATANH_H */
