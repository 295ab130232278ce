/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_unpool3d.h: the 3-d max pooling's inverse (ops-nn
 * index/scatter_elements).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL3D_H
#define CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL3D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaxUnpool3d: a zeroed output with self's elements (FLOAT, FLOAT16, DOUBLE, INT8,
 * UINT8, INT16, INT32, INT64) put at the flat spatial positions indices (INT32, INT64) give,
 * per plane: self and indices (N, D, H, W) or (N, C, D, H, W); outRef (..., outputSize[0..2]);
 * stride and padding (3 elements each) are reserved: checked, unused. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxUnpool3dGetWorkspaceSize(const aclTensor *self, const aclTensor *indices, const aclIntArray *outputSize, const aclIntArray *stride, const aclIntArray *padding, aclTensor *outRef, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxUnpool3d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL3D_H */
