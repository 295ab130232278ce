/* SPDX-License-Identifier: Apache-2.0 */
/*
 * aclnnop/aclnn_max_unpool2d.h: the 2-d max pooling's inverse (ops-nn
 * index/scatter_elements).
 *
 * Each operator runs in two phases (aclnn/aclnn_base.h): the
 * ...GetWorkspaceSize call validates the arguments and builds an executor
 * (workspaceSize is always 0 in cpuacl), the second call (its parameters:
 * CPUACL_ACLNN_LAUNCH_PARAMS) queues it on a stream. Tensors may be
 * non-contiguous views of up to 8 dimensions.
 */
#ifndef CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL2D_H
#define CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL2D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* aclnnMaxUnpool2d: a zeroed output with self's elements (FLOAT, FLOAT16, DOUBLE, INT8,
 * UINT8, INT16, INT32, INT64) put at the flat spatial positions indices (INT32, INT64) give,
 * per plane: self and indices (C, H, W) or (N, C, H, W); out (..., outputSize[0],
 * outputSize[1]). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxUnpool2dGetWorkspaceSize(const aclTensor *self, const aclTensor *indices, const aclIntArray *outputSize, aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnMaxUnpool2d(CPUACL_ACLNN_LAUNCH_PARAMS);

#ifdef __cplusplus
}
#endif

#endif /* CPUACL_ACLNNOP_ACLNN_MAX_UNPOOL2D_H */
