/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_pdist_forward.h: p-norm distances between the rows of a matrix (p a scalar).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_PDIST_FORWARD_H
#define CPUACL_ACLNNOP_ACLNN_PDIST_FORWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnPdistForward: aclnnPdist with p given as a scalar. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnPdistForwardGetWorkspaceSize(const aclTensor *self, const aclScalar *pScalar, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnPdistForward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_PDIST_FORWARD_H */
