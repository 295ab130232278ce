/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_softsign_backward.h: the gradient of softsign.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SOFTSIGN_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_SOFTSIGN_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSoftsignBackward: out = gradients / (1 + |features|)^2. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftsignBackwardGetWorkspaceSize(const aclTensor *gradients, const aclTensor *features, const aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSoftsignBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SOFTSIGN_BACKWARD_H */
