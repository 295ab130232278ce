/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_unpool3d_backward.h: the gradient of aclnnMaxUnpool3d (ops-nn
 * index/gather_elements).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL3D_BACKWARD_H
#define CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL3D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaxUnpool3dBackward: out (self's and indices' shape) = gradOutput (self's type, spatial
 * dims outputSize) gathered per plane at indices (INT32, INT64), cast to out's type; types
 * FLOAT, FLOAT16, DOUBLE, INT8, UINT8, INT16, INT32, INT64. stride and padding (3 each)
 * reserved: checked, unused; out contiguous. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxUnpool3dBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self, const aclTensor *indices, const aclIntArray *outputSize, const aclIntArray *stride, const aclIntArray *padding, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxUnpool3dBackward(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL3D_BACKWARD_H */
