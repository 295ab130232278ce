/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_slice_v3.h: a slice given by its start and size on every dim (TensorFlow's
 * Slice; ops-math experimental/conversion/slice_v3).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_SLICE_V3_H
#define CPUACL_ACLNNOP_ACLNN_SLICE_V3_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnSliceV3: y[i] = x[begin + i] with y of shape size (begin and size one entry per dim of
 * x, non-negative, the slice inside x); x and y of one type: FLOAT, FLOAT16, BFLOAT16, INT32,
 * INT16, INT8, UINT8. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnSliceV3GetWorkspaceSize(const aclTensor *x, const aclIntArray *begin, const aclIntArray *size, aclTensor *y, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnSliceV3(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_SLICE_V3_H */
