/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_diag.h: The diagonal of a matrix, or a matrix from a diagonal.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DIAG_H
#define CPUACL_ACLNNOP_ACLNN_DIAG_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDiag: a 1-d self gives a square matrix with self on the diagonal-th
 * diagonal, zero elsewhere; a 2-d self gives that diagonal as a vector. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDiagGetWorkspaceSize(const aclTensor *self, int64_t diagonal, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDiag(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DIAG_H */
