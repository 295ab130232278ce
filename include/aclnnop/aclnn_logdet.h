/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_logdet.h: the log-determinant of square matrices.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LOGDET_H
#define CPUACL_ACLNNOP_ACLNN_LOGDET_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLogdet: self [..., n, n] (FLOAT, DOUBLE) to out [...] (FLOAT, DOUBLE): log(det), NaN for
 * a negative determinant, -inf for a singular matrix (torch.logdet). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogdetGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLogdet(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LOGDET_H */
