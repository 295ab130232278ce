/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_diag_flat.h: A square matrix with a flattened tensor on one diagonal.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_DIAG_FLAT_H
#define CPUACL_ACLNNOP_ACLNN_DIAG_FLAT_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnDiagFlat: out is (n + |diagonal|) square with self's n elements (row-
 * major) on the diagonal-th diagonal, zero elsewhere. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnDiagFlatGetWorkspaceSize(const aclTensor *self, int64_t diagonal, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnDiagFlat(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_DIAG_FLAT_H */
