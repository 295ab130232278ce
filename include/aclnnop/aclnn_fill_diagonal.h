/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_fill_diagonal.h: Fill the main diagonal of a tensor in place.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_FILL_DIAGONAL_H
#define CPUACL_ACLNNOP_ACLNN_FILL_DIAGONAL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceFillDiagonal: selfRef (at least 2 dims, all equal beyond 2) gets
 * fillValue at (i, ..., i); wrap continues a tall matrix's diagonal every C +
 * 1 rows (torch.Tensor.fill_diagonal_). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFillDiagonalGetWorkspaceSize(aclTensor *selfRef, const aclScalar *fillValue, bool wrap, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceFillDiagonal(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_FILL_DIAGONAL_H */
