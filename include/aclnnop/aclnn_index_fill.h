/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_index_fill.h: fill the slices along a dim that an index
 * tensor names with a value.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INDEX_FILL_H
#define CPUACL_ACLNNOP_ACLNN_INDEX_FILL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIndexFill: out is self with the slices index[k] along dim set to value
 * (converted to self's type); index is an INT32 / INT64 tensor read when the
 * operator runs, negative values count from the end and values outside
 * [-n, n) are skipped. self and out: FLOAT, FLOAT16, BFLOAT16, DOUBLE, INT8,
 * UINT8, INT16, INT32, INT64, BOOL, one type and shape. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexFillGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclTensor *index, const aclScalar *value, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexFill(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceIndexFill: IndexFill written into selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceIndexFillGetWorkspaceSize(aclTensor *selfRef, int64_t dim, const aclTensor *index, const aclScalar *value, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceIndexFill(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INDEX_FILL_H */
