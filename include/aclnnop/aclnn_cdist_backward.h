/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_cdist_backward.h: the gradient of cdist.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_CDIST_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_CDIST_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnCdistBackward: the gradient of aclnnCdist with respect to x1: out [..., P, M] from grad
 * and cdist [..., P, R] (the forward's result), x1 [..., P, M], x2 [..., R, M] and p (torch's
 * _cdist_backward); one type (FLOAT, FLOAT16), one set of batch dims. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnCdistBackwardGetWorkspaceSize(const aclTensor *grad, const aclTensor *x1, const aclTensor *x2, const aclTensor *cdist, float p, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnCdistBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_CDIST_BACKWARD_H */
