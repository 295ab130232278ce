/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_masked_fill_scalar.h: fill masked positions with a scalar.
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MASKED_FILL_SCALAR_H
#define CPUACL_ACLNNOP_ACLNN_MASKED_FILL_SCALAR_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnInplaceMaskedFillScalar: selfRef[i] = value where mask[i] is true.
 * mask is BOOL and broadcasts to selfRef (whose shape must be the broadcast
 * shape); value must convert to selfRef's type (BOOL, INT8, UINT8, INT16,
 * INT32, INT64, FLOAT, FLOAT16, BFLOAT16, DOUBLE). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMaskedFillScalarGetWorkspaceSize(aclTensor *selfRef, const aclTensor *mask, const aclScalar *value, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInplaceMaskedFillScalar(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MASKED_FILL_SCALAR_H */
