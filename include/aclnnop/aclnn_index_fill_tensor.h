/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_index_fill_tensor.h: fill the slices at given indices along a
 * dim with a value.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INDEX_FILL_TENSOR_H
#define CPUACL_ACLNNOP_ACLNN_INDEX_FILL_TENSOR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIndexFillTensor: out is self with the slices index[k] along dim set to
 * value (converted to self's type); negative indices count from the end. FLOAT,
 * FLOAT16, BFLOAT16, INT32, INT64, BOOL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexFillTensorGetWorkspaceSize(const aclTensor *self, int64_t dim, const aclIntArray *index, const aclScalar *value, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexFillTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

/* aclnnInplaceIndexFillTensor: IndexFillTensor written into selfRef. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceIndexFillTensorGetWorkspaceSize(aclTensor *selfRef, int64_t dim, const aclIntArray *index, const aclScalar *value, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceIndexFillTensor(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INDEX_FILL_TENSOR_H */
