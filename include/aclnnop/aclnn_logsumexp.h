/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_logsumexp.h: The log of the sum of exponentials over a set of dimensions.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOGSUMEXP_H
#define CPUACL_ACLNNOP_ACLNN_LOGSUMEXP_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLogSumExp: out (floating) = log(sum(exp(self))) over dim (empty: every
 * dim), computed as max + log(sum(exp(self - max))). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSumExpGetWorkspaceSize(const aclTensor *self, const aclIntArray *dim, bool keepDim, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSumExp(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOGSUMEXP_H */
