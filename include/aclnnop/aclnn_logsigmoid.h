/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_logsigmoid.h: log(sigmoid(x)).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOGSIGMOID_H
#define CPUACL_ACLNNOP_ACLNN_LOGSIGMOID_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLogSigmoid: out = min(self, 0) - log1p(exp(-|self|)); FLOAT, FLOAT16. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSigmoid(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnLogSigmoidForward: out as aclnnLogSigmoid and buffer = exp(-|self|) (torch's buffer); all of one type and shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSigmoidForwardGetWorkspaceSize(const aclTensor *self, aclTensor *out, aclTensor *buffer, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogSigmoidForward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOGSIGMOID_H */
