/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_triangular_solve.h: Solve A X = self (or A^T X = self) for triangular A,
 * batched with broadcasting; mOut gets the triangle of A that was used.
 *
 * Two phases as every aclnn operator (aclnn/aclnn_base.h); workspaceSize is
 * always 0 in cpuacl. Tensors may be non-contiguous views of up to 8 dims.
 * docs/operators.md lists types, attributes and codes.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_TRIANGULAR_SOLVE_H
#define CPUACL_ACLNNOP_ACLNN_TRIANGULAR_SOLVE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnTriangularSolveGetWorkspaceSize(const aclTensor *self, const aclTensor *A, bool upper, bool transpose, bool unitriangular, aclTensor *xOut, aclTensor *mOut, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnTriangularSolve(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_TRIANGULAR_SOLVE_H */
