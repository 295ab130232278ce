/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_logaddexp.h: elementwise ln(e^self + e^other), without overflow.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOGADDEXP_H
#define CPUACL_ACLNNOP_ACLNN_LOGADDEXP_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLogAddExp: broadcast; integer / bool inputs give a FLOAT result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogAddExpGetWorkspaceSize(const aclTensor *self, const aclTensor *other, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogAddExp(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOGADDEXP_H */
