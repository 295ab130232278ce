/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_inverse.h: the inverse of square matrices (ops-nn index/matrix_inverse).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INVERSE_H
#define CPUACL_ACLNNOP_ACLNN_INVERSE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInverse: self [..., n, n] (FLOAT, FLOAT16, DOUBLE) to out of its shape (FLOAT, FLOAT16,
 * DOUBLE): each matrix's inverse (torch.linalg.inv); a singular matrix gives NaN. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInverseGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInverse(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INVERSE_H */
