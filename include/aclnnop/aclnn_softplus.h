/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_softplus.h: the softplus activation.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFTPLUS_H
#define CPUACL_ACLNNOP_ACLNN_SOFTPLUS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftplus: out = beta * self > threshold ? self : log(1 + exp(beta *
 * self)) / beta. self and out FLOAT, FLOAT16 or BFLOAT16 of one shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftplusGetWorkspaceSize(const aclTensor *self, const aclScalar *beta, const aclScalar *threshold, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftplus(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFTPLUS_H */
