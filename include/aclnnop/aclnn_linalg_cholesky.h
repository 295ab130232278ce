/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_linalg_cholesky.h: the Cholesky factor of symmetric positive-definite matrices (ops-math math/cholesky).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_LINALG_CHOLESKY_H
#define CPUACL_ACLNNOP_ACLNN_LINALG_CHOLESKY_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnLinalgCholesky: self [..., n, n] (FLOAT, BFLOAT16) to out of its shape and type: the
 * lower (upper false) or upper triangular factor L with self = L L^T (torch.linalg.cholesky);
 * a matrix that is not positive definite gives NaN. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinalgCholeskyGetWorkspaceSize(const aclTensor *self, bool upper, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnLinalgCholesky(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_LINALG_CHOLESKY_H */
