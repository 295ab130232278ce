/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_is_inf.h: out = 1 where self is infinite, else 0.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_IS_INF_H
#define CPUACL_ACLNNOP_ACLNN_IS_INF_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIsInf: out = 1 where self is +inf or -inf, else 0; out: self's shape, any type (BOOL usually); integers and bool are never inf. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIsInfGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIsInf(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_IS_INF_H */
