/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_as_strided.h: a strided view of a tensor's storage, copied out
 * (torch.as_strided; ops-math experimental/conversion/as_strided).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_AS_STRIDED_H
#define CPUACL_ACLNNOP_ACLNN_AS_STRIDED_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnAsStrided: out (of shape size, x's type) = x's storage read at
 * storageOffset + sum(i[d] * stride[d]); size and stride of 1 to 8 non-negative entries,
 * storageOffset one non-negative entry; every element read inside x's storage. Types: INT8,
 * UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64, FLOAT, FLOAT16, BFLOAT16, BOOL. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnAsStridedGetWorkspaceSize(const aclTensor *x, const aclIntArray *size, const aclIntArray *stride, const aclIntArray *storageOffset, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnAsStrided(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_AS_STRIDED_H */
