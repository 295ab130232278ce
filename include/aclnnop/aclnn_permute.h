/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_permute.h: Reorder the dimensions of a tensor.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PERMUTE_H
#define CPUACL_ACLNNOP_ACLNN_PERMUTE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnPermute: out dim k is self dim dims[k] (negative counts from the end),
 * so out[i0, .., in-1] = self[j] with j[dims[k]] = ik; dims names every dim of
 * self once. out has self's type and the permuted shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPermuteGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPermute(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PERMUTE_H */
