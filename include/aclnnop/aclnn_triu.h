/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_triu.h: Upper triangle of the last two dimensions.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRIU_H
#define CPUACL_ACLNNOP_ACLNN_TRIU_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnTriu: out[.., i, j] = self[.., i, j] where j >= i + diagonal, else 0.
 * A non-empty self needs at least 2 dims; out has its shape and type. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnTriuGetWorkspaceSize(const aclTensor *self, int64_t diagonal, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTriu(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceTriu: the same on selfRef, in place. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceTriuGetWorkspaceSize(aclTensor *selfRef, int64_t diagonal, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceTriu(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRIU_H */
