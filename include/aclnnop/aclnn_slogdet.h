/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_slogdet.h: the sign and log-absolute determinant of square matrices.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SLOGDET_H
#define CPUACL_ACLNNOP_ACLNN_SLOGDET_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSlogdet: self [..., n, n] (FLOAT, DOUBLE) to signOut and logOut [...] (FLOAT, DOUBLE):
 * the sign of each determinant (0 when singular) and the log of its absolute value (-inf when
 * singular), from an LU factorisation with partial pivoting in double. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSlogdetGetWorkspaceSize(const aclTensor *self, aclTensor *signOut, aclTensor *logOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSlogdet(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SLOGDET_H */
