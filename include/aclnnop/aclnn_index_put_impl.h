/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_index_put_impl.h: torch's index_put_ (ops-nn index/index_put_v2).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_INDEX_PUT_IMPL_H
#define CPUACL_ACLNNOP_ACLNN_INDEX_PUT_IMPL_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnIndexPutImpl: selfRef[indices] = values, or += values with accumulate: indices holds
 * INT32 / INT64 tensors for selfRef's leading dims, broadcast together; values (selfRef's type:
 * FLOAT, FLOAT16, DOUBLE, INT32, INT64, INT16, INT8, UINT8, BOOL, BFLOAT16) broadcasts to the
 * indexed result. BOOL masks are refused (cpuacl); coordinates are always checked, whatever
 * unsafe says. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexPutImplGetWorkspaceSize(aclTensor *selfRef, const aclTensorList *indices, const aclTensor *values, const bool accumulate, const bool unsafe, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnIndexPutImpl(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_INDEX_PUT_IMPL_H */
