/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_index_v2.h: torch's advanced indexing read, self[indices] (ops-nn
 * experimental/index/index).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INDEX_V2_H
#define CPUACL_ACLNNOP_ACLNN_INDEX_V2_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIndex: out = self[indices] with indices INT32 / INT64 tensors for self's leading dims,
 * broadcast together (BOOL masks refused, cpuacl); out of self's type (FLOAT, DOUBLE, FLOAT16,
 * BFLOAT16, INT16, INT32, INT64, INT8, UINT8, BOOL) and of the indexed shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexGetWorkspaceSize(const aclTensor *self, const aclTensorList *indices, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndex(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INDEX_V2_H */
